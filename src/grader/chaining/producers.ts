/**
 * The chaining producers, in the order the grader asks them (Sudoku Explainer's chaining
 * slots), each reporting the easiest deduction of its kind:
 *
 * | producer                   | what it finds                                      | rating  |
 * |----------------------------|----------------------------------------------------|---------|
 * | forcing-chain-cycle        | X/Y/XY cycles, forcing X-chains and XY-chains      | 6.5-7.x |
 * | nishio                     | one digit's contradictions (dynamic)               | 7.5+    |
 * | multiple-forcing-chain     | cell and region forcing chains                     | 8.0+    |
 * | dynamic-forcing-chain      | dynamic contradiction/double/cell/region chains    | 8.5+    |
 * | dynamic-forcing-chain-plus | the same, helped by simple rules inside the chains | 9.0+    |
 * | nested-forcing-chain       | the same, helped by single forcing chains (2)      | 9.5+    |
 * | nested-multiple-forcing-chain | ... and by static cell/region chains (3)        | 10.0+   |
 * | nested-dynamic-forcing-chain(-plus), doubly-nested-(multiple-)forcing-chain:       |         |
 * |                            | helped by dynamic chains of level 0-3 (level 4)    | 10.5+   |
 *
 * Ratings add the length addition of potential.ts. A search that passes the work limit stops,
 * says so in `ctx.stopped` and finds nothing. The first nested producer asked marks where the
 * puzzle's nested budget (`ctx.maxNestedWork`) starts.
 */
import type { Candidates } from '../candidates.js';
import { GROWS, type FindContext, type Step, type Technique } from '../technique.js';
import { LEVEL_ONE_MODE } from './advanced-rules.js';
import { BestHint } from './best-hint.js';
import { Budget, DEFAULT_MAX_LEVEL, StopSearch } from './budget.js';
import { type ChainingKind, RunPool, searchMultipleChains } from './multiple-chains.js';
import { nestedMode } from './nested-rules.js';
import { searchUnaryChains } from './unary-chains.js';

function guarded(ctx: FindContext | undefined, search: (best: BestHint, budget: Budget) => void): Step | null {
  const budget = new Budget(ctx);
  const best = new BestHint();
  try {
    search(best, budget);
  } catch (e) {
    if (!(e instanceof StopSearch)) throw e;
    if (ctx) ctx.stopped = e.reason;
    return null;
  } finally {
    budget.settle();
  }
  return best.step;
}

export const forcingChainCycle: Technique = {
  name: 'forcing-chain-cycle',
  weight: 6.5,
  rates: GROWS,
  find(state: Candidates, ctx?: FindContext) {
    return guarded(ctx, (best, budget) => searchUnaryChains(state, best, budget));
  },
};

/**
 * Kinds by level: 0 plain dynamic; 1 with simple rules inside; 2-4 with nested chains
 * (`limit`: the level of level 4's inner dynamic chains).
 */
export function chainingKind(multiple: boolean, dynamic: boolean, nishio: boolean, level: number, limit = 0): ChainingKind {
  const base = level > 0 ? 8.5 + 0.5 * level : nishio ? 7.5 : dynamic ? 8.5 : 8.0;
  const prefix = level >= 2 ? 'nested-' : level === 1 ? 'dynamic-plus-' : dynamic && !nishio ? 'dynamic-' : '';
  const plain = { cellLinks: !nishio, dynamic };
  if (level === 0) return { multiple, dynamic, nishio, base, prefix, mode: plain };
  return { multiple, dynamic, nishio, base, prefix, mode: level === 1 ? LEVEL_ONE_MODE : nestedMode(level, limit) };
}

/** One pool for all producers: they never search at the same time (one thread each). */
const pool = new RunPool();

function multipleProducer(name: string, weight: number, kind: ChainingKind, level: number): Technique {
  return {
    name,
    weight,
    rates: GROWS,
    find(state: Candidates, ctx?: FindContext) {
      const maxLevel = ctx ? ctx.maxLevel : DEFAULT_MAX_LEVEL;
      if (level > maxLevel) {
        if (ctx) ctx.stopped = `nested forcing chains above level ${maxLevel}`;
        return null;
      }
      // From the first nested search on, the puzzle spends from the nested budget.
      if (level >= 2 && ctx && ctx.nestedFrom === undefined) ctx.nestedFrom = ctx.work;
      return guarded(ctx, (best, budget) => searchMultipleChains(state, kind, pool, best, budget));
    },
  };
}

export const nishio = multipleProducer('nishio', 7.5, chainingKind(false, true, true, 0), 0);
export const multipleForcingChain = multipleProducer('multiple-forcing-chain', 8.0, chainingKind(true, false, false, 0), 0);
export const dynamicForcingChain = multipleProducer('dynamic-forcing-chain', 8.5, chainingKind(true, true, false, 0), 0);
export const dynamicForcingChainPlus = multipleProducer('dynamic-forcing-chain-plus', 9.0, chainingKind(true, true, false, 1), 1);

/*
 * Nested forcing chains, Sudoku Explainer's "advanced" (levels 2 and 3) and "experimental"
 * (level 4, with inner dynamic chains of level 0 to 3) slots, in its order. A producer above
 * the context's `maxLevel` stops and says so.
 */
export const nestedForcingChain = multipleProducer('nested-forcing-chain', 9.5, chainingKind(true, true, false, 2), 2);
export const nestedMultipleForcingChain = multipleProducer('nested-multiple-forcing-chain', 10.0, chainingKind(true, true, false, 3), 3);
export const nestedDynamicForcingChain = multipleProducer('nested-dynamic-forcing-chain', 10.5, chainingKind(true, true, false, 4, 0), 4);
export const nestedDynamicForcingChainPlus = multipleProducer('nested-dynamic-forcing-chain-plus', 10.5, chainingKind(true, true, false, 4, 1), 4);
export const doublyNestedForcingChain = multipleProducer('doubly-nested-forcing-chain', 10.5, chainingKind(true, true, false, 4, 2), 4);
export const doublyNestedMultipleForcingChain = multipleProducer('doubly-nested-multiple-forcing-chain', 10.5, chainingKind(true, true, false, 4, 3), 4);
