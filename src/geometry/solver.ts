/**
 * The counting solver for every geometry: bitmask candidates, naked and hidden singles
 * propagated to a fixed point, cage sums pruned by their digit combinations (killer), and
 * the cell with the fewest candidates branched on. Counting stops at `limit` (2 proves a
 * puzzle unique). Every level of the search keeps its candidates in one preallocated
 * stack, so a search allocates nothing.
 *
 * 9x9 classic keeps its own faster solver (src/solver/solver.ts).
 */
import type { Rng } from '../core/rng.js';
import type { Geometry } from './geometry.js';

/** Number of set bits of every 16-bit mask. */
export const POP16: Uint8Array = (() => {
  const t = new Uint8Array(1 << 16);
  for (let m = 1; m < 1 << 16; m++) t[m] = (m & 1) + t[m >> 1];
  return t;
})();

/** The digit of a one-bit mask. */
/** The digits (as bits) that have exactly one place among the n cells of the unit starting at `base` in `unitCells`. */
export function loneDigits(cands: Uint16Array, unitCells: ArrayLike<number>, base: number, n: number): number {
  let once = 0;
  let twice = 0;
  for (let k = 0; k < n; k++) {
    const m = cands[unitCells[base + k]];
    twice |= once & m;
    once |= m;
  }
  return once & ~twice;
}

export function digitOfBit(b: number): number {
  return 32 - Math.clz32(b);
}

/**
 * The digits with one place in the unit starting at `base` of `unitCells` (candidates at
 * offset `o`) that is not yet a single cell; -1 when a digit has no place (a contradiction).
 */
export function hiddenSingles(cand: Uint16Array, o: number, unitCells: Uint16Array, base: number, n: number, full: number): number {
  let once = 0;
  let twice = 0;
  let fixed = 0;
  for (let k = 0; k < n; k++) {
    const m = cand[o + unitCells[base + k]];
    twice |= once & m;
    once |= m;
    if ((m & (m - 1)) === 0) fixed |= m;
  }
  return once !== full ? -1 : once & ~twice & ~fixed;
}

/** The index within the unit of the first cell holding digit bit `b`. */
export function placeOf(cand: Uint16Array, o: number, unitCells: Uint16Array, base: number, n: number, b: number): number {
  for (let k = 0; k < n; k++) if (cand[o + unitCells[base + k]] & b) return k;
  return -1;
}

/** The open cell with the fewest candidates (the first with two), at offset `o` of a search stack; -1 when every cell is single. */
export function fewestCandidates(cand: Uint16Array, o: number, cells: number): number {
  let best = -1;
  let bestPop = 99;
  for (let c = 0; c < cells; c++) {
    const p = POP16[cand[o + c]];
    if (p > 1 && p < bestPop) {
      bestPop = p;
      best = c;
      if (p === 2) break;
    }
  }
  return best;
}

const FAMILY_INDEX = new WeakMap<Geometry, Uint8Array>();

/** index[f * cells + c]: the index, within family f (0 rows, 1 columns, 2 regions), of the unit of that family holding cell c (made once per geometry). */
export function familyIndex(g: Geometry): Uint8Array {
  let index = FAMILY_INDEX.get(g);
  if (!index) {
    index = new Uint8Array(3 * g.cellCount);
    for (let f = 0; f < 3; f++) for (let c = 0; c < g.cellCount; c++) index[f * g.cellCount + c] = g.unitsOf[g.unitsStart[c] + f] - f * g.size;
    FAMILY_INDEX.set(g, index);
  }
  return index;
}

export interface RunOptions {
  /** Stop at this many solutions. */
  limit: number;
  /** Solutions to keep (the first ones found). */
  keep?: number;
  /** A digit ruled out of a cell before the search. */
  forbid?: { cell: number; digit: number };
  /** Try the candidates of a branch in random order (fills). */
  rng?: Rng;
  /** Give up after this many search nodes (the result's `aborted` says so). */
  nodeLimit?: number;
  /** Candidates to start from instead of the puzzle's (a placed cell: its one digit), as sound deductions from the puzzle leave them. */
  cands?: Uint16Array;
}

export interface RunResult {
  count: number;
  solutions: Uint8Array[];
  aborted: boolean;
  nodes: number;
}

const COMBOS = new Map<number, number[][][]>();

