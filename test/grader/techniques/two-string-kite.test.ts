import { describe, expect, it } from 'vitest';
import { twoStringKite } from '../../../src/grader/techniques/two-string-kite.js';
import { blank, col, expectStep, onlyAt, row } from '../helpers.js';

describe('two-string kite', () => {
  it('removes the digit where the far ends of the strings cross', () => {
    const s = onlyAt(onlyAt(blank(), 5, row(1), ['r1c2', 'r1c7']), 5, col(1), ['r3c1', 'r8c1']);
    expectStep(twoStringKite.find(s), 'two-string-kite', { eliminate: [['r8c7', 5]] });
  });
  it('does not fire when the near ends are in different boxes', () => {
    expect(twoStringKite.find(onlyAt(onlyAt(blank(), 5, row(1), ['r1c5', 'r1c7']), 5, col(1), ['r4c1', 'r8c1']))).toBeNull();
  });
});
