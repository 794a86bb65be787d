/**
 * Killer cage reasoning, as a person does it, for the grader of every geometry: each
 * technique finds one step on a position's pencil marks (placements and eliminations), or
 * null. Every step is sound: it only uses the rules (units hold every digit once, a cage's
 * digits are distinct and add up to its sum).
 *
 * SE-like ratings (Sudoku Explainer's scale: hidden single 1.2-1.5, naked single 2.3,
 * pointing 2.6, naked pair 3.0, X-wing 3.2...):
 *
 * | technique | rating | what it does |
 * |---|---|---|
 * | `cage-combination` | 2.0 | a cage with at most 3 empty cells: digits in no combination of its remaining sum leave its cells (the last empty cell takes the sum that is left) |
 * | `cage-in-unit` | 2.4 | a cage lying in one unit: the digits in all its combinations leave the rest of the unit |
 * | `big-cage-combination` | 2.5 | combinations of a cage with 4 empty cells or more |
 * | `cage-pointing` | 2.7 | a digit in all of a cage's combinations that only some of its cells hold leaves their common peers |
 * | `cage-claiming` | 2.8 | a digit whose places in a unit all lie in one cage is in that cage: it leaves the cage's other cells, and combinations without it go |
 * | `innies-outies` | 2.8 | the sum rule over one unit: the cells left in or sticking out have a known sum (one cell: placed; 2 or 3: a virtual cage) |
 * | `cage-split` | 3.0 | the sum rule over one unit cuts a cage in two parts of known sums (one partial cage; or, 4 empty cells at most, every empty cell of the constraint in one cage) |
 * | `innies-outies-2` | 3.2 | the sum rule over two adjacent units (two rows, two columns, two boxes) |
 * | `innies-outies-3` | 3.6 | the sum rule over 3 or more adjacent rows or columns |
 *
 * The sum rule: N adjacent units hold each digit N times, so their cells add up to
 * k * N(N+1)/2. Take away the cages wholly inside; a cage partly inside gives either its cells
 * inside (innies, added) or its cells outside (outies, taken away, the cage's sum counted in).
 * Innies minus outies then have a known sum: candidates that fit no assignment of those cells
 * (cells that are peers distinct) go.
 */
import type { Geometry } from './geometry.js';
import type { GeometryPosition, GeometryStep, GeometryTechniqueDef } from './grader.js';
import { POP16 } from './solver.js';

/**
 * A scan hands every step it finds to `emit`, in order, and stops when `emit` returns true
 * (the finder: the first step). `emit` may apply the step before the scan goes on: every
 * later step is then found on the position as it is (the killer logic's closures).
 */
export type Emit = (step: GeometryStep) => boolean;
export type Scan = (g: Geometry, pos: GeometryPosition, emit: Emit) => boolean;

/** The finder of a scan: its first step, or null. */
function finder(scan: Scan): (g: Geometry, pos: GeometryPosition) => GeometryStep | null {
  return (g, pos) => {
    let first: GeometryStep | null = null;
    scan(g, pos, (st) => ((first = st), true));
    return first;
  };
}

/** Empty cells a sum-rule constraint may have (a virtual cage of 2 or 3 cells; one cell is a placement). */
export const SUM_RULE_CELLS = 3;
/** Empty cells a cage-split part may have. */
export const SPLIT_CELLS = 4;

const bitsOf = (m: number): number[] => {
  const out: number[] = [];
  for (let d = 1; m; d++, m >>= 1) if (m & 1) out.push(d);
  return out;
};

// ---------------------------------------------------------------------------------------------
// Per-geometry tables: who sees whom, the units a cage lies in, the regions of the sum rule.

interface SumRegion {
  /** The units, and how many (each adds N(N+1)/2). */
  units: number[];
  inside: Uint8Array;
  cells: Uint16Array;
  /** Its cells as a bit set (bit c % 32 of word c >> 5). */
  cellBits: Int32Array;
  /** Cages wholly inside, their total sum; cages partly inside, as a list and as a bit set. */
  whollySum: number;
  partial: number[];
  partialBits: Int32Array;
  /** Cells inside in no cage (always innies). */
  loose: number[];
}

interface CageTables {
  /** unitPeer[a * cells + b]: a and b share a unit (the layout's; sharing a cage: cageOf). */
  unitPeer: Uint8Array;
  /** Units holding every cell of cage k. */
  cageUnits: number[][];
  /** The regions of the sum rule: their shapes, and each region's cages once asked (regionOf). */
  shapes: RegionShape[];
  regions: (SumRegion | undefined)[];
  /** The rows, columns and boxes (or regions) each cage meets, as bits: meets[family * cages + k]. */
  meets: Int32Array;
  /** The cages meeting each unit, as bits: unitCages[u * cageWords + w]. */
  unitCages: Int32Array;
  cageWords: number;
}

const TABLES = new WeakMap<Geometry, CageTables>();

/** The geometry whose tables were asked last, and those tables (most calls ask again about the same geometry). */
let lastTablesOf: Geometry | null = null;
let lastTables: CageTables | null = null;

export function cageTables(g: Geometry): CageTables {
  if (g === lastTablesOf) return lastTables!;
  let t = TABLES.get(g);
  if (!t) TABLES.set(g, (t = makeTables(g)));
  lastTablesOf = g;
  lastTables = t;
  return t;
}

/**
 * The regions of the sum rule (unions of adjacent units) of a unit layout: made once per
 * layout. `family` (0 rows, 1 columns, 2 boxes or regions; -1 a diagonal) and `unitBits`
 * (bit i: the family's i-th unit) say which cells are inside without looking at them.
 */
interface RegionShape {
  units: number[];
  inside: Uint8Array;
  cells: Uint16Array;
  cellBits: Int32Array;
  family: number;
  unitBits: number;
}

const SHAPES = new WeakMap<Uint16Array, RegionShape[]>();

function regionShapes(g: Geometry): RegionShape[] {
  let shapes = SHAPES.get(g.unitCells);
  if (shapes) return shapes;
  const n = g.size;
  const unitLists: number[][] = [];
  for (let u = 0; u < g.unitCount; u++) unitLists.push([u]);
  // Adjacent rows and columns, 2 to N-1 of them.
  for (let k = 2; k < n; k++) {
    for (let first = 0; first + k <= n; first++) {
      unitLists.push(Array.from({ length: k }, (_, i) => first + i));
      unitLists.push(Array.from({ length: k }, (_, i) => n + first + i));
    }
  }
  // Two boxes side by side or one above the other (boxes only: jigsaw regions are not adjacent in a known way).
  if (g.box) {
    const [br, bc] = g.box;
    const across = n / bc;
    const down = n / br;
    for (let b = 0; b < n; b++) {
      const row = Math.floor(b / across);
      const col = b % across;
      if (col + 1 < across) unitLists.push([2 * n + b, 2 * n + b + 1]);
      if (row + 1 < down) unitLists.push([2 * n + b, 2 * n + b + across]);
    }
  }
  const words = (g.cellCount + 31) >> 5;
  shapes = unitLists.map((units) => {
    const inside = new Uint8Array(g.cellCount);
    for (const u of units) for (const c of g.unit(u)) inside[c] = 1;
    const list: number[] = [];
    const cellBits = new Int32Array(words);
    for (let c = 0; c < g.cellCount; c++) {
      if (!inside[c]) continue;
      list.push(c);
      cellBits[c >> 5] |= 1 << (c & 31);
    }
    const family = units[0] < 3 * n ? Math.floor(units[0] / n) : -1;
    let unitBits = 0;
    for (const u of units) unitBits |= 1 << (u % n);
    return { units, inside, cells: Uint16Array.from(list), cellBits, family, unitBits };
  });
  SHAPES.set(g.unitCells, shapes);
  return shapes;
}

