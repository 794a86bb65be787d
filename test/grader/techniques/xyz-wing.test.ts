import { describe, expect, it } from 'vitest';
import { xyzWing } from '../../../src/grader/techniques/xyz-wing.js';
import { blank, cands, expectStep } from '../helpers.js';
import { expectSeAgreement } from '../se-positions.js';

describe('XYZ-wing', () => {
  it('removes z from cells seeing the pivot and both pincers, rated 4.4', () => {
    const s = cands(cands(cands(blank(), 'r5c5', [1, 2, 9]), 'r5c1', [1, 9]), 'r4c6', [2, 9]);
    const step = xyzWing.find(s);
    expectStep(step, 'xyz-wing', {
      eliminate: [
        ['r5c4', 9],
        ['r5c6', 9],
      ],
    });
    expect(step!.rating).toBe(4.4);
  });
  it('does not fire when a pincer has a digit outside the pivot', () => {
    expect(xyzWing.find(cands(cands(cands(blank(), 'r5c5', [1, 2, 9]), 'r5c1', [1, 9]), 'r4c6', [3, 9]))).toBeNull();
  });
  it("gives Sudoku Explainer's first hint on recorded positions", () => expectSeAgreement(xyzWing));
});
