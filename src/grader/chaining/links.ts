/**
 * The links of forcing chains, stated once. A statement is a candidate on or off (node key
 * pot * 2 + on, see potential.ts); a link says which statements one forces, by a plain
 * Sudoku rule:
 *
 *   on  -> off: the cell's other candidates (a cell link), then the digit's other places in
 *               the cell's box, row and column (unit links), each place once: the box's, then
 *               the row's and the column's outside the box;
 *   off -> on : the cell's other candidate when it has two (a cell link), then, for the box,
 *               row and column in turn, the digit's only other place in the unit (a unit link).
 *
 * That order is the order chains take links in, which decides which chain is found first.
 * The static link graph (link-graph.ts: single forcing chains, cycles, the reachability of
 * nested searches) and propagation (propagate.ts: every forcing chain's implications) both
 * write a statement's links with `writeOffLinks` / `writeOnLinks`. A digit's places in a
 * unit come from a table of masks (bit k: the unit's k-th cell), filled once per grid
 * (`fillPlaces`) and kept with the candidates as a run strikes them (`strike`).
 */
import { POPCOUNT } from '../../core/digits.js';
import { BOX_OF, COL_OF, ROW_OF, UNIT_CELLS } from '../../core/units.js';

/** The three units of each cell in the order they are looked at: box, row, column. */
export const CELL_UNITS: Uint8Array = Uint8Array.from({ length: 243 }, (_, k) => {
  const c = (k / 3) | 0;
  const t = k % 3;
  return t === 0 ? 18 + BOX_OF[c] : t === 1 ? ROW_OF[c] : 9 + COL_OF[c];
});

/** For each cell and each of its three units (CELL_UNITS order), the cell's place in the unit. */
export const PLACE_IN_UNIT: Uint8Array = Uint8Array.from({ length: 243 }, (_, k) => {
  const cell = (k / 3) | 0;
  const base = CELL_UNITS[k] * 9;
  for (let i = 0; i < 9; i++) if (UNIT_CELLS[base + i] === cell) return i;
  return 0;
});

/** Why an "on" statement holds when its cell was left with one candidate (otherwise: the unit, 0-26). */
export const CAUSE_CELL = 27;

/** A table of places: 27 x 9 masks, `unit * 9 + digit index`. */
export function placesTable(): Uint16Array {
  return new Uint16Array(27 * 9);
}

/** Fill `places` for every unit and digit from the candidates. */
export function fillPlaces(cands: Uint16Array, places: Uint16Array): void {
  places.fill(0);
  for (let cell = 0; cell < 81; cell++) {
    const m = cands[cell];
    if (!m) continue;
    for (let t = 0; t < 3; t++) {
      const base = CELL_UNITS[cell * 3 + t] * 9;
      const at = 1 << PLACE_IN_UNIT[cell * 3 + t];
      for (let rest = m; rest; rest &= rest - 1) places[base + 31 - Math.clz32(rest & -rest)] |= at;
    }
  }
}

/** The grid `fillPlacesOf` filled its table for last, and that table. */
const lastCands = new Uint16Array(81);
const lastPlaces = placesTable();
let lastValid = false;

/**
 * Fill `places` like fillPlaces, copying the table of the last grid asked for when `cands`
 * holds the same candidates (the runs of one search all start from one grid).
 */
export function fillPlacesOf(cands: Uint16Array, places: Uint16Array): void {
  let same = lastValid;
  for (let c = 0; c < 81 && same; c++) same = lastCands[c] === cands[c];
  if (!same) {
    fillPlaces(cands, lastPlaces);
    lastCands.set(cands);
    lastValid = true;
  }
  places.set(lastPlaces);
}

/** Strike candidate `pot` from the candidates and the places table that goes with them. */
export function strike(cands: Uint16Array, places: Uint16Array, pot: number): void {
  const cell = (pot / 9) | 0;
  const v = pot % 9;
  cands[cell] &= ~(1 << v);
  for (let t = 0; t < 3; t++) places[CELL_UNITS[cell * 3 + t] * 9 + v] &= ~(1 << PLACE_IN_UNIT[cell * 3 + t]);
}

/**
 * The statements candidate `pot` on forces off, as keys (pot * 2), written to `out` from `n`;
 * returns the next free index. Without `cellLinks` (Nishio: one digit only), unit links only.
 */
export function writeOffLinks(cands: Uint16Array, places: Uint16Array, pot: number, cellLinks: boolean, out: Int32Array, n: number): number {
  const cell = (pot / 9) | 0;
  const v = pot % 9;
  if (cellLinks) {
    let others = cands[cell] & ~(1 << v);
    while (others) {
      out[n++] = (cell * 9 + 31 - Math.clz32(others & -others)) * 2;
      others &= others - 1;
    }
  }
  const box = CELL_UNITS[cell * 3];
  const row = CELL_UNITS[cell * 3 + 1];
  const col = CELL_UNITS[cell * 3 + 2];
  // In a row the k-th cell is in column k; in a column, in row k: leave out the box's three.
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

/**
 * The statements candidate `pot` off forces on, as keys (pot * 2 + 1), written to `out` from
 * `n`, each with why it holds in `why` (CAUSE_CELL, or the unit left with one place); returns
 * the next free index. `cellLinks` / `unitLinks` pick the kinds of link followed. A place that
 * is the last in two units is written for each.
 */
export function writeOnLinks(
  cands: Uint16Array,
  places: Uint16Array,
  pot: number,
  cellLinks: boolean,
  unitLinks: boolean,
  out: Int32Array,
  why: Int8Array,
  n: number,
): number {
  const cell = (pot / 9) | 0;
  const v = pot % 9;
  if (cellLinks && POPCOUNT[cands[cell]] === 2) {
    why[n] = CAUSE_CELL;
    out[n++] = (cell * 9 + (31 - Math.clz32(cands[cell] & ~(1 << v)))) * 2 + 1;
  }
  if (!unitLinks) return n;
  for (let t = 0; t < 3; t++) {
    const unit = CELL_UNITS[cell * 3 + t];
    const others = places[unit * 9 + v] & ~(1 << PLACE_IN_UNIT[cell * 3 + t]);
    if (POPCOUNT[others] !== 1) continue;
    why[n] = unit;
    out[n++] = (UNIT_CELLS[unit * 9 + 31 - Math.clz32(others)] * 9 + v) * 2 + 1;
  }
  return n;
}
