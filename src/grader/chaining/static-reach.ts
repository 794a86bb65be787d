/**
 * Where static cell and region forcing chains can start, told from a link graph's reachable
 * sets (link-graph.ts) without following any chain: a cell all of whose candidates, or all of
 * whose digit's places in a unit, have no consequence in common starts none.
 */
import { POPCOUNT } from '../../core/digits.js';
import { UNIT_CELLS } from '../../core/units.js';
import type { LinkGraph } from './link-graph.js';
import { CELL_UNITS } from './links.js';

const keys = new Int32Array(9);

/**
 * On the graph `g` of the grid `cands`: mark in `out` the cells from which a static cell or region
 * forcing chain (cells with three candidates or more, as static multiple chains start) could
 * start: all candidates of the cell, or all places of one of its digits in a unit whose first
 * place it is, have a consequence in common. Other cells can be skipped.
 */
export function markChainStarts(g: LinkGraph, cands: Uint16Array, values: Uint8Array, out: Uint8Array): boolean {
  out.fill(0);
  let marked = false;
  for (let cell = 0; cell < 81; cell++) {
    const m = cands[cell];
    if (values[cell] !== 0 || POPCOUNT[m] < 3) continue;
    let n = 0;
    for (let v = 0; v < 9; v++) if (m & (1 << v)) keys[n++] = (cell * 9 + v) * 2 + 1;
    if (g.shareConsequence(keys, n)) {
      out[cell] = 1;
      marked = true;
      continue;
    }
    for (let v = 0; v < 9 && !out[cell]; v++) {
      if (!(m & (1 << v))) continue;
      for (let t = 0; t < 3; t++) {
        const base = CELL_UNITS[cell * 3 + t] * 9;
        n = 0;
        let first = -1;
        for (let k = 0; k < 9; k++) {
          const c = UNIT_CELLS[base + k];
          if (!(cands[c] & (1 << v))) continue;
          if (first < 0) first = c;
          keys[n++] = (c * 9 + v) * 2 + 1;
        }
        if (first !== cell || n < 2) continue;
        if (g.shareConsequence(keys, n)) {
          out[cell] = 1;
          marked = true;
          break;
        }
      }
    }
  }
  return marked;
}
