/**
 * The static implication graph of a grid, built once per search: for every potential
 * (key = candidate * 2 + on), the potentials it forces through single links, in the order
 * the chain searches take them (see unary-chains.ts):
 *
 *   on  -> off: the cell's other candidates (Y links), then the digit's other places in the
 *               box, row and column (X links, each cell once);
 *   off -> on : the cell's other candidate when it has two (Y links), then the digit's only
 *               other place in the box, row or column (X links, each once).
 *
 * Stored as compressed rows (start offsets + one target array). `reaches` answers "does
 * potential a force potential b at all", from strongly connected components and their
 * reach sets, so searches that cannot succeed are skipped.
 */
import { POPCOUNT } from '../../core/digits.js';
import { UNIT_CELLS } from '../../core/units.js';
import { CELL_UNITS } from './propagate.js';
import { fillPlaces, PLACE_IN_UNIT, writeOtherPlaces } from './unit-places.js';

const KEYS = 1458;
/** Places of each digit in each unit (unit-places.ts), filled per build. */
const PLACES = new Uint16Array(27 * 9);

/** Work arrays of the component search, shared (searches never run at the same time). */
const SCRATCH = {
  index: new Int32Array(KEYS),
  low: new Int32Array(KEYS),
  onStack: new Uint8Array(KEYS),
  stack: new Int32Array(KEYS),
  callNode: new Int32Array(KEYS),
  callEdge: new Int32Array(KEYS),
  memberStart: new Int32Array(KEYS + 1),
  members: new Int32Array(KEYS),
  fillAt: new Int32Array(KEYS),
};

export class LinkGraph {
  readonly start = new Int32Array(KEYS + 1);
  targets = new Int16Array(KEYS * 16);
  private comp = new Int32Array(KEYS);
  /** Whether some "off" leads to this key (an "on"): a loop can only close on such a candidate. */
  readonly forcedOn = new Uint8Array(KEYS);
  /** Whether each candidate is still possible (by candidate index). */
  private readonly present = new Uint8Array(729);
  private reach: Uint32Array = new Uint32Array(0);
  private words = 0;
  private reachReady = false;

  constructor(
    readonly yLinks: boolean,
    readonly xLinks: boolean,
  ) {}

  build(cands: Uint16Array): void {
    let n = 0;
    this.forcedOn.fill(0);
    const places = PLACES;
    fillPlaces(cands, places);
    for (let key = 0; key < KEYS; key++) {
      this.start[key] = n;
      if (this.targets.length - n < 40) {
        const bigger = new Int16Array(this.targets.length * 2);
        bigger.set(this.targets);
        this.targets = bigger;
      }
      const pot = key >> 1;
      const cell = (pot / 9) | 0;
      const dIndex = pot % 9;
      const bit = 1 << dIndex;
      this.present[pot] = cands[cell] & bit ? 1 : 0;
      if (!this.present[pot]) continue;
      const t = this.targets;
      if (key & 1) {
        // on -> off
        if (this.yLinks) {
          const others = cands[cell] & ~bit;
          for (let v = 0; v < 9; v++) if (others & (1 << v)) t[n++] = (cell * 9 + v) * 2;
        }
        n = writeOtherPlaces(places, cell, dIndex, t, n);
      } else {
        // off -> on
        if (this.yLinks && POPCOUNT[cands[cell]] === 2) t[n++] = (cell * 9 + (31 - Math.clz32(cands[cell] & ~bit))) * 2 + 1;
        if (!this.xLinks) continue;
        const first = n;
        for (let u = 0; u < 3; u++) {
          const unit = CELL_UNITS[cell * 3 + u];
          const m = places[unit * 9 + dIndex];
          // The unit's only other place for the digit.
          if (POPCOUNT[m] !== 2) continue;
          const other = UNIT_CELLS[unit * 9 + 31 - Math.clz32(m & ~(1 << PLACE_IN_UNIT[cell * 3 + u]))];
          const target = (other * 9 + dIndex) * 2 + 1;
          let dup = false;
          for (let k = first; k < n; k++) if (t[k] === target) dup = true;
          if (!dup) t[n++] = target;
        }
      }
    }
    this.start[KEYS] = n;
    for (let key = 0; key < KEYS; key += 2) for (let e = this.start[key]; e < this.start[key + 1]; e++) this.forcedOn[this.targets[e]] = 1;
    this.reachReady = false;
  }

