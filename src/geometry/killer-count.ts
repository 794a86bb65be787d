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
 * placed there). Changed cages wait in a queue, the layout's before the sum rule's. Then the
 * cell with the fewest candidates is branched on. Every level of the search keeps its
 * candidates (and per cage the digits struck outside it) in one preallocated stack: a search
 * allocates nothing.
 */
import type { Geometry } from './geometry.js';
import { digitOfBit, fewestCandidates, hiddenSingles, placeOf, POP16 } from './solver.js';

/** Largest digit count the tables hold (killer sums are tabled up to 9 digits). */
const DIGITS = 9;
const MASKS = 1 << DIGITS;
const SUMS = (DIGITS * (DIGITS + 1)) / 2 + 1;

/**
 * COMBO[(k * SUMS + s) * MASKS + avail]: in the low bits the digits of every set of k distinct
 * digits of `avail` adding up to s (0: none), from bit ALL on the digits in all of them (both in
 * one entry: a look reads one place of the table).
 */
const ALL = 16;
const COMBO = new Uint32Array((DIGITS + 1) * SUMS * MASKS).fill((MASKS - 1) << ALL);
for (let m = 0; m < MASKS; m++) {
  let s = 0;
  for (let d = 1; d <= DIGITS; d++) if (m & (1 << (d - 1))) s += d;
  const base = (POP16[m] * SUMS + s) * MASKS;
  // Every superset of m: m's complement's subsets, added to m.
  const rest = (MASKS - 1) & ~m;
  for (let sub = rest; ; sub = (sub - 1) & rest) {
    COMBO[base + (m | sub)] = (COMBO[base + (m | sub)] | m) & ((m << ALL) | (MASKS - 1));
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
  /** Cages 0..cageCount-1, real ones first, then the virtual ones of the sum rule. */
  private readonly cageStart: Uint16Array;
  private readonly cageCells: Uint16Array;
  private readonly cageSum: Uint16Array;
  private readonly cageUnitStart: Uint16Array;
  private readonly cageUnits: Uint16Array;
  /** The cells of the units holding each cage whole that are not in it: outCells[outStart[k] ..]. */
  private readonly outStart: Uint16Array;
  private readonly outCells: Uint16Array;
  private cageCount = 0;
  /**
   * The search stack: per level, the candidates of each cell, then for each cage the digits
   * already struck from the cells outside it of the units holding it whole (`level` entries a level).
   */
  private readonly cand: Uint16Array;
  private readonly level: number;
  private readonly queue: Int32Array;
  private qt = 0;
  /** Cages to look at again: a flag each, and the flagged ones in a ring (each in it once). */
  private readonly cageDirty: Uint8Array;
  private readonly work: Uint16Array;
  private wh = 0;
  private readonly workV: Uint16Array;
  private vh = 0;
  private vt = 0;
  private realCount = 0;
  private wt = 0;
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
    this.peerStart = g.unitPeerStart;
    this.peers = g.unitPeers;
    this.cageOf = new Int16Array(this.cells).fill(-1);
    const most = this.cells + this.unitCount;
    this.cageStart = new Uint16Array(most + 1);
    this.cageCells = new Uint16Array(this.cells + this.unitCount * this.n);
    this.cageSum = new Uint16Array(most);
    this.cageUnitStart = new Uint16Array(most + 1);
    let unitsPerCell = 0;
    for (let c = 0; c < this.cells; c++) unitsPerCell = Math.max(unitsPerCell, g.unitsStart[c + 1] - g.unitsStart[c]);
    this.cageUnits = new Uint16Array(this.cells * unitsPerCell + this.unitCount);
    this.outStart = new Uint16Array(most + 1);
    this.outCells = new Uint16Array(this.cageUnits.length * this.n);
    this.cageDirty = new Uint8Array(most);
    this.member = new Uint8Array(this.cells * this.unitCount);
    for (let c = 0; c < this.cells; c++) for (let j = g.unitsStart[c]; j < g.unitsStart[c + 1]; j++) this.member[c * this.unitCount + g.unitsOf[j]] = 1;
    this.holds = new Uint32Array(this.cells * this.unitCount);
    this.work = new Uint16Array(most + 1);
    this.workV = new Uint16Array(most + 1);
    this.stride = unitsPerCell + 1;
    this.consCount = new Uint8Array(this.cells);
    this.consOf = new Uint16Array(this.cells * this.stride);
    this.index = new Int16Array(this.cells);
    this.size = new Uint16Array(this.cells);
    this.at = new Uint16Array(this.cells);
    this.level = this.cells + most;
    this.cand = new Uint16Array((this.cells + 2) * this.level);
    this.queue = new Int32Array(this.cells * 4);
    this.solution = new Uint8Array(this.cells);
  }

  /**
   * The cages: `cageId[c]` the cage of cell c (numbers 0 to cells - 1, -1 for none), each
   * cage's sum `sumOf(id)`. Made into tables the search reads, without allocating.
   */
  setCages(cageId: ArrayLike<number>, sumOf: (id: number) => number): void {
    const { cells, n, unitCells, unitsStart, unitsOf, cageOf, cageStart, cageCells, cageSum, cageUnitStart, cageUnits, consCount, consOf, stride } = this;
    // Cage numbers in the order of their first cells.
    const index = this.index.fill(-1);
    const size = this.size;
    let count = 0;
    for (let c = 0; c < cells; c++) {
      const id = cageId[c];
      if (id < 0) {
        cageOf[c] = -1;
        continue;
      }
      if (index[id] < 0) {
        index[id] = count;
        size[count] = 0;
        cageSum[count] = sumOf(id);
        count++;
      }
      cageOf[c] = index[id];
      size[index[id]]++;
    }
    cageStart[0] = 0;
    for (let k = 0; k < count; k++) cageStart[k + 1] = cageStart[k] + size[k];
    const at = this.at;
    for (let k = 0; k < count; k++) at[k] = cageStart[k];
    consCount.fill(0);
    for (let c = 0; c < cells; c++) {
      const k = cageOf[c];
      if (k < 0) continue;
      cageCells[at[k]++] = c;
      consOf[c * stride + consCount[c]++] = k;
    }
    // The units holding each cage whole: those of its first cell holding every other.
    const layout = ++this.layout;
    const { holds, unitCount } = this;
    let units = 0;
    for (let k = 0; k < count; k++) {
      cageUnitStart[k] = units;
      const first = cageCells[cageStart[k]];
      for (let j = unitsStart[first]; j < unitsStart[first + 1]; j++) {
        const u = unitsOf[j];
        let all = true;
        for (let i = cageStart[k] + 1; i < cageStart[k + 1] && all; i++) all = this.inUnit(cageCells[i], u);
        if (all) {
          cageUnits[units++] = u;
          holds[k * unitCount + u] = layout;
        }
      }
    }
    cageUnitStart[count] = units;
    const { outStart, outCells } = this;
    let out = 0;
    for (let k = 0; k < count; k++) {
      outStart[k] = out;
      for (let j = cageUnitStart[k]; j < cageUnitStart[k + 1]; j++) {
        for (let i = 0, base = cageUnits[j] * n; i < n; i++) if (cageOf[unitCells[base + i]] !== k) outCells[out++] = unitCells[base + i];
      }
    }
    // The sum rule over each unit: its cells outside the cages it holds whole add up to what
    // those cages leave of the unit's sum, and are distinct: one more cage (a virtual one).
    const unitSum = (n * (n + 1)) / 2;
    let total = count;
    let end = cageStart[count];
    for (let u = 0; u < this.unitCount; u++) {
      let rest = unitSum;
      const from = end;
      outStart[total] = out;
      for (let i = 0; i < n; i++) {
        const c = unitCells[u * n + i];
        const k = cageOf[c];
        if (k >= 0 && this.cageHolds(k, u)) {
          if (cageCells[cageStart[k]] === c) rest -= cageSum[k];
          outCells[out++] = c;
        } else cageCells[end++] = c;
      }
      const loose = end - from;
      if (loose === 0 || loose === n) {
        end = from;
        out = outStart[total];
        continue;
      }
      for (let i = from; i < end; i++) consOf[cageCells[i] * stride + consCount[cageCells[i]]++] = total;
      cageSum[total] = rest;
      cageUnits[units++] = u;
      total++;
      cageStart[total] = end;
      cageUnitStart[total] = units;
    }
    this.cageCount = total;
    this.realCount = count;
    outStart[total] = out;
  }

  /** Whether cell c is in unit u. */
  private inUnit(c: number, u: number): boolean {
    return this.member[c * this.unitCount + u] === 1;
  }

  /** Whether unit u holds the whole of cage k (of the layout being set). */
  private cageHolds(k: number, u: number): boolean {
    return this.holds[k * this.unitCount + u] === this.layout;
  }

  /** The cages, real and virtual, of cell c: consOf[c * stride ..], consCount[c] of them. */
  private readonly stride: number;
  private readonly consCount: Uint8Array;
  private readonly consOf: Uint16Array;
  /** member[c * unitCount + u]: 1 when cell c is in unit u. */
  private readonly member: Uint8Array;
  /** holds[k * unitCount + u] === layout: unit u holds the whole of cage k in the layout numbered `layout`. */
  private readonly holds: Uint32Array;
  private layout = 0;
  /** Work arrays of setCages. */
  private readonly index: Int16Array;
  private readonly size: Uint16Array;
  private readonly at: Uint16Array;

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
    const { cand, cells } = this;
    for (let c = 0; c < cells; c++) cand[c] = puzzle[c] === 0 ? this.full : 1 << (puzzle[c] - 1);
    cand.fill(0, cells, this.level);
    let ok = true;
    if (forbid) {
      cand[forbid.cell] &= ~(1 << (forbid.digit - 1));
      ok = cand[forbid.cell] !== 0;
    }
    if (ok) this.search(0, -1);
    return { count: this.count, aborted: this.aborted, nodes: this.nodes };
  }

  /**
   * Whether `puzzle` under the cages has a solution other than `known` (one of its solutions)
   * that differs from it in one of `cells`, looked for within `nodeLimit` search nodes. The
   * puzzle is propagated once; then for each cell in turn, the cells before it held to their
   * known digits, a search with its known digit ruled out (each from the propagated state,
   * not from the start).
   */
  differs(puzzle: Uint8Array, known: Uint8Array, cells: ArrayLike<number>, nodeLimit: number): { found: boolean; aborted: boolean; nodes: number } {
    this.count = 0;
    this.limit = 1;
    this.nodes = 0;
    this.nodeLimit = nodeLimit;
    this.aborted = false;
    const { cand, level } = this;
    for (let c = 0; c < this.cells; c++) cand[c] = puzzle[c] === 0 ? this.full : 1 << (puzzle[c] - 1);
    cand.fill(0, this.cells, level);
    if (this.propagate(0, -1)) {
      for (let i = 0; i < cells.length; i++) {
        const c = cells[i];
        const bit = 1 << (known[c] - 1);
        if (cand[c] === bit) continue;
        cand.copyWithin(level, 0, level);
        cand[level + c] &= ~bit;
        if (this.propagate(level, c)) this.expand(1);
        if (this.count > 0 || this.aborted || i === cells.length - 1) break;
        cand[c] = bit;
        if (!this.propagate(0, c)) break;
      }
    }
    return { found: this.count > 0, aborted: this.aborted, nodes: this.nodes };
  }

  private search(depth: number, branch: number): void {
    if (this.propagate(depth * this.level, branch)) this.expand(depth);
  }

  /** A propagated level of the search: counted, then solved or branched on. */
  private expand(depth: number): void {
    const { cand, cells } = this;
    const o = depth * this.level;
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
    const o2 = o + this.level;
    while (m) {
      const b = m & -m;
      m ^= b;
      cand.copyWithin(o2, o, o2);
      cand[o2 + best] = b;
      this.search(depth + 1, best);
      if (this.count >= this.limit || this.aborted) return;
    }
  }

  /** Cage k to be looked at again: at the tail of its ring (the layout's cages, or the sum rule's). */
  private enqueue(k: number): void {
    if (k < this.realCount) {
      this.work[this.wt] = k;
      if (++this.wt === this.work.length) this.wt = 0;
    } else {
      this.workV[this.vt] = k;
      if (++this.vt === this.workV.length) this.vt = 0;
    }
  }

  /** Cell c's candidates changed: its cages (real and virtual) are looked at again. */
  private touch(c: number): void {
    const { cageDirty, consOf } = this;
    for (let k = c * this.stride, end = k + this.consCount[c]; k < end; k++) {
      const cage = consOf[k];
      if (cageDirty[cage] === 0) {
        cageDirty[cage] = 1;
        this.enqueue(cage);
      }
    }
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
    const { cand, queue, cells, n, peers, peerStart, unitCells, cageOf, cageStart, cageCells, cageDirty, work } = this;
    const ring = work.length;
    this.qt = 0;
    this.wh = 0;
    this.vh = 0;
    this.vt = 0;
    if (branch < 0) {
      cageDirty.fill(1, 0, this.cageCount);
      for (let k = 0; k < this.realCount; k++) work[k] = k;
      this.wt = this.realCount;
      for (let k = this.realCount; k < this.cageCount; k++) this.workV[k - this.realCount] = k;
      this.vt = this.cageCount - this.realCount;
      for (let c = 0; c < cells; c++) {
        const m = cand[o + c];
        if (m === 0) return false;
        if ((m & (m - 1)) === 0) queue[this.qt++] = c;
      }
    } else {
      // The level above is at a fixed point: only what the branch changes is looked at.
      cageDirty.fill(0, 0, this.cageCount);
      this.wt = 0;
      this.touch(branch);
      const m = cand[o + branch];
      if ((m & (m - 1)) === 0) queue[this.qt++] = branch;
    }
    for (;;) {
      // Naked singles: struck from the unit peers and the cage.
      for (let qh = 0; qh < this.qt; qh++) {
        const c = queue[qh];
        const b = cand[o + c];
        if (b === 0) return false;
        // Each cell is queued once, when it becomes single (the singles of the parent level
        // were struck from their peers there): no mark of placed cells is needed.
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
      // Cage combinations, one changed cage at a time, in the order they changed (back to singles
      // when one placed a digit). A look that only took candidates away (no new single) leaves no
      // single unstruck: the looks go on. The cage stays marked during its own look: a look that
      // made no single leaves its cage with nothing more to give (its cells lost only digits of no
      // combination, the digits of every combination kept their places), so it is not looked at
      // again for its own strikes; after a single it is.
      while (this.qt === 0) {
        let k: number;
        if (this.wh !== this.wt) {
          k = work[this.wh];
          if (++this.wh === ring) this.wh = 0;
        } else if (this.vh !== this.vt) {
          k = this.workV[this.vh];
          if (++this.vh === ring) this.vh = 0;
        } else break;
        if (this.cage(o, k) < 0) return false;
        if (this.qt === 0) cageDirty[k] = 0;
        else this.enqueue(k);
      }
      if (this.qt > 0) continue;
      // Hidden singles, once the cages have nothing more: a digit with one place left in a unit
      // (every unit: a pass over all of them costs less than marking the changed ones on every strike).
      for (let u = 0, base = 0; u < this.unitCount; u++, base += n) {
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
      if (this.qt === 0) return true;
    }
  }

  /** One cage's combinations at level offset o: -1 on a contradiction, 1 when candidates went, 0 otherwise. */
  private cage(o: number, k: number): number {
    const { cand, cageStart, cageCells } = this;
    let used = 0;
    let avail = 0;
    // The digits with two places or more among the empty cells (`avail`: with one or more).
    let twice = 0;
    let free = 0;
    let rest = this.cageSum[k];
    for (let i = cageStart[k], end = cageStart[k + 1]; i < end; i++) {
      const m = cand[o + cageCells[i]];
      if ((m & (m - 1)) === 0) {
        used |= m;
        rest -= digitOfBit(m);
      } else {
        free++;
        twice |= avail & m;
        avail |= m;
      }
    }
    if (free === 0) return rest === 0 ? 0 : -1;
    if (rest <= 0 || rest >= SUMS) return -1;
    const at = (free * SUMS + rest) * MASKS + (avail & ~used);
    const combo = COMBO[at];
    const any = combo & (MASKS - 1);
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
    const all = combo >>> ALL;
    if (all) {
      // Digits in every combination: out of the rest of each unit holding the cage (unless struck
      // there at this level or above: candidates only go); one place in the cage, placed there.
      const struck = o + this.cells + k;
      if (all & ~cand[struck]) {
        const outCells = this.outCells;
        for (let i = this.outStart[k], end = this.outStart[k + 1]; i < end; i++) {
          const c = outCells[i];
          if (cand[o + c] & all) {
            if (!this.strike(o, c, all)) return -1;
            changed = 1;
          }
        }
        cand[struck] |= all;
      }
      // A digit with one place among the cells that were empty at the start of this look (the
      // strikes above took from them no digit of every combination: its places are as they were).
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
