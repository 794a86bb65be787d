/**
 * Which single forcing chains exist on a grid that does not change, without following each:
 * the links of single forcing chains (a candidate on makes its cell's other candidates and its
 * digit's other places in its box, row and column off; a candidate off makes the last
 * candidate of its cell, or the last place of its digit in a unit, on) form a graph on the
 * 1458 statements "candidate on / off". A chain from an assumption to its own negation exists
 * exactly when the negation is reachable from the assumption in that graph. The graph's
 * strongly connected components are found (Tarjan), then each component's reachable set, as a
 * bitset, from those of the components it links to (Tarjan emits a component after all those
 * it reaches). Sound and complete for reachability, so it only tells the search where to look.
 */
import { POPCOUNT } from '../../core/digits.js';
import { UNIT_CELLS } from '../../core/units.js';
import type { Budget } from './budget.js';
import { CELL_UNITS } from './propagate.js';
import { fillPlaces, PLACE_IN_UNIT, writeOtherPlaces } from './unit-places.js';

const N = 1458;
const WORDS = 46; // ceil(1458 / 32)
const MAX_EDGES = 729 * 28 + 729 * 4;

/**
 * The links of the last grid given to computeReach, by statement: edgeStart[key] ..
 * edgeStart[key + 1] in `edges`. From "on": the cell's other digits, then the digit's places in
 * the box, row and column; from "off": the cell's last digit, then the unit's last place (box,
 * row, column), the order single forcing chains follow them in.
 */
export const edgeStart = new Int32Array(N + 1);
export const edges = new Int32Array(MAX_EDGES);
/** Why an "off" statement's link holds: the unit left with one place, or 27 (the cell's last digit). */
export const edgeWhy = new Int8Array(MAX_EDGES);
const index = new Int32Array(N);
const low = new Int32Array(N);
const onStack = new Uint8Array(N);
const stack = new Int32Array(N);
const comp = new Int32Array(N);
const callNode = new Int32Array(N);
const callEdge = new Int32Array(N);
let reach = new Uint32Array(N * WORDS);
/**
 * Reachable sets hold only the statements of candidates on the grid, numbered densely
 * (`live`), so a grid with few candidates left has short sets: `words` words each.
 */
const live = new Int32Array(N);
let words = WORDS;
/** Per component: whether it reaches anything; the last component that merged it in. */
const reachesAny = new Uint8Array(N);
const mergedInto = new Int32Array(N);

/** Places of each digit in each unit: bit k for the unit's k-th cell (filled by build). */
const places = new Uint16Array(27 * 9);

/** Node key: candidate index * 2 + (on ? 1 : 0). */
function build(cands: Uint16Array): void {
  fillPlaces(cands, places);
  let e = 0;
  for (let pot = 0; pot < 729; pot++) {
    const cell = (pot / 9) | 0;
    const v = pot % 9;
    const bit = 1 << v;
    const present = (cands[cell] & bit) !== 0;
    // off node (key pot*2)
    edgeStart[pot * 2] = e;
    if (present) {
      if (POPCOUNT[cands[cell]] === 2) {
        edgeWhy[e] = 27;
        edges[e++] = (cell * 9 + (31 - Math.clz32(cands[cell] & ~bit))) * 2 + 1;
      }
      for (let t = 0; t < 3; t++) {
        const unit = CELL_UNITS[cell * 3 + t];
        const m = places[unit * 9 + v];
        // The unit's only other place for the digit.
        if (POPCOUNT[m] !== 2) continue;
        const other = UNIT_CELLS[unit * 9 + 31 - Math.clz32(m & ~(1 << PLACE_IN_UNIT[cell * 3 + t]))];
        edgeWhy[e] = unit;
        edges[e++] = (other * 9 + v) * 2 + 1;
      }
    }
    // on node (key pot*2+1)
    edgeStart[pot * 2 + 1] = e;
    if (present) {
      const others = cands[cell] & ~bit;
      for (let w = 0; w < 9; w++) if (others & (1 << w)) edges[e++] = (cell * 9 + w) * 2;
      // The digit's other places in the box, row and column, each once.
      e = writeOtherPlaces(places, cell, v, edges, e);
    }
  }
  edgeStart[N] = e;
}

/**
 * Fill, for the grid `cands`, the reachable sets; afterwards `reaches(from, to)` answers.
 * Costs a work unit per two links and per four words of reachable sets merged.
 */
