import { describe, expect, it } from 'vitest';
import { hiddenPair } from '../../../src/grader/techniques/hidden-pair.js';
import { at, blank, box, expectStep, onlyAt, row } from '../helpers.js';

describe('hidden pair', () => {
  it('strips the other candidates from the two cells that alone hold two digits', () => {
    const s = onlyAt(onlyAt(blank(), 3, box(5), ['r4c4', 'r6c5']), 8, box(5), ['r4c4', 'r6c5']);
    const others = [1, 2, 4, 5, 6, 7, 9];
    const step = hiddenPair.find(s);
    expectStep(step, 'hidden-pair', {
      eliminate: [...others.map((d) => ['r4c4', d] as [string, number]), ...others.map((d) => ['r6c5', d] as [string, number])],
    });
    expect(step!.explain).toMatch(/^hidden pair \{3,8\} in box 5 \(r4c4, r6c5\)/);
    expect(step!.rating).toBe(3.4);
  });
  it('skips a region with four empty cells or fewer, as Sudoku Explainer does', () => {
    // Row 1 keeps r1c6..r1c9 empty; 1 and 2 fit only r1c6 and r1c7 in it.
    const s = blank();
    row(1).slice(0, 5).forEach((c, i) => s.place(at(c), i + 5));
    onlyAt(onlyAt(s, 1, row(1), ['r1c6', 'r1c7']), 2, row(1), ['r1c6', 'r1c7']);
    expect(hiddenPair.find(s)).toBeNull();
  });
  it('does not fire when the two digits share only one cell', () => {
    const s = onlyAt(onlyAt(blank(), 3, box(5), ['r4c4', 'r6c5']), 8, box(5), ['r4c4', 'r6c6']);
    expect(hiddenPair.find(s)).toBeNull();
  });
});