const UNIT_PEERS = new WeakMap<Uint16Array, Uint8Array>();

/** Whether two cells share a unit, by layout: made once per layout. */
function unitPeerMatrix(g: Geometry): Uint8Array {
  let m = UNIT_PEERS.get(g.unitCells);
  if (m) return m;
  const cells = g.cellCount;
  m = new Uint8Array(cells * cells);
  for (let c = 0; c < cells; c++) for (let k = g.unitPeerStart[c]; k < g.unitPeerStart[c + 1]; k++) m[c * cells + g.unitPeers[k]] = 1;
  UNIT_PEERS.set(g.unitCells, m);
  return m;
}

/** Whether cells a and b (not the same) are peers: they share a unit or a cage. */
function isPeer(g: Geometry, unitPeer: Uint8Array, a: number, b: number): boolean {
  return unitPeer[a * g.cellCount + b] === 1 || (g.cageOf[a] >= 0 && g.cageOf[a] === g.cageOf[b]);
}

function makeTables(g: Geometry): CageTables {
  const n = g.size;
  const cageUnits = g.cages.map((cage) => {
    // The units of the first cell that hold every other.
    const out: number[] = [];
    const first = cage.cells[0];
    for (let k = g.unitsStart[first]; k < g.unitsStart[first + 1]; k++) {
      const unit = g.unit(g.unitsOf[k]);
      if (cage.cells.every((c) => unit.includes(c))) out.push(g.unitsOf[k]);
    }
    return out;
  });
  // The rows, columns and boxes (or regions) each cage meets, as bits: a region of one family holds a cage wholly or partly by a mask test.
  const cageCount = g.cages.length;
  const meets = new Int32Array(3 * cageCount);
  for (let k = 0; k < cageCount; k++) {
    for (const c of g.cages[k].cells) {
      meets[k] |= 1 << Math.floor(c / n);
      meets[cageCount + k] |= 1 << c % n;
      meets[2 * cageCount + k] |= 1 << g.regions[c];
    }
  }
  // The cages meeting each unit, as bits: unitCages[u * cageWords + w].
  const cageWords = (cageCount + 31) >> 5;
  const unitCages = new Int32Array(g.unitCount * cageWords);
  for (let c = 0; c < g.cellCount; c++) {
    const k = g.cageOf[c];
    if (k < 0) continue;
    for (let j = g.unitsStart[c]; j < g.unitsStart[c + 1]; j++) unitCages[g.unitsOf[j] * cageWords + (k >> 5)] |= 1 << (k & 31);
  }
  const shapes = regionShapes(g);
  return { unitPeer: unitPeerMatrix(g), cageUnits, shapes, regions: new Array<SumRegion | undefined>(shapes.length), meets, unitCages, cageWords };
}

/** Region r of the sum rule with its cages (made the first time it is asked). */
function regionOf(g: Geometry, t: CageTables, r: number): SumRegion {
  const known = t.regions[r];
  if (known) return known;
  const { units, inside, cells: list, cellBits, family, unitBits } = t.shapes[r];
  const cageCount = g.cages.length;
  let whollySum = 0;
  const partial: number[] = [];
  const partialBits = new Int32Array(t.cageWords);
  // Only the cages meeting one of its units can be inside, wholly or partly: in order.
  for (let w = 0; w < t.cageWords; w++) {
    let meeting = 0;
    for (const u of units) meeting |= t.unitCages[u * t.cageWords + w];
    for (; meeting; meeting &= meeting - 1) {
      const k = 32 * w + 31 - Math.clz32(meeting & -meeting);
      const cage = g.cages[k];
      let whole: boolean;
      if (family >= 0) whole = (t.meets[family * cageCount + k] & ~unitBits) === 0;
      else {
        let inCount = 0;
        for (const c of cage.cells) inCount += inside[c];
        whole = inCount === cage.cells.length;
      }
      if (whole) whollySum += cage.sum;
      else {
        partial.push(k);
        partialBits[w] |= 1 << (k & 31);
      }
    }
  }
  const loose: number[] = [];
  for (const c of list) if (g.cageOf[c] < 0) loose.push(c);
  return (t.regions[r] = { units, inside, cells: list, cellBits, whollySum, partial, partialBits, loose });
}

// ---------------------------------------------------------------------------------------------
// The core: which digits of some cells take part in an assignment reaching a sum.

export interface SumOptions {
  /** Per cell, the digits taking part in at least one assignment. */
  allowed: number[];
  /** Digits in every assignment (cages: the digits every remaining combination has). */
  required: number;
}

/**
 * The assignments of `cells` (candidate masks `masks`, signs +1/-1) whose signed digits add
 * up to `target`, cells that are peers holding distinct digits; with `must`, only those
 * using every digit of `must`. Null when there is none (a contradiction).
 */
export function sumOptions(g: Geometry, cells: readonly number[], masks: readonly number[], signs: readonly number[] | null, target: number, must = 0): SumOptions | null {
  const unitPeer = cageTables(g).unitPeer;
  let pairs = 0;
  for (let a = 1, bit = 1; a < cells.length; a++) for (let b = 0; b < a; b++, bit *= 2) if (isPeer(g, unitPeer, cells[a], cells[b])) pairs += bit;
  return optionsByPeers(g, cells, masks, signs, target, must, pairs);
}

/** sumOptions of the empty cells of one cage (peers of each other). */
function cageSumOptions(g: Geometry, cells: readonly number[], masks: readonly number[], target: number, must: number): SumOptions | null {
  return optionsByPeers(g, cells, masks, null, target, must, allPairs(cells.length));
}

/** The pairs bits of k cells all peers. */
function allPairs(k: number): number {
  const pairs = (k * (k - 1)) / 2;
  return pairs < 31 ? (1 << pairs) - 1 : 2 ** pairs - 1;
}

