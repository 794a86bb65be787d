import { describe, expect, it } from 'vitest';
import { Rng } from '../../src/core/rng.js';
import { bandPreserving, canonicalForm, searchedCanonicalForm, symmetricBandPreserving } from '../../src/geometry/canonical.js';
import { Geometry, type Kind } from '../../src/geometry/geometry.js';
import { makeKindPuzzle } from '../../src/geometry/make.js';
import { countSolutions } from '../../src/geometry/solver.js';
import { squareMap } from '../../src/geometry/square.js';

/** g'[r][c] = digits[h[rows[r]][cols[c]]], h the puzzle or its transpose. */
function lineTransform(p: Uint8Array, n: number, rows: number[], cols: number[], transpose: boolean, digits: number[]): Uint8Array {
  const at = (r: number, c: number) => (transpose ? p[c * n + r] : p[r * n + c]);
  return Uint8Array.from({ length: n * n }, (_, i) => digits[at(rows[Math.floor(i / n)], cols[i % n])]);
}

function digitPerm(n: number, rng: Rng): number[] {
  return [0, ...rng.permutation(n).map((x) => x + 1)];
}

describe('canonical forms', () => {
  for (const [kind, size] of [['classic', 4], ['classic', 6], ['classic', 8], ['x', 6], ['x', 9], ['x', 12]] as [Kind, number][]) {
    it(`are equal for transformed copies of ${size}x${size} ${kind} puzzles, and differ between puzzles`, () => {
      const made = makeKindPuzzle({ kind, size, symmetry: 'none' }, `canon ${kind} ${size}`);
      const other = makeKindPuzzle({ kind, size, symmetry: 'none' }, `canon other ${kind} ${size}`);
      const g = made.geometry;
      const [br, bc] = g.box!;
      const form = canonicalForm(g, made.puzzle);
      expect(countSolutions(g, form.puzzle, 2)).toBe(1);
      const rng = new Rng(`transforms ${kind} ${size}`);
      const rowOrders = kind === 'x' ? symmetricBandPreserving(size, [br, bc]) : bandPreserving(size, br);
      const colOrders = kind === 'x' ? null : bandPreserving(size, bc);
      for (let t = 0; t < 6; t++) {
        const rows = rng.pick(rowOrders);
        const cols = colOrders ? rng.pick(colOrders) : rng.below(2) ? rows : rows.map((x) => size - 1 - x);
        const copy = lineTransform(made.puzzle, size, rows, cols, br === bc && rng.below(2) === 1, digitPerm(size, rng));
        expect(countSolutions(g, copy, 2)).toBe(1);
        expect(canonicalForm(g, copy).key).toBe(form.key);
      }
      expect(canonicalForm(g, other.puzzle).key).not.toBe(form.key);
    });
  }

  for (const [kind, size] of [['jigsaw', 6], ['jigsaw', 9], ['killer', 6], ['killer', 9]] as [Kind, number][]) {
    it(`are equal for ${size}x${size} ${kind} puzzles turned and mirrored with their layout${kind === 'jigsaw' ? ', digits relabelled' : ''}`, () => {
      const made = makeKindPuzzle({ kind, size, symmetry: 'none' }, `canon ${kind} ${size}`);
      const g = made.geometry;
      const form = canonicalForm(g, made.puzzle);
      expect(countSolutions(form.geometry, form.puzzle, 2)).toBe(1);
      const rng = new Rng(`square ${kind} ${size}`);
      // 6x6 killer boxes (2x3) are kept by the half turn and the mirrors only.
      const maps = kind === 'killer' && size === 6 ? [2, 4, 5] : [1, 2, 3, 4, 5, 6, 7];
      for (const k of maps) {
        const m = squareMap(k, size);
        const move = (a: ArrayLike<number>) => {
          const out = new Uint8Array(size * size);
          for (let i = 0; i < size * size; i++) out[m[i]] = a[i];
          return out;
        };
        const digits = kind === 'jigsaw' ? digitPerm(size, rng) : Array.from({ length: size + 1 }, (_, d) => d);
        const puzzle = move(made.puzzle).map((d) => digits[d]);
        const geometry =
          kind === 'jigsaw'
            ? new Geometry({ kind, size, regions: move(g.regions) })
            : new Geometry({ kind, size, box: g.box!, cages: g.cages.map((c) => ({ sum: c.sum, cells: c.cells.map((x) => m[x]) })) });
        expect(countSolutions(geometry, puzzle, 2)).toBe(1);
        const copy = canonicalForm(geometry, puzzle);
        expect(copy.key).toBe(form.key);
      }
      const other = makeKindPuzzle({ kind, size, symmetry: 'none' }, `canon other ${kind} ${size}`);
      expect(canonicalForm(other.geometry, other.puzzle).key).not.toBe(form.key);
    });
  }

  for (const size of [12, 16]) {
    it(`are equal for transformed copies of ${size}x${size} classic puzzles, and differ between puzzles`, () => {
      const made = makeKindPuzzle({ kind: 'classic', size, symmetry: 'none' }, `canon classic ${size}`);
      const other = makeKindPuzzle({ kind: 'classic', size, symmetry: 'none' }, `canon other classic ${size}`);
      const g = made.geometry;
      const [br, bc] = g.box!;
      const form = canonicalForm(g, made.puzzle);
      expect(countSolutions(g, form.puzzle, 2)).toBe(1);
      const rng = new Rng(`transforms classic ${size}`);
      const line = (width: number) => {
        // A random order keeping bands (stacks): bands shuffled, lines within each shuffled.
        const bands = rng.permutation(size / width);
        return bands.flatMap((b) => rng.permutation(width).map((k) => b * width + k));
      };
      for (let t = 0; t < 4; t++) {
        const copy = lineTransform(made.puzzle, size, line(br), line(bc), br === bc && rng.below(2) === 1, digitPerm(size, rng));
        expect(countSolutions(g, copy, 2)).toBe(1);
        expect(canonicalForm(g, copy).key).toBe(form.key);
      }
      expect(canonicalForm(g, other.puzzle).key).not.toBe(form.key);
    });
  }

  it('searched row by row, are the smallest reading found by trying every transform', () => {
    for (const size of [4, 6, 8]) {
      for (let k = 0; k < 3; k++) {
        const made = makeKindPuzzle({ kind: 'classic', size, symmetry: k === 0 ? 'rotational' : 'none' }, `search ${size} ${k}`);
        expect(searchedCanonicalForm(made.geometry, made.puzzle).key).toBe(canonicalForm(made.geometry, made.puzzle).key);
      }
    }
  });
});
