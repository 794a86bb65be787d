/**
 * The grader for every geometry: a table of techniques in rating order, each with a name,
 * an SE-like rating (Sudoku Explainer's weights, which 9x9 classic keeps exactly in
 * src/grader/) and a finder that reports one step on the pencil marks or null. The path
 * takes the first step of the first technique that has one, applies it, and starts again
 * from the cheapest, as a person does; the rating is the hardest step's.
 *
 * Techniques: hidden and naked singles, pointing and claiming (locked candidates between any
 * two units sharing cells: box and line, jigsaw region and line, diagonal and box), naked
 * and hidden pairs, triples and quads in any unit, fish (X-wing, swordfish, jellyfish) over
 * any two families of units that partition the grid (rows, columns, boxes or regions),
 * XY-wing and XYZ-wing over the geometry's peers, the unique rectangle (type 1) where every
 * unit and cage meeting its corners holds two side-by-side corners, and XY-chains (forcing
 * chains over two-candidate cells). Killer cage reasoning joins the table when the geometry
 * has cages (src/geometry/cage-rules.ts).
 */
import type { Geometry, Overlap } from './geometry.js';
import { digitOfBit, familyIndex, loneDigits, POP16 } from './solver.js';
import { CAGE_TECHNIQUES } from './cage-rules.js';

export interface GeometryStep {
  technique: string;
  /** The step's rating when it differs from its technique's (a hidden single in a line, a chain's length). */
  rating?: number;
  /** Digits placed: [cell, digit]. */
  placements: [number, number][];
  /** Candidates removed: [cell, digit]. */
  eliminations: [number, number][];
  /** The units the pattern lives in. */
  units: number[];
  /** The cells and digits of the pattern. */
  cells: number[];
  digits: number[];
}

/** A position: placed digits (0 empty) and the pencil marks of the empty cells. */
export interface GeometryPosition {
  values: Uint8Array;
  cands: Uint16Array;
}

/** A technique of the table: its name, its SE-like rating (its steps' lowest), its finder. */
export interface GeometryTechniqueDef {
  name: string;
  rating: number;
  find(g: Geometry, pos: GeometryPosition): GeometryStep | null;
  /** Sound only on a puzzle known to have one solution (uniqueness patterns): left out while digging. */
  needsUniqueness?: boolean;
}

const bitsOf = (m: number): number[] => {
  const out: number[] = [];
  for (let d = 1; m; d++, m >>= 1) if (m & 1) out.push(d);
  return out;
};

/** The step's rating: its own, or its technique's. */
export function stepRating(step: GeometryStep, def: GeometryTechniqueDef): number {
  return step.rating ?? def.rating;
}

/** The position of a puzzle: its givens, and every digit no given peer has as candidates. */
export function startPosition(g: Geometry, puzzle: Uint8Array): GeometryPosition {
  const values = puzzle.slice();
  const cands = new Uint16Array(g.cellCount);
  fillCandidates(g, values, cands);
  return { values, cands };
}

let UNIT_DIGITS = new Int32Array(0);

/**
 * The pencil marks of `values` into `cands`: 0 for a placed cell, else every digit no peer
 * holds. Without cages the peers are the units' cells: the digits of each unit are gathered
 * once, and each cell takes those of its units.
 */
export function fillCandidates(g: Geometry, values: Uint8Array, cands: Uint16Array): void {
  const { peers, peerStart, unitsOf, unitsStart, unitCells, cellCount, unitCount, size: n, full } = g;
  if (g.cages.length > 0) {
    for (let c = 0; c < cellCount; c++) {
      if (values[c] !== 0) {
        cands[c] = 0;
        continue;
      }
      let m = full;
      for (let k = peerStart[c]; k < peerStart[c + 1]; k++) {
        const v = values[peers[k]];
        if (v) m &= ~(1 << (v - 1));
      }
      cands[c] = m;
    }
    return;
  }
  if (UNIT_DIGITS.length < unitCount) UNIT_DIGITS = new Int32Array(unitCount);
  const used = UNIT_DIGITS;
  for (let u = 0, base = 0; u < unitCount; u++, base += n) {
    let m = 0;
    for (let k = 0; k < n; k++) {
      const v = values[unitCells[base + k]];
      if (v) m |= 1 << (v - 1);
    }
    used[u] = m;
  }
  for (let c = 0; c < cellCount; c++) {
    if (values[c] !== 0) {
      cands[c] = 0;
      continue;
    }
    let m = 0;
    for (let k = unitsStart[c], end = unitsStart[c + 1]; k < end; k++) m |= used[unitsOf[k]];
    cands[c] = full & ~m;
  }
}

