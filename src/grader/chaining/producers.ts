/**
 * The chaining producers, one per row of the table of chaining kinds (kinds.ts), in the order
 * the grader asks them (Sudoku Explainer's chaining slots), each reporting the easiest
 * deduction of its kind:
 *
 * | producer                   | what it finds                                      | rating  |
 * |----------------------------|----------------------------------------------------|---------|
 * | forcing-chain-cycle        | X/Y/XY cycles, forcing X-chains and XY-chains      | 6.5-7.x |
 * | nishio                     | one digit's contradictions (dynamic)               | 7.5+    |
 * | multiple-forcing-chain     | cell and region forcing chains                     | 8.0+    |
 * | dynamic-forcing-chain      | dynamic contradiction/double/cell/region chains    | 8.5+    |
 * | dynamic-forcing-chain-plus | the same, helped by the level-1 rules in the chains | 9.0+   |
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
import { BestHint } from './best-hint.js';
import { Budget, StopSearch } from './budget.js';
import { baseRating, CHAINING_KINDS, type ChainingKindSpec, chainingKindSpec, DEFAULT_MAX_LEVEL } from './kinds.js';
import { RunPool, searchMultipleChains } from './multiple-chains.js';
import { chainingKind } from './nested-rules.js';
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

/** One pool for all producers: they never search at the same time (one thread each). */
const pool = new RunPool();

/** The producer of a row of the table: its name, its weight (the base rating), its search. */
function producer(spec: ChainingKindSpec): Technique {
  const { name, mode, level } = spec;
  const weight = baseRating(mode, level);
  if (mode === 'unary') return { name, weight, rates: GROWS, find: (state: Candidates, ctx?: FindContext) => guarded(ctx, (best, budget) => searchUnaryChains(state, best, budget)) };
  const kind = chainingKind(mode, level, spec.inner ?? 0);
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

/** Every producer, in the table's order. */
export const CHAINING_PRODUCERS: readonly Technique[] = Object.freeze(CHAINING_KINDS.map(producer));

const byName = (name: string): Technique => CHAINING_PRODUCERS[CHAINING_KINDS.indexOf(chainingKindSpec(name))];

export const forcingChainCycle = byName('forcing-chain-cycle');
export const nishio = byName('nishio');
export const multipleForcingChain = byName('multiple-forcing-chain');
export const dynamicForcingChain = byName('dynamic-forcing-chain');
export const dynamicForcingChainPlus = byName('dynamic-forcing-chain-plus');
export const nestedForcingChain = byName('nested-forcing-chain');
export const nestedMultipleForcingChain = byName('nested-multiple-forcing-chain');
export const nestedDynamicForcingChain = byName('nested-dynamic-forcing-chain');
export const nestedDynamicForcingChainPlus = byName('nested-dynamic-forcing-chain-plus');
export const doublyNestedForcingChain = byName('doubly-nested-forcing-chain');
export const doublyNestedMultipleForcingChain = byName('doubly-nested-multiple-forcing-chain');