/** Digit-combination masks by cage size and sum: combos[k][s] (made once per size). */
function comboTable(n: number): number[][][] {
  let t = COMBOS.get(n);
  if (!t) COMBOS.set(n, (t = makeComboTable(n)));
  return t;
}

function makeComboTable(n: number): number[][][] {
  const maxSum = (n * (n + 1)) / 2;
  const t: number[][][] = Array.from({ length: n + 1 }, () => Array.from({ length: maxSum + 1 }, () => []));
  for (let m = 1; m < 1 << n; m++) {
    let s = 0;
    for (let d = 1; d <= n; d++) if (m & (1 << (d - 1))) s += d;
    t[POP16[m]][s].push(m);
  }
  return t;
}

export class GeometrySolver {
  private readonly n: number;
  private readonly cells: number;
  private readonly cand: Uint16Array;
  private readonly queue: Int32Array;
  private readonly combos: number[][][] | null;
  private count = 0;
  private limit = 2;
  private keep = 0;
  private solutions: Uint8Array[] = [];
  private nodes = 0;
  private nodeLimit = Infinity;
  private aborted = false;
  private rng: Rng | undefined;

  constructor(readonly g: Geometry) {
    this.n = g.size;
    this.cells = g.cellCount;
    this.cand = new Uint16Array((this.cells + 2) * this.cells);
    this.queue = new Int32Array(this.cells * 2);
    this.combos = g.cages.length > 0 ? comboTable(g.size) : null;
    this.singlesDirty = new Uint8Array(g.unitCount);
    this.lockDirty = new Uint8Array(g.unitCount);
    this.cageDirty = new Uint8Array(g.cages.length);
    this.cageCells = g.cages.map((c) => Uint16Array.from(c.cells));
  }

  run(puzzle: Uint8Array, opts: RunOptions): RunResult {
    this.count = 0;
    this.limit = opts.limit;
    this.keep = opts.keep ?? 0;
    this.solutions = [];
    this.nodes = 0;
    this.nodeLimit = opts.nodeLimit ?? Infinity;
    this.aborted = false;
    this.rng = opts.rng;
    const { cand, cells } = this;
    if (opts.cands) cand.set(opts.cands.subarray(0, cells));
    else for (let c = 0; c < cells; c++) cand[c] = puzzle[c] === 0 ? this.g.full : 1 << (puzzle[c] - 1);
    let ok = true;
    if (opts.forbid) {
      const { cell, digit } = opts.forbid;
      cand[cell] &= ~(1 << (digit - 1));
      ok = cand[cell] !== 0;
    }
    if (ok) this.search(0);
    return { count: this.count, solutions: this.solutions, aborted: this.aborted, nodes: this.nodes };
  }

  private search(depth: number, branch = -1): void {
    const { cand, cells } = this;
    const o = depth * cells;
    if (!this.propagate(o, branch)) return;
    if (++this.nodes > this.nodeLimit) {
      this.aborted = true;
      return;
    }
    const best = fewestCandidates(cand, o, cells);
    if (best < 0) {
      this.count++;
      if (this.solutions.length < this.keep) {
        const s = new Uint8Array(cells);
        for (let c = 0; c < cells; c++) s[c] = digitOfBit(cand[o + c]);
        this.solutions.push(s);
      }
      return;
    }
    let m = cand[o + best];
    const bits: number[] = [];
    while (m) {
      const b = m & -m;
      m ^= b;
      bits.push(b);
    }
    if (this.rng) this.rng.shuffle(bits);
    const o2 = o + cells;
    for (const b of bits) {
      cand.copyWithin(o2, o, o + cells);
      cand[o2 + best] = b;
      this.search(depth + 1, best);
      if (this.count >= this.limit || this.aborted) return;
    }
  }

  /** Units whose cells changed since their last hidden-single scan, and since their last locked-candidates look. */
  private readonly singlesDirty: Uint8Array;
  private readonly lockDirty: Uint8Array;
  /** Cages whose cells changed since their last combination look. */
  private readonly cageDirty: Uint8Array;

  /** Note that cell `c`'s candidates changed: its units are looked at again. */
  private touch(c: number): void {
    const { unitsStart, unitsOf } = this.g;
    for (let k = unitsStart[c], end = unitsStart[c + 1]; k < end; k++) {
      this.singlesDirty[unitsOf[k]] = 1;
      this.lockDirty[unitsOf[k]] = 1;
    }
    const cage = this.g.cageOf[c];
    if (cage >= 0) this.cageDirty[cage] = 1;
  }

