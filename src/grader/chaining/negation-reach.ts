/**
 * Whether any statement of a grid's static link graph (link-graph.ts, cell and unit links
 * both) reaches its own negation, told without building that graph.
 *
 * A single forcing chain is a statement reaching its negation, and so is every removal of a
 * loop (a candidate seeing both ends of a loop's link is out because its "on" leads round the
 * loop to its "off"): where no statement reaches its negation, a single-chain search (chains
 * and loops, X, Y or both) finds nothing. Most inner searches of nested chains are such.
 *
 * The graph is skew-symmetric (a link a -> b comes with ¬b -> ¬a), so "off p" reaching "on p"
 * means some "on r" reaches "off r" (the first link off p -> on r also gives on r -> off p,
 * and on r reaching on p gives off p reaching off r); and "on p" reaches "off p" exactly when
 * "on p" reaches the "on" of a candidate that sees p. So only the "on" statements' reachable
 * sets are needed, and of the "off" statements only those with links of their own (a cell
 * with two candidates, or a digit with two places in a unit) carry a path on: the thousands of
 * links to the other "off" statements, which a link graph writes and its component search
 * walks, are never looked at. The component search (reach-sets.ts) runs over the "on"
 * statements and the linked "off" ones, its edges found from the units' place masks, and the
 * reachable sets hold "on" statements only.
 */
import { POPCOUNT } from '../../core/digits.js';
import { UNIT_CELLS } from '../../core/units.js';
import { CELL_UNITS, fillPlaces, PLACE_IN_UNIT, placesTable } from './links.js';
import { findComponents } from './reach-sets.js';

/** At most 729 "on" statements and 729 linked "off" ones. */
const MAX_NODES = 1458;
/** At most 20 places and 8 candidates seen from an "on", 1 + 3 from an "off". */
const MAX_EDGES = 729 * 32;
const WORDS = 23; // ceil(729 / 32)

export class NegationReach {
  private readonly places = placesTable();
  /** Per candidate: its "on" node (its dense number among the "on" statements), -1 when off the grid. */
  private readonly onId = new Int32Array(729);
  /** Per candidate: its "off" node when that statement has links, else -1. */
  private readonly offId = new Int32Array(729);
  /** Per node: its candidate; nodes below `nOn` are "on" statements. */
  private readonly nodePot = new Int16Array(MAX_NODES);
  /** Per cell: the digits (bits) whose "off" statement has links. */
  private readonly linkedDigits = new Uint16Array(81);
  /** Per unit and digit: the places (bit k: the unit's k-th cell) whose "off" statement has links. */
  private readonly linkedPlaces = new Uint16Array(27 * 9);
  private readonly start = new Int32Array(MAX_NODES + 1);
  private readonly targets = new Int32Array(MAX_EDGES);
  /** Per node: its bit in the reachable sets (the "on" statements), -1 for the "off" ones. */
  private readonly bit = new Int32Array(MAX_NODES);
  private readonly comp = new Int32Array(MAX_NODES);
  private readonly reachesAny = new Uint8Array(MAX_NODES);
  private readonly reach = new Uint32Array(MAX_NODES * WORDS);
  /** The work the last `anyNegation` cost: a unit per two edges and per four words of reachable sets merged. */
  work = 0;

