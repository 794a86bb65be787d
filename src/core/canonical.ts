/**
 * Canonical form of a puzzle under the whole Sudoku group (2 · 6^8 · 9! transformations):
 * the lexicographically smallest 81-digit string (blank = 0) among all its isomorphs.
 * Two puzzles are equivalent exactly when their canonical forms are equal.
 *
 * For a fixed placement of rows and columns, the smallest relabelling numbers digits in
 * order of first appearance, so only the 2 · 6^8 placements need searching, and they are
 * searched row by row: keep every partial placement whose rows so far spell the smallest
 * prefix, extend each by the rows it may take next (the rest of its band, or the first
 * row of an unused band), keep the smallest again. Ties are all kept, so the result is
 * exact. The first row needs no digits: after relabelling it depends only on which cells
 * are blank, so a table built once gives its best column orders directly. The same holds for
 * any row while every row above it is blank, so a partial placement leaves its column order
 * open (order -1) until its first non-blank row.
 */
import type { Grid } from './grid.js';
import { PERMUTATIONS_3 } from './perms.js';
import type { Transform } from './transform.js';

/** COL_PERMS[9·i + j]: the source column shown at column j by the i-th stack-preserving order (1,296 of them). */
const COL_PERMS: Uint8Array = (() => {
  const perms3 = PERMUTATIONS_3;
  const out = new Uint8Array(1296 * 9);
  let i = 0;
  for (const stacks of perms3)
    for (const p0 of perms3)
      for (const p1 of perms3)
        for (const p2 of perms3) {
          const inner = [p0, p1, p2];
          for (let s = 0; s < 3; s++) for (let k = 0; k < 3; k++) out[i * 9 + s * 3 + k] = stacks[s] * 3 + inner[s][k];
          i++;
        }
  return out;
})();

/** For each 9-bit "filled columns" mask of a row: its smallest arrangement and the column orders that give it. */
let patternTable: { best: Uint16Array; orders: Uint16Array[] } | null = null;

function getPatternTable(): { best: Uint16Array; orders: Uint16Array[] } {
  if (patternTable) return patternTable;
  const best = new Uint16Array(512);
  const orders: Uint16Array[] = [];
  const scratch = new Uint16Array(1296);
  for (let m = 0; m < 512; m++) {
    let min = 1 << 10;
    let n = 0;
    for (let i = 0; i < 1296; i++) {
      let v = 0;
      for (let j = 0; j < 9; j++) v = (v << 1) | ((m >> COL_PERMS[i * 9 + j]) & 1);
      if (v < min) {
        min = v;
        n = 0;
      }
      if (v === min) scratch[n++] = i;
    }
    best[m] = min;
    orders.push(scratch.slice(0, n));
  }
  patternTable = { best, orders };
  return patternTable;
}

interface Partial {
  src: Grid;
  transpose: boolean;
  rows: number[];
  /** Index into COL_PERMS, or -1 while all rows so far are blank (any order will do). */
  order: number;
  labels: Uint8Array;
  next: number;
}

export interface CanonicalResult {
  /** The canonical puzzle. */
  form: Grid;
  /** A transformation taking the input to its canonical form. */
  transform: Transform;
}

function transposed(g: Grid): Grid {
  const t = new Uint8Array(81);
  for (let r = 0; r < 9; r++) for (let c = 0; c < 9; c++) t[c * 9 + r] = g[r * 9 + c];
  return t;
}

const scratchLabels = new Uint8Array(10);

function rowMask(src: Grid, r: number): number {
  let m = 0;
  for (let c = 0; c < 9; c++) if (src[r * 9 + c] !== 0) m |= 1 << c;
  return m;
}

const POW10 = [1e8, 1e7, 1e6, 1e5, 1e4, 1e3, 1e2, 1e1, 1];

/**
 * The relabelled row `r` of `p`'s source under its column order, as a 9-digit decimal key;
 * Infinity as soon as its prefix already exceeds `bound` (it cannot be the smallest).
 */
