import { describe, expect, it } from 'vitest';
import { UserError } from '../../src/core/errors.js';
import { kindGeometry, type Kind } from '../../src/geometry/geometry.js';
import { GEOMETRY_TECHNIQUES, techniquesFor, type GeometryPosition } from '../../src/geometry/grader.js';
import { solvesWith } from '../../src/geometry/logic.js';
import { bucketOfKind, kindBucket, kindBuckets, makeGradedKindPuzzle, rateKind } from '../../src/geometry/rate.js';
import { referenceCount } from '../../src/geometry/reference.js';
import { countSolutions } from '../../src/geometry/solver.js';
import { walkSoundPath } from '../helpers/geometry-path.js';

const CASES: [Kind, number, string][] = [
  ['classic', 4, 'easy'],
  ['classic', 6, 'hard'],
  ['classic', 6, 'expert'],
  ['classic', 8, 'hard'],
  ['classic', 9, 'expert'],
  ['classic', 12, 'hard'],
  ['x', 6, 'hard'],
  ['x', 9, 'hard'],
  ['x', 9, 'expert'],
  ['jigsaw', 6, 'hard'],
  ['jigsaw', 9, 'hard'],
  ['jigsaw', 9, 'expert'],
];

describe('graded making and rating on every kind', () => {
  it('makes puzzles in the bucket asked, unique by the slow reference solver, every step sound, reproducibly', () => {
    const used = new Set<string>();
    for (const [kind, size, bucket] of CASES) {
      for (let s = 0; s < 2; s++) {
        const p = makeGradedKindPuzzle({ kind, size, symmetry: 'none', bucket, attempts: 400 }, `rate ${s}`);
        const r = rateKind(p.geometry, p.puzzle);
        expect(r.rating, `${size}x${size} ${kind}`).toBe(p.rating.rating);
        // The making rates from its own logical solve where that is the grader's path: the same hardest step, the same steps.
        expect(p.rating.hardest).toBe(r.hardest);
        expect(p.rating.steps).toEqual(r.steps);
        expect(bucketOfKind(kind, size, r.rating)).toBe(bucket);
        expect(r.solved).toBe(true);
        // The slow reference solver is the oracle where it is quick (it takes minutes on some 9x9 jigsaws).
        if (size <= 6) expect(referenceCount(p.geometry, p.puzzle, 2).count).toBe(1);
        expect(countSolutions(p.geometry, p.puzzle, 2)).toBe(1);
        walkSoundPath(p, used);
        if (s === 0) expect(makeGradedKindPuzzle({ kind, size, symmetry: 'none', bucket, attempts: 400 }, `rate ${s}`).puzzle).toEqual(p.puzzle);
      }
    }
    // Past the first techniques: fish, wings and chains turn up, each step of them sound.
    for (const t of ['x-wing', 'xy-wing', 'xy-chain']) expect([...used]).toContain(t);
  }, 120_000);

  it('has buckets easy to expert for every kind and size, without gaps, and calls an unsolved puzzle beyond every bucket', () => {
    for (const [kind, size] of [['classic', 6], ['jigsaw', 9], ['classic', 16], ['x', 12]] as const) {
      const b = kindBuckets(kind, size);
      expect(b.map((x) => x.name)).toEqual(['easy', 'medium', 'hard', 'expert']);
      for (let i = 1; i < b.length; i++) expect(b[i].min).toBeCloseTo(b[i - 1].max + 0.1, 5);
      expect(bucketOfKind(kind, size, 0)).toBeNull();
    }
    expect(kindBuckets('classic', 4).map((x) => x.name)).toEqual(['easy']);
    // Jigsaw and 16x16 hard need subsets or more; 6x6 hard locked candidates or more.
    expect(bucketOfKind('jigsaw', 9, 2.8)).toBe('medium');
    expect(bucketOfKind('jigsaw', 9, 3.0)).toBe('hard');
    expect(bucketOfKind('classic', 16, 2.6)).toBe('medium');
    expect(bucketOfKind('classic', 6, 2.6)).toBe('hard');
    expect(bucketOfKind('classic', 6, 2.3)).toBe('medium');
  });

  it('makes puzzles minimal within the bucket: every clue left is needed for one solution or for the bucket\'s techniques', () => {
    // The dig's shortcuts (blanks filled straight back by singles, unavoidable sets learned
    // from second solutions, one pass) must neither keep a clue that could go nor drop one that must stay.
    for (const [kind, size, bucket] of [['classic', 6, 'hard'], ['classic', 6, 'medium'], ['jigsaw', 9, 'hard'], ['x', 9, 'hard']] as const) {
      for (let s = 0; s < 3; s++) {
        const p = makeGradedKindPuzzle({ kind, size, symmetry: 'none', bucket, attempts: 400 }, `minimal ${s}`);
        const techniques = techniquesFor(p.geometry, kindBucket(kind, size, bucket).max, true);
        expect(solvesWith(p.geometry, p.puzzle, techniques)).toBe(true);
        for (let c = 0; c < p.puzzle.length; c++) {
          if (p.puzzle[c] === 0) continue;
          const fewer = p.puzzle.slice();
          fewer[c] = 0;
          const unique = (size <= 6 ? referenceCount(p.geometry, fewer, 2).count : countSolutions(p.geometry, fewer, 2)) === 1;
          expect(unique && solvesWith(p.geometry, fewer, techniques), `${size}x${size} ${kind} ${bucket} seed ${s}: clue ${c} could go`).toBe(false);
        }
      }
    }
  }, 120_000);

  it('stops with a UserError when the budget runs out', () => {
    expect(() => makeGradedKindPuzzle({ kind: 'classic', size: 4, symmetry: 'none', bucket: 'hard', attempts: 3 }, 'x')).toThrow(UserError);
    expect(() => makeGradedKindPuzzle({ kind: 'classic', size: 6, symmetry: 'none', bucket: 'expert', budgetMs: 1 }, 'x')).toThrow(/within 0 s/);
  });
});