  /**
   * Singles, cage sums and locked candidates to a fixed point at level offset `o`; false on a
   * contradiction. The parent level was at a fixed point, so after a branch on cell `branch`
   * only what changes from there is looked at; the root (`branch` < 0) looks at everything.
   */
  private propagate(o: number, branch: number): boolean {
    const { cand, queue, cells, n, g, singlesDirty, lockDirty } = this;
    const full = g.full;
    const peers = g.peers;
    const peerStart = g.peerStart;
    const unitCells = g.unitCells;
    let qt = 0;
    if (branch < 0) {
      singlesDirty.fill(1);
      lockDirty.fill(1);
      this.cageDirty.fill(1);
      for (let c = 0; c < cells; c++) {
        const m = cand[o + c];
        if (m === 0) return false;
        if (POP16[m] === 1) queue[qt++] = c;
      }
    } else {
      singlesDirty.fill(0);
      lockDirty.fill(0);
      this.cageDirty.fill(0);
      this.touch(branch);
      queue[qt++] = branch;
    }
    for (;;) {
      for (let qh = 0; qh < qt; qh++) {
        // Each cell is queued once, when it becomes single (a single of the parent level had
        // its peers cleared there): no cell needs a mark of having been placed.
        const c = queue[qh];
        const b = cand[o + c];
        if (b === 0) return false;
        for (let k = peerStart[c], end = peerStart[c + 1]; k < end; k++) {
          const p = peers[k];
          const m = cand[o + p];
          if (m & b) {
            const r = m ^ b;
            if (r === 0) return false;
            cand[o + p] = r;
            this.touch(p);
            if ((r & (r - 1)) === 0) queue[qt++] = p;
          }
        }
      }
      qt = 0;
      // Hidden singles: a digit with one place left in a unit.
      for (let u = 0, base = 0; u < g.unitCount; u++, base += n) {
        if (singlesDirty[u] === 0) continue;
        singlesDirty[u] = 0;
        // Digits with one place that is not yet a single cell.
        let h = hiddenSingles(cand, o, unitCells, base, n, full);
        if (h < 0) return false;
        while (h) {
          const b = h & -h;
          h ^= b;
          const k = placeOf(cand, o, unitCells, base, n, b);
          // Two digits whose one place was the same cell: the first took it.
          if (k < 0) return false;
          const c = unitCells[base + k];
          if (cand[o + c] !== b) {
            cand[o + c] = b;
            this.touch(c);
            queue[qt++] = c;
          }
        }
      }
      if (qt > 0) continue;
      if (this.combos) {
        const pruned = this.pruneCages(o);
        if (pruned < 0) return false;
        if (pruned > 0) {
          qt = this.pending;
          continue;
        }
      }
      const locked = this.lockedCandidates(o);
      if (locked < 0) return false;
      if (locked === 0) return true;
      qt = this.pending;
    }
  }

  /** Cells pruneCages or lockedCandidates made single, waiting at the start of the queue. */
  private pending = 0;

  /**
   * Locked candidates between every two overlapping units (looked at when either changed): a
   * digit that one unit has only in the shared cells goes from the rest of the other. -1 on
   * a contradiction, 0 when nothing changed, 1 when candidates went.
   */
  private lockedCandidates(o: number): number {
    const { cand, lockDirty } = this;
    this.pending = 0;
    let changed = 0;
    const overlaps = this.g.overlaps;
    for (let i = 0; i < overlaps.length; i++) {
      const ov = overlaps[i];
      if (lockDirty[ov.units[0]] === 0 && lockDirty[ov.units[1]] === 0) continue;
      let mShared = 0;
      let mA = 0;
      let mB = 0;
      const { shared, restA, restB } = ov;
      for (let k = 0; k < shared.length; k++) mShared |= cand[o + shared[k]];
      for (let k = 0; k < restA.length; k++) mA |= cand[o + restA[k]];
      for (let k = 0; k < restB.length; k++) mB |= cand[o + restB[k]];
      // Digits of A only in the shared cells leave B's rest, and the other way round.
      const fromB = mShared & ~mA & mB;
      const fromA = mShared & ~mB & mA;
      if (fromB !== 0) {
        const r = this.strike(o, restB, fromB);
        if (r < 0) return -1;
        changed |= r;
      }
      if (fromA !== 0) {
        const r = this.strike(o, restA, fromA);
        if (r < 0) return -1;
        changed |= r;
      }
    }
    lockDirty.fill(0);
    return changed;
  }

