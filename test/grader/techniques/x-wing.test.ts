import { describe, expect, it } from 'vitest';
import { xWing } from '../../../src/grader/techniques/x-wing.js';
import { blank, col, expectStep, onlyAt, row } from '../helpers.js';

describe('X-wing', () => {
  it('removes the digit from the two columns outside the two rows', () => {
    const s = onlyAt(onlyAt(blank(), 7, row(2), ['r2c3', 'r2c6']), 7, row(8), ['r8c3', 'r8c6']);
    const eliminate: [string, number][] = [];
    for (const r of [1, 3, 4, 5, 6, 7, 9]) eliminate.push([`r${r}c3`, 7], [`r${r}c6`, 7]);
    const step = xWing.find(s);
    expectStep(step, 'x-wing', { eliminate });
    expect(step!.explain).toMatch(/^X-wing on 7 in rows 2 and 8, columns 3 and 6: removes 7 from r1c3, r1c6/);
    expect(step!.rating).toBe(3.2);
  });
  it('takes columns as the base before rows', () => {
    const rows = onlyAt(onlyAt(blank(), 7, row(2), ['r2c3', 'r2c6']), 7, row(8), ['r8c3', 'r8c6']);
    const both = onlyAt(onlyAt(rows, 2, col(4), ['r1c4', 'r5c4']), 2, col(9), ['r1c9', 'r5c9']);
    expect(xWing.find(both)!.explain).toMatch(/^X-wing on 2 in columns 4 and 9, rows 1 and 5/);
  });
  it('does not fire when the rows use three columns', () => {
    expect(xWing.find(onlyAt(onlyAt(blank(), 7, row(2), ['r2c3', 'r2c6']), 7, row(8), ['r8c3', 'r8c7']))).toBeNull();
  });
});
