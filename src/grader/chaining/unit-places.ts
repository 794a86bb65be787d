/**
 * Where each digit can still go in each unit, as 9-bit masks (bit k: the unit's k-th cell),
 * for the link-graph builders: a digit's only other place in a unit, or its other places
 * seen from a cell, come from a mask instead of a scan of the unit's cells.
 */
import { UNIT_CELLS } from '../../core/units.js';
import { CELL_UNITS } from './propagate.js';

/** For each cell and each of its three units (box, row, column: CELL_UNITS order), the cell's place in the unit. */
export const PLACE_IN_UNIT: Uint8Array = Uint8Array.from({ length: 243 }, (_, k) => {
  const cell = (k / 3) | 0;
  const base = CELL_UNITS[k] * 9;
  for (let i = 0; i < 9; i++) if (UNIT_CELLS[base + i] === cell) return i;
  return 0;
});

/** Fill `places` (27 x 9: unit * 9 + digit index) from the candidates. */
export function fillPlaces(cands: Uint16Array, places: Uint16Array): void {
  places.fill(0);
  for (let cell = 0; cell < 81; cell++) {
    const m = cands[cell];
    if (!m) continue;
    for (let t = 0; t < 3; t++) {
      const base = CELL_UNITS[cell * 3 + t] * 9;
      const at = 1 << PLACE_IN_UNIT[cell * 3 + t];
      for (let v = 0; v < 9; v++) if (m & (1 << v)) places[base + v] |= at;
    }
  }
}

/**
 * Write the "off" node keys ((cell * 9 + v) * 2) of digit index v's other places seen from
 * `cell` into `out` from index `n`, each once, in order: the box's places, then the row's and
 * the column's outside the box (in a row the k-th cell is in column k; in a column, in row k).
 * Returns the next free index.
 */
export function writeOtherPlaces(places: Uint16Array, cell: number, v: number, out: Int16Array | Int32Array, n: number): number {
  const box = CELL_UNITS[cell * 3];
  const row = CELL_UNITS[cell * 3 + 1];
  const col = CELL_UNITS[cell * 3 + 2];
  let m = places[box * 9 + v] & ~(1 << PLACE_IN_UNIT[cell * 3]);
  while (m) {
    const k = 31 - Math.clz32(m & -m);
    m &= m - 1;
    out[n++] = (UNIT_CELLS[box * 9 + k] * 9 + v) * 2;
  }
  m = places[row * 9 + v] & ~(7 << (3 * (((col - 9) / 3) | 0)));
  while (m) {
    const k = 31 - Math.clz32(m & -m);
    m &= m - 1;
    out[n++] = (UNIT_CELLS[row * 9 + k] * 9 + v) * 2;
  }
  m = places[col * 9 + v] & ~(7 << (3 * ((row / 3) | 0)));
  while (m) {
    const k = 31 - Math.clz32(m & -m);
    m &= m - 1;
    out[n++] = (UNIT_CELLS[col * 9 + k] * 9 + v) * 2;
  }
  return n;
}
