import { describe, expect, it } from 'vitest';
import { xyWing } from '../../../src/grader/techniques/xy-wing.js';
import { blank, cands, expectStep } from '../helpers.js';
import { expectSeAgreement } from '../se-positions.js';

describe('XY-wing', () => {
  it('removes z from cells seeing both pincers, rated 4.2', () => {
    const s = cands(cands(cands(blank(), 'r1c1', [1, 2]), 'r1c5', [1, 9]), 'r3c2', [2, 9]);
    const step = xyWing.find(s);
    expectStep(step, 'xy-wing', {
      eliminate: [
        ['r1c2', 9],
        ['r1c3', 9],
        ['r3c4', 9],
        ['r3c5', 9],
        ['r3c6', 9],
      ],
    });
    expect(step!.rating).toBe(4.2);
    expect(step!.explain).toMatch(/^XY-wing: pivot r1c1 \{1,2\}, pincers r1c5 \{1,9\} and r3c2 \{2,9\}/);
  });
  it('does not fire when the pincers share no third digit', () => {
    expect(xyWing.find(cands(cands(cands(blank(), 'r1c1', [1, 2]), 'r1c5', [1, 9]), 'r3c2', [2, 8]))).toBeNull();
  });
  it("gives Sudoku Explainer's first hint on recorded positions", () => expectSeAgreement(xyWing));
});