/** sumOptions with `pairs`: bit i of the pairs of cells (1,0), (2,0), (2,1), (3,0)... when they are peers. */
function optionsByPeers(g: Geometry, cells: readonly number[], masks: readonly number[], signs: readonly number[] | null, target: number, must: number, pairs: number): SumOptions | null {
  const k = cells.length;
  let signBits = 0;
  if (signs) for (let i = 0; i < signs.length; i++) if (signs[i] < 0) signBits |= 1 << i;
  const distinct = pairs === allPairs(k) && signBits === 0 && g.size <= DISTINCT_DIGITS;
  // The same candidates and sum come back often (every step looks at every cage, every making
  // at the same cages): remembered by what the answer depends on, the candidates, signs, sum,
  // required digits and which of the cells are peers. Up to 5 cells of up to 9 digits: three
  // numbers; else one character per 16 bits.
  let small = k <= 5 && target >= -64 && target < 64 && must < 512;
  for (let i = 0; small && i < k; i++) small = masks[i] < 512;
  let key = '';
  let at = -1;
  if (small) {
    const w0 = (k > 0 ? masks[0] : 0) | (k > 1 ? masks[1] << 9 : 0) | (k > 2 ? masks[2] << 18 : 0);
    const w1 = (k > 3 ? masks[3] : 0) | (k > 4 ? masks[4] << 9 : 0) | ((target + 64) << 18) | (k << 25);
    const w2 = must | (signBits << 9) | (pairs << 14);
    at = SMALL_MEMO.find(w0, w1, w2);
    const known = SMALL_MEMO.values[at];
    if (SMALL_MEMO.used[at]) return known!;
    SMALL_MEMO.keys[3 * at] = w0;
    SMALL_MEMO.keys[3 * at + 1] = w1;
    SMALL_MEMO.keys[3 * at + 2] = w2;
  } else {
    key = String.fromCharCode(k, ...masks, signs ? signBits | 0x8000 : 0, target + 0x4000, must, pairs % 0x10000, Math.floor(pairs / 0x10000) % 0x10000, Math.floor(pairs / 0x100000000));
    const known = MEMO.get(key);
    if (known !== undefined) return known;
  }
  // Cells all distinct, every sign +: the digits used so far say everything (a quick search).
  const out = distinct ? distinctSumOptions(masks, target, must, g.size) : computeSumOptions(g, cells, masks, signs, target, must);
  if (small) SMALL_MEMO.put(at, out);
  else {
    if (MEMO.size > MEMO_MAX) MEMO.clear();
    MEMO.set(key, out);
  }
  return out;
}

/**
 * The answers of sumOptions for up to 5 cells of up to 9 digits, by three numbers (the
 * candidates, sum, cell count, signs, required digits and peers): an open-addressing table,
 * emptied when half full.
 */
class SmallMemo {
  readonly keys: Int32Array;
  readonly used: Uint8Array;
  readonly values: (SumOptions | null)[];
  private count = 0;

  constructor(private readonly bits: number) {
    this.keys = new Int32Array(3 << bits);
    this.used = new Uint8Array(1 << bits);
    this.values = new Array<SumOptions | null>(1 << bits).fill(null);
  }

  /** The slot of the key: where it is, or the empty slot where it goes. */
  find(w0: number, w1: number, w2: number): number {
    const mask = (1 << this.bits) - 1;
    let at = (Math.imul(w0, 0x9e3779b1) ^ Math.imul(w1, 0x85ebca77) ^ Math.imul(w2, 0xc2b2ae3d)) >>> (32 - this.bits);
    while (this.used[at] && (this.keys[3 * at] !== w0 || this.keys[3 * at + 1] !== w1 || this.keys[3 * at + 2] !== w2)) at = (at + 1) & mask;
    return at;
  }

  /** Fill the slot `find` gave (its key already written). */
  put(at: number, value: SumOptions | null): void {
    if (this.count >= 1 << (this.bits - 1)) {
      // Half full: start again (the slot's key goes with the rest; keep only this one).
      const w0 = this.keys[3 * at];
      const w1 = this.keys[3 * at + 1];
      const w2 = this.keys[3 * at + 2];
      this.used.fill(0);
      this.values.fill(null);
      this.count = 0;
      at = this.find(w0, w1, w2);
      this.keys[3 * at] = w0;
      this.keys[3 * at + 1] = w1;
      this.keys[3 * at + 2] = w2;
    }
    this.used[at] = 1;
    this.values[at] = value;
    this.count++;
  }
}

const SMALL_MEMO = new SmallMemo(15);

/** Digits the search over distinct cells handles (its states are sets of digits used). */
const DISTINCT_DIGITS = 12;
/** Per set of digits used by the first cells: 0 not seen, 1 the rest can be completed, 2 it cannot. */
const DONE = new Uint8Array(1 << DISTINCT_DIGITS);
const DIGIT_SUM = (() => {
  const t = new Uint8Array(1 << DISTINCT_DIGITS);
  for (let m = 1; m < t.length; m++) t[m] = t[m & (m - 1)] + (32 - Math.clz32(m & -m));
  return t;
})();

/** Whether `j` distinct digits of 1..top can add up to `rest` (between the j smallest and the j largest). */
function reachable(rest: number, j: number, top: number): boolean {
  return rest >= (j * (j + 1)) / 2 && rest <= (j * (2 * top + 1 - j)) / 2;
}

/** The search over distinct cells: its cells' masks, sum, digits required, top digit; per cell the digits found; the digits in every assignment; the sets looked at. */
const search = { k: 0, masks: new Int32Array(DISTINCT_DIGITS), target: 0, must: 0, top: 0, allowed: new Int32Array(DISTINCT_DIGITS), required: 0, touched: new Int32Array(1 << DISTINCT_DIGITS), touchedCount: 0 };

/**
 * sumOptions for cells that are all distinct, every sign +: the cells take digits one after
 * another, and which digits the first i cells used decides whether the rest can reach the sum
 * (the cell count and their sum follow from it). Each such set is looked at once.
 */
function distinctSumOptions(masks: readonly number[], target: number, must: number, top: number): SumOptions | null {
  const k = masks.length;
  // More cells than digits: no assignment.
  if (k > top) return null;
  if (k === 2 || k === 3) return fewOptions(masks, null, target, must, true, true, true);
  if (k === 4) return fourSumOptions(masks, target, must, top);
  const st = search;
  st.k = k;
  for (let i = 0; i < k; i++) {
    st.masks[i] = masks[i];
    st.allowed[i] = 0;
  }
  st.target = target;
  st.must = must;
  st.top = top;
  st.required = -1;
  st.touchedCount = 0;
  const found = completes(0, 0);
  for (let i = 0; i < st.touchedCount; i++) DONE[st.touched[i]] = 0;
  if (!found) return null;
  const allowed = new Array<number>(k);
  for (let i = 0; i < k; i++) allowed[i] = st.allowed[i];
  return { allowed, required: st.required };
}

