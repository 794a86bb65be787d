import { describe, expect, it } from 'vitest';
import { wWing } from '../../../src/grader/techniques/w-wing.js';
import { blank, cands, expectStep, onlyAt, row } from '../helpers.js';

describe('W-wing', () => {
  const base = () => cands(cands(blank(), 'r2c2', [3, 6]), 'r8c8', [3, 6]);
  it('removes y from cells seeing both ends when a strong link on x joins them', () => {
    const s = onlyAt(base(), 3, row(5), ['r5c2', 'r5c8']);
    expectStep(wWing.find(s), 'w-wing', {
      eliminate: [
        ['r2c8', 6],
        ['r8c2', 6],
      ],
    });
  });
  it('does not fire without the strong link', () => {
    expect(wWing.find(onlyAt(base(), 3, row(5), ['r5c2', 'r5c7', 'r5c8']))).toBeNull();
  });
});