/** Apply a step: digits placed (and struck from their peers), candidates removed. */
export function applyStep(g: Geometry, pos: GeometryPosition, step: GeometryStep): void {
  const { values, cands } = pos;
  const { eliminations, placements } = step;
  for (let i = 0; i < eliminations.length; i++) cands[eliminations[i][0]] &= ~(1 << (eliminations[i][1] - 1));
  for (let i = 0; i < placements.length; i++) {
    const c = placements[i][0];
    const d = placements[i][1];
    values[c] = d;
    cands[c] = 0;
    for (let k = g.peerStart[c]; k < g.peerStart[c + 1]; k++) cands[g.peers[k]] &= ~(1 << (d - 1));
  }
}

/** Whether unit u is a row, a column or a diagonal (a line), not a box or region. */
const isLine = (g: Geometry, u: number): boolean => u < 2 * g.size || u >= 3 * g.size;

/** Mask of the places (bit k: the unit's k-th cell) of every digit in unit u: out[d]. */
function placesIn(g: Geometry, pos: GeometryPosition, u: number, out: Uint32Array): void {
  out.fill(0, 0, g.size + 1);
  const base = u * g.size;
  for (let k = 0; k < g.size; k++) {
    let m = pos.cands[g.unitCells[base + k]];
    while (m) {
      const b = m & -m;
      m ^= b;
      out[digitOfBit(b)] |= 1 << k;
    }
  }
}

let FINDER_SCRATCH: [Int32Array, Int32Array] = [new Int32Array(0), new Int32Array(0)];

/** Two arrays of at least n items for the subset and fish finders (shared: one finder runs at a time, and writes before it reads). */
function finderScratch(n: number): [Int32Array, Int32Array] {
  if (FINDER_SCRATCH[0].length < n) FINDER_SCRATCH = [new Int32Array(n), new Int32Array(n)];
  return FINDER_SCRATCH;
}

/**
 * The combinations of `k` of `count` items (each a bit mask) whose masks together have
 * exactly `k` bits, in order, the union pruned as soon as it passes `k` bits: naked subsets
 * (cells by candidates), hidden subsets (digits by places), fish (base units by cover
 * units). One enumeration at a time (the finders share it): `start`, then `next` until it
 * says false; `chosen[0..k)` and `union` are the combination found. Walked without
 * recursion or callbacks, so each finder's test of a combination stays in its own loop.
 */
class Combinations {
  /** The items of the combination found, in order. */
  readonly chosen = new Int32Array(4);
  /** Their masks together. */
  union = 0;
  private readonly unions = new Int32Array(5);
  private masks: Int32Array<ArrayBufferLike> = new Int32Array(0);
  private count = 0;
  private k = 0;
  private depth = 0;
  private from = 0;

  start(masks: Int32Array, count: number, k: number): void {
    this.masks = masks;
    this.count = count;
    this.k = k;
    this.depth = 0;
    this.from = 0;
    this.unions[0] = 0;
  }

  /** The next combination (false when there is none left). */
  next(): boolean {
    const { masks, count, k, chosen, unions } = this;
    let d = this.depth;
    let i = this.from;
    for (;;) {
      if (i > count - (k - d)) {
        // Every item tried at this depth: back to the one before.
        if (d === 0) {
          this.from = i;
          return false;
        }
        d--;
        i = chosen[d] + 1;
        continue;
      }
      const u = unions[d] | masks[i];
      if (POP16[u] > k) {
        i++;
        continue;
      }
      chosen[d] = i;
      if (d + 1 < k) {
        unions[d + 1] = u;
        d++;
        i++;
        continue;
      }
      if (POP16[u] === k) {
        this.depth = d;
        this.from = i + 1;
        this.union = u;
        return true;
      }
      i++;
    }
  }
}

const COMBINATIONS = new Combinations();

/** The places of every digit in one unit, for hiddenSingle (digits up to 16). */
const UNIT_PLACES = new Uint32Array(17);

function hiddenSingle(g: Geometry, pos: GeometryPosition): GeometryStep | null {
  const places = UNIT_PLACES;
  // Boxes and regions first (SE 1.2), then lines (1.5).
  for (let pass = 0; pass < 2; pass++) {
    for (let u = 0; u < g.unitCount; u++) {
      if (isLine(g, u) !== (pass === 1)) continue;
      // The digits with one place in the unit, the lowest first.
      const lone = loneDigits(pos.cands, g.unitCells, u * g.size, g.size);
      if (lone === 0) continue;
      placesIn(g, pos, u, places);
      const d = digitOfBit(lone & -lone);
      const c = g.unitCells[u * g.size + 31 - Math.clz32(places[d])];
      return { technique: 'hidden-single', rating: pass === 0 ? 1.2 : 1.5, placements: [[c, d]], eliminations: [], units: [u], cells: [c], digits: [d] };
    }
  }
  return null;
}

