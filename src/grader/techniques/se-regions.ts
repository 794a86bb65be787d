/**
 * Regions and combinations in the order Sudoku Explainer walks them, so that a technique
 * reports the same deduction first as Sudoku Explainer does (its rating depends on it).
 *
 * Region numbers here: r = 9·type + i, type 0 = box, 1 = row, 2 = column, i = 0..8 (boxes
 * row-major). Inside a region the cells run as in our units: boxes row-major, rows left to
 * right, columns top to bottom.
 *
 *   REGION_CELLS[9·r + k]   k-th cell of region r
 *   REGION_UNIT[r]          our unit number (rows 0-8, columns 9-17, boxes 18-26), for names
 *   REGION_INDEX[81·t + c]  i such that cell c lies in region 9·t + i
 *
 * Combinations of k items out of 9 are listed as 9-bit masks in increasing numeric order
 * ({0,1}, {0,2}, {1,2}, {0,3}, ...), the order Sudoku Explainer enumerates its tuples in.
 */
import { UNITS } from '../../core/units.js';
import type { Candidates } from '../candidates.js';

export const BOX = 0;
export const ROW = 1;
export const COLUMN = 2;

/** Our unit number of region r. */
export const REGION_UNIT: Uint8Array = Uint8Array.from({ length: 27 }, (_, r) => {
  const t = Math.floor(r / 9);
  const i = r % 9;
  return t === BOX ? 18 + i : t === ROW ? i : 9 + i;
});

export const REGION_CELLS: Uint8Array = Uint8Array.from({ length: 243 }, (_, x) => UNITS[REGION_UNIT[Math.floor(x / 9)]][x % 9]);

export const REGION_INDEX: Uint8Array = (() => {
  const t = new Uint8Array(243);
  for (let r = 0; r < 27; r++) for (let k = 0; k < 9; k++) t[81 * Math.floor(r / 9) + REGION_CELLS[9 * r + k]] = r % 9;
  return t;
})();

/** Combinations of k out of 9 as masks, ascending (k = 1..4). */
export const COMBINATIONS: readonly Uint16Array[] = (() => {
  const out: Uint16Array[] = [new Uint16Array(0)];
  for (let k = 1; k <= 4; k++) {
    const list: number[] = [];
    for (let m = 0; m < 512; m++) {
      let bits = 0;
      for (let b = m; b; b &= b - 1) bits++;
      if (bits === k) list.push(m);
    }
    out.push(Uint16Array.from(list));
  }
  return out;
})();

/** Bitmask over region r's 9 positions where `bit` (a digit's bit) is a candidate. */
export function regionPositions(s: Candidates, r: number, bit: number): number {
  const cands = s.cands;
  const base = 9 * r;
  let m = 0;
  for (let k = 0; k < 9; k++) if (cands[REGION_CELLS[base + k]] & bit) m |= 1 << k;
  return m;
}

/** How many cells of region r hold no digit yet. */
export function emptyCount(s: Candidates, r: number): number {
  const values = s.values;
  const base = 9 * r;
  let n = 0;
  for (let k = 0; k < 9; k++) if (values[REGION_CELLS[base + k]] === 0) n++;
  return n;
}

/**
 * Fill `out` (243 entries) with every region's position masks: out[9·r + v] = the positions
 * of digit v + 1 in region r.
 */
export function fillPositions(s: Pick<Candidates, 'cands'>, out: Uint16Array): void {
  out.fill(0);
  const cands = s.cands;
  for (let c = 0; c < 81; c++) {
    let m = cands[c];
    if (m === 0) continue;
    const rb = 9 * (9 + REGION_INDEX[81 + c]);
    const cb = 9 * (18 + REGION_INDEX[162 + c]);
    const bb = 9 * REGION_INDEX[c];
    const rowBit = 1 << (c % 9);
    const colBit = 1 << ((c / 9) | 0);
    const boxBit = 1 << ((((c / 9) | 0) % 3) * 3 + (c % 3));
    while (m) {
      const low = m & -m;
      const v = 31 - Math.clz32(low);
      out[rb + v] |= rowBit;
      out[cb + v] |= colBit;
      out[bb + v] |= boxBit;
      m ^= low;
    }
  }
}

/** INTERSECT[27·a + b]: the positions of region a that also lie in region b. */
export const INTERSECT: Uint16Array = (() => {
  const t = new Uint16Array(27 * 27);
  // Cell k of region a lies in one region of each type: the one REGION_INDEX names.
  for (let a = 0; a < 27; a++) {
    for (let k = 0; k < 9; k++) {
      const cell = REGION_CELLS[9 * a + k];
      for (let type = 0; type < 3; type++) t[27 * a + 9 * type + REGION_INDEX[81 * type + cell]] |= 1 << k;
    }
  }
  return t;
})();
