/**
 * `uniform` fill: every one of the 6,670,903,752,021,072,936,960 Sudoku grids is equally
 * likely (given an unbiased RNG). Exact rejection sampling band by band; no table needed.
 *
 * Terms. A band is three rows. For a band, S_c is the set of its three digits in column c;
 * within each stack the three S_c split 1..9. R(S) is the number of ways to fill a band whose
 * column sets are S: 3x9 arrays with column c an ordering of S_c and every row a permutation
 * of 1..9 (the boxes are then automatically right).
 *
 * Facts (see "Uniform grids and the proper-puzzle estimate" in README.md):
 *  A. Given the column sets Y of band 1 and X of band 2, band 3's sets are forced,
 *     Z_c = {1..9} \ (Y_c ∪ X_c), and band 3 can be filled in R(Z) ways.
 *  B. Given band 1, band 2's column sets can be chosen in exactly 56 ways per stack
 *     (Σ_k C(3,k)³ = 1 + 27 + 27 + 1), 56³ in all, the same for every band 1.
 *  C. R(S) = Σ over perfect matchings M of the column-digit graph (row 1) of 2^cycles(G − M):
 *     what M leaves is 2-regular, a union of even cycles, each filled two ways in row 2;
 *     row 3 is then forced. R ≤ 1728 always, and 1728 occurs.
 * So a grid is exactly a choice of (band 1, X, a filling of band 2, a filling of band 3), and
 *     #grids = Σ_band1 Σ_X R(X) · R(Z).
 *
 * Algorithm. (1) Draw band 1 uniformly; (2) draw X uniformly from its 56³ choices; (3) draw
 * u1, u2 uniform in [0, 1728): if u1 ≥ R(X) or u2 ≥ R(Z), start again from (1); (4) fill band 2
 * uniformly among its R(X) fillings and band 3 among its R(Z).
 *
 * Why it is exact. One attempt yields a given grid with probability
 *     (1 / #bands) · (1 / 56³) · (R(X) R(Z) / 1728²) · (1 / R(X)) · (1 / R(Z))
 *   = 1 / (#bands · 56³ · 1728²),
 * the same for every grid, so an accepted grid is uniform. A rejection must restart from
 * band 1: keeping band 1 would make it uniform when it should weigh by its number of
 * completions. Acceptance is #grids / (#bands · 56³ · 1728²) = 1.3418%, about 75 attempts.
 *
 * Digits are 0..8 inside this file. Band 1 is built with box 1 holding 0..8 in reading order,
 * and the finished grid is relabelled by a uniform random permutation: that is the same as
 * drawing box 1 uniformly, and every other step is blind to digit labels.
 */
import type { Grid } from '../core/grid.js';
import type { Rng } from '../core/rng.js';

/** The largest value R can take; the rejection bound. */
export const R_MAX = 1728;

/** A stack's three column sets as 9-bit masks; S is nine masks, columns 0..8. */
export type ColumnSets = Int32Array;

const bitsOf = (m: number): number[] => [0, 1, 2, 3, 4, 5, 6, 7, 8].filter((d) => m & (1 << d));

// Scratch space for R: per stack, its 27 transversals (one digit per column): their digit
// masks, and for each of their 3 digits the edge of G − M it leaves (the digit's columns in
// the two other stacks).
const tMask = new Int32Array(3 * 27);
const tDigits = new Int8Array(3 * 27 * 3);
const edgeA = new Int8Array(3 * 27 * 3);
const edgeB = new Int8Array(3 * 27 * 3);
const t3Index = new Int16Array(512).fill(-1);
const colOfDigit = new Int8Array(9 * 3); // [d * 3 + stack] = column holding d in that stack
const parent = new Int8Array(9);

function find(x: number): number {
  while (parent[x] !== x) x = parent[x] = parent[parent[x]];
  return x;
}

/** DIGITS3[3m..3m+2]: the digits of a 3-bit mask m, ascending. */
const DIGITS3 = (() => {
  const t = new Int8Array(512 * 3);
  for (let m = 0; m < 512; m++) {
    const ds = bitsOf(m);
    if (ds.length === 3) t.set(ds, 3 * m);
  }
  return t;
})();

