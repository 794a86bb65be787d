/**
 * One puzzle geometry for every kind: N x N cells, units (every digit exactly once) and
 * optional cages (digits distinct, a given sum).
 *
 * Cells are numbered row by row from 0. Units are numbered rows 0..N-1, columns N..2N-1,
 * regions (boxes, or a jigsaw's irregular regions) 2N..3N-1, then, with diagonals, the main
 * diagonal 3N and the anti-diagonal 3N+1 (the 9x9 classic numbering, extended).
 * Candidates are bitmasks: bit d-1 stands for digit d (16 bits suffice for N <= 16).
 * Cells of one cage are peers too (their digits are distinct).
 *
 * Kinds: `classic` (boxes), `x` (boxes and both main diagonals), `jigsaw` (irregular regions),
 * `killer` (boxes and cages with sums, optionally with the diagonals). 9x9 classic keeps its
 * own fast code (src/core, src/solver, src/generator); this is the engine for the others.
 */
import { UserError } from '../core/errors.js';

export const KINDS = ['classic', 'x', 'jigsaw', 'killer'] as const;
export type Kind = (typeof KINDS)[number];

export function isKind(name: string): name is Kind {
  return (KINDS as readonly string[]).includes(name);
}

/** The sizes with a built-in box shape: N -> [rows, columns] of a box. */
export const BOXES: Readonly<Record<number, readonly [number, number]>> = Object.freeze({
  4: [2, 2],
  6: [2, 3],
  8: [2, 4],
  9: [3, 3],
  12: [3, 4],
  16: [4, 4],
});

export const SIZES = Object.keys(BOXES).map(Number);

/** Killer cage sums are tabled for digits up to 9. */
export const KILLER_MAX_SIZE = 9;

export const MIN_SIZE = 4;
export const MAX_SIZE = 16;

export interface Cage {
  sum: number;
  cells: number[];
}

export interface Overlap {
  units: readonly [number, number];
  shared: Uint16Array;
  restA: Uint16Array;
  restB: Uint16Array;
}

export interface GeometrySpec {
  kind: Kind;
  size: number;
  /** Box shape [rows, columns]; or `regions`. */
  box?: readonly [number, number];
  /** Region number (0..N-1) of every cell. */
  regions?: Uint8Array;
  /** Both main diagonals are units (always for `x`; optional for killer and jigsaw). */
  diagonals?: boolean;
  cages?: readonly Cage[];
}

export class Geometry {
  readonly kind: Kind;
  readonly size: number;
  readonly cellCount: number;
  /** Box shape, or null for irregular regions. */
  readonly box: readonly [number, number] | null;
  readonly regions: Uint8Array;
  readonly diagonals: boolean;
  readonly cages: readonly Cage[];
  /** Mask of every digit 1..N. */
  readonly full: number;
  readonly unitCount: number;
  /** unitCells[u * size + k]: the k-th cell of unit u. */
  readonly unitCells: Uint16Array;
  /** The units of cell c: unitsOf[unitsStart[c] .. unitsStart[c + 1]). */
  readonly unitsStart: Uint16Array;
  readonly unitsOf: Uint16Array;
  /** The peers of cell c (sharing a unit or a cage): peers[peerStart[c] .. peerStart[c + 1]). */
  readonly peerStart: Uint32Array;
  readonly peers: Uint16Array;
  /** The cage of each cell, -1 when none. */
  readonly cageOf: Int16Array;
  /** The peers through units only (no cages), as peers. */
  readonly unitPeerStart: Uint32Array;
  readonly unitPeers: Uint16Array;
  /**
   * Every two units that share two cells or more (a box and a line, a jigsaw region and a
   * line, a diagonal and a box...): the units, the shared cells, and the rest of each.
   * Locked candidates live here: a digit whose places in one unit are all shared is ruled
   * out of the rest of the other.
   */
  readonly overlaps: readonly Overlap[];

