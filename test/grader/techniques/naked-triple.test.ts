import { describe, expect, it } from 'vitest';
import { nakedTriple } from '../../../src/grader/techniques/naked-triple.js';
import { blank, cands, expectStep } from '../helpers.js';

describe('naked triple', () => {
  it('removes three digits held by three cells from the rest of the row', () => {
    const s = cands(cands(cands(blank(), 'r1c1', [1, 2]), 'r1c5', [2, 3]), 'r1c9', [1, 3]);
    const eliminate: [string, number][] = [];
    for (const c of [2, 3, 4, 6, 7, 8]) eliminate.push([`r1c${c}`, 1], [`r1c${c}`, 2], [`r1c${c}`, 3]);
    const step = nakedTriple.find(s);
    expectStep(step, 'naked-triple', { eliminate });
    expect(step!.rating).toBe(3.6);
  });
  it('does not fire when the three cells hold four digits', () => {
    const s = cands(cands(cands(blank(), 'r1c1', [1, 2]), 'r1c5', [2, 3]), 'r1c9', [1, 4]);
    expect(nakedTriple.find(s)).toBeNull();
  });
});