/** distinctSumOptions of 4 cells: every assignment of the first three (two digits left to reach the sum left), the last cell's digit the sum left. */
function fourSumOptions(masks: readonly number[], target: number, must: number, top: number): SumOptions | null {
  let a0 = 0;
  let a1 = 0;
  let a2 = 0;
  let a3 = 0;
  let required = -1;
  const m3 = masks[3];
  for (let m0 = masks[0]; m0; m0 &= m0 - 1) {
    const b0 = m0 & -m0;
    const t0 = target - (32 - Math.clz32(b0));
    if (!reachable(t0, 3, top)) continue;
    for (let m1 = masks[1] & ~b0; m1; m1 &= m1 - 1) {
      const b1 = m1 & -m1;
      const t1 = t0 - (32 - Math.clz32(b1));
      if (!reachable(t1, 2, top)) continue;
      for (let m2 = masks[2] & ~(b0 | b1); m2; m2 &= m2 - 1) {
        const b2 = m2 & -m2;
        const rest = t1 - (32 - Math.clz32(b2));
        if (rest < 1 || rest > top) continue;
        const b3 = 1 << (rest - 1);
        const used = b0 | b1 | b2;
        if (!(m3 & b3) || used & b3 || ((used | b3) & must) !== must) continue;
        a0 |= b0;
        a1 |= b1;
        a2 |= b2;
        a3 |= b3;
        required &= used | b3;
      }
    }
  }
  return a0 === 0 ? null : { allowed: [a0, a1, a2, a3], required };
}

/** Whether cells i.. can complete the digits `used` to an assignment of the search (each digit that does is marked allowed). */
function completes(used: number, i: number): boolean {
  const seen = DONE[used];
  if (seen !== 0) return seen === 1;
  const st = search;
  st.touched[st.touchedCount++] = used;
  let ok = false;
  if (i === st.k) {
    ok = DIGIT_SUM[used] === st.target && (used & st.must) === st.must;
    if (ok) st.required &= used;
  } else if (reachable(st.target - DIGIT_SUM[used], st.k - i, st.top)) {
    let free = st.masks[i] & ~used;
    while (free) {
      const bit = free & -free;
      free ^= bit;
      if (completes(used | bit, i + 1)) {
        st.allowed[i] |= bit;
        ok = true;
      }
    }
  }
  DONE[used] = ok ? 1 : 2;
  return ok;
}

const MEMO = new Map<string, SumOptions | null>();
const MEMO_MAX = 200_000;

function computeSumOptions(g: Geometry, cells: readonly number[], masks: readonly number[], signs: readonly number[] | null, target: number, must: number): SumOptions | null {
  const k = cells.length;
  const unitPeer = cageTables(g).unitPeer;
  if (k === 2 || k === 3) return fewOptions(masks, signs, target, must, k === 3 && isPeer(g, unitPeer, cells[0], cells[1]), isPeer(g, unitPeer, cells[0], cells[k - 1]), k === 3 && isPeer(g, unitPeer, cells[1], cells[2]));
  if (signed.m.length < k) signed = signedScratch(k);
  const st = signed;
  // Most constrained cells first (a stable insertion sort by candidate count).
  const order = st.order;
  for (let i = 0; i < k; i++) {
    let j = i;
    while (j > 0 && POP16[masks[order[j - 1]]] > POP16[masks[i]]) {
      order[j] = order[j - 1];
      j--;
    }
    order[j] = i;
  }
  for (let a = 0; a < k; a++) {
    const i = order[a];
    st.m[a] = masks[i];
    st.s[a] = signs ? signs[i] : 1;
    let bits = 0;
    for (let b = 0; b < a; b++) if (isPeer(g, unitPeer, cells[i], cells[order[b]])) bits |= 1 << b;
    st.neq[a] = bits;
    st.allowed[a] = 0;
  }
  st.lo[k] = 0;
  st.hi[k] = 0;
  for (let i = k - 1; i >= 0; i--) {
    const m = st.m[i];
    if (m === 0) return null;
    const mn = 32 - Math.clz32(m & -m);
    const mx = 32 - Math.clz32(m);
    st.lo[i] = st.lo[i + 1] + (st.s[i] > 0 ? mn : -mx);
    st.hi[i] = st.hi[i + 1] + (st.s[i] > 0 ? mx : -mn);
  }
  st.k = k;
  st.target = target;
  st.must = must;
  st.required = -1;
  st.found = false;
  assign(0, 0, 0);
  if (!st.found) return null;
  const out = new Array<number>(k);
  for (let a = 0; a < k; a++) out[order[a]] = st.allowed[a];
  return { allowed: out, required: st.required };
}

/**
 * sumOptions of 2 or 3 cells: every assignment of the first ones, the last cell's digit what
 * the sum leaves. `p01`, `p0L`, `p1L`: whether the first and second, first and last, second
 * and last cells are peers (hold distinct digits).
 */
function fewOptions(masks: readonly number[], signs: readonly number[] | null, target: number, must: number, p01: boolean, p0L: boolean, p1L: boolean): SumOptions | null {
  const three = masks.length === 3;
  const s0 = signs ? signs[0] : 1;
  const s1 = signs ? signs[1] : 1;
  const sLast = signs ? signs[masks.length - 1] : 1;
  const last = masks[masks.length - 1];
  let a0 = 0;
  let a1 = 0;
  let aL = 0;
  let required = -1;
  for (let m0 = masks[0]; m0; m0 &= m0 - 1) {
    const b0 = m0 & -m0;
    const t0 = target - s0 * (32 - Math.clz32(b0));
    for (let m1 = three ? masks[1] & (p01 ? ~b0 : -1) : 1; m1; m1 &= m1 - 1) {
      const b1 = three ? m1 & -m1 : 0;
      const dLast = (three ? t0 - s1 * (32 - Math.clz32(b1)) : t0) * sLast;
      if (dLast < 1 || dLast > 16) continue;
      const bL = 1 << (dLast - 1);
      if (!(last & bL) || (p0L && bL === b0) || (three && p1L && bL === b1)) continue;
      const used = b0 | b1 | bL;
      if ((used & must) !== must) continue;
      a0 |= b0;
      a1 |= b1;
      aL |= bL;
      required &= used;
    }
  }
  if (a0 === 0) return null;
  return { allowed: three ? [a0, a1, aL] : [a0, aL], required };
}

/** The search of computeSumOptions, its cells in search order: candidates, signs, earlier peers (bits), the least and most the cells from i on add; the digits found, picked; the target, required digits. */
function signedScratch(k: number) {
  const n = Math.max(k, 8);
  return { k: 0, order: new Int32Array(n), m: new Int32Array(n), s: new Int32Array(n), neq: new Int32Array(n), lo: new Int32Array(n + 1), hi: new Int32Array(n + 1), allowed: new Int32Array(n), pick: new Int32Array(n), target: 0, must: 0, required: 0, found: false };
}

let signed = signedScratch(8);

