import { describe, expect, it } from 'vitest';
import { directHiddenPair } from '../../../src/grader/techniques/direct-hidden-pair.js';
import { blank, expectStep, onlyAt, row } from '../helpers.js';

describe('direct hidden pair', () => {
  it('places the single left in the region once a hidden pair fills its two cells (2.0)', () => {
    let s = onlyAt(onlyAt(blank(), 3, row(1), ['r1c2', 'r1c5']), 8, row(1), ['r1c2', 'r1c5']);
    s = onlyAt(s, 6, row(1), ['r1c2', 'r1c5', 'r1c9']);
    const step = directHiddenPair.find(s);
    expectStep(step, 'direct-hidden-pair', { place: [['r1c9', 6]] });
    expect(step!.rating).toBe(2.0);
    expect(step!.explain).toBe('hidden pair {3,8} in row 1 (r1c2, r1c5) leaves r1c9 the only place for 6');
  });
  it('does not fire when the pair leaves every other digit two places or more', () => {
    let s = onlyAt(onlyAt(blank(), 3, row(1), ['r1c2', 'r1c5']), 8, row(1), ['r1c2', 'r1c5']);
    s = onlyAt(s, 6, row(1), ['r1c2', 'r1c5', 'r1c8', 'r1c9']);
    expect(directHiddenPair.find(s)).toBeNull();
  });
});