/** Fill the scratch tables for S (nine 3-sets, each stack split). */
function prepare(S: ColumnSets): void {
  for (let c = 0; c < 9; c++) {
    const s = (c / 3) | 0;
    for (let x = 0; x < 3; x++) colOfDigit[DIGITS3[3 * S[c] + x] * 3 + s] = c;
  }
  for (let s = 0; s < 3; s++) {
    const a = 3 * S[3 * s];
    const b = 3 * S[3 * s + 1];
    const c = 3 * S[3 * s + 2];
    const s1 = (s + 1) % 3;
    const s2 = (s + 2) % 3;
    let k = s * 27;
    for (let xa = 0; xa < 3; xa++) {
      const da = DIGITS3[a + xa];
      for (let xb = 0; xb < 3; xb++) {
        const db = DIGITS3[b + xb];
        for (let xc = 0; xc < 3; xc++) {
          const dc = DIGITS3[c + xc];
          tMask[k] = (1 << da) | (1 << db) | (1 << dc);
          const e = k * 3;
          tDigits[e] = da;
          tDigits[e + 1] = db;
          tDigits[e + 2] = dc;
          edgeA[e] = colOfDigit[da * 3 + s1];
          edgeB[e] = colOfDigit[da * 3 + s2];
          edgeA[e + 1] = colOfDigit[db * 3 + s1];
          edgeB[e + 1] = colOfDigit[db * 3 + s2];
          edgeA[e + 2] = colOfDigit[dc * 3 + s1];
          edgeB[e + 2] = colOfDigit[dc * 3 + s2];
          k++;
        }
      }
    }
  }
  for (let k = 0; k < 27; k++) t3Index[tMask[54 + k]] = k;
}

/** Undo prepare's marks in t3Index (cheaper than clearing all 512). */
function unprepare(): void {
  for (let k = 0; k < 27; k++) t3Index[tMask[54 + k]] = -1;
}

/** Join the three edges transversal t leaves; returns how many joined two components. */
function join(t: number): number {
  let joined = 0;
  for (let x = t * 3; x < t * 3 + 3; x++) {
    const a = find(edgeA[x]);
    const b = find(edgeB[x]);
    if (a !== b) {
      parent[a] = b;
      joined++;
    }
  }
  return joined;
}

/** Cycles left by the matching whose stack transversals are i, j, k (indices within stacks). */
function cycles(i: number, j: number, k: number): number {
  for (let c = 0; c < 9; c++) parent[c] = c;
  return 9 - join(i) - join(27 + j) - join(54 + k);
}

/** 4^i for i < 26: the place values of shapeKey. */
const POW4 = Float64Array.from({ length: 26 }, (_, i) => 4 ** i);
/** Position (0, 1, 2) within its stack of the column holding each digit, [d * 3 + stack]. */
const placeOfDigit = new Int8Array(9 * 3);

/**
 * The shape of S: for each of the 27 cells (a, b, c) of a 3x3x3 cube, how many digits sit in
 * column a of stack 1, column b of stack 2 and column c of stack 3. Two S with the same shape
 * differ only by renaming digits, which maps fillings one to one, so they have the same R.
 * Each count is at most 3 (a column holds three digits), so the counts are base-4 digits; the
 * last cell's count follows from the others (nine digits in all) and is left out, which keeps
 * the key below 4^26 = 2^52, an exact integer.
 */
function shapeKey(S: ColumnSets): number {
  for (let c = 0; c < 9; c++) {
    const s = (c / 3) | 0;
    const at = c - 3 * s;
    const m = 3 * S[c];
    placeOfDigit[DIGITS3[m] * 3 + s] = at;
    placeOfDigit[DIGITS3[m + 1] * 3 + s] = at;
    placeOfDigit[DIGITS3[m + 2] * 3 + s] = at;
  }
  let key = 0;
  for (let d = 0; d < 9; d++) {
    const cell = placeOfDigit[d * 3] * 9 + placeOfDigit[d * 3 + 1] * 3 + placeOfDigit[d * 3 + 2];
    if (cell < 26) key += POW4[cell];
  }
  return key;
}

