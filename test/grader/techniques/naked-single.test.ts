import { describe, expect, it } from 'vitest';
import { nakedSingle } from '../../../src/grader/techniques/naked-single.js';
import { blank, cands, expectStep } from '../helpers.js';

describe('naked single', () => {
  it('places the last candidate of the first such cell in reading order (2.3)', () => {
    const s = cands(cands(blank(), 'r6c2', [3]), 'r4c5', [7]);
    const step = nakedSingle.find(s);
    expectStep(step, 'naked-single', { place: [['r4c5', 7]] });
    expect(step!.rating).toBe(2.3);
    expect(step!.explain).toBe('naked single: r4c5 can only be 7');
  });
  it('does not fire when every empty cell has two candidates or more', () => {
    expect(nakedSingle.find(cands(blank(), 'r4c5', [7, 8]))).toBeNull();
  });
});
