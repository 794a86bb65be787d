import { describe, expect, it } from 'vitest';
import { hiddenQuad } from '../../../src/grader/techniques/hidden-quad.js';
import { blank, col, expectStep, onlyAt } from '../helpers.js';

describe('hidden quad', () => {
  it('strips other candidates from the four cells that alone hold four digits', () => {
    let s = blank();
    const cells = ['r1c1', 'r3c1', 'r5c1', 'r7c1'];
    for (const d of [1, 2, 3, 4]) s = onlyAt(s, d, col(1), cells);
    const eliminate: [string, number][] = [];
    for (const c of cells) for (const d of [5, 6, 7, 8, 9]) eliminate.push([c, d]);
    const step = hiddenQuad.find(s);
    expectStep(step, 'hidden-quad', { eliminate });
    expect(step!.rating).toBe(5.4);
  });
  it('does not fire when the four digits spread over five cells', () => {
    let s = blank();
    for (const d of [1, 2, 3]) s = onlyAt(s, d, col(1), ['r1c1', 'r3c1', 'r5c1', 'r7c1']);
    s = onlyAt(s, 4, col(1), ['r1c1', 'r9c1']);
    expect(hiddenQuad.find(s)).toBeNull();
  });
});