  /** Whether some statement of the grid `cands` reaches its negation through one link or more. */
  anyNegation(cands: Uint16Array): boolean {
    const { places, onId, offId, nodePot, linkedDigits, linkedPlaces } = this;
    fillPlaces(cands, places);
    // Number the "on" statements, then find the "off" statements with links.
    let nOn = 0;
    onId.fill(-1);
    for (let cell = 0, pot = 0; cell < 81; cell++, pot += 9) {
      for (let m = cands[cell]; m; m &= m - 1) {
        const q = pot + 31 - Math.clz32(m & -m);
        nodePot[nOn] = q;
        onId[q] = nOn++;
      }
    }
    linkedPlaces.fill(0);
    for (let cell = 0; cell < 81; cell++) linkedDigits[cell] = POPCOUNT[cands[cell]] === 2 ? cands[cell] : 0;
    for (let k = 0; k < 243; k++) {
      const m = places[k];
      if (POPCOUNT[m] !== 2) continue;
      const base = k - (k % 9);
      const bit = 1 << k % 9;
      linkedDigits[UNIT_CELLS[base + 31 - Math.clz32(m & -m)]] |= bit;
      linkedDigits[UNIT_CELLS[base + 31 - Math.clz32(m)]] |= bit;
    }
    let nodes = nOn;
    offId.fill(-1);
    for (let cell = 0, pot = 0; cell < 81; cell++, pot += 9) {
      for (let m = linkedDigits[cell]; m; m &= m - 1) {
        const v = 31 - Math.clz32(m & -m);
        nodePot[nodes] = pot + v;
        offId[pot + v] = nodes++;
        for (let t = 0; t < 3; t++) linkedPlaces[CELL_UNITS[cell * 3 + t] * 9 + v] |= 1 << PLACE_IN_UNIT[cell * 3 + t];
      }
    }
    // Edges: "on p" -> the linked "off" statements p sees; a linked "off q" -> the "on" of its
    // cell's other candidate (two left) and of its digit's other place in each unit (two left).
    const { start, targets } = this;
    let e = 0;
    for (let n = 0; n < nOn; n++) {
      start[n] = e;
      const pot = nodePot[n];
      const cell = (pot / 9) | 0;
      const v = pot % 9;
      let others = linkedDigits[cell] & ~(1 << v);
      while (others) {
        targets[e++] = offId[cell * 9 + 31 - Math.clz32(others & -others)];
        others &= others - 1;
      }
      // The box's places, then the row's and the column's outside the box: each place once.
      const box = CELL_UNITS[cell * 3];
      const row = CELL_UNITS[cell * 3 + 1];
      const col = CELL_UNITS[cell * 3 + 2];
      e = this.placeEdges(box, v, linkedPlaces[box * 9 + v] & ~(1 << PLACE_IN_UNIT[cell * 3]), e);
      e = this.placeEdges(row, v, linkedPlaces[row * 9 + v] & ~(7 << (3 * (((col - 9) / 3) | 0))), e);
      e = this.placeEdges(col, v, linkedPlaces[col * 9 + v] & ~(7 << (3 * ((row / 3) | 0))), e);
    }
    for (let n = nOn; n < nodes; n++) {
      start[n] = e;
      const pot = nodePot[n];
      const cell = (pot / 9) | 0;
      const v = pot % 9;
      if (POPCOUNT[cands[cell]] === 2) targets[e++] = onId[cell * 9 + 31 - Math.clz32(cands[cell] & ~(1 << v))];
      for (let t = 0; t < 3; t++) {
        const unit = CELL_UNITS[cell * 3 + t];
        const others = places[unit * 9 + v] & ~(1 << PLACE_IN_UNIT[cell * 3 + t]);
        if (POPCOUNT[others] === 1) targets[e++] = onId[UNIT_CELLS[unit * 9 + 31 - Math.clz32(others)] * 9 + v];
      }
    }
    start[nodes] = e;
    const words = (nOn + 31) >>> 5;
    const bit = this.bit;
    for (let n = 0; n < nodes; n++) bit[n] = n < nOn ? n : -1;
    const merges = findComponents(nodes, start, targets, bit, words, this.comp, this.reach, this.reachesAny);
    this.work = 1 + ((merges * words) >> 2) + (e >> 1);
    // "on p" reaches "off p" when the reachable set of its component holds the "on" of a
    // candidate that sees p (the cell's other candidates, the digit's other places in its units).
    const { comp, reach, reachesAny } = this;
    for (let n = 0; n < nOn; n++) {
      const c = comp[n];
      if (!reachesAny[c]) continue;
      const r = c * words;
      const pot = nodePot[n];
      const cell = (pot / 9) | 0;
      const v = pot % 9;
      // The cell's candidates are numbered one after another.
      for (let id = n - POPCOUNT[cands[cell] & ((1 << v) - 1)], end = id + POPCOUNT[cands[cell]]; id < end; id++) {
        if (id !== n && reach[r + (id >>> 5)] & (1 << (id & 31))) return true;
      }
      for (let t = 0; t < 3; t++) {
        const unit = CELL_UNITS[cell * 3 + t];
        let m = places[unit * 9 + v] & ~(1 << PLACE_IN_UNIT[cell * 3 + t]);
        while (m) {
          const id = onId[UNIT_CELLS[unit * 9 + 31 - Math.clz32(m & -m)] * 9 + v];
          m &= m - 1;
          if (reach[r + (id >>> 5)] & (1 << (id & 31))) return true;
        }
      }
    }
    return false;
  }

  /** Edges from an "on" to the linked "off" places `m` of digit index `v` in `unit`. */
  private placeEdges(unit: number, v: number, m: number, e: number): number {
    const { targets, offId } = this;
    while (m) {
      const k = 31 - Math.clz32(m & -m);
      m &= m - 1;
      targets[e++] = offId[UNIT_CELLS[unit * 9 + k] * 9 + v];
    }
    return e;
  }
}
