/**
 * Unique rectangles and unique loops. A loop of cells, each holding both digits a and b, where
 * every row, column and box the loop touches holds exactly two loop cells, one at an even and
 * one at an odd place of the loop (a rectangle over two boxes is the 4-cell case). If every
 * loop cell held only a and b, the digits could be swapped around the loop and the puzzle would
 * have two solutions (a deadly pattern). A puzzle known to have one solution cannot end that
 * way, so some loop cell must take another digit:
 *  - type 1: one cell has more than {a,b}: a and b leave it;
 *  - type 2: the cells with more all have just one more digit x: one of them is x, so x leaves
 *    every cell that sees all of them;
 *  - type 3: two cells with more, in one region: together they act as one cell holding their
 *    extra digits, which forms a naked set with other cells of the region (or a, b and maybe
 *    other digits form a hidden set there), eliminating as a naked (hidden) set does;
 *  - type 4: two cells with more, in one region where a has no other place: one of them is a
 *    and, as both cannot be, neither is b.
 * Example: r1c1 {5,8}, r1c4 {5,8}, r2c1 {5,8}, r2c4 {5,8,9}: 5 and 8 leave r2c4, which is 9.
 *
 * Which deduction comes first follows Sudoku Explainer: loops are grown from each two-digit
 * cell in cell order through its box, row and column in turn (never twice in a row through
 * the same kind of region), every deduction is collected, and the easiest wins (ties: lower
 * type, then the first found). Ratings: 4.5, plus 0.1 for a 6-cell loop, 0.2 for 8 and 0.5
 * for 10 or more; a type 3 naked set of n digits adds (n - 1) / 10, a hidden one (n - 2) / 10.
 * The search does not follow paths that can no longer close into a valid loop (a region met
 * twice at one parity, or left with no free cell to close it), nor loops too long to come
 * first: the same deductions, found sooner.
 */
import { digitsOf, lowestDigit, POPCOUNT } from '../../core/digits.js';
import { cellName, UNITS, unitName } from '../../core/units.js';
import type { Candidates } from '../candidates.js';
import { cellList, describeEliminations, digitSet, GROWS, type CellDigit, type Step, type Technique } from '../technique.js';
import { sees } from './common.js';
import { cellsPattern } from '../pattern.js';
import { oneDecimal, CELL_REGION_POS, REGION_KINDS, CELL_REGION_UNIT, SUBSETS_OF } from './unique-common.js';

// Search state of one `find` call (the search is synchronous, so module scratch is safe).
let st: Candidates;
let pairMask = 0; // {a,b}
const loop = new Uint8Array(82);
let loopLen = 0;
let bestDiff = Infinity;
let bestType = 9;
let bestStep: Step | null = null;
let done = false;
// Loops already rated in this call: cell set (three 27-bit words) and first extra cell.
const SEEN_MAX = 512;
const seenLoops = new Int32Array(SEEN_MAX * 4);
let seenCount = 0;
// Regions (27-bit unit masks) visited by loop cells at even and at odd positions. A valid loop
// visits each of its regions once at an even and once at an odd position, so a path that
// visits a region twice at the same parity can never close into one and is not followed.
let evenRegions = 0;
let oddRegions = 0;
let maxLen = 81;
// freePos[u]: positions (9 bits) of the cells of unit u that hold both loop digits and are not
// on the path; deadRegions: the units where none is left. A region visited at one parity only
// still needs a cell at the other, so a path with such a region among the dead ones can never
// close.
const freePos = new Uint16Array(27);
let deadRegions = 0;

/** REGION_BITS[cell]: the cell's row, column and box as a 27-bit unit mask. */
const REGION_BITS: Uint32Array = Uint32Array.from({ length: 81 }, (_, c) => (1 << CELL_REGION_UNIT[c * 3]) | (1 << CELL_REGION_UNIT[c * 3 + 1]) | (1 << CELL_REGION_UNIT[c * 3 + 2]));

/** A unique rectangle's rating (type 1); longer loops and the other types add to it. */
const BASE = 4.5;

function canBeat(diff: number, type: number): boolean {
  return diff < bestDiff || (diff === bestDiff && type < bestType);
}

function offer(diff: number, type: number, step: Step): void {
  bestDiff = diff;
  bestType = type;
  bestStep = step;
  maxLen = longestUseful();
  if (diff === BASE && type === 1) done = true; // nothing can come before it
}