function nakedSingle(g: Geometry, pos: GeometryPosition): GeometryStep | null {
  for (let c = 0; c < g.cellCount; c++) {
    if (pos.values[c] === 0 && POP16[pos.cands[c]] === 1) {
      const d = digitOfBit(pos.cands[c]);
      return { technique: 'naked-single', placements: [[c, d]], eliminations: [], units: [], cells: [c], digits: [d] };
    }
  }
  return null;
}

/**
 * Locked candidates: a digit whose places in one unit all lie in a second unit goes from the
 * rest of the second. Pointing when the first unit is a box or region, claiming when it is a
 * line (a row, a column or a diagonal).
 */
function lockedCandidates(fromRegion: boolean) {
  return (g: Geometry, pos: GeometryPosition): GeometryStep | null => {
    const { cands } = pos;
    const overlaps = g.overlaps;
    for (let i = 0; i < overlaps.length; i++) {
      const ov = overlaps[i];
      const mShared = maskOf(cands, ov.shared);
      if (mShared === 0) continue;
      const mA = maskOf(cands, ov.restA);
      const mB = maskOf(cands, ov.restB);
      // From the first unit to the rest of the second, then the other way round.
      if (isLine(g, ov.units[0]) !== fromRegion && (mShared & ~mA & mB) !== 0) return lockedStep(fromRegion, pos, ov, 0, mShared & ~mA & mB);
      if (isLine(g, ov.units[1]) !== fromRegion && (mShared & ~mB & mA) !== 0) return lockedStep(fromRegion, pos, ov, 1, mShared & ~mB & mA);
    }
    return null;
  };
}

/** The candidates of `cells` together. */
function maskOf(cands: Uint16Array, cells: Uint16Array): number {
  let m = 0;
  for (let k = 0; k < cells.length; k++) m |= cands[cells[k]];
  return m;
}

/** The step of locked candidates from unit `ov.units[from]` to the rest of the other, on the lowest digit of `found`. */
function lockedStep(fromRegion: boolean, pos: GeometryPosition, ov: Overlap, from: number, found: number): GeometryStep {
  const d = digitOfBit(found & -found);
  const bit = 1 << (d - 1);
  const cells: number[] = [];
  const eliminations: [number, number][] = [];
  for (let k = 0; k < ov.shared.length; k++) if (pos.cands[ov.shared[k]] & bit) cells.push(ov.shared[k]);
  const rest = from === 0 ? ov.restB : ov.restA;
  for (let k = 0; k < rest.length; k++) if (pos.cands[rest[k]] & bit) eliminations.push([rest[k], d]);
  const units = from === 0 ? [ov.units[0], ov.units[1]] : [ov.units[1], ov.units[0]];
  return { technique: fromRegion ? 'pointing' : 'claiming', placements: [], eliminations, units, cells, digits: [d] };
}

const SUBSET_NAMES = ['', '', 'pair', 'triple', 'quad'];

/** k cells of a unit whose candidates are k digits: those digits go from the unit's other cells. */
function nakedSubset(k: number) {
  return (g: Geometry, pos: GeometryPosition): GeometryStep | null => {
    const n = g.size;
    const { unitCells } = g;
    const { values, cands } = pos;
    // The candidates of the unit's cells with 2..k of them, and each one's place in the unit.
    const [masks, placeOf] = finderScratch(n);
    const combos = COMBINATIONS;
    for (let u = 0, base = 0; u < g.unitCount; u++, base += n) {
      let count = 0;
      let empty = 0;
      for (let j = 0; j < n; j++) {
        const c = unitCells[base + j];
        if (values[c] !== 0) continue;
        empty++;
        const p = POP16[cands[c]];
        if (p >= 2 && p <= k) {
          masks[count] = cands[c];
          placeOf[count++] = j;
        }
      }
      if (empty <= k || count < k) continue;
      combos.start(masks, count, k);
      while (combos.next()) {
        let set = 0;
        for (let i = 0; i < k; i++) set |= 1 << placeOf[combos.chosen[i]];
        // Another cell of the unit holding one of the digits: the step.
        const m = combos.union;
        let gone = false;
        for (let j = 0; j < n && !gone; j++) gone = (set & (1 << j)) === 0 && (cands[unitCells[base + j]] & m) !== 0;
        if (gone) return nakedSubsetStep(g, pos, u, k, set, m);
      }
    }
    return null;
  };
}

/** The step of a naked subset: the cells at the places `set` of unit u, their digits `m`. */
function nakedSubsetStep(g: Geometry, pos: GeometryPosition, u: number, k: number, set: number, m: number): GeometryStep {
  const base = u * g.size;
  const cells: number[] = [];
  const eliminations: [number, number][] = [];
  for (let j = 0; j < g.size; j++) {
    const c = g.unitCells[base + j];
    if (set & (1 << j)) cells.push(c);
    else if (pos.values[c] === 0) pushDigits(eliminations, c, pos.cands[c] & m);
  }
  return { technique: `naked-${SUBSET_NAMES[k]}`, placements: [], eliminations, units: [u], cells, digits: bitsOf(m) };
}

