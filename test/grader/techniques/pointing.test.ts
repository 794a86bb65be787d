import { describe, expect, it } from 'vitest';
import { pointing } from '../../../src/grader/techniques/pointing.js';
import { blank, box, expectStep, onlyAt } from '../helpers.js';

describe('pointing', () => {
  it('removes a digit from the rest of the line its box places point along (2.6)', () => {
    const s = onlyAt(blank(), 3, box(4), ['r5c1', 'r5c2']);
    const step = pointing.find(s);
    expectStep(step, 'pointing', { eliminate: [4, 5, 6, 7, 8, 9].map((c) => [`r5c${c}`, 3] as [string, number]) });
    expect(step!.rating).toBe(2.6);
    expect(step!.explain).toBe('pointing: in box 4, 3 lies only in row 5, so removes 3 from r5c4, r5c5, r5c6, r5c7, r5c8, r5c9');
  });
  it('looks at box-column pairs (all digits) before box-row pairs', () => {
    const s = onlyAt(onlyAt(blank(), 3, box(4), ['r5c1', 'r5c2']), 8, box(9), ['r7c9', 'r9c9']);
    const step = pointing.find(s);
    expect(step!.explain).toMatch(/^pointing: in box 9, 8 lies only in column 9/);
  });
  it('does not fire when the box places span two lines', () => {
    expect(pointing.find(onlyAt(blank(), 3, box(4), ['r5c1', 'r6c2']))).toBeNull();
  });
});