/** The rating of every unique loop of `length` cells before type modifiers. */
function loopBase(length: number): number {
  let base = BASE;
  if (length >= 10) base += 0.3;
  if (length >= 8) base += 0.2;
  else if (length >= 6) base += 0.1;
  return base;
}

/** The longest loop that could still beat the best deduction so far (81 when any could). */
function longestUseful(): number {
  let n = 4;
  while (n <= 81 && canBeat(loopBase(n), 1)) n++;
  return n - 1;
}

function loopCells(): number[] {
  return Array.from(loop.subarray(0, loopLen));
}

function makeStep(type: number, diff: number, eliminate: CellDigit[], detail: string): Step {
  const rect = loopLen === 4;
  const technique = `${rect ? 'unique-rectangle' : 'unique-loop'}-type-${type}`;
  const what = rect ? 'unique rectangle' : `unique loop of ${loopLen} cells`;
  return {
    technique,
    place: [],
    eliminate,
    explain: `${what} type ${type} on ${digitSet(digitsOf(pairMask))} (${cellList(loopCells())}) would let the puzzle have two solutions unless ${detail}: ${describeEliminations(eliminate)}`,
    rating: oneDecimal(diff),
    pattern: cellsPattern(st.cands, loopCells(), pairMask, eliminate, { digits: digitsOf(pairMask) }),
  };
}

function type1(diff: number, rescue: number): void {
  const elims: CellDigit[] = digitsOf(pairMask).map((d) => [rescue, d]);
  offer(diff, 1, makeStep(1, diff, elims, `${cellName(rescue)} holds another digit`));
}

function type2(diff: number, extras: readonly number[]): void {
  const value = lowestDigit(st.cands[extras[0]] & ~pairMask);
  const bit = 1 << (value - 1);
  const elims: CellDigit[] = [];
  for (let c = 0; c < 81; c++) {
    if (!(st.cands[c] & bit) || extras.includes(c)) continue;
    let all = true;
    for (const x of extras) if (!sees(c, x)) all = false;
    if (all) elims.push([c, value]);
  }
  if (elims.length === 0) return;
  offer(diff, 2, makeStep(2, diff, elims, `one of ${cellList(extras)} is ${value}`));
}

function type3(base: number, c1: number, c2: number): void {
  const cands = st.cands;
  const extra = (cands[c1] | cands[c2]) & ~pairMask;
  const extraCount = POPCOUNT[extra];
  const rest = 0x1ff & ~pairMask & ~extra;
  const restDigits = digitsOf(rest);
  for (let degree = 2; degree <= 7; degree++) {
    // Naked sets add (degree - 1) / 10 and hidden ones (degree - 2) / 10: stop when neither can win.
    if (!canBeat(base + (degree - 2) * 0.1, 3)) return;
    for (let t = 0; t < REGION_KINDS; t++) {
      const u = CELL_REGION_UNIT[c1 * 3 + t];
      if (u !== CELL_REGION_UNIT[c2 * 3 + t]) continue;
      const cells = UNITS[u];
      let empty = 0;
      for (let i = 0; i < 9; i++) if (st.values[cells[i]] === 0) empty++;
      const i1 = CELL_REGION_POS[c1 * 3 + t];
      const i2 = CELL_REGION_POS[c2 * 3 + t];
      const nakedDiff = base + (degree - 1) * 0.1;
      if (degree * 2 <= empty && degree >= extraCount && canBeat(nakedDiff, 3)) {
        for (const m of SUBSETS_OF[9][degree]) {
          if (!(m & (1 << i1)) || m & (1 << i2)) continue;
          // c1 and c2 together stand for one cell holding the extra digits.
          let set = extra & cands[c1] & cands[c2];
          let union = extra;
          let ok = true;
          for (let i = 0; i < 9; i++) {
            if (!(m & (1 << i)) || i === i1) continue;
            const p = cands[cells[i]];
            if (POPCOUNT[p] <= 1) ok = false;
            set |= p;
            union |= p;
          }
          if (!ok || POPCOUNT[set] !== degree || POPCOUNT[union] !== degree) continue;
          const elims: CellDigit[] = [];
          const others: number[] = [];
          for (let i = 0; i < 9; i++) {
            const c = cells[i];
            if (m & (1 << i)) {
              if (i !== i1) others.push(c);
              continue;
            }
            if (c === c2) continue;
            for (const d of digitsOf(cands[c] & union)) elims.push([c, d]);
          }
          if (elims.length === 0) continue;
          offer(
            nakedDiff,
            3,
            makeStep(
              3,
              nakedDiff,
              elims,
              `${cellName(c1)} or ${cellName(c2)} holds one of ${digitSet(digitsOf(extra))}; with ${cellList(others)} that makes a naked set ${digitSet(digitsOf(union))} in ${unitName(u)}`,
            ),
          );
          break; // the rest of this region's naked sets of this size are no easier
        }
      }
      const hiddenDiff = base + (degree - 2) * 0.1;
      if (degree * 2 < empty && degree - 2 <= restDigits.length && canBeat(hiddenDiff, 3)) {
        for (const m of SUBSETS_OF[restDigits.length][degree - 2]) {
          let hidden = pairMask;
          for (let k = 0; k < restDigits.length; k++) if (m & (1 << k)) hidden |= 1 << (restDigits[k] - 1);
          let places = 0;
          let ok = true;
          for (let d = 0; d < 9; d++) {
            if (!(hidden & (1 << d))) continue;
            let pos = 0;
            for (let i = 0; i < 9; i++) if (cands[cells[i]] & (1 << d)) pos |= 1 << i;
            pos &= ~(1 << i2);
            if (pos === 0) ok = false;
            places |= pos;
          }
          if (!ok || POPCOUNT[places] !== degree) continue;
          const elims: CellDigit[] = [];
          const setCells: number[] = [];
          for (let i = 0; i < 9; i++) {
            if (!(places & (1 << i)) || i === i1 || i === i2) continue;
            const c = cells[i];
            setCells.push(c);
            for (const d of digitsOf(cands[c] & ~hidden)) elims.push([c, d]);
          }
          if (elims.length === 0) continue;
          offer(
            hiddenDiff,
            3,
            makeStep(
              3,
              hiddenDiff,
              elims,
              `${cellName(c1)} or ${cellName(c2)} holds one of ${digitSet(digitsOf(extra))}; then ${digitSet(digitsOf(hidden))} make a hidden set in ${cellList([c1, ...setCells])} of ${unitName(u)}`,
            ),
          );
          break;
        }
      }
    }
  }
}