  /** Whether potential key `a` forces key `b` through some chain of links. */
  reaches(a: number, b: number): boolean {
    if (!this.reachReady) this.computeReach();
    const ca = this.comp[a];
    const cb = this.comp[b];
    if (ca < 0 || cb < 0) return false;
    return (this.reach[ca * this.words + (cb >>> 5)] & (1 << (cb & 31))) !== 0;
  }

  /** Tarjan's components (emitted sinks first), then reach sets of components in that order. */
  private computeReach(): void {
    const { index, low, onStack, stack, callNode, callEdge } = SCRATCH;
    index.fill(-1);
    onStack.fill(0);
    let sp = 0;
    let counter = 0;
    let comps = 0;
    for (let root = 0; root < KEYS; root++) {
      if (index[root] >= 0) continue;
      if (this.start[root] === this.start[root + 1] && !this.present[root >> 1]) {
        this.comp[root] = -1; // an absent candidate: no links, and no link leads to it
        continue;
      }
      let depth = 0;
      callNode[0] = root;
      callEdge[0] = this.start[root];
      index[root] = low[root] = counter++;
      stack[sp++] = root;
      onStack[root] = 1;
      while (depth >= 0) {
        const v = callNode[depth];
        const e = callEdge[depth];
        if (e < this.start[v + 1]) {
          callEdge[depth]++;
          const w = this.targets[e];
          if (index[w] < 0) {
            index[w] = low[w] = counter++;
            stack[sp++] = w;
            onStack[w] = 1;
            depth++;
            callNode[depth] = w;
            callEdge[depth] = this.start[w];
          } else if (onStack[w] && index[w] < low[v]) low[v] = index[w];
          continue;
        }
        if (low[v] === index[v]) {
          let w: number;
          do {
            w = stack[--sp];
            onStack[w] = 0;
            this.comp[w] = comps;
          } while (w !== v);
          comps++;
        }
        depth--;
        if (depth >= 0) {
          const u = callNode[depth];
          if (low[v] < low[u]) low[u] = low[v];
        }
      }
    }
    // Components come out sinks first, so every successor's reach set is ready before it is used.
    this.words = (comps + 31) >>> 5;
    if (this.reach.length < comps * this.words) this.reach = new Uint32Array(comps * this.words);
    else this.reach.fill(0, 0, comps * this.words);
    // Members of each component, grouped (counting sort by component).
    const { memberStart, members } = SCRATCH;
    memberStart.fill(0, 0, comps + 1);
    for (let k = 0; k < KEYS; k++) if (this.comp[k] >= 0) memberStart[this.comp[k] + 1]++;
    for (let c = 0; c < comps; c++) memberStart[c + 1] += memberStart[c];
    const fill = SCRATCH.fillAt;
    fill.set(memberStart.subarray(0, comps));
    for (let k = 0; k < KEYS; k++) if (this.comp[k] >= 0) members[fill[this.comp[k]]++] = k;
    for (let c = 0; c < comps; c++) {
      const row = c * this.words;
      this.reach[row + (c >>> 5)] |= 1 << (c & 31);
      for (let m = memberStart[c]; m < memberStart[c + 1]; m++) {
        const v = members[m];
        for (let e = this.start[v]; e < this.start[v + 1]; e++) {
          const d = this.comp[this.targets[e]];
          if (d === c) continue;
          const other = d * this.words;
          for (let w = 0; w < this.words; w++) this.reach[row + w] |= this.reach[other + w];
        }
      }
    }
    this.reachReady = true;
  }
}