/** Push [c, d] for every digit d of `m`, lowest first. */
function pushDigits(into: [number, number][], c: number, m: number): void {
  for (; m; m &= m - 1) into.push([c, 32 - Math.clz32(m & -m)]);
}

/** k digits of a unit with places in only k cells: those cells keep only those digits. */
function hiddenSubset(k: number) {
  return (g: Geometry, pos: GeometryPosition): GeometryStep | null => {
    const n = g.size;
    const { unitCells } = g;
    const { cands } = pos;
    const places = unitPlaces(g, pos);
    const [masks, digitOf] = finderScratch(n);
    const combos = COMBINATIONS;
    for (let u = 0; u < g.unitCount; u++) {
      const at = u * (n + 1);
      let count = 0;
      for (let d = 1; d <= n; d++) {
        const p = POP16[places[at + d]];
        if (p >= 2 && p <= k) {
          masks[count] = places[at + d];
          digitOf[count++] = d;
        }
      }
      if (count < k) continue;
      combos.start(masks, count, k);
      while (combos.next()) {
        let keep = 0;
        for (let i = 0; i < k; i++) keep |= 1 << (digitOf[combos.chosen[i]] - 1);
        // A cell of the subset holding another digit: the step.
        let gone = false;
        for (let m = combos.union; m && !gone; m &= m - 1) gone = (cands[unitCells[u * n + 31 - Math.clz32(m & -m)]] & ~keep) !== 0;
        if (gone) return hiddenSubsetStep(g, pos, u, k, keep, combos.union);
      }
    }
    return null;
  };
}

/** The step of a hidden subset: the digits `keep` of unit u, in the cells at the places `cellsMask`. */
function hiddenSubsetStep(g: Geometry, pos: GeometryPosition, u: number, k: number, keep: number, cellsMask: number): GeometryStep {
  const cells: number[] = [];
  const eliminations: [number, number][] = [];
  for (let m = cellsMask; m; m &= m - 1) {
    const c = g.unitCells[u * g.size + 31 - Math.clz32(m & -m)];
    cells.push(c);
    pushDigits(eliminations, c, pos.cands[c] & ~keep);
  }
  return { technique: `hidden-${SUBSET_NAMES[k]}`, placements: [], eliminations, units: [u], cells, digits: bitsOf(keep) };
}

/** The pairs of families of units (0 rows, 1 columns, 2 regions) a fish's base and cover come from: rows and columns; on jigsaw also lines and regions. Each pair p is followed or preceded by itself the other way round: p ^ 1. */
const LINE_PAIRS: readonly (readonly [number, number])[] = [
  [0, 1],
  [1, 0],
];
const JIGSAW_PAIRS: readonly (readonly [number, number])[] = [...LINE_PAIRS, [0, 2], [2, 0], [1, 2], [2, 1]];

/**
 * Fish of size k on one digit: k units of one family (the base) whose places for the digit
 * all lie in k units of another (the cover). The base units hold the digit k times, all in
 * the cover, which holds it exactly k times: the cover's other cells lose it. Rows and
 * columns as on 9x9; on jigsaw also rows or columns against regions.
 */
function fish(k: number) {
  const name = ['', '', 'x-wing', 'swordfish', 'jellyfish'][k];
  return (g: Geometry, pos: GeometryPosition): GeometryStep | null => {
    const n = g.size;
    const [masks, baseOf] = finderScratch(n);
    const index = familyIndex(g);
    const pairs = g.box ? LINE_PAIRS : JIGSAW_PAIRS;
    const places = fishPlaces(g, pos, pairs, index);
    const combos = COMBINATIONS;
    for (let p = 0; p < pairs.length; p++) {
      for (let d = 1; d <= n; d++) {
        const at = (p * n + d - 1) * n;
        let count = 0;
        let open = 0;
        for (let i = 0; i < n; i++) {
          const m = places[at + i];
          if (m === 0) continue;
          open++;
          if (POP16[m] <= k) {
            masks[count] = m;
            baseOf[count++] = i;
          }
        }
        // k base units holding every place of the digit leave none outside the base to strike.
        if (count < k || open <= k) continue;
        // The cover's places of the digit, by base unit: the pair the other way round, p ^ 1.
        const back = ((p ^ 1) * n + d - 1) * n;
        combos.start(masks, count, k);
        while (combos.next()) {
          let baseMask = 0;
          for (let i = 0; i < k; i++) baseMask |= 1 << baseOf[combos.chosen[i]];
          // The cover holding the digit outside the base: the step (none: nothing to strike).
          let outside = 0;
          for (let m = combos.union; m; m &= m - 1) outside |= places[back + 31 - Math.clz32(m & -m)] & ~baseMask;
          if (outside === 0) continue;
          const step = fishStep(g, pos, name, pairs[p], d, baseMask, combos.union, index);
          if (step) return step;
        }
      }
    }
    return null;
  };
}

