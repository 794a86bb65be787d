import { describe, expect, it } from 'vitest';
import {
  dynamicForcingChain,
  dynamicForcingChainPlus,
  forcingChainCycle,
  multipleForcingChain,
  nishio,
} from '../../../src/grader/chaining/producers.js';
import type { FindContext } from '../../../src/grader/technique.js';
import { expectStep } from '../helpers.js';
import { loadState } from './fixtures.js';

// Each state was reached from a puzzle of the Sudoku Explainer rated set; the expected step is
// the one Sukaku Explainer's serate logs at that point (same cells, same rating).
describe('forcing chains and cycles', () => {
  it('finds a Y-cycle through four bivalue cells (6.5 + 0.1 for its length)', () => {
    const step = forcingChainCycle.find(loadState('y-cycle'));
    expectStep(step, 'y-cycle', { eliminate: [['r5c4', 8], ['r8c4', 4]] });
    expect(step!.rating).toBe(6.6);
    expect(step!.explain).toContain('(7)r5c1-(7=4)r8c1-(4=9)r8c6-(9=8)r5c6-(8=7)r5c1');
  });
  it('finds a forcing XY-chain from a candidate to its own negation (7.0 + 0.1)', () => {
    const step = forcingChainCycle.find(loadState('forcing-xy-chain'));
    expectStep(step, 'aic', { eliminate: [['r6c9', 5]] });
    expect(step!.rating).toBe(7.1);
    expect(step!.explain).toContain('(5-6)r6c9=r5c7-(6=5)r5c4-r4c5=r4c8-r6c9');
  });
  it('finds nothing where a Nishio chain is needed', () => {
    expect(forcingChainCycle.find(loadState('nishio'))).toBeNull();
  });
});

describe('Nishio forcing chains', () => {
  it('removes a candidate whose digit-only consequences contradict each other (7.5 + 0.2)', () => {
    const step = nishio.find(loadState('nishio'));
    expectStep(step, 'nishio-forcing-chain', { eliminate: [['r1c8', 5]] });
    expect(step!.rating).toBe(7.7);
    expect(step!.explain).toContain('r5c3=5');
  });
  it('finds nothing where a region forcing chain is needed', () => {
    expect(nishio.find(loadState('region-forcing-chain'))).toBeNull();
  });
});

describe('multiple forcing chains', () => {
  it('finds a region forcing chain: every place of 9 in column 3 removes 6 from r1c4 (8.0 + 0.3)', () => {
    const state = loadState('region-forcing-chain');
    expect(forcingChainCycle.find(state)).toBeNull();
    const step = multipleForcingChain.find(state);
    expectStep(step, 'region-forcing-chain', { eliminate: [['r1c4', 6]] });
    expect(step!.rating).toBe(8.3);
    expect(step!.explain).toMatch(/^each place of 9 in column 3 leads to r1c4<>6: r2c3=9 -> .* ; r3c3=9 -> .* ; r9c3=9 -> /);
  });
  it('finds nothing where dynamic chains are needed', () => {
    expect(multipleForcingChain.find(loadState('dynamic-cell-forcing-chain'))).toBeNull();
  });
});

describe('dynamic forcing chains', () => {
  it('finds a dynamic cell forcing chain (8.5 + 0.5)', () => {
    const state = loadState('dynamic-cell-forcing-chain');
    expect(nishio.find(state)).toBeNull();
    const step = dynamicForcingChain.find(state);
    expectStep(step, 'dynamic-cell-forcing-chain', { eliminate: [['r2c9', 2]] });
    expect(step!.rating).toBe(9);
  });
  it('finds a double forcing chain: r2c7=6 and r2c7<>6 both remove 5 from r2c7 (8.5 + 0.5)', () => {
    const state = loadState('dynamic-double-forcing-chain');
    expect(multipleForcingChain.find(state)).toBeNull();
    const step = dynamicForcingChain.find(state);
    expectStep(step, 'dynamic-double-forcing-chain', { eliminate: [['r2c7', 5]] });
    expect(step!.rating).toBe(9);
    expect(step!.explain).toMatch(/^r2c7=6 and r2c7<>6 both lead to r2c7<>5: r2c7=6 -> r2c7<>5 ; r2c7<>6 -> r3c7=6/);
  });
  it('finds nothing when no cell has two candidates left', () => {
    const state = loadState('y-cycle');
    for (let c = 0; c < 81; c++) if (state.cands[c]) state.cands[c] &= -state.cands[c];
    expect(dynamicForcingChain.find(state)).toBeNull();
    expect(dynamicForcingChainPlus.find(state)).toBeNull();
  });
});

describe('dynamic forcing chains (+)', () => {
  it('finds a region forcing chain helped by a hidden pair and an intersection inside the chains (9.0 + 0.3)', () => {
    const state = loadState('dynamic-plus-region-forcing-chain');
    expect(dynamicForcingChain.find(state)).toBeNull();
    const step = dynamicForcingChainPlus.find(state);
    expectStep(step, 'dynamic-plus-region-forcing-chain', { eliminate: [['r5c6', 7]] });
    expect(step!.rating).toBe(9.3);
    expect(step!.explain).toMatch(/^each place of 4 in row 6 leads to r5c6<>7: r6c5=4 -> r6c5<>2 -> r5c6<>7 \(hidden pair\) ; /);
  });
});

describe('limits', () => {
  it('stops at the work limit, says so, and counts the work', () => {
    const ctx: FindContext = { work: 0, maxWork: 500, maxLevel: 4 };
    expect(dynamicForcingChain.find(loadState('dynamic-double-forcing-chain'), ctx)).toBeNull();
    expect(ctx.stopped).toBe('work limit of 500 implications');
    expect(ctx.work).toBeGreaterThan(500);
  });
  it('counts the work of a search that finds its step', () => {
    const ctx: FindContext = { work: 0, maxWork: 1e9, maxLevel: 4 };
    expect(nishio.find(loadState('nishio'), ctx)).not.toBeNull();
    expect(ctx.work).toBeGreaterThan(0);
    expect(ctx.stopped).toBeUndefined();
  });
  it('uses no nesting level above maxLevel', () => {
    const ctx: FindContext = { work: 0, maxWork: 1e9, maxLevel: 0 };
    expect(dynamicForcingChainPlus.find(loadState('dynamic-double-forcing-chain'), ctx)).toBeNull();
    expect(ctx.stopped).toBe('nested forcing chains above level 0');
    expect(ctx.work).toBe(0);
  });
});
