/**
 * The counting solver for killer making: how many solutions (up to a limit, 2 proves a
 * puzzle unique) a layout of cages has over the units of a cage-less geometry. The cages are
 * a plain cage-of-cell array the making changes merge by merge, so a merge costs no new
 * geometry and no new solver.
 *
 * Candidates are bitmasks. Propagation to a fixed point: naked singles (struck from the unit
 * peers and the cage), hidden singles in units, and each changed cage's combinations by one
 * table lookup: for the empty cells' count, the sum left and the digits they still have,
 * the digits of every combination (the cells keep only those) and the digits in all of them
 * (out of the rest of any unit holding the whole cage; one with a single place in the cage is
 * placed there). Then the cell with the fewest candidates is branched on. Every level of the
 * search keeps its candidates in one preallocated stack: a search allocates nothing.
 */
import type { Geometry } from './geometry.js';
import { digitOfBit, fewestCandidates, hiddenSingles, placeOf, POP16 } from './solver.js';

/** Largest digit count the tables hold (killer sums are tabled up to 9 digits). */
const DIGITS = 9;
const MASKS = 1 << DIGITS;
const SUMS = (DIGITS * (DIGITS + 1)) / 2 + 1;

/**
 * COMBO_ANY[(k * SUMS + s) * MASKS + avail]: the digits of every set of k distinct digits of
 * `avail` adding up to s (0: none); COMBO_ALL: the digits in all of them.
 */
const COMBO_ANY = new Uint16Array((DIGITS + 1) * SUMS * MASKS);
const COMBO_ALL = new Uint16Array((DIGITS + 1) * SUMS * MASKS).fill(MASKS - 1);
for (let m = 0; m < MASKS; m++) {
  let s = 0;
  for (let d = 1; d <= DIGITS; d++) if (m & (1 << (d - 1))) s += d;
  const base = (POP16[m] * SUMS + s) * MASKS;
  // Every superset of m: m's complement's subsets, added to m.
  const rest = (MASKS - 1) & ~m;
  for (let sub = rest; ; sub = (sub - 1) & rest) {
    COMBO_ANY[base + (m | sub)] |= m;
    COMBO_ALL[base + (m | sub)] &= m;
    if (sub === 0) break;
  }
}

export class KillerCounter {
  private readonly n: number;
  private readonly cells: number;
  private readonly full: number;
  private readonly unitCount: number;
  private readonly unitCells: Uint16Array;
  private readonly unitsStart: Uint16Array;
  private readonly unitsOf: Uint16Array;
  /** Peers through units only. */
  private readonly peerStart: Uint32Array;
  private readonly peers: Uint16Array;
  /** The cage layout: cage of each cell, each cage's cells, sum and the units holding it whole. */
  private readonly cageOf: Int16Array;
  private cageStart = new Uint16Array(1);
  private cageCells = new Uint16Array(0);
  private cageSum = new Uint16Array(0);
  private cageUnitStart = new Uint16Array(1);
  private cageUnits = new Uint16Array(0);
  private cageCount = 0;
  /** The search stack: candidates and placed flags per level. */
  private readonly cand: Uint16Array;
  private readonly placed: Uint8Array;
  private readonly queue: Int32Array;
  private qt = 0;
  private readonly unitDirty: Uint8Array;
  private cageDirty = new Uint8Array(0);
  private count = 0;
  private limit = 2;
  private nodes = 0;
  private nodeLimit = Infinity;
  private aborted = false;
  /** The first solution found. */
  readonly solution: Uint8Array;

  /** `g`: the units (its cages, if any, are left out: the layout comes with `setCages`). */
  constructor(g: Geometry) {
    if (g.size > DIGITS) throw new Error(`killer counting is tabled up to ${DIGITS} digits`);
    this.n = g.size;
    this.cells = g.cellCount;
    this.full = g.full;
    this.unitCount = g.unitCount;
    this.unitCells = g.unitCells;
    this.unitsStart = g.unitsStart;
    this.unitsOf = g.unitsOf;
    const lists: number[] = [];
    this.peerStart = new Uint32Array(this.cells + 1);
    const mark = new Uint8Array(this.cells);
    for (let c = 0; c < this.cells; c++) {
      const from = lists.length;
      for (let k = g.unitsStart[c]; k < g.unitsStart[c + 1]; k++) {
        for (const p of g.unit(g.unitsOf[k])) {
          if (p !== c && !mark[p]) {
            mark[p] = 1;
            lists.push(p);
          }
        }
      }
      for (let k = from; k < lists.length; k++) mark[lists[k]] = 0;
      this.peerStart[c + 1] = lists.length;
    }
    this.peers = Uint16Array.from(lists);
    this.cageOf = new Int16Array(this.cells).fill(-1);
    this.cand = new Uint16Array((this.cells + 2) * this.cells);
    this.placed = new Uint8Array((this.cells + 2) * this.cells);
    this.queue = new Int32Array(this.cells * 4);
    this.unitDirty = new Uint8Array(this.unitCount);
    this.solution = new Uint8Array(this.cells);
  }

