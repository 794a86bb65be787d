import { describe, expect, it } from 'vitest';
import { directPointing } from '../../../src/grader/techniques/direct-pointing.js';
import { pointing } from '../../../src/grader/techniques/pointing.js';
import { at, blank, box, expectStep, onlyAt } from '../helpers.js';

describe('direct pointing', () => {
  it('places the single that a pointing pair leaves in a box along the line (1.7)', () => {
    // Box 1: 4 only in column 2. Box 7: 4 in r8c2 and r9c3; without r8c2, r9c3 = 4.
    const s = onlyAt(onlyAt(blank(), 4, box(1), ['r1c2', 'r2c2']), 4, box(7), ['r8c2', 'r9c3']);
    const step = directPointing.find(s);
    expectStep(step, 'direct-pointing', { place: [['r9c3', 4]] });
    expect(step!.rating).toBe(1.7);
    expect(step!.explain).toBe('direct-pointing: in box 1, 4 lies only in column 2, which leaves r9c3 the only place for 4 in box 7');
  });
  it('does not fire when the pointing leaves no single (plain pointing still does)', () => {
    const s = onlyAt(onlyAt(blank(), 4, box(1), ['r1c2', 'r2c2']), 4, box(7), ['r8c2', 'r9c3', 'r9c1']);
    expect(directPointing.find(s)).toBeNull();
    expect(pointing.find(s)).not.toBeNull();
  });
  it('looks at box-column pairs before box-row pairs, digit by digit', () => {
    // Digit 2 points along row 1 from box 1 and leaves r3c5 in box 2 (a box-row find).
    const rowFind = onlyAt(onlyAt(blank(), 2, box(1), ['r1c1', 'r1c3']), 2, box(2), ['r1c4', 'r3c5']);
    expect(directPointing.find(rowFind)!.place).toEqual([[at('r3c5'), 2]]);
    // Adding digit 4's box-column find from the first test: that one comes first.
    const s = onlyAt(onlyAt(rowFind, 4, box(1), ['r1c2', 'r2c2']), 4, box(7), ['r8c2', 'r9c3']);
    expect(directPointing.find(s)!.place).toEqual([[at('r9c3'), 4]]);
  });
});