  constructor(spec: GeometrySpec, sameUnits?: Geometry) {
    const n = spec.size;
    this.kind = spec.kind;
    this.size = n;
    this.cellCount = n * n;
    this.box = spec.box ? [spec.box[0], spec.box[1]] : null;
    this.regions = spec.regions ? spec.regions.slice() : boxRegions(n, spec.box ?? BOXES[n]);
    this.diagonals = spec.kind === 'x' || Boolean(spec.diagonals);
    this.cages = (spec.cages ?? []).map((c) => ({ sum: c.sum, cells: [...c.cells] }));
    this.full = (1 << n) - 1;
    this.cageOf = new Int16Array(n * n).fill(-1);
    this.cages.forEach((cage, k) => cage.cells.forEach((c) => (this.cageOf[c] = k)));
    if (sameUnits) {
      // Same units, other cages (killer cage making): only the peers change.
      this.unitCount = sameUnits.unitCount;
      this.unitCells = sameUnits.unitCells;
      this.unitsStart = sameUnits.unitsStart;
      this.unitsOf = sameUnits.unitsOf;
      this.overlaps = sameUnits.overlaps;
      this.unitPeerStart = sameUnits.unitPeerStart;
      this.unitPeers = sameUnits.unitPeers;
    } else {
      const units: number[][] = [];
      for (let r = 0; r < n; r++) units.push(Array.from({ length: n }, (_, c) => r * n + c));
      for (let c = 0; c < n; c++) units.push(Array.from({ length: n }, (_, r) => r * n + c));
      const regionCells: number[][] = Array.from({ length: n }, () => []);
      for (let i = 0; i < n * n; i++) regionCells[this.regions[i]].push(i);
      units.push(...regionCells);
      if (this.diagonals) {
        units.push(Array.from({ length: n }, (_, k) => k * n + k));
        units.push(Array.from({ length: n }, (_, k) => k * n + (n - 1 - k)));
      }
      this.unitCount = units.length;
      this.unitCells = flatten(units, Uint16Array) as Uint16Array;
      const unitsOfCell: number[][] = Array.from({ length: n * n }, () => []);
      units.forEach((u, k) => u.forEach((c) => unitsOfCell[c].push(k)));
      this.unitsStart = offsets(unitsOfCell, Uint16Array) as Uint16Array;
      this.unitsOf = flatten(unitsOfCell, Uint16Array) as Uint16Array;
      this.overlaps = overlapsOf(units, unitsOfCell);
      // The cells of a cell's units but itself, in cell order.
      const peerOf = new Int32Array(n * n).fill(-1);
      const unitPeerLists = Array.from({ length: n * n }, (_, c) => {
        for (const u of unitsOfCell[c]) for (const p of units[u]) peerOf[p] = c;
        const list: number[] = [];
        for (let p = 0; p < n * n; p++) if (peerOf[p] === c && p !== c) list.push(p);
        return list;
      });
      this.unitPeerStart = offsets(unitPeerLists, Uint32Array) as Uint32Array;
      this.unitPeers = flatten(unitPeerLists, Uint16Array) as Uint16Array;
    }
    // Peers: the unit peers, and the other cells of the cell's cage.
    if (this.cages.length === 0) {
      this.peerStart = this.unitPeerStart;
      this.peers = this.unitPeers;
    } else {
      const mark = new Uint8Array(n * n);
      const lists: number[] = [];
      const start = new Uint32Array(n * n + 1);
      for (let c = 0; c < n * n; c++) {
        const from = lists.length;
        for (let k = this.unitPeerStart[c]; k < this.unitPeerStart[c + 1]; k++) {
          mark[this.unitPeers[k]] = 1;
          lists.push(this.unitPeers[k]);
        }
        if (this.cageOf[c] >= 0) for (const p of this.cages[this.cageOf[c]].cells) if (p !== c && !mark[p]) lists.push(p);
        for (let k = from; k < lists.length; k++) mark[lists[k]] = 0;
        start[c + 1] = lists.length;
      }
      this.peerStart = start;
      this.peers = Uint16Array.from(lists);
    }
  }


  /** The cells of unit u. */
  unit(u: number): Uint16Array {
    return this.unitCells.subarray(u * this.size, (u + 1) * this.size);
  }

  /** "r3c5" (1-based) for a cell. */
  cellName(cell: number): string {
    return `r${Math.floor(cell / this.size) + 1}c${(cell % this.size) + 1}`;
  }