  /** The cages: `cageId[c]` the cage of cell c (any numbers, -1 for none), sums from `solution`, or `sums` by cage id. */
  setCages(cageId: ArrayLike<number>, sumOf: (id: number, cells: readonly number[]) => number): void {
    const byId = new Map<number, number[]>();
    for (let c = 0; c < this.cells; c++) {
      if (cageId[c] < 0) continue;
      const list = byId.get(cageId[c]);
      if (list) list.push(c);
      else byId.set(cageId[c], [c]);
    }
    const count = byId.size;
    const start = new Uint16Array(count + 1);
    const cells = new Uint16Array(this.cells);
    const sums = new Uint16Array(count);
    const unitStart = new Uint16Array(count + 1);
    const units: number[] = [];
    this.cageOf.fill(-1);
    let k = 0;
    let at = 0;
    for (const [id, list] of byId) {
      for (const c of list) {
        cells[at++] = c;
        this.cageOf[c] = k;
      }
      start[k + 1] = at;
      sums[k] = sumOf(id, list);
      const first = list[0];
      for (let j = this.unitsStart[first]; j < this.unitsStart[first + 1]; j++) {
        const u = this.unitsOf[j];
        const unit = this.unitCells.subarray(u * this.n, (u + 1) * this.n);
        if (list.every((c) => unit.includes(c))) units.push(u);
      }
      unitStart[k + 1] = units.length;
      k++;
    }
    // The sum rule over each unit: its cells outside the cages it holds whole add up to what
    // those cages leave of the unit's sum, and are distinct: one more cage (a virtual one).
    const unitSum = (this.n * (this.n + 1)) / 2;
    const whole = new Uint8Array(count);
    const cellList: number[] = Array.from(cells.subarray(0, at));
    const startList: number[] = Array.from(start);
    const sumList: number[] = Array.from(sums);
    for (let u = 0; u < this.unitCount; u++) {
      whole.fill(0);
      for (let j = 0; j < count; j++) for (let i = unitStart[j]; i < unitStart[j + 1]; i++) if (units[i] === u) whole[j] = 1;
      let rest = unitSum;
      const loose: number[] = [];
      for (let i = 0; i < this.n; i++) {
        const c = this.unitCells[u * this.n + i];
        const cage = this.cageOf[c];
        if (cage >= 0 && whole[cage]) {
          if (cells[start[cage]] === c) rest -= sums[cage];
        } else loose.push(c);
      }
      if (loose.length === 0 || loose.length === this.n) continue;
      cellList.push(...loose);
      startList.push(cellList.length);
      sumList.push(rest);
      units.push(u);
    }
    const total = sumList.length;
    const uStart = new Uint16Array(total + 1);
    uStart.set(unitStart);
    for (let j = count; j < total; j++) uStart[j + 1] = uStart[j] + 1;
    this.cageCount = total;
    this.cageStart = Uint16Array.from(startList);
    this.cageCells = Uint16Array.from(cellList);
    this.cageSum = Uint16Array.from(sumList);
    this.cageUnitStart = uStart;
    this.cageUnits = Uint16Array.from(units);
    // The cages (real and virtual) of each cell.
    const per: number[][] = Array.from({ length: this.cells }, () => []);
    for (let j = 0; j < total; j++) for (let i = this.cageStart[j]; i < this.cageStart[j + 1]; i++) per[this.cageCells[i]].push(j);
    this.consStart = new Uint16Array(this.cells + 1);
    for (let c = 0; c < this.cells; c++) this.consStart[c + 1] = this.consStart[c] + per[c].length;
    this.consOf = Uint16Array.from(per.flat());
    if (this.cageDirty.length < total) this.cageDirty = new Uint8Array(total);
  }