/** R by shape, filled as shapes are met (a few thousand shapes occur; see the uniform test). */
const arrangementsByShape = new Map<number, number>();

/** Shapes remembered so far (for tests and benchmarks). */
export const shapeCount = () => arrangementsByShape.size;

/** R(S): the number of ways to fill a band with column sets S (remembered by shape). */
export function bandArrangements(S: ColumnSets): number {
  const key = shapeKey(S);
  const known = arrangementsByShape.get(key);
  if (known !== undefined) return known;
  const r = countArrangements(S);
  arrangementsByShape.set(key, r);
  return r;
}

/** R(S) counted from scratch: every perfect matching of row 1 and its cycles (Fact C). */
export function countArrangements(S: ColumnSets): number {
  prepare(S);
  let total = 0;
  for (let i = 0; i < 27; i++) {
    const m1 = tMask[i];
    for (let j = 0; j < 27; j++) {
      const m2 = tMask[27 + j];
      if (m1 & m2) continue;
      const k = t3Index[0x1ff ^ m1 ^ m2];
      if (k < 0) continue;
      total += 1 << cycles(i, j, k);
    }
  }
  unprepare();
  return total;
}

/**
 * Fill a band with column sets S uniformly among its R(S) fillings, writing rows into `grid`
 * from row `row0`. `total` must be R(S).
 */
export function fillBand(S: ColumnSets, total: number, rng: Rng, grid: Uint8Array, row0: number): void {
  prepare(S);
  let pick = rng.below(total);
  for (let i = 0; i < 27; i++) {
    for (let j = 0; j < 27; j++) {
      if (tMask[i] & tMask[27 + j]) continue;
      const k = t3Index[0x1ff ^ tMask[i] ^ tMask[27 + j]];
      if (k < 0) continue;
      const w = 1 << cycles(i, j, k);
      if (pick >= w) {
        pick -= w;
        continue;
      }
      // Row 1 is this matching.
      const first = new Int8Array(9);
      [i, 27 + j, 54 + k].forEach((t, s) => {
        for (let x = 0; x < 3; x++) first[3 * s + x] = tDigits[t * 3 + x];
      });
      // Row 2: walk each cycle of what is left, choosing one of its two orientations.
      const second = new Int8Array(9).fill(-1);
      const rest = (c: number) => bitsOf(S[c] & ~(1 << first[c]));
      for (let c0 = 0; c0 < 9; c0++) {
        if (second[c0] >= 0) continue;
        const pair = rest(c0);
        let c = c0;
        second[c] = pair[rng.below(2)];
        // b goes to row 3 here, so row 2 in b's other free column; follow it round.
        for (;;) {
          const carry = rest(c).find((d) => d !== second[c])!;
          let next = -1;
          for (let s = 0; s < 3; s++) {
            const cc = colOfDigit[carry * 3 + s];
            if (cc !== c && first[cc] !== carry) next = cc;
          }
          if (next === c0 || second[next] >= 0) break;
          second[next] = carry;
          c = next;
        }
      }
      for (let c = 0; c < 9; c++) {
        grid[row0 * 9 + c] = first[c];
        grid[(row0 + 1) * 9 + c] = second[c];
        grid[(row0 + 2) * 9 + c] = 31 - Math.clz32(S[c] & ~(1 << first[c]) & ~(1 << second[c]));
      }
      unprepare();
      return;
    }
  }
  throw new Error('fillBand: pick out of range (total is not R(S))');
}

