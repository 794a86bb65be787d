import { describe, expect, it } from 'vitest';
import { uniqueRectangle } from '../../../src/grader/techniques/unique-rectangle.js';
import { blank, cands, expectStep } from '../helpers.js';

describe('unique rectangle type 1', () => {
  const build = (fourth: string) => cands(cands(cands(cands(blank(), 'r1c1', [5, 8]), 'r1c4', [5, 8]), 'r2c1', [5, 8]), fourth, [5, 8, 9]);
  it('removes the pair from the fourth corner', () => {
    expect(uniqueRectangle.needsUniqueness).toBe(true);
    expectStep(uniqueRectangle.find(build('r2c4')), 'unique-rectangle', {
      eliminate: [
        ['r2c4', 5],
        ['r2c4', 8],
      ],
    });
  });
  it('does not fire on a rectangle spanning four boxes', () => {
    const s = cands(cands(cands(cands(blank(), 'r1c1', [5, 8]), 'r1c4', [5, 8]), 'r4c1', [5, 8]), 'r4c4', [5, 8, 9]);
    expect(uniqueRectangle.find(s)).toBeNull();
  });
});