/** The step of a fish on digit d: the base units at `baseMask` of family pair[0], the cover units at `cover` of family pair[1]; null when it strikes nothing. */
function fishStep(g: Geometry, pos: GeometryPosition, name: string, pair: readonly [number, number], d: number, baseMask: number, cover: number, index: Uint8Array): GeometryStep | null {
  const n = g.size;
  const { unitCells } = g;
  const { cands } = pos;
  const bf = pair[0] * n;
  const cf = pair[1] * n;
  const bit = 1 << (d - 1);
  const eliminations: [number, number][] = [];
  for (let m = cover; m; m &= m - 1) {
    const base = (cf + 31 - Math.clz32(m & -m)) * n;
    for (let t = 0; t < n; t++) {
      const c = unitCells[base + t];
      if (cands[c] & bit && !(baseMask & (1 << index[pair[0] * g.cellCount + c]))) eliminations.push([c, d]);
    }
  }
  if (eliminations.length === 0) return null;
  const units: number[] = [];
  const cells: number[] = [];
  for (let m = baseMask; m; m &= m - 1) {
    const u = bf + 31 - Math.clz32(m & -m);
    units.push(u);
    for (let t = 0; t < n; t++) if (cands[unitCells[u * n + t]] & bit) cells.push(unitCells[u * n + t]);
  }
  for (let m = cover; m; m &= m - 1) units.push(cf + 31 - Math.clz32(m & -m));
  return { technique: name, placements: [], eliminations, units, cells, digits: [d] };
}

/**
 * What the subset and fish finders gather from a position, kept for the next finder while
 * the pencil marks stay the same (a path or a logical solve asks every finder in turn about
 * one position before a step changes it): the places of each digit in each unit, and the
 * fish's places by family.
 */
const GATHERED = { g: null as Geometry | null, cands: new Uint16Array(0), units: new Uint32Array(0), unitsReady: false, fish: new Int32Array(0), fishReady: false };

/** GATHERED, emptied unless it was gathered from these pencil marks of this geometry. */
function gathered(g: Geometry, pos: GeometryPosition): typeof GATHERED {
  const at = GATHERED;
  const cands = pos.cands;
  let same = at.g === g && at.cands.length === cands.length;
  for (let c = 0; same && c < cands.length; c++) if (at.cands[c] !== cands[c]) same = false;
  if (!same) {
    at.g = g;
    if (at.cands.length !== cands.length) at.cands = new Uint16Array(cands.length);
    at.cands.set(cands);
    at.unitsReady = false;
    at.fishReady = false;
  }
  return at;
}

/** The places (bit k: the unit's k-th cell) of every digit in every unit: places[u * (n + 1) + d]. */
function unitPlaces(g: Geometry, pos: GeometryPosition): Uint32Array {
  const at = gathered(g, pos);
  const n = g.size;
  if (!at.unitsReady) {
    const length = g.unitCount * (n + 1);
    if (at.units.length < length) at.units = new Uint32Array(length);
    const out = at.units;
    out.fill(0, 0, length);
    for (let u = 0; u < g.unitCount; u++) {
      const base = u * n;
      const to = u * (n + 1);
      for (let k = 0; k < n; k++) {
        let m = pos.cands[g.unitCells[base + k]];
        while (m) {
          const b = m & -m;
          m ^= b;
          out[to + 32 - Math.clz32(b)] |= 1 << k;
        }
      }
    }
    at.unitsReady = true;
  }
  return at.units;
}

/**
 * The places of every digit in every base unit as masks of cover units, for every pair of
 * families (one pass over the cells): places[(pair * n + d - 1) * n + base index].
 */
function fishPlaces(g: Geometry, pos: GeometryPosition, pairs: readonly (readonly [number, number])[], index: Uint8Array): Int32Array {
  const at = gathered(g, pos);
  const n = g.size;
  const cellCount = g.cellCount;
  if (!at.fishReady) {
    const length = pairs.length * n * n;
    if (at.fish.length < length) at.fish = new Int32Array(length);
    const places = at.fish;
    places.fill(0, 0, length);
    for (let c = 0; c < cellCount; c++) {
      let m = pos.cands[c];
      while (m) {
        const b = m & -m;
        m ^= b;
        const d = (31 - Math.clz32(b)) * n;
        for (let p = 0; p < pairs.length; p++) places[p * n * n + d + index[pairs[p][0] * cellCount + c]] |= 1 << index[pairs[p][1] * cellCount + c];
      }
    }
    at.fishReady = true;
  }
  return at.fish;
}

