import { describe, expect, it } from 'vitest';
import { hiddenSingle } from '../../../src/grader/techniques/hidden-single.js';
import { blank, box, expectStep, onlyAt } from '../helpers.js';

describe('hidden single', () => {
  it('finds the one place left for a digit in a box', () => {
    const s = onlyAt(blank(), 5, box(3), ['r2c7']);
    const step = hiddenSingle.find(s);
    expectStep(step, 'hidden-single', { place: [['r2c7', 5]] });
    expect(step!.explain).toBe('hidden single: 5 in box 3 can only go in r2c7');
  });
  it('does not fire when every digit has two places or more', () => {
    expect(hiddenSingle.find(onlyAt(blank(), 5, box(3), ['r2c7', 'r3c9']))).toBeNull();
  });
});
