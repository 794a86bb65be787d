import { describe, expect, it } from 'vitest';
import { claiming } from '../../../src/grader/techniques/claiming.js';
import { blank, col, expectStep, onlyAt, row } from '../helpers.js';

describe('claiming', () => {
  it('removes a digit from the rest of the box its line places lie in (2.8)', () => {
    const s = onlyAt(blank(), 3, row(5), ['r5c1', 'r5c2']);
    const step = claiming.find(s);
    expectStep(step, 'claiming', {
      eliminate: ['r4c1', 'r4c2', 'r4c3', 'r6c1', 'r6c2', 'r6c3'].map((c) => [c, 3] as [string, number]),
    });
    expect(step!.rating).toBe(2.8);
    expect(step!.explain).toBe('claiming: in row 5, 3 lies only in box 4, so removes 3 from r4c1, r4c2, r4c3, r6c1, r6c2, r6c3');
  });
  it('looks at columns (all digits) before rows', () => {
    const s = onlyAt(onlyAt(blank(), 3, row(5), ['r5c1', 'r5c2']), 7, col(8), ['r1c8', 'r3c8']);
    expect(claiming.find(s)!.explain).toMatch(/^claiming: in column 8, 7 lies only in box 3/);
  });
  it('does not fire when the line places span two boxes', () => {
    expect(claiming.find(onlyAt(blank(), 3, row(5), ['r5c1', 'r5c4']))).toBeNull();
  });
});
