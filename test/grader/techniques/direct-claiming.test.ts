import { describe, expect, it } from 'vitest';
import { directClaiming } from '../../../src/grader/techniques/direct-claiming.js';
import { at, blank, col, expectStep, onlyAt, row } from '../helpers.js';

describe('direct claiming', () => {
  it('places the single that a claiming line leaves in a crossing line (1.9)', () => {
    // Column 1: 6 only in box 4. Column 2: 6 in r5c2 and r8c2; without r5c2, r8c2 = 6.
    const s = onlyAt(onlyAt(blank(), 6, col(1), ['r4c1', 'r5c1']), 6, col(2), ['r5c2', 'r8c2']);
    const step = directClaiming.find(s);
    expectStep(step, 'direct-claiming', { place: [['r8c2', 6]] });
    expect(step!.rating).toBe(1.9);
    expect(step!.explain).toBe('direct-claiming: in column 1, 6 lies only in box 4, which leaves r8c2 the only place for 6 in column 2');
  });
  it('looks at columns before rows', () => {
    // Row 1: 3 only in box 1; row 2 keeps 3 in r2c1 and r2c9, so the row claim gives r2c9 = 3.
    const rowFind = onlyAt(onlyAt(blank(), 3, row(1), ['r1c1', 'r1c2']), 3, row(2), ['r2c1', 'r2c9']);
    expect(directClaiming.find(rowFind)!.place).toEqual([[at('r2c9'), 3]]);
    // With the column claim of the first test as well, the column comes first.
    const s = onlyAt(onlyAt(rowFind, 6, col(1), ['r4c1', 'r5c1']), 6, col(2), ['r5c2', 'r8c2']);
    expect(directClaiming.find(s)!.place).toEqual([[at('r8c2'), 6]]);
  });
  it('does not fire when the claim leaves no single', () => {
    const s = onlyAt(onlyAt(blank(), 6, col(1), ['r4c1', 'r5c1']), 6, col(2), ['r5c2', 'r8c2', 'r9c2']);
    expect(directClaiming.find(s)).toBeNull();
  });
});
