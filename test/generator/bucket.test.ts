import { describe, expect, it } from 'vitest';
import { formatGrid } from '../../src/core/grid.js';
import { hasSymmetry, orbitsOf } from '../../src/core/symmetry.js';
import { makeCandidate, REWORK_ROUNDS } from '../../src/generator/bucket.js';
import { makeBucketPuzzle } from '../../src/index.js';
import { DEFAULT_LEVELS } from '../../src/grader/levels.js';
import { Rng } from '../../src/core/rng.js';
import { gradePuzzle } from '../../src/grader/grade.js';
import { countSolutions } from '../../src/solver/solver.js';

const ORDER = ['easy', 'medium', 'hard', 'expert', 'master', 'beyond'];

describe('puzzles of one bucket', () => {
  it.each([
    ['easy', 'none'],
    ['medium', 'rotational'],
    ['hard', 'none'],
    ['hard', 'rotational'],
    ['expert', 'rotational'],
  ] as const)('%s / %s: graded into the bucket, unique, and minimal within it', (bucket, symmetry) => {
    for (let i = 0; i < 3; i++) {
      const m = makeBucketPuzzle({ fill: 'diagonal', dig: 'remove', symmetry }, bucket, `bucket-${bucket}-${i}`);
      const g = gradePuzzle(m.puzzle);
      expect(g.bucket).toBe(bucket);
      expect(g.rating).toBe(m.rating);
      expect(countSolutions(m.puzzle, 2)).toBe(1);
      expect(hasSymmetry(m.puzzle, symmetry)).toBe(true);
      for (const orbit of orbitsOf(symmetry)) {
        if (m.puzzle[orbit[0]] === 0) continue;
        const q = m.puzzle.slice();
        for (const c of orbit) q[c] = 0;
        const gq = gradePuzzle(q);
        // Blanking any orbit loses uniqueness or needs a harder bucket.
        expect(gq.bucket === 'invalid' || ORDER.indexOf(gq.bucket) > ORDER.indexOf(bucket)).toBe(true);
      }
    }
  });

  it.each(['easy', 'medium'] as const)('honours dig "add" for %s: other puzzles than "remove", still in the bucket, unique and minimal within it', (bucket) => {
    for (let i = 0; i < 3; i++) {
      const seed = `bucket-add-${bucket}-${i}`;
      const added = makeBucketPuzzle({ fill: 'diagonal', dig: 'add', symmetry: 'rotational' }, bucket, seed);
      const removed = makeBucketPuzzle({ fill: 'diagonal', dig: 'remove', symmetry: 'rotational' }, bucket, seed);
      expect(formatGrid(added.puzzle)).not.toBe(formatGrid(removed.puzzle));
      expect(gradePuzzle(added.puzzle).bucket).toBe(bucket);
      expect(countSolutions(added.puzzle, 2)).toBe(1);
      for (const orbit of orbitsOf('rotational')) {
        if (added.puzzle[orbit[0]] === 0) continue;
        const q = added.puzzle.slice();
        for (const c of orbit) q[c] = 0;
        const gq = gradePuzzle(q);
        expect(gq.bucket === 'invalid' || ORDER.indexOf(gq.bucket) > ORDER.indexOf(bucket)).toBe(true);
      }
    }
  });

  it.each([
    ['easy', 'none', 34, 34],
    ['medium', 'none', 30, 30],
    ['easy', 'rotational', 32, 38],
    ['medium', 'diagonal', 28, 32],
  ] as const)('gives clues back to %s / %s puzzles up to a count in %i-%i: symmetric, unique, still in the bucket', (bucket, symmetry, min, max) => {
    const counts = new Set<number>();
    for (let i = 0; i < 6; i++) {
      const c = makeCandidate({ fill: 'diagonal', dig: 'remove', symmetry }, bucket, new Rng(`clues-${bucket}-${symmetry}-${i}`), DEFAULT_LEVELS, REWORK_ROUNDS, { clues: { min, max } });
      counts.add(c.clues);
      expect(c.clues).toBeGreaterThanOrEqual(min);
      expect(c.clues).toBeLessThanOrEqual(max);
      expect(hasSymmetry(c.puzzle, symmetry)).toBe(true);
      expect(countSolutions(c.puzzle, 2)).toBe(1);
      for (let k = 0; k < 81; k++) if (c.puzzle[k]) expect(c.puzzle[k]).toBe(c.solution[k]);
      const g = gradePuzzle(c.puzzle);
      expect([g.bucket, g.rating]).toEqual([bucket, c.rating]);
    }
    if (min < max) expect(counts.size).toBeGreaterThanOrEqual(2);
  });

  it('is reproducible from its seed', () => {
    const o = { fill: 'diagonal', dig: 'remove', symmetry: 'none' } as const;
    expect(formatGrid(makeBucketPuzzle(o, 'hard', 'r').puzzle)).toBe(formatGrid(makeBucketPuzzle(o, 'hard', 'r').puzzle));
  });
});
