/**
 * The static link graph of a grid: for every statement (key = candidate * 2 + on), the
 * statements it forces through single links (links.ts), in the order chains take them,
 * stored as compressed rows (start offsets + one target array), with why each "off -> on"
 * link holds. Built once per grid a search works on; every search on that grid (single
 * forcing chains and cycles, and the nested searches' pruning) reads the same instance.
 *
 * A graph may follow cell links (Y: between a cell's candidates) or not, and unit links from
 * "off" (X: a unit's last place) or not; "on" always makes the digit's other places in the
 * cell's units off. `reaches`, `componentOf` and `shareConsequence` answer from the graph's
 * reachable sets (reach-sets.ts), computed on first use after a build.
 */
import { fillPlaces, placesTable, writeOffLinks, writeOnLinks } from './links.js';
import { ReachSets } from './reach-sets.js';

const KEYS = 1458;
/** At most 8 other candidates and 20 other places from "on", 1 + 3 from "off". */
const MAX_EDGES = 729 * 32;

export class LinkGraph {
  readonly start = new Int32Array(KEYS + 1);
  readonly targets = new Int32Array(MAX_EDGES);
  /** Why each "off -> on" link holds: the unit left with one place, or CAUSE_CELL. */
  readonly why = new Int8Array(MAX_EDGES);
  private readonly places = placesTable();
  private readonly cands = new Uint16Array(81);
  private readonly sets = new ReachSets();
  private readonly forced = new Uint8Array(KEYS);
  private reachReady = false;
  private forcedReady = false;

  constructor(
    /** Follow links between a cell's candidates (Y). */
    readonly cellLinks = true,
    /** Follow a unit's last place from "off" (X). */
    readonly unitLinks = true,
  ) {}

  build(cands: Uint16Array): void {
    const { start, targets, why, places } = this;
    this.cands.set(cands);
    fillPlaces(cands, places);
    let n = 0;
    for (let cell = 0, pot = 0; cell < 81; cell++) {
      const m = cands[cell];
      if (m === 0) {
        start.fill(n, pot * 2, pot * 2 + 18);
        pot += 9;
        continue;
      }
      for (let bit = 1; bit < 512; bit <<= 1, pot++) {
        start[pot * 2] = n;
        if (m & bit) n = writeOnLinks(cands, places, pot, this.cellLinks, this.unitLinks, targets, why, n);
        start[pot * 2 + 1] = n;
        if (m & bit) n = writeOffLinks(cands, places, pot, this.cellLinks, targets, n);
      }
    }
    start[KEYS] = n;
    this.reachReady = false;
    this.forcedReady = false;
  }

  /** Compute the reachable sets now (else on first use); returns the work it cost. */
  computeReach(): number {
    this.reachReady = true;
    return this.sets.compute(this.start, this.targets, this.cands);
  }

  /** Whether statement `to` follows from statement `from` through one link or more. */
  reaches(from: number, to: number): boolean {
    if (!this.reachReady) this.computeReach();
    return this.sets.reaches(from, to);
  }

  /** The strongly connected component of a statement, -1 when its candidate is not on the grid. */
  componentOf(key: number): number {
    if (!this.reachReady) this.computeReach();
    return this.sets.componentOf(key);
  }

  /** Whether the statements `keys[0..count)` have a consequence in common. */
  shareConsequence(keys: Int32Array, count: number): boolean {
    if (!this.reachReady) this.computeReach();
    return this.sets.shareConsequence(keys, count);
  }

  /** Whether some "off" links to this "on" statement: a loop can only close on such a candidate. */
  forcedOn(key: number): boolean {
    if (!this.forcedReady) {
      this.forced.fill(0);
      for (let e = 0; e < this.start[KEYS]; e++) if (this.targets[e] & 1) this.forced[this.targets[e]] = 1;
      this.forcedReady = true;
    }
    return this.forced[key] === 1;
  }
}