/** Every assignment of cells i.. (the sum so far, the digits used) reaching the target. */
function assign(i: number, sum: number, used: number): void {
  const st = signed;
  if (i === st.k) {
    if (sum !== st.target || (used & st.must) !== st.must) return;
    st.found = true;
    for (let j = 0; j < st.k; j++) st.allowed[j] |= st.pick[j];
    st.required &= used;
    return;
  }
  if (sum + st.lo[i] > st.target || sum + st.hi[i] < st.target) return;
  let free = st.m[i];
  for (let b = st.neq[i], j = 0; b; b >>= 1, j++) if (b & 1) free &= ~st.pick[j];
  while (free) {
    const bit = free & -free;
    free ^= bit;
    st.pick[i] = bit;
    assign(i + 1, sum + st.s[i] * (32 - Math.clz32(bit)), used | bit);
  }
}

// ---------------------------------------------------------------------------------------------
// A cage on a position.

interface CageState {
  free: number[];
  masks: number[];
  /** Sum left for the empty cells, digits placed in the cage. */
  rest: number;
  used: number;
}

function cageState(g: Geometry, pos: GeometryPosition, k: number): CageState {
  const cage = g.cages[k];
  const free: number[] = [];
  let rest = cage.sum;
  let used = 0;
  for (const c of cage.cells) {
    const v = pos.values[c];
    if (v) {
      rest -= v;
      used |= 1 << (v - 1);
    } else free.push(c);
  }
  return { free, masks: free.map((c) => pos.cands[c] & ~used), rest, used };
}

function step(technique: string, placements: [number, number][], eliminations: [number, number][], units: number[], cells: number[], digits: number[]): GeometryStep {
  return { technique, placements, eliminations, units, cells, digits };
}