/** Mark the peers of `c` in `into` with `v` (cleared first by the caller). */
function markPeers(g: Geometry, c: number, into: Uint8Array, v: number): void {
  for (let k = g.peerStart[c]; k < g.peerStart[c + 1]; k++) into[g.peers[k]] |= v;
}

/** Marks of cells seeing a wing's second pincer (and its pivot): the current mark is seenStamp. */
let seen = new Int32Array(0);
let seenToo = new Int32Array(0);
let seenStamp = 0;
/** The pincers of one pivot (fewer than its peers). */
let pincers = new Int32Array(0);

/** Mark the peers of `c` in `into` with `mark`. */
function stampPeers(g: Geometry, c: number, into: Int32Array, mark: number): void {
  for (let k = g.peerStart[c]; k < g.peerStart[c + 1]; k++) into[g.peers[k]] = mark;
}

/**
 * XY-wing: a pivot {x,y} seeing pincers {x,z} and {y,z}: one pincer is z, so z goes from
 * every cell seeing both. XYZ-wing: a pivot {x,y,z} with those pincers: z goes from every
 * cell seeing all three.
 */
function wing(xyz: boolean) {
  return (g: Geometry, pos: GeometryPosition): GeometryStep | null => {
    if (seen.length < g.cellCount) {
      seen = new Int32Array(g.cellCount);
      seenToo = new Int32Array(g.cellCount);
      pincers = new Int32Array(g.cellCount);
    }
    for (let p = 0; p < g.cellCount; p++) {
      const pm = pos.cands[p];
      if (pos.values[p] !== 0 || POP16[pm] !== (xyz ? 3 : 2)) continue;
      let count = 0;
      for (let k = g.peerStart[p]; k < g.peerStart[p + 1]; k++) {
        const q = g.peers[k];
        const qm = pos.cands[q];
        if (POP16[qm] !== 2) continue;
        if (xyz ? (qm & pm) === qm : POP16[qm & pm] === 1) pincers[count++] = q;
      }
      for (let i = 0; i < count; i++) {
        for (let j = i + 1; j < count; j++) {
          const a = pos.cands[pincers[i]];
          const b = pos.cands[pincers[j]];
          if (a === b) continue;
          const z = a & b;
          if (POP16[z] !== 1) continue;
          if (xyz ? (a | b) !== pm : (z & pm) !== 0 || ((a | b) & ~z) !== pm) continue;
          // The cells seeing both pincers (and the pivot): the first pincer's peers marked by the others.
          const mark = ++seenStamp;
          stampPeers(g, pincers[j], seen, mark);
          if (xyz) stampPeers(g, p, seenToo, mark);
          const d = digitOfBit(z);
          const eliminations: [number, number][] = [];
          for (let k = g.peerStart[pincers[i]]; k < g.peerStart[pincers[i] + 1]; k++) {
            const c = g.peers[k];
            if (seen[c] === mark && (!xyz || seenToo[c] === mark) && pos.cands[c] & z && c !== p) eliminations.push([c, d]);
          }
          eliminations.sort((x, y) => x[0] - y[0]);
          if (eliminations.length) return { technique: xyz ? 'xyz-wing' : 'xy-wing', placements: [], eliminations, units: [], cells: [p, pincers[i], pincers[j]], digits: bitsOf(pm | a | b) };
        }
      }
    }
    return null;
  };
}

/**
 * Unique rectangle, type 1: four cells on two rows and two columns, three of them {a,b} and
 * the fourth holding a, b and more. Were the fourth a or b, a and b could trade places in
 * all four and the puzzle would have two solutions: it loses a and b. Sound only where
 * trading keeps every rule: each unit and cage meeting the corners holds exactly two side
 * by side (so a box pair spans two boxes, a diagonal through one corner rules it out).
 */
function uniqueRectangle(g: Geometry, pos: GeometryPosition): GeometryStep | null {
  const n = g.size;
  const count = new Uint8Array(g.unitCount);
  // Three corners are {a,b}: two of them share a row. Look for that pair, then the other row.
  for (let r1 = 0; r1 < n; r1++) {
    for (let c1 = 0; c1 < n; c1++) {
      const a = r1 * n + c1;
      const m = pos.cands[a];
      if (pos.values[a] !== 0 || POP16[m] !== 2) continue;
      for (let c2 = c1 + 1; c2 < n; c2++) {
        if (pos.values[r1 * n + c2] !== 0 || pos.cands[r1 * n + c2] !== m) continue;
        for (let r2 = 0; r2 < n; r2++) {
          if (r2 === r1) continue;
          const corners = [a, r1 * n + c2, r2 * n + c1, r2 * n + c2];
          if (pos.values[corners[2]] !== 0 || pos.values[corners[3]] !== 0) continue;
          if ((pos.cands[corners[2]] & m) !== m || (pos.cands[corners[3]] & m) !== m) continue;
          const extra = corners.filter((x) => pos.cands[x] !== m);
          if (extra.length !== 1 || !rectangleSwaps(g, corners, count)) continue;
          const t = extra[0];
          const eliminations: [number, number][] = bitsOf(m).map((d) => [t, d]);
          return { technique: 'unique-rectangle-type-1', placements: [], eliminations, units: [], cells: corners.filter((x) => x !== t).concat(t), digits: bitsOf(m) };
        }
      }
    }
  }
  return null;
}

