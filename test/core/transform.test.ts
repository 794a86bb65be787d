import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalize, canonicalString } from '../../src/core/canonical.js';
import { clueCount, formatGrid } from '../../src/core/grid.js';
import { Rng } from '../../src/core/rng.js';
import {
  applyTransform,
  composeTransforms,
  IDENTITY,
  invertTransform,
  isValidTransform,
  randomTransform,
} from '../../src/core/transform.js';
import { fillDiagonal } from '../../src/generator/fill-diagonal.js';
import { makePuzzle } from '../../src/generator/make.js';
import { countSolutions } from '../../src/solver/solver.js';
import { loadSet } from '../helpers/data.js';

const seedArb = fc.integer();

describe('transformations as values', () => {
  it('random transformations are valid and preserve validity and solution counts', () => {
    const puzzles = loadSet('top1465.txt', 20, 14);
    fc.assert(
      fc.property(seedArb, fc.integer({ min: 0, max: puzzles.length - 1 }), (seed, k) => {
        const t = randomTransform(new Rng(seed));
        expect(isValidTransform(t)).toBe(true);
        const p = applyTransform(t, puzzles[k]);
        expect(clueCount(p)).toBe(clueCount(puzzles[k]));
        expect(countSolutions(p, 2)).toBe(1);
      }),
      { numRuns: 100, seed: 7 },
    );
  });

  it('compose and invert obey the group laws', () => {
    fc.assert(
      fc.property(seedArb, (seed) => {
        const rng = new Rng(seed);
        const g = fillDiagonal(rng);
        const a = randomTransform(rng);
        const b = randomTransform(rng);
        const ab = composeTransforms(a, b);
        expect(isValidTransform(ab)).toBe(true);
        expect(formatGrid(applyTransform(ab, g))).toBe(formatGrid(applyTransform(b, applyTransform(a, g))));
        expect(formatGrid(applyTransform(invertTransform(a), applyTransform(a, g)))).toBe(formatGrid(g));
        expect(formatGrid(applyTransform(composeTransforms(a, invertTransform(a)), g))).toBe(formatGrid(g));
        expect(formatGrid(applyTransform(IDENTITY, g))).toBe(formatGrid(g));
      }),
      { numRuns: 200, seed: 11 },
    );
  });

  it('rejects transformations that break bands or stacks', () => {
    expect(isValidTransform({ ...IDENTITY, rows: [0, 1, 3, 2, 4, 5, 6, 7, 8] })).toBe(false);
    expect(isValidTransform({ ...IDENTITY, digits: [0, 1, 1, 3, 4, 5, 6, 7, 8, 9] })).toBe(false);
    expect(isValidTransform({ ...IDENTITY, cols: [3, 4, 5, 0, 1, 2, 8, 7, 6] })).toBe(true);
  });
});

describe('canonical form', () => {
  const sets = [...loadSet('top1465.txt', 60, 5), ...loadSet('17clue.txt', 60, 8), ...loadSet('forum_hardest_1106.txt', 30, 4)];

  it('is the same for random isomorphs of a puzzle', () => {
    fc.assert(
      fc.property(seedArb, fc.integer({ min: 0, max: sets.length - 1 }), (seed, k) => {
        const iso = applyTransform(randomTransform(new Rng(seed)), sets[k]);
        expect(canonicalString(iso)).toBe(canonicalString(sets[k]));
      }),
      { numRuns: 300, seed: 3 },
    );
  });

  it('comes with a transformation from the puzzle to it, so it is an isomorph of the puzzle', () => {
    for (const p of sets) {
      const { form, transform } = canonicalize(p);
      expect(isValidTransform(transform)).toBe(true);
      expect(formatGrid(applyTransform(transform, p))).toBe(formatGrid(form));
    }
  });

  it('is idempotent and differs for non-equivalent puzzles', () => {
    const forms = sets.map((p) => canonicalString(p));
    for (const f of forms.slice(0, 20)) expect(canonicalString(loadGrid(f))).toBe(f);
    // These published puzzles are pairwise non-equivalent, so their forms must all differ.
    expect(new Set(forms).size).toBe(sets.length);
    // A puzzle and the same puzzle with one clue less are never equivalent.
    const p = sets[0];
    const q = p.slice();
    q[q.findIndex((d) => d !== 0)] = 0;
    expect(canonicalString(q)).not.toBe(canonicalString(p));
  });

  it('finds the top1465 pair that are isomorphs of each other, and only that pair', () => {
    const all = loadSet('top1465.txt');
    const byForm = new Map<string, number[]>();
    all.forEach((p, i) => {
      const f = canonicalString(p);
      byForm.set(f, [...(byForm.get(f) ?? []), i]);
    });
    const dupes = [...byForm.values()].filter((v) => v.length > 1);
    expect(dupes.length).toBe(1);
    const [i, j] = dupes[0];
    // Confirm independently: some transformation maps one onto the other.
    const { transform: ti } = canonicalize(all[i]);
    const { transform: tj } = canonicalize(all[j]);
    expect(formatGrid(applyTransform(composeTransforms(ti, invertTransform(tj)), all[i]))).toBe(formatGrid(all[j]));
  });

  it('handles made puzzles and complete grids', () => {
    const m = makePuzzle({ fill: 'diagonal', dig: 'remove', symmetry: 'rotational' }, 'canon');
    const rng = new Rng('iso');
    expect(canonicalString(applyTransform(randomTransform(rng), m.puzzle))).toBe(canonicalString(m.puzzle));
    expect(canonicalString(applyTransform(randomTransform(rng), m.solution))).toBe(canonicalString(m.solution));
    expect(canonicalString(m.solution).slice(0, 9)).toBe('123456789');
  });
});

function loadGrid(s: string) {
  return Uint8Array.from(s, (ch) => (ch === '.' ? 0 : Number(ch)));
}
