/**
 * Geometry of the 9x9 grid. Cells are numbered 0..80 row by row:
 *
 *    0  1  2 |  3  4  5 |  6  7  8
 *    9 10 11 | 12 13 14 | 15 16 17
 *   ...
 *   72 73 74 | 75 76 77 | 78 79 80
 *
 * Units are numbered 0..26: rows 0-8, columns 9-17, boxes 18-26.
 */
export const ROW_OF: Uint8Array = Uint8Array.from({ length: 81 }, (_, i) => Math.floor(i / 9));
export const COL_OF: Uint8Array = Uint8Array.from({ length: 81 }, (_, i) => i % 9);
export const BOX_OF: Uint8Array = Uint8Array.from(
  { length: 81 },
  (_, i) => Math.floor(Math.floor(i / 9) / 3) * 3 + Math.floor((i % 9) / 3),
);

/** UNITS[u] lists the 9 cells of unit u (rows, then columns, then boxes). */
export const UNITS: readonly (readonly number[])[] = Object.freeze(
  [
    ...Array.from({ length: 9 }, (_, r) => Array.from({ length: 9 }, (_, c) => r * 9 + c)),
    ...Array.from({ length: 9 }, (_, c) => Array.from({ length: 9 }, (_, r) => r * 9 + c)),
    ...Array.from({ length: 9 }, (_, b) =>
      Array.from({ length: 9 }, (_, k) => (Math.floor(b / 3) * 3 + Math.floor(k / 3)) * 9 + (b % 3) * 3 + (k % 3)),
    ),
  ].map((u) => Object.freeze(u)),
);

/** UNIT_CELLS: UNITS flattened, 27 x 9, for hot loops. */
export const UNIT_CELLS: Uint8Array = Uint8Array.from(UNITS.flat());

/** PEERS[cell]: the 20 other cells sharing a row, column or box with it. */
export const PEERS: readonly (readonly number[])[] = Object.freeze(
  Array.from({ length: 81 }, (_, i) => {
    const set = new Set<number>();
    for (const u of [ROW_OF[i], 9 + COL_OF[i], 18 + BOX_OF[i]]) for (const c of UNITS[u]) if (c !== i) set.add(c);
    return Object.freeze([...set].sort((a, b) => a - b));
  }),
);

/** PEER_CELLS: PEERS flattened, 81 x 20, for hot loops. */
export const PEER_CELLS: Uint8Array = Uint8Array.from(PEERS.flat());

/** The three units of each cell: [row, column, box] unit numbers. */
export const UNITS_OF: readonly (readonly number[])[] = Object.freeze(
  Array.from({ length: 81 }, (_, i) => Object.freeze([ROW_OF[i], 9 + COL_OF[i], 18 + BOX_OF[i]])),
);

/** "r3c5" for a cell number. */
export function cellName(cell: number): string {
  return `r${ROW_OF[cell] + 1}c${COL_OF[cell] + 1}`;
}

/** "row 3", "column 5", "box 7" for a unit number. */
export function unitName(unit: number): string {
  if (unit < 9) return `row ${unit + 1}`;
  if (unit < 18) return `column ${unit - 8}`;
  return `box ${unit - 17}`;
}