function type4(diff: number, c1: number, c2: number): void {
  const [v1, v2] = digitsOf(pairMask);
  let r1 = -1;
  let r2 = -1;
  for (let t = 0; t < REGION_KINDS; t++) {
    const u = CELL_REGION_UNIT[c1 * 3 + t];
    if (u !== CELL_REGION_UNIT[c2 * 3 + t]) continue;
    let has1 = false;
    let has2 = false;
    for (const c of UNITS[u]) {
      if (c === c1 || c === c2) continue;
      if (st.cands[c] & (1 << (v1 - 1))) has1 = true;
      if (st.cands[c] & (1 << (v2 - 1))) has2 = true;
    }
    if (!has1) r1 = u;
    if (!has2) r2 = u;
  }
  let lock: number;
  let remove: number;
  let unit: number;
  if (r1 >= 0) [lock, remove, unit] = [v1, v2, r1];
  else if (r2 >= 0) [lock, remove, unit] = [v2, v1, r2];
  else return;
  const elims: CellDigit[] = [
    [c1, remove],
    [c2, remove],
  ];
  offer(diff, 4, makeStep(4, diff, elims, `neither ${cellName(c1)} nor ${cellName(c2)} is ${remove} (${lock} must go in one of them, in ${unitName(unit)})`));
}

/** A closed loop: rate it and try every type. */
function considerLoop(): void {
  const base = loopBase(loopLen);
  // Every region at both parities (the path never repeats a region at one parity).
  if (evenRegions !== oddRegions || !canBeat(base, 1)) return;
  const extras: number[] = [];
  for (let k = 0; k < loopLen; k++) if (POPCOUNT[st.cands[loop[k]]] > 2) extras.push(loop[k]);
  if (extras.length === 0) return;
  // The same loop is met again from other first cells and in the other direction. With the
  // same first extra cell its deductions are the same, found later, so they cannot come first.
  let a = 0;
  let b = 0;
  let c = 0;
  for (let k = 0; k < loopLen; k++) {
    const x = loop[k];
    if (x < 27) a |= 1 << x;
    else if (x < 54) b |= 1 << (x - 27);
    else c |= 1 << (x - 54);
  }
  for (let k = 0; k < seenCount * 4; k += 4) {
    if (seenLoops[k] === a && seenLoops[k + 1] === b && seenLoops[k + 2] === c && seenLoops[k + 3] === extras[0]) return;
  }
  if (seenCount < SEEN_MAX) {
    const k = seenCount++ * 4;
    seenLoops[k] = a;
    seenLoops[k + 1] = b;
    seenLoops[k + 2] = c;
    seenLoops[k + 3] = extras[0];
  }
  if (extras.length === 1) {
    type1(base, extras[0]);
  } else if (extras.length > 2) {
    if (canBeat(base, 2)) type2(base, extras);
  } else if (extras.length === 2) {
    const [c1, c2] = extras;
    const more = (st.cands[c1] | st.cands[c2]) & ~pairMask;
    if (POPCOUNT[more] === 1) {
      if (canBeat(base, 2)) type2(base, extras);
    } else if (canBeat(base, 3)) type3(base, c1, c2);
    if (canBeat(base, 4)) type4(base, c1, c2);
  }
}