  /** The cages, real and virtual, of cell c: consOf[consStart[c] .. consStart[c + 1]). */
  private consStart = new Uint16Array(1);
  private consOf = new Uint16Array(0);

  /** Whether cell c is in cage k (real or virtual). */
  private inCage(c: number, k: number): boolean {
    for (let i = this.consStart[c], end = this.consStart[c + 1]; i < end; i++) if (this.consOf[i] === k) return true;
    return false;
  }

  /**
   * The number of solutions of `puzzle` (givens, 0 empty) under the cages, counted up to
   * `limit`; with `forbid`, `digit` ruled out of `cell` first. `aborted` when the search
   * passed `nodeLimit` nodes (the count is then a lower bound).
   */
  run(puzzle: Uint8Array, limit: number, nodeLimit = Infinity, forbid?: { cell: number; digit: number }): { count: number; aborted: boolean; nodes: number } {
    this.count = 0;
    this.limit = limit;
    this.nodes = 0;
    this.nodeLimit = nodeLimit;
    this.aborted = false;
    const { cand, placed, cells } = this;
    placed.fill(0, 0, cells);
    for (let c = 0; c < cells; c++) cand[c] = puzzle[c] === 0 ? this.full : 1 << (puzzle[c] - 1);
    let ok = true;
    if (forbid) {
      cand[forbid.cell] &= ~(1 << (forbid.digit - 1));
      ok = cand[forbid.cell] !== 0;
    }
    if (ok) this.search(0, -1);
    return { count: this.count, aborted: this.aborted, nodes: this.nodes };
  }

  private search(depth: number, branch: number): void {
    const { cand, placed, cells } = this;
    const o = depth * cells;
    if (!this.propagate(o, branch)) return;
    if (++this.nodes > this.nodeLimit) {
      this.aborted = true;
      return;
    }
    const best = fewestCandidates(cand, o, cells);
    if (best < 0) {
      if (this.count === 0) for (let c = 0; c < cells; c++) this.solution[c] = digitOfBit(cand[o + c]);
      this.count++;
      return;
    }
    let m = cand[o + best];
    const o2 = o + cells;
    while (m) {
      const b = m & -m;
      m ^= b;
      cand.copyWithin(o2, o, o + cells);
      placed.copyWithin(o2, o, o + cells);
      cand[o2 + best] = b;
      this.search(depth + 1, best);
      if (this.count >= this.limit || this.aborted) return;
    }
  }

  /** Cell c's candidates changed: its units and cage are looked at again. */
  private touch(c: number): void {
    const { unitsStart, unitsOf, unitDirty } = this;
    for (let k = unitsStart[c], end = unitsStart[c + 1]; k < end; k++) unitDirty[unitsOf[k]] = 1;
    for (let k = this.consStart[c], end = this.consStart[c + 1]; k < end; k++) this.cageDirty[this.consOf[k]] = 1;
  }

  /** Take `gone` out of cell c at level offset o: false on a contradiction. */
  private strike(o: number, c: number, gone: number): boolean {
    const m = this.cand[o + c];
    if ((m & gone) === 0) return true;
    const r = m & ~gone;
    if (r === 0) return false;
    this.cand[o + c] = r;
    this.touch(c);
    if ((r & (r - 1)) === 0) this.queue[this.qt++] = c;
    return true;
  }