  /** "row 3", "column 5", "box 7", "region 2", "main diagonal", "anti-diagonal". */
  unitName(u: number): string {
    const n = this.size;
    if (u < n) return `row ${u + 1}`;
    if (u < 2 * n) return `column ${u - n + 1}`;
    if (u < 3 * n) return `${this.box ? 'box' : 'region'} ${u - 2 * n + 1}`;
    return u === 3 * n ? 'main diagonal' : 'anti-diagonal';
  }

  /** This geometry with other cages (killer cage making): the unit tables are shared. */
  withCages(cages: readonly Cage[]): Geometry {
    return new Geometry({ ...this.spec(), cages }, this);
  }

  spec(): GeometrySpec {
    return { kind: this.kind, size: this.size, box: this.box ?? undefined, regions: this.box ? undefined : this.regions, diagonals: this.diagonals, cages: this.cages };
  }

  /** Whether this is the 9x9 classic, which the fast specialised code handles. */
  get isClassic9(): boolean {
    return this.kind === 'classic' && this.size === 9;
  }
}

/** Every two units sharing two cells or more (`unitsOf[c]`: the units of cell c, in order), in the order of the units. */
function overlapsOf(units: number[][], unitsOf: number[][]): Overlap[] {
  const overlaps: Overlap[] = [];
  const cells = unitsOf.length;
  const inA = new Uint8Array(cells);
  const inB = new Uint8Array(cells);
  const sharedWith = new Int32Array(units.length);
  for (let a = 0; a < units.length; a++) {
    sharedWith.fill(0);
    for (const c of units[a]) {
      inA[c] = 1;
      for (const b of unitsOf[c]) sharedWith[b]++;
    }
    for (let b = a + 1; b < units.length; b++) {
      if (sharedWith[b] < 2) continue;
      for (const c of units[b]) inB[c] = 1;
      overlaps.push({ units: [a, b], shared: cellsWhere(units[b], inA, 1), restA: cellsWhere(units[a], inB, 0), restB: cellsWhere(units[b], inA, 0) });
      for (const c of units[b]) inB[c] = 0;
    }
    for (const c of units[a]) inA[c] = 0;
  }
  return overlaps;
}

/** The cells of `unit` whose mark is `mark`, in order. */
function cellsWhere(unit: number[], marks: Uint8Array, mark: number): Uint16Array {
  let count = 0;
  for (let i = 0; i < unit.length; i++) if (marks[unit[i]] === mark) count++;
  const out = new Uint16Array(count);
  for (let i = 0, k = 0; i < unit.length; i++) if (marks[unit[i]] === mark) out[k++] = unit[i];
  return out;
}

/** The lists one after another in one typed array (as Array.prototype.flat, which is slow on many short lists). */
function flatten(lists: number[][], T: Uint16ArrayConstructor | Uint32ArrayConstructor): Uint16Array | Uint32Array {
  let length = 0;
  for (const list of lists) length += list.length;
  const out = new T(length);
  let k = 0;
  for (const list of lists) for (let i = 0; i < list.length; i++) out[k++] = list[i];
  return out;
}

function offsets(lists: number[][], T: Uint16ArrayConstructor | Uint32ArrayConstructor): Uint16Array | Uint32Array {
  const out = new T(lists.length + 1);
  for (let i = 0; i < lists.length; i++) out[i + 1] = out[i] + lists[i].length;
  return out;
}

/** Region number of every cell for boxes of `box` = [rows, cols]. */
export function boxRegions(n: number, box: readonly [number, number] | undefined): Uint8Array {
  if (!box) throw new Error(`no box shape for size ${n}`);
  const [br, bc] = box;
  const perRow = n / bc;
  return Uint8Array.from({ length: n * n }, (_, i) => Math.floor(Math.floor(i / n) / br) * perRow + Math.floor((i % n) / bc));
}

const BUILT_IN = new Map<string, Geometry>();

