/**
 * Sudoku isomorphisms as values, and a canonical form of a puzzle under all of them.
 *
 * A Transform maps a grid g to g' with
 *     g'[r][c] = digits[ h[rows[r]][cols[c]] ],   h = transpose ? gᵀ : g
 * where `rows` permutes rows only within bands and bands among themselves (likewise `cols`
 * with columns and stacks), and `digits` relabels 1..9 (digits[0] = 0 keeps blanks blank).
 * These generate the whole validity-preserving group: 2 · 6^8 · 9! transformations.
 */
import type { Grid } from './grid.js';
import type { Rng } from './rng.js';

export interface Transform {
  readonly transpose: boolean;
  /** rows[r]: the source row shown as row r. */
  readonly rows: readonly number[];
  /** cols[c]: the source column shown as column c. */
  readonly cols: readonly number[];
  /** digits[d]: the new label of digit d; digits[0] must be 0. */
  readonly digits: readonly number[];
}

const ID9 = [0, 1, 2, 3, 4, 5, 6, 7, 8];
const ID10 = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];

export const IDENTITY: Transform = Object.freeze({ transpose: false, rows: ID9, cols: ID9, digits: ID10 });

function invertPerm(p: readonly number[]): number[] {
  const inv = new Array<number>(p.length);
  for (let i = 0; i < p.length; i++) inv[p[i]] = i;
  return inv;
}

/** Whether a line permutation keeps bands (or stacks) together. */
function isBandPreserving(p: readonly number[]): boolean {
  if (p.length !== 9 || new Set(p).size !== 9 || p.some((x) => !Number.isInteger(x) || x < 0 || x > 8)) return false;
  for (let k = 0; k < 9; k += 3) {
    const band = Math.floor(p[k] / 3);
    if (Math.floor(p[k + 1] / 3) !== band || Math.floor(p[k + 2] / 3) !== band) return false;
  }
  return true;
}

/** Whether t is a valid Sudoku isomorphism. */
export function isValidTransform(t: Transform): boolean {
  const d = t.digits;
  if (d.length !== 10 || d[0] !== 0) return false;
  const labels = new Set(d.slice(1));
  if (labels.size !== 9 || [...labels].some((x) => x < 1 || x > 9)) return false;
  return isBandPreserving(t.rows) && isBandPreserving(t.cols);
}

/** Apply a transformation to a grid (or puzzle). */
export function applyTransform(t: Transform, g: Grid): Grid {
  const out = new Uint8Array(81);
  for (let r = 0; r < 9; r++) {
    for (let c = 0; c < 9; c++) {
      const sr = t.rows[r];
      const sc = t.cols[c];
      out[r * 9 + c] = t.digits[t.transpose ? g[sc * 9 + sr] : g[sr * 9 + sc]];
    }
  }
  return out;
}

/** The transformation "a, then b": applyTransform(compose(a, b), g) = applyTransform(b, applyTransform(a, g)). */
export function composeTransforms(a: Transform, b: Transform): Transform {
  const digits = a.digits.map((d) => b.digits[d]);
  if (!b.transpose) {
    return { transpose: a.transpose, rows: b.rows.map((r) => a.rows[r]), cols: b.cols.map((c) => a.cols[c]), digits };
  }
  return { transpose: !a.transpose, rows: b.rows.map((r) => a.cols[r]), cols: b.cols.map((c) => a.rows[c]), digits };
}

/** The inverse transformation: applyTransform(invert(t), applyTransform(t, g)) = g. */
export function invertTransform(t: Transform): Transform {
  const digits = invertPerm(t.digits);
  if (!t.transpose) return { transpose: false, rows: invertPerm(t.rows), cols: invertPerm(t.cols), digits };
  return { transpose: true, rows: invertPerm(t.cols), cols: invertPerm(t.rows), digits };
}

function randomLinePerm(rng: Rng): number[] {
  const out: number[] = [];
  for (const band of rng.permutation(3)) for (const k of rng.permutation(3)) out.push(band * 3 + k);
  return out;
}

/** A uniformly random element of the whole group. */
export function randomTransform(rng: Rng): Transform {
  const transpose = rng.below(2) === 1;
  const rows = randomLinePerm(rng);
  const cols = randomLinePerm(rng);
  const digits = [0, ...rng.permutation(9).map((x) => x + 1)];
  return { transpose, rows, cols, digits };
}