/** Candidates of `cells` outside `keep` (per cell), as eliminations. */
function struck(pos: GeometryPosition, cells: readonly number[], keep: readonly number[]): [number, number][] {
  const out: [number, number][] = [];
  for (let i = 0; i < cells.length; i++) {
    const c = cells[i];
    for (let m = pos.cands[c] & ~keep[i]; m; m &= m - 1) out.push([c, 32 - Math.clz32(m & -m)]);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// What gave nothing: a pattern (a cage, a unit, a sum-rule region) looked at on a position and
// found to give nothing gives nothing again while the candidates of the cells it reads stay
// (candidates only go, and a placed cell's digit stays), so the grader's path, which asks
// every technique again after each step, passes over it. Each scan keeps the candidates it
// last started from and which of its patterns are open (never looked at, or something they
// read changed since they gave nothing).

/** The scans that remember what gave nothing, by number. */
const enum ScanId {
  CageCombination,
  BigCageCombination,
  CageInUnit,
  CagePointing,
  CageClaiming,
  InniesOuties,
  InniesOuties2,
  InniesOuties3,
  CageSplit,
  Count,
}

/** A cage on a position: its empty cells, their candidates, the sum left, and its combinations once asked. */
interface CageInfo extends CageState {
  opt?: SumOptions | null;
}

interface PositionMemo {
  g: Geometry;
  /** Per scan s: whether it started yet; the candidates when it last started (last[s * stride + c]); its open patterns (open[s * patterns + p]). */
  started: Uint8Array;
  last: Uint16Array;
  /** `last` two cells a word. */
  lastWords: Int32Array;
  stride: number;
  open: Uint8Array;
  patterns: number;
  /** Each cage's state, and the candidates of its cells it was made from (by cell). */
  cage: (CageInfo | undefined)[];
  cageCands: Uint16Array;
  /** The position's candidates two cells a word (when they line up). */
  words?: Int32Array;
}

const MEMOS = new WeakMap<GeometryPosition, PositionMemo>();

/** The position whose memo was asked last, and that memo. */
let lastMemoOf: GeometryPosition | null = null;
let lastMemo: PositionMemo | null = null;

function memoOf(g: Geometry, pos: GeometryPosition): PositionMemo {
  if (pos === lastMemoOf && lastMemo!.g === g) return lastMemo!;
  let m = MEMOS.get(pos);
  if (!m || m.g !== g) MEMOS.set(pos, (m = newMemo(g)));
  lastMemoOf = pos;
  lastMemo = m;
  return m;
}

function newMemo(g: Geometry): PositionMemo {
  const stride = (g.cellCount + 1) & ~1;
  const last = new Uint16Array(ScanId.Count * stride);
  const patterns = Math.max(g.cages.length, g.unitCount, cageTables(g).shapes.length);
  return { g, started: new Uint8Array(ScanId.Count), last, lastWords: new Int32Array(last.buffer), stride, open: new Uint8Array(ScanId.Count * patterns), patterns, cage: [], cageCands: new Uint16Array(g.cellCount) };
}

/** Which patterns a scan reads through a cell: the cage, the units, the sum-rule regions holding it or crossing it. */
const enum Patterns {
  Cages,
  Units,
  Regions,
}

/** Bits of the cells and cages that changed (scratch, one scan at a time). */
let changedCells = new Int32Array(0);
let changedCages = new Int32Array(0);

/**
 * The open patterns of a scan, brought up to date: every pattern reading a cell whose
 * candidates changed since the scan last started is open again. The scan closes a pattern
 * that gave nothing. Its flags: memo.open[at + pattern], `at` returned.
 */
function openPatterns(memo: PositionMemo, pos: GeometryPosition, scan: ScanId, of: Patterns): number {
  const g = memo.g;
  const cands = pos.cands;
  const { last, open } = memo;
  const at = scan * memo.patterns;
  const from = scan * memo.stride;
  const count = of === Patterns.Cages ? g.cages.length : of === Patterns.Units ? g.unitCount : cageTables(g).shapes.length;
  if (!memo.started[scan]) {
    memo.started[scan] = 1;
    last.set(cands, from);
    open.fill(1, at, at + count);
    return at;
  }
  // Two cells at a time where the candidates' words line up.
  const words = cands.byteOffset % 4 === 0 ? (memo.words?.buffer === cands.buffer && memo.words.byteOffset === cands.byteOffset ? memo.words : (memo.words = new Int32Array(cands.buffer, cands.byteOffset, cands.length >> 1))) : null;
  const cellWords = (g.cellCount + 31) >> 5;
  const cageWords = (g.cages.length + 31) >> 5;
  if (changedCells.length < cellWords) changedCells = new Int32Array(cellWords);
  if (changedCages.length < cageWords) changedCages = new Int32Array(cageWords);
  changedCells.fill(0, 0, cellWords);
  changedCages.fill(0, 0, cageWords);
  let any = false;
  const lastWords = memo.lastWords;
  const fromWord = from >> 1;
  for (let c = 0; c < g.cellCount; c++) {
    if (words && (c & 1) === 0 && c + 1 < g.cellCount && words[c >> 1] === lastWords[fromWord + (c >> 1)]) {
      c++;
      continue;
    }
    if (cands[c] === last[from + c]) continue;
    last[from + c] = cands[c];
    any = true;
    changedCells[c >> 5] |= 1 << (c & 31);
    const k = g.cageOf[c];
    if (k >= 0) changedCages[k >> 5] |= 1 << (k & 31);
  }
  if (!any) return at;
  if (of === Patterns.Cages) {
    for (let k = 0; k < count; k++) if (changedCages[k >> 5] & (1 << (k & 31))) open[at + k] = 1;
  } else if (of === Patterns.Units) {
    // A unit reads its cells and the cages of its cells.
    for (let c = 0; c < g.cellCount; c++) {
      const k = g.cageOf[c];
      if (!(changedCells[c >> 5] & (1 << (c & 31))) && !(k >= 0 && changedCages[k >> 5] & (1 << (k & 31)))) continue;
      for (let j = g.unitsStart[c]; j < g.unitsStart[c + 1]; j++) open[at + g.unitsOf[j]] = 1;
    }
  } else {
    // A region reads its cells and the cages crossing its border.
    // (A closed region was looked at, so its cages are known.)
    const regions = cageTables(g).regions;
    for (let r = 0; r < count; r++) {
      if (open[at + r]) continue;
      const { cellBits, partialBits } = regions[r]!;
      let hit = 0;
      for (let w = 0; w < cellWords && !hit; w++) hit = cellBits[w] & changedCells[w];
      for (let w = 0; w < cageWords && !hit; w++) hit = partialBits[w] & changedCages[w];
      if (hit) open[at + r] = 1;
    }
  }
  return at;
}

/** Cage k on the position (remembered while its cells keep their candidates). */
function cageInfo(g: Geometry, pos: GeometryPosition, k: number): CageInfo {
  const memo = memoOf(g, pos);
  const cells = g.cages[k].cells;
  const known = memo.cage[k];
  let same = known !== undefined;
  for (let i = 0; same && i < cells.length; i++) same = pos.cands[cells[i]] === memo.cageCands[cells[i]];
  if (same) return known!;
  for (let i = 0; i < cells.length; i++) memo.cageCands[cells[i]] = pos.cands[cells[i]];
  return (memo.cage[k] = cageState(g, pos, k));
}

/** The combinations of cage k's empty cells (2 or more) reaching its sum left. */
function cageOptions(g: Geometry, info: CageInfo): SumOptions | null {
  if (info.opt === undefined) info.opt = cageSumOptions(g, info.free, info.masks, info.rest, 0);
  return info.opt;
}

// ---------------------------------------------------------------------------------------------
// The scans.

/**
 * Each cage that changed (`changed`) and is open, handed to `look`: a step is emitted,
 * nothing closes the cage.
 */
function eachCage(g: Geometry, pos: GeometryPosition, scan: ScanId, emit: Emit, look: (k: number) => GeometryStep | null): boolean {
  const memo = memoOf(g, pos);
  const at = openPatterns(memo, pos, scan, Patterns.Cages);
  const open = memo.open;
  for (let k = 0; k < g.cages.length; k++) {
    if (!open[at + k]) continue;
    const found = look(k);
    if (!found) open[at + k] = 0;
    else if (emit(found)) return true;
  }
  return false;
}

/** Cage combinations for cages with `min` to `max` empty cells. */
function cageCombination(name: string, scan: ScanId, min: number, max: number): Scan {
  return (g, pos, emit) =>
    eachCage(g, pos, scan, emit, (k) => {
      const cells = g.cages[k].cells;
      const st = cageInfo(g, pos, k);
      const f = st.free.length;
      if (f < min || f > max || f === 0) return null;
      if (f === 1) {
        const d = st.rest;
        return d >= 1 && d <= g.size && pos.cands[st.free[0]] & (1 << (d - 1)) ? step(name, [[st.free[0], d]], [], [], [...cells], [d]) : null;
      }
      const opt = cageOptions(g, st);
      if (!opt) return null;
      const elims = struck(pos, st.free, opt.allowed);
      return elims.length ? step(name, [], elims, [], [...cells], bitsOf(opt.allowed.reduce((a, b) => a | b, 0))) : null;
    });
}

/** A cage wholly in a unit: its required digits leave the rest of the unit. */
const cageInUnit: Scan = (g, pos, emit) => {
  const { cageUnits } = cageTables(g);
  return eachCage(g, pos, ScanId.CageInUnit, emit, (k) => {
    if (cageUnits[k].length === 0) return null;
    const st = cageInfo(g, pos, k);
    if (st.free.length < 2) return null;
    const opt = cageOptions(g, st);
    if (!opt || opt.required === 0) return null;
    for (const u of cageUnits[k]) {
      const elims: [number, number][] = [];
      for (const c of g.unit(u)) {
        if (pos.values[c] || g.cageOf[c] === k) continue;
        for (const d of bitsOf(pos.cands[c] & opt.required)) elims.push([c, d]);
      }
      if (elims.length) return step('cage-in-unit', [], elims, [u], [...g.cages[k].cells], bitsOf(opt.required));
    }
    return null;
  });
};

/** A digit every combination of a cage has, held by some of its cells: out of their common peers. */
const cagePointing: Scan = (g, pos, emit) => {
  const { unitPeer } = cageTables(g);
  return eachCage(g, pos, ScanId.CagePointing, emit, (k) => {
    const st = cageInfo(g, pos, k);
    if (st.free.length < 2) return null;
    const opt = cageOptions(g, st);
    if (!opt || opt.required === 0) return null;
    for (const d of bitsOf(opt.required)) {
      const bit = 1 << (d - 1);
      const holders = st.free.filter((c) => pos.cands[c] & bit);
      // The cells seeing every holder are among the first holder's peers.
      const seeing: number[] = [];
      const h0 = holders[0];
      for (let j = g.peerStart[h0]; j < g.peerStart[h0 + 1]; j++) {
        const c = g.peers[j];
        if (pos.values[c] || !(pos.cands[c] & bit) || holders.includes(c)) continue;
        if (holders.every((h) => isPeer(g, unitPeer, h, c))) seeing.push(c);
      }
      if (seeing.length) return step('cage-pointing', [], seeing.sort((a, b) => a - b).map((c) => [c, d]), [], holders, [d]);
    }
    return null;
  });
};

/** A digit whose places in a unit all lie in one cage: the cage holds it there. */
const cageClaiming: Scan = (g, pos, emit) => {
  const n = g.size;
  const memo = memoOf(g, pos);
  const at = openPatterns(memo, pos, ScanId.CageClaiming, Patterns.Units);
  const open = memo.open;
  if (claimCages.length < n) {
    claimCages = new Int32Array(n);
    claimDigits = new Int32Array(n);
  }
  const groupCage = claimCages;
  const groupDigits = claimDigits;
  for (let u = 0; u < g.unitCount; u++) {
    if (!open[at + u]) continue;
    const unit = g.unit(u);
    // The digits with places in two cells or more (twice), in two cages or more or in a
    // cell of no cage (spread), placed; the candidates of each cage's cells in the unit.
    let once = 0;
    let twice = 0;
    let placed = 0;
    let spread = 0;
    let groups = 0;
    for (let i = 0; i < unit.length; i++) {
      const c = unit[i];
      const v = pos.values[c];
      if (v) {
        placed |= 1 << (v - 1);
        continue;
      }
      const m = pos.cands[c];
      twice |= once & m;
      once |= m;
      const k = g.cageOf[c];
      if (k < 0) {
        spread |= m;
        continue;
      }
      let j = 0;
      while (j < groups && groupCage[j] !== k) j++;
      if (j === groups) {
        groupCage[groups] = k;
        groupDigits[groups++] = 0;
      }
      groupDigits[j] |= m;
    }
    let seen = 0;
    for (let j = 0; j < groups; j++) {
      spread |= seen & groupDigits[j];
      seen |= groupDigits[j];
    }
    let found = false;
    // Digits whose places (two or more) all lie in one cage, in order.
    for (let claim = twice & ~spread & ~placed; claim; claim &= claim - 1) {
      const bit = claim & -claim;
      const d = 32 - Math.clz32(bit);
      let j = 0;
      while (!(groupDigits[j] & bit)) j++;
      const k = groupCage[j];
      const st = cageInfo(g, pos, k);
      const opt = cageSumOptions(g, st.free, st.masks, st.rest, bit);
      if (!opt) continue;
      // Outside the unit the cage has no d; combinations without d go.
      const keep = st.free.map((c, i) => (unit.includes(c) ? opt.allowed[i] : opt.allowed[i] & ~bit));
      const elims = struck(pos, st.free, keep);
      if (!elims.length) continue;
      found = true;
      if (emit(step('cage-claiming', [], elims, [u], st.free.filter((c) => unit.includes(c) && pos.cands[c] & bit), [d]))) return true;
    }
    if (!found) open[at + u] = 0;
  }
  return false;
};

/** Scratch of cage claiming: the cages met in a unit and their cells' candidates there. */
let claimCages = new Int32Array(0);
let claimDigits = new Int32Array(0);

/** One sum-rule constraint: innies (+) and outies (-) of a region, their signed sum. */
interface SumConstraint {
  units: number[];
  cells: number[];
  signs: number[];
  target: number;
}

/**
 * The sum-rule constraints of every region with `minUnits` to `maxUnits` units and 1 to
 * `maxCells` empty cells, handed to `visit` until it returns true.
 */
function eachSumConstraint(g: Geometry, pos: GeometryPosition, scan: ScanId, minUnits: number, maxUnits: number, maxCells: number, emit: Emit, visit: (c: SumConstraint) => GeometryStep | null, splits: Splits): boolean {
  const unitSum = (g.size * (g.size + 1)) / 2;
  const memo = memoOf(g, pos);
  const at = openPatterns(memo, pos, scan, Patterns.Regions);
  const open = memo.open;
  const tables = cageTables(g);
  const shapes = tables.shapes;
  const x = sumScratch(g, maxCells);
  x.open = open;
  x.emit = emit;
  x.visit = visit;
  x.splits = splits;
  x.cageOf = g.cageOf;
  x.maxCells = maxCells;
  const { values } = pos;
  for (let r = 0; r < shapes.length; r++) {
    const k = shapes[r].units.length;
    if (k < minUnits || k > maxUnits || !open[at + r]) continue;
    const region = regionOf(g, tables, r);
    // Closed unless a constraint below gives a step.
    open[at + r] = 0;
    // Each partial cage: its empty cells inside (innies), or its cage sum in and its cells
    // outside (outies). The fewest empty cells a constraint of this region can have: too many,
    // and it is passed over.
    const { inside, partial } = region;
    let least = 0;
    for (let i = 0; i < region.loose.length; i++) if (!values[region.loose[i]]) least++;
    let inAt = 0;
    let outAt = 0;
    for (let i = 0; i < partial.length; i++) {
      const cage = g.cages[partial[i]];
      x.inAt[i] = inAt;
      x.outAt[i] = outAt;
      let inPlaced = 0;
      let outPlaced = 0;
      for (let j = 0; j < cage.cells.length; j++) {
        const c = cage.cells[j];
        const v = values[c];
        if (inside[c]) {
          if (v) inPlaced += v;
          else x.inCells[inAt++] = c;
        } else if (v) outPlaced += v;
        else x.outCells[outAt++] = c;
      }
      x.inPlaced[i] = inPlaced;
      x.outPlaced[i] = outPlaced;
      x.sum[i] = cage.sum;
      least += Math.min(inAt - x.inAt[i], outAt - x.outAt[i]);
    }
    x.inAt[partial.length] = inAt;
    x.outAt[partial.length] = outAt;
    if (least > maxCells) continue;
    // Fewest cells the options from i on can add: a branch that cannot stay within maxCells stops.
    x.least[partial.length] = 0;
    for (let i = partial.length - 1; i >= 0; i--) x.least[i] = x.least[i + 1] + Math.min(x.inAt[i + 1] - x.inAt[i], x.outAt[i + 1] - x.outAt[i]);
    let base = k * unitSum - region.whollySum;
    let fixed = 0;
    for (let i = 0; i < region.loose.length; i++) {
      const c = region.loose[i];
      if (values[c]) base -= values[c];
      else if (fixed < maxCells) {
        x.cells[fixed] = c;
        x.signs[fixed++] = 1;
      } else fixed++;
    }
    x.region = region;
    x.r = at + r;
    x.count = partial.length;
    if (sumChoices(x, 0, fixed, base)) return true;
  }
  return false;
}

/** The state of the sum-rule scan over one region (one scan at a time; sized to the geometry). */
interface SumScratch {
  /** Per partial cage i: its empty cells inside (inCells[inAt[i] .. inAt[i + 1])) and outside, its digits placed inside and outside, its sum; the fewest cells cages i.. add. */
  inAt: Int32Array;
  outAt: Int32Array;
  inCells: Int32Array;
  outCells: Int32Array;
  inPlaced: Int32Array;
  outPlaced: Int32Array;
  sum: Int32Array;
  least: Int32Array;
  /** The constraint being built. */
  cells: number[];
  signs: number[];
  region: SumRegion | null;
  r: number;
  count: number;
  maxCells: number;
  open: Uint8Array;
  emit: Emit;
  visit: (c: SumConstraint) => GeometryStep | null;
  splits: Splits;
  cageOf: Int16Array;
}

/** Which constraints cutting a cage in two go to the visit: only those, or all but those over one unit. */
const enum Splits {
  Only,
  NotOverOneUnit,
}

let SUM_SCRATCH: SumScratch | null = null;

function sumScratch(g: Geometry, maxCells: number): SumScratch {
  const cages = g.cages.length + 1;
  let x = SUM_SCRATCH;
  if (!x || x.inAt.length < cages || x.inCells.length < g.cellCount || x.cells.length < maxCells) {
    const cells = Math.max(g.cellCount, x ? x.inCells.length : 0);
    const size = Math.max(cages, x ? x.inAt.length : 0);
    const most = Math.max(maxCells, x ? x.cells.length : 0);
    SUM_SCRATCH = x = {
      inAt: new Int32Array(size),
      outAt: new Int32Array(size),
      inCells: new Int32Array(cells),
      outCells: new Int32Array(cells),
      inPlaced: new Int32Array(size),
      outPlaced: new Int32Array(size),
      sum: new Int32Array(size),
      least: new Int32Array(size),
      cells: new Array<number>(most).fill(0),
      signs: new Array<number>(most).fill(0),
      region: null,
      r: 0,
      count: 0,
      maxCells: 0,
      open: new Uint8Array(0),
      emit: () => false,
      visit: () => null,
      splits: Splits.Only,
      cageOf: new Int16Array(0),
    };
  }
  return x;
}

/** The constraints from partial cage i on, `count` cells chosen so far, their sum `target`: each handed to the visit; true when the scan stops. */
function sumChoices(x: SumScratch, i: number, count: number, target: number): boolean {
  if (count + x.least[i] > x.maxCells) return false;
  if (i === x.count) {
    if (count === 0) return false;
    // Whether every empty cell is in one cage (cut in two known sums by the constraint).
    let split = count >= 2;
    for (let j = 0; split && j < count; j++) split = x.cageOf[x.cells[j]] >= 0 && x.cageOf[x.cells[j]] === x.cageOf[x.cells[0]];
    // Innies and outies leave out only the constraints that cut a cage whatever is placed: the
    // region's one partial cage, no cell outside cages. Whether a step is theirs then does not
    // change as cells are placed, so their closure and the grader's path agree.
    const cut = split && x.count === 1 && x.region!.loose.length === 0;
    if (x.splits === Splits.Only ? !split : cut && x.region!.units.length === 1) return false;
    const found = x.visit({ units: x.region!.units, cells: x.cells.slice(0, count), signs: x.signs.slice(0, count), target });
    if (!found) return false;
    x.open[x.r] = 1;
    return x.emit(found);
  }
  const inFree = x.inAt[i + 1] - x.inAt[i];
  const outFree = x.outAt[i + 1] - x.outAt[i];
  for (let side = 0; side < 2; side++) {
    const from = side === 0 ? x.inAt[i] : x.outAt[i];
    const add = side === 0 ? inFree : outFree;
    const list = side === 0 ? x.inCells : x.outCells;
    if (count + add > x.maxCells) continue;
    // A cage with every cell placed gives the same either way.
    if (side === 1 && inFree === 0 && outFree === 0) continue;
    const t = side === 0 ? target - x.inPlaced[i] : target - x.sum[i] + x.outPlaced[i];
    for (let j = 0; j < add; j++) {
      x.cells[count + j] = list[from + j];
      x.signs[count + j] = side === 0 ? 1 : -1;
    }
    if (sumChoices(x, i + 1, count + add, t)) return true;
  }
  return false;
}

/** The step a sum-rule constraint gives: a placement (one cell), eliminations, or null. */
function sumRuleStep(g: Geometry, pos: GeometryPosition, name: string, c: SumConstraint): GeometryStep | null {
  if (c.cells.some((x) => pos.values[x])) return null; // a cell placed since the constraint was made
  if (c.cells.length === 1) {
    const d = c.target * c.signs[0];
    const cell = c.cells[0];
    if (d >= 1 && d <= g.size && pos.cands[cell] & (1 << (d - 1))) return step(name, [[cell, d]], [], c.units, c.cells, [d]);
    return null;
  }
  const opt = sumOptions(
    g,
    c.cells,
    c.cells.map((x) => pos.cands[x]),
    c.signs,
    c.target,
  );
  if (!opt) return null;
  const elims = struck(pos, c.cells, opt.allowed);
  return elims.length ? step(name, [], elims, c.units, c.cells, []) : null;
}

function inniesOutiesName(units: number): string {
  return units === 1 ? 'innies-outies' : units === 2 ? 'innies-outies-2' : 'innies-outies-3';
}

/** The sum rule over `min` to `max` units (cage splits over one unit are `cage-split`'s). */
function inniesOuties(scan: ScanId, min: number, max: number): Scan {
  return (g, pos, emit) =>
    eachSumConstraint(g, pos, scan, min, max, SUM_RULE_CELLS, emit, (c) => sumRuleStep(g, pos, inniesOutiesName(c.units.length), c), Splits.NotOverOneUnit);
}

/** The sum rule over one unit cutting a cage in two parts of known sums. */
const cageSplit: Scan = (g, pos, emit) => eachSumConstraint(g, pos, ScanId.CageSplit, 1, 1, SPLIT_CELLS, emit, (c) => sumRuleStep(g, pos, 'cage-split', c), Splits.Only);

/** A cage technique: its name, rating and scan. */
export interface CageTechnique {
  name: string;
  rating: number;
  scan: Scan;
}

/** The cage techniques with their scans, in rating order. */
export const CAGE_SCANS: readonly CageTechnique[] = [
  { name: 'cage-combination', rating: 2.0, scan: cageCombination('cage-combination', ScanId.CageCombination, 1, 3) },
  { name: 'cage-in-unit', rating: 2.4, scan: cageInUnit },
  { name: 'big-cage-combination', rating: 2.5, scan: cageCombination('big-cage-combination', ScanId.BigCageCombination, 4, Infinity) },
  { name: 'cage-pointing', rating: 2.7, scan: cagePointing },
  { name: 'cage-claiming', rating: 2.8, scan: cageClaiming },
  { name: 'innies-outies', rating: 2.8, scan: inniesOuties(ScanId.InniesOuties, 1, 1) },
  { name: 'cage-split', rating: 3.0, scan: cageSplit },
  { name: 'innies-outies-2', rating: 3.2, scan: inniesOuties(ScanId.InniesOuties2, 2, 2) },
  { name: 'innies-outies-3', rating: 3.6, scan: inniesOuties(ScanId.InniesOuties3, 3, Infinity) },
];

/**
 * The revision of what the cage techniques find, for the bank's grader id: raised when a step
 * changes technique without a rating changing (2: a sum-rule step over one unit is a cage split
 * only when the region has one partial cage and no cell outside cages).
 */
export const CAGE_RULES_REVISION = 2;

/** The cage techniques for the grader's table, in rating order. */
export const CAGE_TECHNIQUES: GeometryTechniqueDef[] = CAGE_SCANS.map((t) => ({ name: t.name, rating: t.rating, find: finder(t.scan) }));

/** The names of the cage techniques. */
export const CAGE_TECHNIQUE_NAMES: readonly string[] = CAGE_SCANS.map((t) => t.name);

// The grader's table of a geometry with cages includes them (this module is loaded with the
// killer making, src/geometry/make.ts, so with every command that grades a kind).