/** The geometry of a built-in kind and size (jigsaw needs its regions, killer its cages). */
export function kindGeometry(kind: Kind, size: number, extra: { regions?: Uint8Array; cages?: readonly Cage[]; diagonals?: boolean } = {}): Geometry {
  checkKindSize(kind, size);
  if (kind !== 'jigsaw' && !extra.cages) {
    // Built-in layouts are made once per process: their tables and solver are reused.
    const key = `${kind}:${size}:${Boolean(extra.diagonals)}`;
    let g = BUILT_IN.get(key);
    if (!g) BUILT_IN.set(key, (g = new Geometry({ kind, size, box: BOXES[size], diagonals: extra.diagonals })));
    return g;
  }
  if (kind === 'jigsaw') {
    if (!extra.regions) throw new Error('a jigsaw geometry needs its regions');
    return new Geometry({ kind, size, regions: extra.regions, diagonals: extra.diagonals });
  }
  return new Geometry({ kind, size, box: BOXES[size], cages: extra.cages, diagonals: extra.diagonals });
}

/** A UserError unless `kind` comes in `size`. */
export function checkKindSize(kind: Kind, size: number, where = '--size'): void {
  if (kind === 'jigsaw') {
    if (!Number.isInteger(size) || size < MIN_SIZE || size > MAX_SIZE) throw new UserError(`${where}: jigsaw comes in sizes ${MIN_SIZE} to ${MAX_SIZE}, got ${size}`);
    return;
  }
  if (!BOXES[size]) throw new UserError(`${where}: ${kind} comes in sizes ${SIZES.join(', ')} (the box shapes ${SIZES.map((s) => `${BOXES[s][0]}x${BOXES[s][1]}`).join(', ')}), got ${size}`);
  if (kind === 'killer' && size > KILLER_MAX_SIZE) throw new UserError(`${where}: killer comes in sizes up to ${KILLER_MAX_SIZE} (cage sums over digits 1-9), got ${size}`);
}

const DIGIT_CHARS = '123456789ABCDEFG';

/** The character of a digit: 1-9, then A-G for 10-16; '.' for blank. */
export function digitChar(d: number): string {
  return d === 0 ? '.' : DIGIT_CHARS[d - 1];
}

/** The digit of a character, 0 for a blank ('.' or '0'), -1 for anything else. */
export function charDigit(ch: string): number {
  if (ch === '.' || ch === '0') return 0;
  const k = DIGIT_CHARS.indexOf(ch.toUpperCase());
  return k < 0 ? -1 : k + 1;
}

/** N² characters, '.' for blanks. */
export function formatCells(grid: Uint8Array): string {
  let s = '';
  for (let i = 0; i < grid.length; i++) s += digitChar(grid[i]);
  return s;
}

export function clueCount(grid: Uint8Array): number {
  let n = 0;
  for (let i = 0; i < grid.length; i++) if (grid[i] !== 0) n++;
  return n;
}

/** The first digit that repeats in a unit or cage, as a sentence fragment, or null. */
export function findClash(g: Geometry, grid: Uint8Array): string | null {
  const n = g.size;
  for (let u = 0; u < g.unitCount; u++) {
    let seen = 0;
    for (let k = 0; k < n; k++) {
      const d = grid[g.unitCells[u * n + k]];
      if (d === 0) continue;
      if (seen & (1 << d)) return `two ${digitChar(d)}s in ${g.unitName(u)}`;
      seen |= 1 << d;
    }
  }
  for (const cage of g.cages) {
    let seen = 0;
    let sum = 0;
    let filled = 0;
    for (const c of cage.cells) {
      const d = grid[c];
      if (d === 0) continue;
      if (seen & (1 << d)) return `two ${digitChar(d)}s in the cage at ${g.cellName(cage.cells[0])}`;
      seen |= 1 << d;
      sum += d;
      filled++;
    }
    if (filled === cage.cells.length ? sum !== cage.sum : sum >= cage.sum) return `the digits of the cage at ${g.cellName(cage.cells[0])} do not add up to ${cage.sum}`;
  }
  return null;
}

/** Whether `solution` is complete, breaks no rule and agrees with every clue of `puzzle`. */
export function solvesPuzzle(g: Geometry, puzzle: Uint8Array, solution: Uint8Array): boolean {
  for (let i = 0; i < g.cellCount; i++) {
    if (solution[i] === 0) return false;
    if (puzzle[i] !== 0 && puzzle[i] !== solution[i]) return false;
  }
  return findClash(g, solution) === null;
}
