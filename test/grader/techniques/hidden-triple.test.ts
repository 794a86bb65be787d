import { describe, expect, it } from 'vitest';
import { hiddenTriple } from '../../../src/grader/techniques/hidden-triple.js';
import { blank, col, expectStep, onlyAt } from '../helpers.js';

describe('hidden triple', () => {
  it('strips other candidates from the three cells that alone hold three digits', () => {
    let s = blank();
    for (const d of [1, 2, 3]) s = onlyAt(s, d, col(5), ['r1c5', 'r5c5', 'r9c5']);
    const eliminate: [string, number][] = [];
    for (const c of ['r1c5', 'r5c5', 'r9c5']) for (const d of [4, 5, 6, 7, 8, 9]) eliminate.push([c, d]);
    const step = hiddenTriple.find(s);
    expectStep(step, 'hidden-triple', { eliminate });
    expect(step!.rating).toBe(4.0);
  });
  it('does not fire when the three digits spread over four cells', () => {
    let s = blank();
    for (const d of [1, 2]) s = onlyAt(s, d, col(5), ['r1c5', 'r5c5', 'r9c5']);
    s = onlyAt(s, 3, col(5), ['r1c5', 'r2c5']);
    expect(hiddenTriple.find(s)).toBeNull();
  });
});