/** Whether every unit and cage meeting corners [a, b, c, d] (a-b a row, a-c a column) holds two side-by-side corners. */
function rectangleSwaps(g: Geometry, corners: number[], count: Uint8Array): boolean {
  const opposite = [3, 2, 1, 0];
  let ok = true;
  for (const x of corners) for (let k = g.unitsStart[x]; k < g.unitsStart[x + 1]; k++) count[g.unitsOf[k]]++;
  for (let i = 0; i < 4 && ok; i++) {
    const x = corners[i];
    for (let k = g.unitsStart[x]; k < g.unitsStart[x + 1]; k++) {
      const u = g.unitsOf[k];
      if (count[u] !== 2) ok = false;
      else {
        const other = corners[opposite[i]];
        for (let j = g.unitsStart[other]; j < g.unitsStart[other + 1]; j++) if (g.unitsOf[j] === u) ok = false;
      }
    }
    if (g.cageOf[x] >= 0) {
      const cage = g.cageOf[x];
      const inCage = corners.filter((y) => g.cageOf[y] === cage);
      if (inCage.length !== 2 || inCage.includes(corners[opposite[i]])) ok = false;
    }
  }
  for (const x of corners) for (let k = g.unitsStart[x]; k < g.unitsStart[x + 1]; k++) count[g.unitsOf[k]] = 0;
  return ok;
}

/** Sudoku Explainer's length modifier for chains: +0.1 past 4, 6, 8, 12, 16, 24, 32... links. */
export function lengthBonus(length: number): number {
  let ceil = 4;
  let added = 0;
  let odd = false;
  while (length > ceil) {
    added += 0.1;
    ceil = odd ? (ceil * 4) / 3 : (ceil * 3) / 2;
    odd = !odd;
  }
  return added;
}

const XY_CHAIN_RATING = 6.6;

/**
 * XY-chain (a forcing chain over two-candidate cells, solo's Extreme): from a cell {z,x},
 * were it not z it would be x, forcing the next cell of the chain (a peer with x) to its
 * other digit, and so on; when a cell of the chain is forced to z, one of the two ends is z,
 * and z goes from every cell seeing both. The shortest chains are found first (breadth-first).
 */
function xyChain(g: Geometry, pos: GeometryPosition): GeometryStep | null {
  const cells = g.cellCount;
  const bivalue: number[] = [];
  for (let c = 0; c < cells; c++) if (pos.values[c] === 0 && POP16[pos.cands[c]] === 2) bivalue.push(c);
  if (bivalue.length < 3) return null;
  const isBi = new Uint8Array(cells);
  for (const c of bivalue) isBi[c] = 1;
  const from = new Int32Array(cells).fill(-1);
  const seenA = new Uint8Array(cells);
  let best: GeometryStep | null = null;
  let bestLen = Infinity;
  for (const start of bivalue) {
    for (const z of bitsOf(pos.cands[start])) {
      const zBit = 1 << (z - 1);
      // Breadth-first over cells, each reached once with its forced digit (the chain's value there).
      from.fill(-1);
      const forced = new Map<number, number>();
      forced.set(start, pos.cands[start] & ~zBit);
      from[start] = start;
      let frontier = [start];
      for (let len = 1; frontier.length && len < bestLen; len++) {
        const next: number[] = [];
        for (const c of frontier) {
          const v = forced.get(c)!;
          for (let k = g.peerStart[c]; k < g.peerStart[c + 1]; k++) {
            const p = g.peers[k];
            if (!isBi[p] || from[p] >= 0 || !(pos.cands[p] & v)) continue;
            from[p] = c;
            const pv = pos.cands[p] & ~v;
            forced.set(p, pv);
            next.push(p);
            if (pv === zBit && len >= 2) {
              // Ends: start (z or the chain) and p (forced to z). Eliminate z seen by both.
              seenA.fill(0);
              markPeers(g, start, seenA, 1);
              markPeers(g, p, seenA, 2);
              const eliminations: [number, number][] = [];
              for (let x = 0; x < cells; x++) if (seenA[x] === 3 && pos.cands[x] & zBit) eliminations.push([x, z]);
              if (eliminations.length && len + 1 < bestLen) {
                const chain: number[] = [];
                for (let x = p; x !== start; x = from[x]) chain.push(x);
                chain.push(start);
                chain.reverse();
                bestLen = chain.length;
                best = { technique: 'xy-chain', rating: Math.round((XY_CHAIN_RATING + lengthBonus(2 * chain.length)) * 10) / 10, placements: [], eliminations, units: [], cells: chain, digits: [z] };
              }
            }
          }
        }
        frontier = next;
      }
    }
    if (bestLen <= 3) break;
  }
  return best;
}