/**
 * Grow the loop from `cell`. Cells with more than {a,b} are allowed while `allowedEx` > 0 or
 * while all of them add the same single digit (`exValues`).
 */
function extend(cell: number, allowedEx: number, exValues: number, lastKind: number): void {
  const odd = loopLen & 1;
  if (odd) oddRegions |= REGION_BITS[cell];
  else evenRegions |= REGION_BITS[cell];
  loop[loopLen++] = cell;
  for (let t = 0; t < REGION_KINDS; t++) {
    const u = CELL_REGION_UNIT[cell * 3 + t];
    if ((freePos[u] &= ~(1 << CELL_REGION_POS[cell * 3 + t])) === 0) deadRegions |= 1 << u;
  }
  if (((evenRegions ^ oddRegions) & deadRegions) === 0) follow(cell, allowedEx, exValues, lastKind);
  for (let t = 0; t < REGION_KINDS; t++) {
    const u = CELL_REGION_UNIT[cell * 3 + t];
    freePos[u] |= 1 << CELL_REGION_POS[cell * 3 + t];
    deadRegions &= ~(1 << u);
  }
  loopLen--;
  if (odd) oddRegions &= ~REGION_BITS[cell];
  else evenRegions &= ~REGION_BITS[cell];
}

/**
 * Try every next cell from `cell`, the last cell of the path, in region order (box, row,
 * column; cells in region order), or close the loop when the region holds its first cell.
 */
function follow(cell: number, allowedEx: number, exValues: number, lastKind: number): void {
  const cands = st.cands;
  const first = loop[0];
  const parityRegions = loopLen & 1 ? oddRegions : evenRegions;
  for (let t = 0; t < REGION_KINDS && !done; t++) {
    if (t === lastKind) continue;
    const u = CELL_REGION_UNIT[cell * 3 + t];
    const cells = UNITS[u];
    let m = freePos[u];
    const closing = loopLen >= 4 && CELL_REGION_UNIT[first * 3 + t] === u ? 1 << CELL_REGION_POS[first * 3 + t] : 0;
    if (loopLen >= maxLen) m = 0;
    m |= closing;
    while (m !== 0 && !done) {
      const bit = m & -m;
      m ^= bit;
      if (bit === closing) {
        considerLoop();
        continue;
      }
      const next = cells[31 - Math.clz32(bit)];
      if (parityRegions & REGION_BITS[next]) continue;
      const p = cands[next];
      const ex = (exValues | p) & ~pairMask;
      const n = POPCOUNT[p];
      if (n === 2 || POPCOUNT[ex] === 1 || allowedEx > 0) extend(next, n > 2 ? allowedEx - 1 : allowedEx, ex, t);
    }
  }
}

export const uniqueLoops: Technique = {
  name: 'unique-loop',
  weight: BASE,
  rates: GROWS,
  needsUniqueness: true,
  find(s: Candidates) {
    st = s;
    bestDiff = Infinity;
    bestType = 9;
    bestStep = null;
    done = false;
    maxLen = 81;
    seenCount = 0;
    for (let c = 0; c < 81 && !done; c++) {
      if (POPCOUNT[s.cands[c]] !== 2) continue;
      pairMask = s.cands[c];
      loopLen = 0;
      evenRegions = 0;
      oddRegions = 0;
      freePos.fill(0);
      for (let x = 0; x < 81; x++) {
        if ((s.cands[x] & pairMask) !== pairMask) continue;
        for (let t = 0; t < REGION_KINDS; t++) freePos[CELL_REGION_UNIT[x * 3 + t]] |= 1 << CELL_REGION_POS[x * 3 + t];
      }
      deadRegions = 0;
      for (let u = 0; u < 27; u++) if (freePos[u] === 0) deadRegions |= 1 << u;
      extend(c, 2, 0, -1);
    }
    const step = bestStep;
    bestStep = null;
    return step;
  },
};
