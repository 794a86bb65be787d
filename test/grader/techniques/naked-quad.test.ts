import { describe, expect, it } from 'vitest';
import { nakedQuad } from '../../../src/grader/techniques/naked-quad.js';
import { blank, cands, expectStep } from '../helpers.js';

describe('naked quad', () => {
  it('removes four digits held by four cells from the rest of the row', () => {
    let s = blank();
    s = cands(cands(cands(cands(s, 'r1c1', [1, 2]), 'r1c3', [2, 3]), 'r1c5', [3, 4]), 'r1c7', [1, 4]);
    const eliminate: [string, number][] = [];
    for (const c of [2, 4, 6, 8, 9]) for (const d of [1, 2, 3, 4]) eliminate.push([`r1c${c}`, d]);
    const step = nakedQuad.find(s);
    expectStep(step, 'naked-quad', { eliminate });
    expect(step!.rating).toBe(5.0);
  });
  it('does not fire when the four cells hold five digits', () => {
    let s = blank();
    s = cands(cands(cands(cands(s, 'r1c1', [1, 2]), 'r1c3', [2, 3]), 'r1c5', [3, 4]), 'r1c7', [1, 5]);
    expect(nakedQuad.find(s)).toBeNull();
  });
});