/** The techniques on any geometry, in rating order (ties: SE's order). */
export const GEOMETRY_TECHNIQUES: readonly GeometryTechniqueDef[] = Object.freeze([
  { name: 'hidden-single', rating: 1.2, find: hiddenSingle },
  { name: 'naked-single', rating: 2.3, find: nakedSingle },
  { name: 'pointing', rating: 2.6, find: lockedCandidates(true) },
  { name: 'claiming', rating: 2.8, find: lockedCandidates(false) },
  { name: 'naked-pair', rating: 3.0, find: nakedSubset(2) },
  { name: 'x-wing', rating: 3.2, find: fish(2) },
  { name: 'hidden-pair', rating: 3.4, find: hiddenSubset(2) },
  { name: 'naked-triple', rating: 3.6, find: nakedSubset(3) },
  { name: 'swordfish', rating: 3.8, find: fish(3) },
  { name: 'hidden-triple', rating: 4.0, find: hiddenSubset(3) },
  { name: 'xy-wing', rating: 4.2, find: wing(false) },
  { name: 'xyz-wing', rating: 4.4, find: wing(true) },
  { name: 'unique-rectangle', rating: 4.5, find: uniqueRectangle, needsUniqueness: true },
  { name: 'naked-quad', rating: 5.0, find: nakedSubset(4) },
  { name: 'jellyfish', rating: 5.2, find: fish(4) },
  { name: 'hidden-quad', rating: 5.4, find: hiddenSubset(4) },
  { name: 'xy-chain', rating: XY_CHAIN_RATING, find: xyChain },
]);

const TABLES = new Map<string, readonly GeometryTechniqueDef[]>();

/**
 * The table of a geometry: every technique, and the cage techniques when it has cages, in
 * rating order; up to `maxRating` when given; `digging`: without the uniqueness patterns
 * (a puzzle being dug may have several solutions).
 */
export function techniquesFor(g: Geometry, maxRating = Infinity, digging = false): readonly GeometryTechniqueDef[] {
  const key = `${g.cages.length > 0}:${maxRating}:${digging}`;
  let t = TABLES.get(key);
  if (!t) {
    const all = g.cages.length > 0 ? [...GEOMETRY_TECHNIQUES, ...CAGE_TECHNIQUES] : [...GEOMETRY_TECHNIQUES];
    // Stable sort: ties keep the table's order.
    t = all.map((d, i) => [d, i] as const).sort((a, b) => a[0].rating - b[0].rating || a[1] - b[1]).map(([d]) => d).filter((d) => d.rating <= maxRating && !(digging && d.needsUniqueness));
    TABLES.set(key, t);
  }
  return t;
}

/** The first step of the first technique of `techniques` (the geometry's table by default) that has one, and its technique; or null. */
export function findStep(g: Geometry, pos: GeometryPosition, techniques: readonly GeometryTechniqueDef[] = techniquesFor(g)): GeometryStep | null {
  return findRated(g, pos, techniques)?.step ?? null;
}

function findRated(g: Geometry, pos: GeometryPosition, techniques: readonly GeometryTechniqueDef[]): { step: GeometryStep; rating: number } | null {
  for (const t of techniques) {
    const step = t.find(g, pos);
    if (step) return { step, rating: stepRating(step, t) };
  }
  return null;
}

export interface GeometryPath {
  steps: GeometryStep[];
  solved: boolean;
  position: GeometryPosition;
  /** The hardest step's rating (0 when there is no step). */
  rating: number;
  /** The technique of the first step of that rating, or null. */
  hardest: string | null;
}

/** The path of steps from a puzzle, as far as the techniques reach; `solved` when every cell is placed. */
export function solvePath(g: Geometry, puzzle: Uint8Array, techniques: readonly GeometryTechniqueDef[] = techniquesFor(g)): GeometryPath {
  const position = startPosition(g, puzzle);
  const steps: GeometryStep[] = [];
  let rating = 0;
  let hardest: string | null = null;
  for (let found = findRated(g, position, techniques); found; found = findRated(g, position, techniques)) {
    const { step } = found;
    step.rating = found.rating;
    steps.push(step);
    if (found.rating > rating) {
      rating = found.rating;
      hardest = step.technique;
    }
    applyStep(g, position, step);
  }
  return { steps, solved: position.values.every((v) => v !== 0), position, rating, hardest };
}
