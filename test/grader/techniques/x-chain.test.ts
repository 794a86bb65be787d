import { describe, expect, it } from 'vitest';
import { xChain } from '../../../src/grader/techniques/x-chain.js';
import { blank, expectStep, onlyAt, row } from '../helpers.js';

describe('X-chain', () => {
  // 1 in row 1 only at r1c1, r1c5; row 4 only at r4c5, r4c8; row 7 only at r7c8, r7c2:
  // r1c1 = r1c5 - r4c5 = r4c8 - r7c8 = r7c2, so r1c1 or r7c2 holds 1.
  const build = (extra: string[]) => {
    let s = onlyAt(blank(), 1, row(1), ['r1c1', 'r1c5']);
    s = onlyAt(s, 1, row(4), ['r4c5', 'r4c8', ...extra]);
    return onlyAt(s, 1, row(7), ['r7c8', 'r7c2']);
  };
  it('removes the digit from cells seeing both ends of a five-link chain', () => {
    const step = xChain.find(build([]));
    expectStep(step, 'x-chain', {
      eliminate: [
        ['r2c2', 1],
        ['r3c2', 1],
        ['r8c1', 1],
        ['r9c1', 1],
      ],
    });
    expect(step!.explain).toBe('X-chain on 1: r1c1 - r1c5 - r4c5 - r4c8 - r7c8 - r7c2 (one end holds 1): removes 1 from r2c2, r3c2, r8c1, r9c1');
  });
  it('does not fire when a link in the middle is not strong', () => {
    expect(xChain.find(build(['r4c9']))).toBeNull();
  });
});