describe('the unique rectangle', () => {
  /** A 9x9 position with every cell open to every digit, but a rectangle on {1,2} at r1c1, r1c5, r2c1, r2c5 (r2c5 holding 3 too). */
  function rectangle(kind: Kind, corners: number[]): GeometryPosition {
    const g = kindGeometry(kind, 9);
    const pos: GeometryPosition = { values: new Uint8Array(81), cands: new Uint16Array(81).fill(g.full) };
    // Keep 1 and 2 away from everything else, so only the rectangle could act on them.
    for (let c = 0; c < 81; c++) pos.cands[c] = g.full & ~0b11;
    corners.forEach((c, i) => (pos.cands[c] = i === 3 ? 0b111 : 0b11));
    return pos;
  }
  const ur = GEOMETRY_TECHNIQUES.find((t) => t.name === 'unique-rectangle')!;

  it('removes the pair from the fourth corner when the four cells span two boxes', () => {
    const pos = rectangle('classic', [0 * 9 + 0, 0 * 9 + 1, 3 * 9 + 0, 3 * 9 + 1]);
    const step = ur.find(kindGeometry('classic', 9), pos);
    expect(step?.eliminations).toEqual([[28, 1], [28, 2]]);
  });

  it('is not used where trading the digits would break a rule: four boxes, or a corner on a diagonal of Sudoku-X', () => {
    expect(ur.find(kindGeometry('classic', 9), rectangle('classic', [0, 4, 36, 40]))).toBeNull();
    // Two boxes, but r1c1 lies on the main diagonal of an X puzzle.
    expect(ur.find(kindGeometry('x', 9), rectangle('x', [0, 1, 27, 28]))).toBeNull();
    // Off the diagonals it is sound on X as on classic.
    expect(ur.find(kindGeometry('x', 9), rectangle('x', [1, 2, 28 + 9, 29 + 9]))?.eliminations).toEqual([[38, 1], [38, 2]]);
  });
});