  /** Remove the digits `gone` from `cells` (cells made single queued): -1 on a contradiction, 1 when something went. */
  private strike(o: number, cells: Uint16Array, gone: number): number {
    const { cand, queue } = this;
    let changed = 0;
    for (let k = 0; k < cells.length; k++) {
      const c = cells[k];
      const m = cand[o + c];
      if ((m & gone) === 0) continue;
      const r = m & ~gone;
      if (r === 0) return -1;
      cand[o + c] = r;
      this.touch(c);
      changed = 1;
      if ((r & (r - 1)) === 0) queue[this.pending++] = c;
    }
    return changed;
  }

  /**
   * Each cage's free cells keep only the digits of the combinations that can still make its
   * sum: -1 on a contradiction, 0 when nothing changed, 1 when candidates went.
   */
  private pruneCages(o: number): number {
    const { cand, g, cageDirty, cageCells } = this;
    const combos = this.combos!;
    this.pending = 0;
    let changed = 0;
    for (let k = 0; k < cageCells.length; k++) {
      // A cage whose cells did not change since its last look has nothing new to give.
      if (cageDirty[k] === 0) continue;
      cageDirty[k] = 0;
      const cells = cageCells[k];
      let fixed = 0;
      let used = 0;
      let free = 0;
      let avail = 0;
      for (let i = 0; i < cells.length; i++) {
        const m = cand[o + cells[i]];
        if ((m & (m - 1)) === 0) {
          fixed += digitOfBit(m);
          used |= m;
        } else {
          free++;
          avail |= m;
        }
      }
      const rem = g.cages[k].sum - fixed;
      if (free === 0) {
        if (rem !== 0) return -1;
        continue;
      }
      const list = rem > 0 && rem < combos[free].length ? combos[free][rem] : [];
      let allowed = 0;
      for (let i = 0; i < list.length; i++) {
        const mask = list[i];
        if ((mask & ~avail) === 0 && (mask & used) === 0) allowed |= mask;
      }
      if (allowed === 0) return -1;
      if ((avail & ~allowed) === 0) continue;
      const r = this.strike(o, cells, avail & ~allowed);
      if (r < 0) return -1;
      changed |= r;
    }
    return changed;
  }

  private readonly cageCells: Uint16Array[];
}

const SOLVERS = new WeakMap<Geometry, GeometrySolver>();

export function solverFor(g: Geometry): GeometrySolver {
  let s = SOLVERS.get(g);
  if (!s) SOLVERS.set(g, (s = new GeometrySolver(g)));
  return s;
}

/** The number of solutions of `puzzle`, counting up to `limit`. */
export function countSolutions(g: Geometry, puzzle: Uint8Array, limit = 2): number {
  return solverFor(g).run(puzzle, { limit }).count;
}

/** The solution when there is exactly one, else the count (0, or 2 for several). */
export function solveUnique(g: Geometry, puzzle: Uint8Array): { solution: Uint8Array } | { count: number } {
  const r = solverFor(g).run(puzzle, { limit: 2, keep: 1 });
  return r.count === 1 ? { solution: r.solutions[0] } : { count: r.count };
}

/** Up to `max` solutions of `puzzle`. */
export function collectSolutions(g: Geometry, puzzle: Uint8Array, max: number): Uint8Array[] {
  return solverFor(g).run(puzzle, { limit: max, keep: max }).solutions;
}

/** Whether `puzzle` has a solution with `digit` not in `cell` (for a puzzle known unique: whether blanking that cell breaks uniqueness). */
export function hasSolutionWithout(g: Geometry, puzzle: Uint8Array, cell: number, digit: number): boolean {
  return solverFor(g).run(puzzle, { limit: 1, forbid: { cell, digit } }).count > 0;
}

/** A random solution of `puzzle` (by default the empty grid), or null when none is found within `nodeLimit` nodes. */
export function randomSolution(g: Geometry, rng: Rng, nodeLimit: number, puzzle = new Uint8Array(g.cellCount)): Uint8Array | null {
  const r = solverFor(g).run(puzzle, { limit: 1, keep: 1, rng, nodeLimit });
  return r.count > 0 ? r.solutions[0] : null;
}