export function computeReach(cands: Uint16Array, budget: Budget): void {
  build(cands);
  let n = 0;
  for (let key = 0; key < N; key++) live[key] = cands[((key >> 1) / 9) | 0] & (1 << ((key >> 1) % 9)) ? n++ : -1;
  words = (n + 31) >>> 5;
  index.fill(-1);
  onStack.fill(0);
  let counter = 0;
  let sp = 0;
  let nComp = 0;
  if (reach.length < N * WORDS) reach = new Uint32Array(N * WORDS);
  let merges = 0;
  mergedInto.fill(-1);
  for (let root = 0; root < N; root++) {
    if (index[root] >= 0 || !(cands[(root >> 1) / 9 | 0] & (1 << ((root >> 1) % 9)))) continue;
    // Iterative Tarjan.
    let depth = 0;
    callNode[0] = root;
    callEdge[0] = edgeStart[root];
    index[root] = low[root] = counter++;
    stack[sp++] = root;
    onStack[root] = 1;
    while (depth >= 0) {
      const u = callNode[depth];
      const ei = callEdge[depth];
      if (ei < edgeStart[u + 1]) {
        callEdge[depth] = ei + 1;
        const w = edges[ei];
        if (index[w] < 0) {
          index[w] = low[w] = counter++;
          stack[sp++] = w;
          onStack[w] = 1;
          depth++;
          callNode[depth] = w;
          callEdge[depth] = edgeStart[w];
        } else if (onStack[w] && index[w] < low[u]) low[u] = index[w];
        continue;
      }
      if (low[u] === index[u]) {
        // Pop the component; its reach = members (if it loops) and what its members link to.
        const c = nComp++;
        const r = c * words;
        for (let k = r; k < r + words; k++) reach[k] = 0;
        let any = 0;
        let start = sp;
        do start--;
        while (stack[start] !== u);
        const size = sp - start;
        for (let k = start; k < sp; k++) comp[stack[k]] = c;
        for (let k = start; k < sp; k++) {
          const m = stack[k];
          onStack[m] = 0;
          const lm = live[m];
          if (size > 1) reach[r + (lm >>> 5)] |= 1 << (lm & 31);
          for (let x = edgeStart[m]; x < edgeStart[m + 1]; x++) {
            const w = edges[x];
            const cw = comp[w];
            const lw = live[w];
            reach[r + (lw >>> 5)] |= 1 << (lw & 31);
            any = 1;
            if (cw === c || !reachesAny[cw] || mergedInto[cw] === c) continue;
            mergedInto[cw] = c;
            const o = cw * words;
            for (let k2 = 0; k2 < words; k2++) reach[r + k2] |= reach[o + k2];
            merges++;
          }
        }
        reachesAny[c] = any;
        sp = start;
      }
      depth--;
      if (depth >= 0) {
        const parent = callNode[depth];
        if (low[u] < low[parent]) low[parent] = low[u];
      }
    }
  }
  budget.spend(1 + ((merges * words) >> 2) + (edgeStart[N] >> 1));
}

/** After computeReach: whether statement `to` follows from statement `from` (keys pot*2+on). */
export function reaches(from: number, to: number): boolean {
  const t = live[to];
  if (index[from] < 0 || t < 0) return false;
  const r = comp[from] * words;
  return (reach[r + (t >>> 5)] & (1 << (t & 31))) !== 0;
}

/**
 * After computeReach: the strongly connected component of a statement (statements that reach
 * each other share one), or -1 for a statement whose candidate is not on the grid. A closed
 * walk through a link exists exactly when both its ends lie in one component.
 */
export function componentOf(key: number): number {
  return index[key] < 0 ? -1 : comp[key];
}

const common = new Uint32Array(WORDS);

/** Whether the statements `keys[0..count)` have a consequence in common (after computeReach). */
function shareConsequence(keys: Int32Array, count: number): boolean {
  const r0 = comp[keys[0]] * words;
  for (let k = 0; k < words; k++) common[k] = reach[r0 + k];
  for (let i = 1; i < count; i++) {
    const r = comp[keys[i]] * words;
    let any = 0;
    for (let k = 0; k < words; k++) any |= common[k] &= reach[r + k];
    if (!any) return false;
  }
  for (let k = 0; k < words; k++) if (common[k]) return true;
  return false;
}

const keys = new Int32Array(9);

/**
 * After computeReach on `cands`: mark in `out` the cells from which a static cell or region
 * forcing chain (cells with three candidates or more, as static multiple chains start) could
 * start: all candidates of the cell, or all places of one of its digits in a unit whose first
 * place it is, have a consequence in common. Other cells can be skipped.
 */
export function markChainStarts(cands: Uint16Array, values: Uint8Array, out: Uint8Array): boolean {
  out.fill(0);
  let marked = false;
  for (let cell = 0; cell < 81; cell++) {
    const m = cands[cell];
    if (values[cell] !== 0 || POPCOUNT[m] < 3) continue;
    let n = 0;
    for (let v = 0; v < 9; v++) if (m & (1 << v)) keys[n++] = (cell * 9 + v) * 2 + 1;
    if (shareConsequence(keys, n)) {
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
        if (shareConsequence(keys, n)) {
          out[cell] = 1;
          marked = true;
          break;
        }
      }
    }
  }
  return marked;
}
