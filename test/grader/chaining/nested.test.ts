import { describe, expect, it } from 'vitest';
import {
  doublyNestedForcingChain,
  dynamicForcingChainPlus,
  nestedDynamicForcingChain,
  nestedForcingChain,
  nestedMultipleForcingChain,
} from '../../../src/grader/chaining/producers.js';
import { TECHNIQUES } from '../../../src/grader/registry.js';
import type { FindContext } from '../../../src/grader/technique.js';
import { expectStep } from '../helpers.js';
import { loadState } from './fixtures.js';

const NESTED = TECHNIQUES.filter((t) => t.name.includes('nested'));

describe('nested forcing chains', () => {
  // serate's step at this point: "10.3 Region Forcing Chains: 3 in row ==> r6c5.4 off".
  it('finds a region forcing chain helped by a forcing chain nested inside it (9.5 + 0.8)', () => {
    const state = loadState('nested-region-forcing-chain');
    const ctx: FindContext = { work: 0, maxWork: 50_000_000, maxLevel: 2 };
    expect(dynamicForcingChainPlus.find(state, ctx)).toBeNull();
    const step = nestedForcingChain.find(state, ctx);
    expectStep(step, 'nested-region-forcing-chain', { eliminate: [['r6c5', 4]] });
    expect(step!.rating).toBe(10.3);
    expect(step!.explain).toMatch(/^each place of 3 in row 6 leads to r6c5<>4: .*\(nested forcing chain\)/);
    expect(ctx.stopped).toBeUndefined();
  });
  // serate: "10.4 Region Forcing Chains: 4 in block ==> r3c2.2 off" (its 8th nested step).
  it('rates a region forcing chain whose nested chains include a cycle as serate does (9.5 + 0.9)', () => {
    const step = nestedForcingChain.find(loadState('nested-region-forcing-chain-cycle'), { work: 0, maxWork: 50_000_000, maxLevel: 2 });
    expectStep(step, 'nested-region-forcing-chain', { eliminate: [['r3c2', 2]] });
    expect(step!.rating).toBe(10.4);
  });
  it('at level 3 (multiple forcing chains nested too) finds the same deduction on its own base rating (10.0 + 0.8)', () => {
    const step = nestedMultipleForcingChain.find(loadState('nested-region-forcing-chain'), { work: 0, maxWork: 50_000_000, maxLevel: 3 });
    expectStep(step, 'nested-region-forcing-chain', { eliminate: [['r6c5', 4]] });
    expect(step!.rating).toBe(10.8);
  });
  it('finds nothing when no cell has two candidates left', () => {
    const state = loadState('nested-region-forcing-chain');
    for (let c = 0; c < 81; c++) if (state.cands[c]) state.cands[c] &= -state.cands[c];
    for (const t of NESTED) expect(t.find(state, { work: 0, maxWork: 1e9, maxLevel: 4 })).toBeNull();
  });
});

describe('nested forcing chains: limits', () => {
  it('uses no nesting level above maxLevel, and says so', () => {
    const state = loadState('nested-region-forcing-chain');
    const ctx: FindContext = { work: 0, maxWork: 1e9, maxLevel: 1 };
    expect(nestedForcingChain.find(state, ctx)).toBeNull();
    expect(ctx.stopped).toBe('nested forcing chains above level 1');
    expect(ctx.work).toBe(0);
    const three: FindContext = { work: 0, maxWork: 1e9, maxLevel: 3 };
    expect(nestedDynamicForcingChain.find(state, three)).toBeNull();
    expect(three.stopped).toBe('nested forcing chains above level 3');
    expect(doublyNestedForcingChain.find(state, three)).toBeNull();
  });
  it('stops at the work limit, says so, and counts the work', () => {
    const ctx: FindContext = { work: 0, maxWork: 20_000, maxLevel: 4 };
    expect(nestedMultipleForcingChain.find(loadState('nested-region-forcing-chain'), ctx)).toBeNull();
    expect(ctx.stopped).toBe('work limit of 20000 implications');
    expect(ctx.work).toBeGreaterThan(20_000);
  });
  it('start the nested budget at the first nested search, and stop at it, saying so', () => {
    const ctx: FindContext = { work: 1000, maxWork: 1e9, maxLevel: 3, maxNestedWork: 20_000 };
    expect(nestedForcingChain.find(loadState('nested-region-forcing-chain'), ctx)).toBeNull();
    expect(ctx.nestedFrom).toBe(1000);
    expect(ctx.stopped).toBe('nested forcing chain work limit of 20000 implications');
    expect(ctx.work).toBeGreaterThan(21_000);
    // Later searches of the same puzzle, nested or not, spend from the same budget.
    const later: FindContext = { work: 21_001, maxWork: 1e9, maxLevel: 3, maxNestedWork: 20_000, nestedFrom: 1000 };
    expect(dynamicForcingChainPlus.find(loadState('nested-region-forcing-chain'), later)).toBeNull();
    expect(later.stopped).toBe('nested forcing chain work limit of 20000 implications');
    expect(later.work).toBe(21_002);
  });
  it('leave searches before the first nested one to the whole-puzzle limit', () => {
    const ctx: FindContext = { work: 0, maxWork: 1e9, maxLevel: 3, maxNestedWork: 1 };
    expect(dynamicForcingChainPlus.find(loadState('nested-region-forcing-chain'), ctx)).toBeNull();
    expect(ctx.stopped).toBeUndefined();
    expect(ctx.nestedFrom).toBeUndefined();
    expect(ctx.work).toBeGreaterThan(1);
    // The whole-puzzle limit is in force when it is the nearer one.
    const near: FindContext = { work: 0, maxWork: 5_000, maxLevel: 3, maxNestedWork: 1e9 };
    expect(nestedForcingChain.find(loadState('nested-region-forcing-chain'), near)).toBeNull();
    expect(near.stopped).toBe('work limit of 5000 implications');
  });
  it('are asked last, in Sudoku Explainer order', () => {
    expect(TECHNIQUES.slice(-7).map((t) => t.name)).toEqual([
      'dynamic-forcing-chain-plus',
      'nested-forcing-chain',
      'nested-multiple-forcing-chain',
      'nested-dynamic-forcing-chain',
      'nested-dynamic-forcing-chain-plus',
      'doubly-nested-forcing-chain',
      'doubly-nested-multiple-forcing-chain',
    ]);
  });
});
