import { describe, expect, it } from 'vitest';
import { kindGraderId } from '../../src/bank/kinds.js';
import { GEOMETRY_TECHNIQUES } from '../../src/geometry/grader.js';
import { CAGE_TECHNIQUES } from '../../src/geometry/cage-rules.js';

describe('the grader id of a kind', () => {
  it('is stable, and differs between kinds whose buckets or techniques differ', () => {
    expect(kindGraderId('jigsaw', 9)).toBe(kindGraderId('jigsaw', 9));
    expect(kindGraderId('killer', 9)).not.toBe(kindGraderId('classic', 9));
    expect(kindGraderId('classic', 6)).not.toBe(kindGraderId('classic', 12));
  });

  it('changes when a technique rating changes, so banked puzzles are not taken as graded by today’s table', () => {
    const before = kindGraderId('classic', 12);
    const killerBefore = kindGraderId('killer', 9);
    const xwing = GEOMETRY_TECHNIQUES.find((t) => t.name === 'x-wing')! as { rating: number };
    const cage = CAGE_TECHNIQUES[0] as { rating: number };
    const [r1, r2] = [xwing.rating, cage.rating];
    try {
      xwing.rating = r1 + 0.1;
      expect(kindGraderId('classic', 12)).not.toBe(before);
      xwing.rating = r1;
      cage.rating = r2 + 0.1;
      expect(kindGraderId('killer', 9)).not.toBe(killerBefore);
      expect(kindGraderId('classic', 12)).toBe(before);
    } finally {
      xwing.rating = r1;
      cage.rating = r2;
    }
  });
});