  /** Singles and cage combinations to a fixed point at level offset `o`: false on a contradiction. */
  private propagate(o: number, branch: number): boolean {
    const { cand, placed, queue, cells, n, peers, peerStart, unitCells, unitDirty, cageOf, cageStart, cageCells } = this;
    const cageDirty = this.cageDirty;
    this.qt = 0;
    if (branch < 0) {
      unitDirty.fill(1);
      cageDirty.fill(1);
      for (let c = 0; c < cells; c++) {
        const m = cand[o + c];
        if (m === 0) return false;
        if (placed[o + c] === 0 && (m & (m - 1)) === 0) queue[this.qt++] = c;
      }
    } else {
      unitDirty.fill(0);
      cageDirty.fill(0);
      this.touch(branch);
      queue[this.qt++] = branch;
    }
    for (;;) {
      // Naked singles: struck from the unit peers and the cage.
      for (let qh = 0; qh < this.qt; qh++) {
        const c = queue[qh];
        if (placed[o + c]) continue;
        const b = cand[o + c];
        if (b === 0) return false;
        placed[o + c] = 1;
        for (let k = peerStart[c], end = peerStart[c + 1]; k < end; k++) if (cand[o + peers[k]] & b && !this.strike(o, peers[k], b)) return false;
        const cage = cageOf[c];
        if (cage >= 0) {
          for (let k = cageStart[cage], end = cageStart[cage + 1]; k < end; k++) {
            const p = cageCells[k];
            if (p !== c && cand[o + p] & b && !this.strike(o, p, b)) return false;
          }
        }
      }
      this.qt = 0;
      // Hidden singles: a digit with one place left in a unit.
      for (let u = 0, base = 0; u < this.unitCount; u++, base += n) {
        if (unitDirty[u] === 0) continue;
        unitDirty[u] = 0;
        let h = hiddenSingles(cand, o, unitCells, base, n, this.full);
        if (h < 0) return false;
        while (h) {
          const b = h & -h;
          h ^= b;
          const c = unitCells[base + placeOf(cand, o, unitCells, base, n, b)];
          if (cand[o + c] !== b) {
            cand[o + c] = b;
            this.touch(c);
            queue[this.qt++] = c;
          }
        }
      }
      if (this.qt > 0) continue;
      // Cage combinations, one changed cage at a time (back to singles when one gave something).
      let changed = false;
      for (let k = 0; k < this.cageCount && !changed; k++) {
        if (cageDirty[k] === 0) continue;
        cageDirty[k] = 0;
        const r = this.cage(o, k);
        if (r < 0) return false;
        if (r > 0) changed = true;
      }
      if (!changed && this.qt === 0) return true;
    }
  }

  /** One cage's combinations at level offset o: -1 on a contradiction, 1 when candidates went, 0 otherwise. */
  private cage(o: number, k: number): number {
    const { cand, cageStart, cageCells } = this;
    let used = 0;
    let avail = 0;
    let free = 0;
    let rest = this.cageSum[k];
    for (let i = cageStart[k], end = cageStart[k + 1]; i < end; i++) {
      const m = cand[o + cageCells[i]];
      if ((m & (m - 1)) === 0) {
        used |= m;
        rest -= digitOfBit(m);
      } else {
        free++;
        avail |= m;
      }
    }
    if (free === 0) return rest === 0 ? 0 : -1;
    if (rest <= 0 || rest >= SUMS) return -1;
    const at = (free * SUMS + rest) * MASKS + (avail & ~used);
    const any = COMBO_ANY[at];
    if (any === 0) return -1;
    const qt = this.qt;
    let changed = 0;
    const gone = avail & ~any;
    if (gone) {
      for (let i = cageStart[k], end = cageStart[k + 1]; i < end; i++) {
        const c = cageCells[i];
        if (cand[o + c] & gone) {
          if (!this.strike(o, c, gone)) return -1;
          changed = 1;
        }
      }
    }
    const all = COMBO_ALL[at];
    if (all) {
      // Digits in every combination: out of the rest of each unit holding the cage; one place in the cage, placed there.
      for (let j = this.cageUnitStart[k], end = this.cageUnitStart[k + 1]; j < end; j++) {
        const base = this.cageUnits[j] * this.n;
        for (let i = 0; i < this.n; i++) {
          const c = this.unitCells[base + i];
          if (cand[o + c] & all && !this.inCage(c, k)) {
            if (!this.strike(o, c, all)) return -1;
            changed = 1;
          }
        }
      }
      // The places of each digit among the cells that were empty at the start of this look.
      let once = 0;
      let twice = 0;
      for (let i = cageStart[k], end = cageStart[k + 1]; i < end; i++) {
        const m = cand[o + cageCells[i]];
        if ((m & (m - 1)) === 0 && (m & used) !== 0) continue;
        twice |= once & m;
        once |= m;
      }
      if ((all & ~once) !== 0) return -1;
      let h = all & ~twice;
      while (h) {
        const b = h & -h;
        h ^= b;
        for (let i = cageStart[k], end = cageStart[k + 1]; i < end; i++) {
          const c = cageCells[i];
          const m = cand[o + c];
          if (m & b && m !== b) {
            cand[o + c] = b;
            this.touch(c);
            this.queue[this.qt++] = c;
            changed = 1;
            break;
          }
        }
      }
    }
    return changed || this.qt > qt ? 1 : 0;
  }
}
