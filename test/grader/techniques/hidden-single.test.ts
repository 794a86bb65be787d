import { describe, expect, it } from 'vitest';
import { hiddenSingle } from '../../../src/grader/techniques/hidden-single.js';
import { at, blank, box, col, expectStep, onlyAt, row } from '../helpers.js';

/** Fill the cells of `names` with the digits given, as placed values. */
function fill(s: ReturnType<typeof blank>, names: string[], digits: number[]) {
  names.forEach((n, i) => s.place(at(n), digits[i]));
  return s;
}

describe('hidden single', () => {
  it('finds the one place left for a digit in a box (1.2)', () => {
    const s = onlyAt(blank(), 5, box(3), ['r2c7']);
    const step = hiddenSingle.find(s);
    expectStep(step, 'hidden-single', { place: [['r2c7', 5]] });
    expect(step!.rating).toBe(1.2);
    expect(step!.explain).toBe('hidden single: 5 in box 3 can only go in r2c7');
  });
  it('rates a hidden single in a row or column 1.5, and looks at columns before rows', () => {
    const s = onlyAt(onlyAt(blank(), 5, row(2), ['r2c7']), 6, col(4), ['r8c4']);
    const step = hiddenSingle.find(s);
    expectStep(step, 'hidden-single', { place: [['r8c4', 6]] });
    expect(step!.rating).toBe(1.5);
    expect(step!.explain).toBe('hidden single: 6 in column 4 can only go in r8c4');
    const rowOnly = hiddenSingle.find(onlyAt(blank(), 5, row(2), ['r2c7']));
    expect(rowOnly!.rating).toBe(1.5);
    expect(rowOnly!.place).toEqual([[at('r2c7'), 5]]);
  });
  it('takes a full house (last empty cell of a region, 1.0) before any other single', () => {
    // Box 3 has a hidden 5 at r2c7; row 9 has one empty cell left (r9c9, which must be 9).
    const s = fill(onlyAt(blank(), 5, box(3), ['r2c7']), row(9).slice(0, 8), [1, 2, 3, 4, 5, 6, 7, 8]);
    const step = hiddenSingle.find(s);
    expectStep(step, 'full-house', { place: [['r9c9', 9]] });
    expect(step!.rating).toBe(1.0);
    expect(step!.explain).toBe('full house: r9c9 is the last empty cell of row 9, so it is 9');
  });
  it('takes full houses in columns before full houses in rows', () => {
    // Row 1 misses only 9 (at r1c9); column 5 misses only 6 (at r9c5).
    const s = fill(blank(), row(1).slice(0, 8), [1, 2, 3, 4, 5, 6, 7, 8]);
    fill(s, col(5).slice(1, 8), [1, 2, 3, 7, 8, 9, 4]);
    const step = hiddenSingle.find(s);
    expectStep(step, 'full-house', { place: [['r9c5', 6]] });
    expect(step!.explain).toBe('full house: r9c5 is the last empty cell of column 5, so it is 6');
  });
  it('does not fire when every digit has two places or more', () => {
    expect(hiddenSingle.find(onlyAt(blank(), 5, box(3), ['r2c7', 'r3c9']))).toBeNull();
  });
});
