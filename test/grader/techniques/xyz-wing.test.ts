import { describe, expect, it } from 'vitest';
import { xyzWing } from '../../../src/grader/techniques/xyz-wing.js';
import { blank, cands, expectStep } from '../helpers.js';

describe('XYZ-wing', () => {
  it('removes z from cells seeing the pivot and both pincers', () => {
    const s = cands(cands(cands(blank(), 'r5c5', [1, 2, 9]), 'r5c1', [1, 9]), 'r4c6', [2, 9]);
    expectStep(xyzWing.find(s), 'xyz-wing', {
      eliminate: [
        ['r5c4', 9],
        ['r5c6', 9],
      ],
    });
  });
  it('does not fire when a pincer has a digit outside the pivot', () => {
    expect(xyzWing.find(cands(cands(cands(blank(), 'r5c5', [1, 2, 9]), 'r5c1', [1, 9]), 'r4c6', [3, 9]))).toBeNull();
  });
});
