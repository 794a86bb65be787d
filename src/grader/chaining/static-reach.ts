/**
 * Where static cell and region forcing chains can start, told from a link graph's reachable
 * sets (link-graph.ts) without following any chain: a cell all of whose candidates, or all of
 * whose digit's places in a unit, have no consequence in common starts none.
 */
import { POPCOUNT } from '../../core/digits.js';
import { UNIT_CELLS } from '../../core/units.js';
import type { LinkGraph } from './link-graph.js';

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
  // Cell starts first.
  for (let cell = 0; cell < 81; cell++) {
    const m = cands[cell];
    if (values[cell] !== 0 || POPCOUNT[m] < 3) continue;
    let n = 0;
    for (let v = 0; v < 9; v++) if (m & (1 << v)) keys[n++] = (cell * 9 + v) * 2 + 1;
    if (g.shareConsequence(keys, n)) {
      out[cell] = 1;
      marked = true;
    }
  }
  // Then region starts, for the cells not marked: each digit's places in each unit once, the unit's first place asking.
  for (let u = 0; u < 27; u++) {
    const base = u * 9;
    for (let v = 0; v < 9; v++) {
      const bit = 1 << v;
      let n = 0;
      let first = -1;
      for (let k = 0; k < 9; k++) {
        const c = UNIT_CELLS[base + k];
        if (!(cands[c] & bit)) continue;
        if (first < 0) {
          first = c;
          if (out[c] || values[c] !== 0 || POPCOUNT[cands[c]] < 3) break;
        }
        keys[n++] = (c * 9 + v) * 2 + 1;
      }
      if (n < 2 || out[first] || values[first] !== 0 || POPCOUNT[cands[first]] < 3) continue;
      if (g.shareConsequence(keys, n)) {
        out[first] = 1;
        marked = true;
      }
    }
  }
  return marked;
}
