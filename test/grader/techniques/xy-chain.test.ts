import { describe, expect, it } from 'vitest';
import { xyChain } from '../../../src/grader/techniques/xy-chain.js';
import { blank, cands, expectStep } from '../helpers.js';

describe('XY-chain', () => {
  // r1c1 {1,2} - r1c5 {2,3} - r5c5 {3,4} - r5c2 {4,1}: r1c1 or r5c2 holds 1.
  const build = (last: number[]) => cands(cands(cands(cands(blank(), 'r1c1', [1, 2]), 'r1c5', [2, 3]), 'r5c5', [3, 4]), 'r5c2', last);
  it('removes the digit from cells seeing both ends of a chain of pairs', () => {
    const step = xyChain.find(build([4, 1]));
    expectStep(step, 'xy-chain', {
      eliminate: [
        ['r1c2', 1],
        ['r2c2', 1],
        ['r3c2', 1],
        ['r4c1', 1],
        ['r5c1', 1],
        ['r6c1', 1],
      ],
    });
    expect(step!.explain).toMatch(/^XY-chain on 1: r1c1 - r1c5 - r5c5 - r5c2 \(one end holds 1\)/);
  });
  it('does not fire when the chain does not come back to the first digit', () => {
    expect(xyChain.find(build([4, 5]))).toBeNull();
  });
});
