/**
 * Tables shared by the uniqueness techniques (unique loops, BUG). They look at the three
 * regions of a cell in a fixed order, box first, then row, then column, and they try cell
 * subsets of a region in increasing bitmask order; both orders decide which deduction is
 * reported first, so they live here once.
 *
 *   CELL_REGION_UNIT[cell * 3 + t]  t = 0 box, 1 row, 2 column  -> unit number (units.ts)
 *   CELL_REGION_POS[cell * 3 + t]   position of the cell inside that unit (0..8)
 */
import { POPCOUNT } from '../../core/digits.js';
import { BOX_OF, COL_OF, ROW_OF, UNITS } from '../../core/units.js';

/** Region kinds in the order the uniqueness techniques visit them. */
export const REGION_KINDS = 3;

export const CELL_REGION_UNIT: Uint8Array = (() => {
  const t = new Uint8Array(81 * 3);
  for (let c = 0; c < 81; c++) {
    t[c * 3] = 18 + BOX_OF[c];
    t[c * 3 + 1] = ROW_OF[c];
    t[c * 3 + 2] = 9 + COL_OF[c];
  }
  return t;
})();

export const CELL_REGION_POS: Uint8Array = (() => {
  const t = new Uint8Array(81 * 3);
  for (let c = 0; c < 81; c++) for (let k = 0; k < 3; k++) t[c * 3 + k] = UNITS[CELL_REGION_UNIT[c * 3 + k]].indexOf(c);
  return t;
})();

/** Units in visiting order: the 9 boxes, then the 9 rows, then the 9 columns. */
export const REGION_ORDER: Uint8Array = Uint8Array.from([18, 19, 20, 21, 22, 23, 24, 25, 26, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17]);

/**
 * SUBSETS_OF[n][k]: every k-bit mask below 2^n, in increasing order (n, k <= 9). With k = 0
 * it holds the empty mask once, except for n = 0 where it is empty.
 */
export const SUBSETS_OF: readonly (readonly Uint16Array[])[] = (() => {
  const out: Uint16Array[][] = [];
  for (let n = 0; n <= 9; n++) {
    const byK: number[][] = Array.from({ length: 10 }, () => []);
    if (n > 0) for (let m = 0; m < 1 << n; m++) byK[POPCOUNT[m]].push(m);
    out.push(byK.map((l) => Uint16Array.from(l)));
  }
  return out;
})();

/** A rating on one decimal, as printed (sums like 4.5 + 0.1 + 0.1 are not exact in binary). */
export function oneDecimal(x: number): number {
  return Math.round(x * 10) / 10;
}
