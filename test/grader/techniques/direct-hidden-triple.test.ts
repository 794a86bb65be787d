import { describe, expect, it } from 'vitest';
import { directHiddenTriple } from '../../../src/grader/techniques/direct-hidden-triple.js';
import { blank, box, expectStep, onlyAt } from '../helpers.js';

describe('direct hidden triple', () => {
  it('places the single left in the box once a hidden triple fills its three cells (2.5)', () => {
    let s = onlyAt(blank(), 1, box(5), ['r4c4', 'r5c5']);
    s = onlyAt(s, 4, box(5), ['r5c5', 'r6c6']);
    s = onlyAt(s, 7, box(5), ['r4c4', 'r6c6']);
    s = onlyAt(s, 2, box(5), ['r4c4', 'r6c5']);
    const step = directHiddenTriple.find(s);
    expectStep(step, 'direct-hidden-triple', { place: [['r6c5', 2]] });
    expect(step!.rating).toBe(2.5);
    expect(step!.explain).toBe('hidden triple {1,4,7} in box 5 (r4c4, r5c5, r6c6) leaves r6c5 the only place for 2');
  });
  it('does not fire when the triple leaves no single', () => {
    let s = onlyAt(blank(), 1, box(5), ['r4c4', 'r5c5']);
    s = onlyAt(s, 4, box(5), ['r5c5', 'r6c6']);
    s = onlyAt(s, 7, box(5), ['r4c4', 'r6c6']);
    s = onlyAt(s, 2, box(5), ['r4c4', 'r6c5', 'r4c6']);
    expect(directHiddenTriple.find(s)).toBeNull();
  });
});
