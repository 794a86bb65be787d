import { describe, expect, it } from 'vitest';
import { nakedSingle } from '../../../src/grader/techniques/naked-single.js';
import { blank, cands, expectStep } from '../helpers.js';

describe('naked single', () => {
  it('fills a cell with one candidate left', () => {
    const step = nakedSingle.find(cands(blank(), 'r4c5', [7]));
    expectStep(step, 'naked-single', { place: [['r4c5', 7]] });
    expect(step!.explain).toBe('naked single: r4c5 can only be 7');
  });
  it('does not fire when every cell has two candidates or more', () => {
    expect(nakedSingle.find(cands(blank(), 'r4c5', [7, 8]))).toBeNull();
  });
});