function rowKey(p: Partial, r: number, bound = Infinity): number {
  if (p.order < 0) {
    // No column order yet: the best arrangement of this row's blanks, labelled 1, 2, 3...
    const pattern = getPatternTable().best[rowMask(p.src, r)];
    let key = 0;
    let next = 1;
    for (let j = 8; j >= 0; j--) key = key * 10 + ((pattern >> j) & 1 ? next++ : 0);
    return key;
  }
  const o = p.order * 9;
  let next = p.next;
  scratchLabels.fill(0);
  let key = 0;
  for (let j = 0; j < 9; j++) {
    const v = p.src[r * 9 + COL_PERMS[o + j]];
    let lab = 0;
    if (v !== 0) {
      lab = p.labels[v] || scratchLabels[v];
      if (lab === 0) lab = scratchLabels[v] = next++;
    }
    key += lab * POW10[j];
    if (key > bound) return Infinity;
  }
  return key;
}

/** `p` followed by row `r`: one partial, or one per best column order when `p` had none yet. */
function extend(p: Partial, r: number, out: Partial[]): void {
  const rows = [...p.rows, r];
  const base = r * 9;
  if (p.order < 0) {
    const m = rowMask(p.src, r);
    if (m === 0) {
      out.push({ src: p.src, transpose: p.transpose, rows, order: -1, labels: p.labels, next: 1 });
      return;
    }
    // First non-blank row: one partial per best column order, labels fresh from this row.
    for (const order of getPatternTable().orders[m]) {
      const labels = new Uint8Array(10);
      let next = 1;
      const o = order * 9;
      for (let j = 0; j < 9; j++) {
        const v = p.src[base + COL_PERMS[o + j]];
        if (v !== 0) labels[v] = next++;
      }
      out.push({ src: p.src, transpose: p.transpose, rows, order, labels, next });
    }
    return;
  }
  const labels = p.labels.slice();
  let next = p.next;
  const o = p.order * 9;
  for (let j = 0; j < 9; j++) {
    const v = p.src[base + COL_PERMS[o + j]];
    if (v !== 0 && labels[v] === 0) labels[v] = next++;
  }
  out.push({ src: p.src, transpose: p.transpose, rows, order: p.order, labels, next });
}

/** The rows that may come next after `rows` (whole bands stay together). */
function nextRows(rows: number[]): number[] {
  const k = rows.length;
  const out: number[] = [];
  if (k % 3 !== 0) {
    const band = Math.floor(rows[k - 1] / 3);
    for (let r = band * 3; r < band * 3 + 3; r++) if (!rows.includes(r)) out.push(r);
  } else {
    for (let r = 0; r < 9; r++) if (!rows.some((x) => Math.floor(x / 3) === Math.floor(r / 3))) out.push(r);
  }
  return out;
}

export function canonicalize(puzzle: Grid): CanonicalResult {
  let partials: Partial[] = [puzzle, transposed(puzzle)].map((src, t) => ({
    src,
    transpose: t === 1,
    rows: [],
    order: -1,
    labels: new Uint8Array(10),
    next: 1,
  }));
  for (let k = 0; k < 9; k++) {
    let bestKey = Infinity;
    let keep: [Partial, number][] = [];
    for (const p of partials) {
      for (const r of nextRows(p.rows)) {
        const key = rowKey(p, r, bestKey);
        if (key < bestKey) {
          bestKey = key;
          keep = [[p, r]];
        } else if (key === bestKey) {
          keep.push([p, r]);
        }
      }
    }
    partials = [];
    for (const [p, r] of keep) extend(p, r, partials);
  }
  const win = partials[0];
  const digits = Array.from(win.labels);
  let next = win.next;
  for (let d = 1; d <= 9; d++) if (digits[d] === 0) digits[d] = next++;
  const order = Math.max(win.order, 0);
  const cols = Array.from(COL_PERMS.subarray(order * 9, order * 9 + 9));
  const form = new Uint8Array(81);
  for (let r = 0; r < 9; r++) for (let c = 0; c < 9; c++) form[r * 9 + c] = digits[win.src[win.rows[r] * 9 + cols[c]]];
  return { form, transform: { transpose: win.transpose, rows: win.rows, cols, digits } };
}

/** The canonical form of a puzzle, as an 81-character string ('.' for blanks). */
export function canonicalString(puzzle: Grid): string {
  const { form } = canonicalize(puzzle);
  let s = '';
  for (let i = 0; i < 81; i++) s += form[i] === 0 ? '.' : String(form[i]);
  return s;
}