/** All 56 ways to choose box 2's row sets when box 1's rows are {0,1,2}, {3,4,5}, {6,7,8}. */
const BOX2_ROW_SETS: [number, number, number][] = (() => {
  const out: [number, number, number][] = [];
  const rows = [0b000000111, 0b000111000, 0b111000000];
  const triples: number[] = [];
  for (let m = 0; m < 512; m++) if (bitsOf(m).length === 3) triples.push(m);
  for (const b0 of triples) {
    if (b0 & rows[0]) continue;
    for (const b1 of triples) {
      if (b1 & (rows[1] | b0)) continue;
      const b2 = 0x1ff ^ b0 ^ b1;
      if (b2 & rows[2]) continue;
      // Box 3's rows are what is left of each row; they must not clash with the row's box 1 or box 2 part.
      out.push([b0, b1, b2]);
    }
  }
  return out;
})();

export const BOX2_CHOICES = BOX2_ROW_SETS.length;

/** A uniformly random band 1 (rows 0-2 of `grid`, digits 0..8, box 1 in reading order). */
function drawBand1(rng: Rng, grid: Uint8Array): void {
  const [b0, b1, b2] = BOX2_ROW_SETS[rng.below(BOX2_ROW_SETS.length)];
  const box2 = [b0, b1, b2];
  for (let r = 0; r < 3; r++) {
    const box1 = 0b111 << (3 * r);
    const box3 = 0x1ff ^ box1 ^ box2[r];
    const parts = [bitsOf(box1), rng.shuffle(bitsOf(box2[r])), rng.shuffle(bitsOf(box3))];
    for (let s = 0; s < 3; s++) for (let x = 0; x < 3; x++) grid[r * 9 + 3 * s + x] = parts[s][x];
  }
}

/** Column sets of the band starting at row r0. */
function columnSets(grid: Uint8Array, r0: number, out: ColumnSets): ColumnSets {
  for (let c = 0; c < 9; c++) out[c] = (1 << grid[r0 * 9 + c]) | (1 << grid[(r0 + 1) * 9 + c]) | (1 << grid[(r0 + 2) * 9 + c]);
  return out;
}

/** A uniform choice of band 2's column sets X given band 1's sets Y (Fact B). */
function drawX(Y: ColumnSets, rng: Rng, X: ColumnSets): void {
  for (let s = 0; s < 9; s += 3) {
    // k digits of Y0 go to column 1 with probability C(3,k)³ / 56.
    const u = rng.below(56);
    const k = u < 1 ? 0 : u < 28 ? 1 : u < 55 ? 2 : 3;
    const y0 = rng.shuffle(bitsOf(Y[s]));
    const y1 = rng.shuffle(bitsOf(Y[s + 1]));
    const y2 = rng.shuffle(bitsOf(Y[s + 2]));
    const mask = (ds: number[]) => ds.reduce((m, d) => m | (1 << d), 0);
    // Y0: k to column 1, the rest to column 2. Y2: k to column 0, the rest to column 1.
    // Y1: 3-k to column 0, the rest to column 2.
    X[s] = mask(y2.slice(0, k)) | mask(y1.slice(0, 3 - k));
    X[s + 1] = mask(y0.slice(0, k)) | mask(y2.slice(k));
    X[s + 2] = mask(y0.slice(k)) | mask(y1.slice(3 - k));
  }
}

/** Attempts made by fillUniform since the counter was last reset (for tests and benchmarks). */
export const uniformStats = { attempts: 0, accepted: 0 };

export function fillUniform(rng: Rng): Grid {
  const g = new Uint8Array(81);
  const Y = new Int32Array(9);
  const X = new Int32Array(9);
  const Z = new Int32Array(9);
  for (;;) {
    uniformStats.attempts++;
    drawBand1(rng, g);
    columnSets(g, 0, Y);
    drawX(Y, rng, X);
    const rx = bandArrangements(X);
    if (rng.below(R_MAX) >= rx) continue;
    for (let c = 0; c < 9; c++) Z[c] = 0x1ff ^ Y[c] ^ X[c];
    const rz = bandArrangements(Z);
    if (rng.below(R_MAX) >= rz) continue;
    uniformStats.accepted++;
    fillBand(X, rx, rng, g, 3);
    fillBand(Z, rz, rng, g, 6);
    const relabel = rng.permutation(9);
    for (let i = 0; i < 81; i++) g[i] = relabel[g[i]] + 1;
    return g;
  }
}
