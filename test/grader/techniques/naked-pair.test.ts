import { describe, expect, it } from 'vitest';
import { nakedPair } from '../../../src/grader/techniques/naked-pair.js';
import { at, blank, cands, expectStep } from '../helpers.js';

describe('naked pair', () => {
  it('removes the pair digits from the rest of the row', () => {
    const s = cands(cands(blank(), 'r1c2', [2, 7]), 'r1c8', [2, 7]);
    const eliminate: [string, number][] = [];
    for (const c of [1, 3, 4, 5, 6, 7, 9]) eliminate.push([`r1c${c}`, 2], [`r1c${c}`, 7]);
    const step = nakedPair.find(s);
    expectStep(step, 'naked-pair', { eliminate });
    expect(step!.explain).toMatch(/^naked pair \{2,7\} in row 1 \(r1c2, r1c8\): removes 2 from r1c1/);
    expect(step!.rating).toBe(3.0);
  });
  it('tries cell pairs in increasing mask order: (c4, c7) before (c1, c9)', () => {
    const s = cands(cands(cands(cands(blank(), 'r1c1', [1, 2]), 'r1c9', [1, 2]), 'r1c4', [5, 6]), 'r1c7', [5, 6]);
    expect(nakedPair.find(s)!.explain).toMatch(/^naked pair \{5,6\} in row 1 \(r1c4, r1c7\)/);
  });
  it('looks at boxes, then columns, then rows', () => {
    const rowPair = cands(cands(blank(), 'r1c2', [2, 7]), 'r1c8', [2, 7]);
    const colPair = cands(cands(rowPair, 'r4c9', [3, 4]), 'r8c9', [3, 4]);
    expect(nakedPair.find(colPair)!.explain).toMatch(/^naked pair \{3,4\} in column 9/);
    const boxPair = cands(cands(colPair, 'r7c1', [5, 8]), 'r9c3', [5, 8]);
    expect(nakedPair.find(boxPair)!.explain).toMatch(/^naked pair \{5,8\} in box 7/);
  });
  it('skips a region with fewer than four empty cells, as Sudoku Explainer does', () => {
    // Row 1 keeps r1c3, r1c6 and r1c9 empty (one per box), with {1,2}, {1,2}, {1,2,3}.
    const s = blank();
    ['r1c1', 'r1c2', 'r1c4', 'r1c5', 'r1c7', 'r1c8'].forEach((c, i) => s.place(at(c), i + 4));
    cands(cands(cands(s, 'r1c3', [1, 2]), 'r1c6', [1, 2]), 'r1c9', [1, 2, 3]);
    expect(nakedPair.find(s)).toBeNull();
  });
  it('does not fire for two different pairs', () => {
    expect(nakedPair.find(cands(cands(blank(), 'r1c2', [2, 7]), 'r1c8', [2, 8]))).toBeNull();
  });
});
