/**
 * Strong-link fish on one digit (Sudoku Explainer's StrongLinks(n), n = 2, 3, 4): n strong
 * links (units where the digit has exactly two places, or two groups of places: a box whose
 * places fill one row and one column of it, an "empty rectangle", or a line whose places fall
 * in two of its boxes) chained by weak links (the end of one link and the start of the next
 * share a row, column or box). If the chain's first cell is false, its link makes the other
 * end true, which makes the next link's start false, and so on to the last cell: so the
 * first or the last cell holds the digit, and it leaves every cell seeing both ends. With
 * n = 2 these are the skyscraper (two parallel lines), the two-string kite (a row and a
 * column) and the turbot fish (a box and a line). When the two ends see each other too, the
 * chain is a loop and every weak link of it is also strong: cells seeing both ends of any
 * of its weak links lose the digit.
 * Example: 4 in row 2 only at r2c1, r2c5; in row 7 only at r7c1, r7c6: r2c1 and r7c1 share
 * column 1, so r2c5 or r7c6 is 4, and 4 goes from cells seeing both (r1c6, r3c6, r8c5, r9c5).
 *
 * Search and choice, as Sudoku Explainer does it: link-type combinations (box 0, row 1,
 * column 2) as non-decreasing sequences in its combination order, digits 1-9, units in
 * order, each link's orientation, chain orders (only one of each reversed pair) and the
 * directions of the links; every pattern with an elimination is collected, then the easiest
 * is reported, then the one removing most candidates, then the smallest "suffix" (a code of
 * the link types). Rating: 4.0 (n = 2), 5.4 (3), 5.8 (4), +0.1 with boxes or mixed line
 * directions, +0.2 with both, +0.3 when a link is grouped.
 */
import { BOX_OF, cellName, COL_OF, ROW_OF, UNIT_CELLS, UNITS, unitName } from '../../core/units.js';
import type { Candidates } from '../candidates.js';
import { upTo, type CellDigit, type Step, type StepPattern, type Technique } from '../technique.js';
import { eliminationStep, sees } from './common.js';

const BASE_RATING = [0, 4.0, 5.4, 5.8, 6.2, 6.6, 7.0, 7.4];
/** What a grouped link adds (the most any modifier adds). */
const GROUPED = 0.3;

/** Positions (0-8, row-major) of a box's empty rectangle for each configuration 0-14. */
const BOX_EMPTY = mask([[4, 5, 7, 8], [3, 5, 6, 8], [3, 4, 6, 7], [1, 2, 7, 8], [0, 2, 6, 8], [0, 1, 6, 7], [1, 2, 4, 5], [0, 2, 3, 5], [0, 1, 3, 4], [6, 7, 8], [3, 4, 5], [0, 1, 2], [2, 5, 8], [1, 4, 7], [0, 3, 6]]);
/** The two arms of each box configuration (0-8: the column and row through the heart cell). */
const BOX_ARM1 = mask([[3, 6], [4, 7], [5, 8], [0, 6], [1, 7], [2, 8], [0, 3], [1, 4], [2, 5], [0, 1, 2], [0, 1, 2], [3, 4, 5], [0, 3, 6], [0, 3, 6], [1, 4, 7]]);
const BOX_ARM2 = mask([[1, 2], [0, 2], [0, 1], [4, 5], [3, 5], [3, 4], [7, 8], [6, 8], [6, 7], [3, 4, 5], [6, 7, 8], [6, 7, 8], [1, 4, 7], [2, 5, 8], [2, 5, 8]]);
/** A line's empty segment and its two other segments, for configurations 0-2. */
const LINE_EMPTY = mask([[0, 1, 2], [3, 4, 5], [6, 7, 8]]);
const LINE_ARM1 = mask([[3, 4, 5], [0, 1, 2], [0, 1, 2]]);
const LINE_ARM2 = mask([[6, 7, 8], [6, 7, 8], [3, 4, 5]]);

function mask(lists: number[][]): Uint16Array {
  return Uint16Array.from(lists.map((l) => l.reduce((m, k) => m | (1 << k), 0)));
}

const popcount = (m: number): number => {
  let n = 0;
  for (; m; m &= m - 1) n++;
  return n;
};
/** Lowest set position of m at or above `from`, or -1. */
const nextBit = (m: number, from: number): number => {
  const r = m >> from;
  return r === 0 ? -1 : from + 31 - Math.clz32(r & -r);
};

/** Our unit number of Sudoku Explainer's region (type 0 box, 1 row, 2 column; index 0-8). */
const unitOf = (type: number, index: number): number => (type === 0 ? 18 + index : type === 1 ? index : 9 + index);

function inUnit(c: number, u: number): boolean {
  return u < 9 ? ROW_OF[c] === u : u < 18 ? COL_OF[c] === u - 9 : BOX_OF[c] === u - 18;
}

/** Each unit's cells as three 27-bit words (cells 0-26, 27-53, 54-80). */
const UNIT_WORDS: Int32Array = (() => {
  const t = new Int32Array(27 * 3);
  UNITS.forEach((cells, u) => {
    for (const c of cells) t[u * 3 + Math.floor(c / 27)] |= 1 << c % 27;
  });
  return t;
})();

const sameLine = (a: number, b: number): boolean => ROW_OF[a] === ROW_OF[b] || COL_OF[a] === COL_OF[b];

/** Digits of a sequence as a string; true when it is not above its reverse. */
function isLex(seq: readonly number[]): boolean {
  return seq.join('') <= [...seq].reverse().join('');
}

/** Sudoku Explainer's canonical code of a sequence of link types. */
function lineName(set: readonly number[]): string {
  let original = '';
  let lines = '';
  let reverseSwap = '';
  let swap = '';
  let hasRow = false;
  for (const v of set) {
    if (v === 1) {
      hasRow = true;
      reverseSwap = '2' + reverseSwap;
      swap += '2';
    }
    original += String(v);
    if (v === 2) {
      lines += '1';
      reverseSwap = '1' + reverseSwap;
      swap += '1';
    } else {
      lines += String(v);
      if (v < 1 || v > 2) {
        reverseSwap = String(v) + reverseSwap;
        swap += String(v);
      }
    }
  }
  if (reverseSwap > swap) reverseSwap = swap;
  if (hasRow) return original > reverseSwap ? reverseSwap : original;
  return lines;
}

/** Chain orders: Heap's permutations in countdown form, keeping one of each reversed pair. */
function chainOrders(n: number): number[][] {
  const q = Array.from({ length: n }, (_, i) => i);
  const r = Array.from({ length: n + 1 }, (_, i) => i);
  const out: number[][] = [];
  if (isLex(q)) out.push(q.slice());
  let s = 1;
  while (s < n) {
    r[s]--;
    const t = (s % 2) * r[s];
    [q[t], q[s]] = [q[s], q[t]];
    if (isLex(q)) out.push(q.slice());
    s = 1;
    while (r[s] === 0) {
      r[s] = s;
      s++;
    }
  }
  return out;
}

/** Non-decreasing link-type sequences, in Sudoku Explainer's combination order. */
function linkTypeSets(n: number): number[][] {
  const bits = 3 * n;
  const out: number[][] = [];
  // Combinations of n of `bits` positions in increasing numeric value (Gosper's order).
  let v = (1 << n) - 1;
  while (v < 1 << bits) {
    const idx: number[] = [];
    for (let b = 0; b < bits; b++) if (v & (1 << b)) idx.push(b);
    if (idx.every((x, i) => x % n === i)) out.push(idx.map((x) => Math.floor(x / n)));
    const low = v & -v;
    const ripple = v + low;
    v = ripple | (((v ^ ripple) >>> 2) / low);
  }
  return out;
}

interface Found {
  rating: number;
  count: number;
  suffix: string;
  technique: string;
  digit: number;
  elims: number[];
  explain: string;
  /** What describe() needs of the chain. */
  chain: { q: readonly number[]; dirs: number; sI: number; eI: number; ring: number; cells: Int16Array; units: Int16Array };
}

/**
 * The ways unit u is a strong link of a digit with places `pos` (bit k: the unit's k-th cell):
 * at most two, each written as six
 * cells at out[k * 6 ..]: the two ends, their group companions, their second companions
 * (-1 for none). Returns how many, plus 8 when the link is grouped.
 */
function unitLinks(pos: number, u: number, out: Int16Array, at: number): number {
  const R = UNITS[u];
  const box = u >= 18;
  const count = popcount(pos);
  if (count < 2 || count > 6) return 0;
  let arm1 = pos;
  let arm2 = pos;
  let heart = pos;
  let e = 0;
  let grouped = false;
  if (count > 2) {
    const configs = box ? 15 : 3;
    for (e = 0; e < configs; e++) {
      if (e > 8 && count < 4) continue;
      arm1 = arm2 = heart = pos;
      if (pos & (box ? BOX_EMPTY[e] : LINE_EMPTY[e])) continue;
      if (box) {
        arm1 &= BOX_ARM1[e];
        arm2 &= BOX_ARM2[e];
        heart &= 1 << e;
      } else {
        arm1 &= LINE_ARM1[e];
        arm2 &= LINE_ARM2[e];
      }
      grouped = arm1 !== 0 && arm2 !== 0;
      break;
    }
    if (!grouped) return 0;
  }
  const n1 = popcount(arm1);
  const n2 = popcount(arm2);
  let made = 0;
  for (let ord = 0; ord < 2; ord++) {
    const o = at + made * 6;
    // o+0, o+1: the two ends; o+2, o+3: their companions; o+4, o+5: second companions.
    out[o + 2] = out[o + 3] = out[o + 4] = out[o + 5] = -1;
    if (grouped) {
      if (n1 === 1 || n2 === 1) {
        if (ord === 0) {
          if (n1 !== 1) continue;
          singleArm(R, box, e, arm1, arm2, n2, out, o);
          if (n2 === 1) {
            out[o] = R[nextBit(arm1, 0)];
            out[o + 1] = R[nextBit(arm2, 0)];
            out[o + 2] = out[o + 3] = out[o + 4] = out[o + 5] = -1;
            ord = 1;
          }
        }
        if (ord === 1) {
          if (n2 !== 1) continue;
          singleArm(R, box, e, arm2, arm1, n1, out, o);
        }
      } else {
        const p1 = nextBit(arm1, 0);
        const p3 = nextBit(arm1, p1 + 1);
        const p2 = nextBit(arm2, 0);
        const p4 = nextBit(arm2, p2 + 1);
        out[o] = R[p1];
        out[o + 2] = R[p3];
        if (n1 > 2) out[o + 4] = R[nextBit(arm1, p3 + 1)];
        out[o + 1] = R[p2];
        out[o + 3] = R[p4];
        if (n2 > 2) out[o + 5] = R[nextBit(arm2, p4 + 1)];
        // Two lines of a box with two places each: the box also links across the other way.
        const both = e > 8 && count === 4 && sameLine(out[o + 2], out[o + 3]) && sameLine(out[o], out[o + 1]);
        if (both && ord === 1) {
          out[o + 1] = R[p3];
          out[o + 2] = R[p2];
        }
        if (!both) {
          ord = 1;
          if (e < 9 && popcount(heart) === 1) {
            if (n1 === 2) out[o + 4] = R[e];
            if (n2 === 2) out[o + 5] = R[e];
          }
        }
      }
    } else {
      ord = 1;
      const p = nextBit(pos, 0);
      out[o] = R[p];
      out[o + 1] = R[nextBit(pos, p + 1)];
      if (box && sameLine(out[o], out[o + 1])) continue;
    }
    made++;
  }
  return made + (grouped ? 8 : 0);
}

/** A grouped link whose `single` arm has one place; the other arm (with the heart in a box) is the group. */
function singleArm(R: readonly number[], box: boolean, e: number, single: number, other: number, nOther: number, out: Int16Array, o: number): void {
  out[o] = R[nextBit(single, 0)];
  const p1 = nextBit(other, 0);
  out[o + 1] = R[p1];
  out[o + 2] = out[o + 4] = out[o + 5] = -1;
  if (box) {
    out[o + 3] = R[e];
    if (nOther > 1) out[o + 5] = R[nextBit(other, p1 + 1)];
  } else {
    const p2 = nextBit(other, p1 + 1);
    out[o + 3] = R[p2];
    if (nOther > 2) out[o + 5] = R[nextBit(other, p2 + 1)];
  }
}

/**
 * Per-digit link tables (see prepareDigit), shared by the three producers. A digit's tables
 * depend only on where the digit can go, so they are worked out again only for the digits
 * whose places changed since the last call.
 */
const SHARED = {
  links: new Int16Array(9 * 27 * 12),
  nLinks: new Uint8Array(9 * 27),
  groupedUnit: new Uint8Array(9 * 27),
  placeWords: new Int32Array(9 * 27 * 3),
  linkUnits: new Uint8Array(27),
  /** Per digit and link type ((digit - 1) * 3 + type), the units (bit: index 0-8) with a link. */
  linkMask: new Int32Array(27),
  placeList: new Uint8Array(9 * 81),
  placeCount: new Uint8Array(9),
  /** Per digit, the places the tables were worked out for: three 27-bit words (cells 0-26, 27-53, 54-80). */
  key: new Int32Array(27),
  /** Scratch: the current places of each digit, as in `key`. */
  now: new Int32Array(27),
  /** Per digit, whether its tables were ever worked out. */
  ready: new Uint8Array(9),
  /**
   * Per link end ((digit - 1) * 27 + unit) * 4 + variant * 2 + end, the units holding the end
   * cell and its group companions, as bits: columns 0-8, rows 9-17, boxes 18-26 (the order in
   * which a weak link between two ends picks its unit: the lowest bit both ends share).
   */
  endUnits: new Int32Array(9 * 27 * 4),
  /**
   * Per link ((digit - 1) * 54 + unit * 2 + variant) and link type (box 0, row 1, column 2),
   * the links of that type it meets (an end of each in one unit): bit index * 2 + variant.
   */
  meetLinks: new Int32Array(9 * 54 * 3),
  /** Scratch: per link of a digit (unit * 2 + variant), the units holding one of its ends whole. */
  linkReach: new Int32Array(54),
  /** Scratch: the links of a digit (unit * 2 + variant). */
  linkIds: new Uint8Array(54),
};

/** Brings the link tables of every digit whose places changed up to date with `cands`. */
function refreshTables(cands: Uint16Array): void {
  const now = SHARED.now;
  now.fill(0);
  for (let c = 0; c < 81; c++) {
    let m = cands[c];
    if (m === 0) continue;
    const w = c < 27 ? 0 : c < 54 ? 1 : 2;
    const b = 1 << (c - 27 * w);
    for (; m; m &= m - 1) now[(31 - Math.clz32(m & -m)) * 3 + w] |= b;
  }
  const key = SHARED.key;
  for (let d = 1; d <= 9; d++) {
    const t = (d - 1) * 3;
    if (SHARED.ready[d - 1] && key[t] === now[t] && key[t + 1] === now[t + 1] && key[t + 2] === now[t + 2]) continue;
    prepareDigit(d, cands);
    key[t] = now[t];
    key[t + 1] = now[t + 1];
    key[t + 2] = now[t + 2];
    SHARED.ready[d - 1] = 1;
  }
}

/** The units (as in SHARED.endUnits) holding cell a and the cells b and c (-1: none). */
function unitsHolding(a: number, b: number, c: number): number {
  let m = 0;
  const col = COL_OF[a];
  const row = ROW_OF[a];
  const box = BOX_OF[a];
  if ((b < 0 || COL_OF[b] === col) && (c < 0 || COL_OF[c] === col)) m |= 1 << col;
  if ((b < 0 || ROW_OF[b] === row) && (c < 0 || ROW_OF[c] === row)) m |= 1 << (9 + row);
  if ((b < 0 || BOX_OF[b] === box) && (c < 0 || BOX_OF[c] === box)) m |= 1 << (18 + box);
  return m;
}

/** Our unit number of bit k of SHARED.endUnits. */
const UNIT_OF_END_BIT = Int8Array.from({ length: 27 }, (_, k) => (k < 9 ? 9 + k : k < 18 ? k - 9 : k));

/**
 * Works out every unit's links for digit d (see unitLinks), where the digit can go (a list
 * of cells and, per unit, three words) and how many units of each type have a link.
 */
function prepareDigit(d: number, cands: Uint16Array): void {
  const bit = 1 << (d - 1);
  let np = 0;
  for (let c = 0; c < 81; c++) if (cands[c] & bit) SHARED.placeList[(d - 1) * 81 + np++] = c;
  SHARED.placeCount[d - 1] = np;
  const t = (d - 1) * 3;
  const w0 = SHARED.now[t];
  const w1 = SHARED.now[t + 1];
  const w2 = SHARED.now[t + 2];
  const linkUnits = SHARED.linkUnits;
  linkUnits[t] = linkUnits[t + 1] = linkUnits[t + 2] = 0;
  SHARED.linkMask[t] = SHARED.linkMask[t + 1] = SHARED.linkMask[t + 2] = 0;
  for (let u = 0; u < 27; u++) {
    // Places of d in unit u, bit k = the unit's k-th cell.
    let pos = 0;
    for (let k = 0; k < 9; k++) if (cands[UNIT_CELLS[u * 9 + k]] & bit) pos |= 1 << k;
    const du = (d - 1) * 27 + u;
    const r = unitLinks(pos, u, SHARED.links, du * 12);
    SHARED.nLinks[du] = r & 7;
    for (let k = 0; k < (r & 7); k++) {
      for (let e = 0; e < 2; e++) {
        const o = du * 12 + k * 6;
        SHARED.endUnits[du * 4 + k * 2 + e] = unitsHolding(SHARED.links[o + e], SHARED.links[o + 2 + e], SHARED.links[o + 4 + e]);
      }
    }
    SHARED.groupedUnit[du] = r >> 3;
    if (r & 7) {
      const type = u >= 18 ? 0 : u < 9 ? 1 : 2;
      linkUnits[t + type]++;
      SHARED.linkMask[t + type] |= 1 << (u >= 18 ? u - 18 : u < 9 ? u : u - 9);
    }
    SHARED.placeWords[du * 3] = w0 & UNIT_WORDS[u * 3];
    SHARED.placeWords[du * 3 + 1] = w1 & UNIT_WORDS[u * 3 + 1];
    SHARED.placeWords[du * 3 + 2] = w2 & UNIT_WORDS[u * 3 + 2];
  }
  // Which links meet which: two links meet when an end of each lies whole in one unit.
  const reach = SHARED.linkReach;
  const ids = SHARED.linkIds;
  let nIds = 0;
  SHARED.meetLinks.fill(0, (d - 1) * 54 * 3, d * 54 * 3);
  for (let u = 0; u < 27; u++) {
    const du = (d - 1) * 27 + u;
    for (let k = 0; k < SHARED.nLinks[du]; k++) {
      reach[u * 2 + k] = SHARED.endUnits[du * 4 + k * 2] | SHARED.endUnits[du * 4 + k * 2 + 1];
      ids[nIds++] = u * 2 + k;
    }
  }
  for (let x = 0; x < nIds; x++) {
    const a = ids[x];
    const o = ((d - 1) * 54 + a) * 3;
    const ra = reach[a];
    let m0 = 0;
    let m1 = 0;
    let m2 = 0;
    for (let y = 0; y < nIds; y++) {
      const b = ids[y];
      if ((reach[b] & ra) === 0) continue;
      const u = b >> 1;
      if (u >= 18) m0 |= 1 << ((u - 18) * 2 + (b & 1));
      else if (u < 9) m1 |= 1 << (u * 2 + (b & 1));
      else m2 |= 1 << ((u - 9) * 2 + (b & 1));
    }
    SHARED.meetLinks[o] = m0;
    SHARED.meetLinks[o + 1] = m1;
    SHARED.meetLinks[o + 2] = m2;
  }
}

class StrongLinkSearch {
  readonly n: number;
  readonly types: readonly number[][];
  readonly orders: readonly number[][];
  /** Chosen link ends: [2*link + end], their group companions at +2n and +4n; -1 for none. */
  readonly cells: Int16Array;
  readonly units: Int16Array;
  readonly grouped: Uint8Array;
  /** Per digit and unit ((digit - 1) * 27 + unit): its links (see unitLinks), how many, grouped or not. */
  readonly links = SHARED.links;
  readonly nLinks = SHARED.nLinks;
  readonly groupedUnit = SHARED.groupedUnit;
  /** Per unit, the places of the digit as three 27-bit words (cells 0-26, 27-53, 54-80). */
  readonly placeWords = SHARED.placeWords;
  /** Places of the digit taken by the links chosen so far, per depth. */
  readonly takenWords: Int32Array;
  readonly share: Int16Array;
  /** pairShare[a * 2n + b]: the unit shared by chosen link ends a and b (with companions), or -1. */
  readonly pairShare: Int16Array;
  /** Per chosen link, the chosen links it meets (bit i: link i). */
  readonly meets: Int32Array;
  /** Per chosen link, its number among the digit's links (unit * 2 + variant). */
  readonly chosen = new Int16Array(8);
  /** Per chosen link end, its index in SHARED.endUnits. */
  readonly endIds: Int16Array;
  readonly hit = new Uint8Array(81);
  linkSet: number[] = [];
  digit = 0;
  bit = 0;
  s!: Candidates;
  best: Found | null = null;

  constructor(n: number) {
    this.n = n;
    this.types = linkTypeSets(n);
    this.orders = chainOrders(n);
    this.cells = new Int16Array(6 * n);
    this.units = new Int16Array(n);
    this.grouped = new Uint8Array(n);
    this.share = new Int16Array(n);
    this.pairShare = new Int16Array(4 * n * n);
    this.meets = new Int32Array(n);
    this.endIds = new Int16Array(2 * n);
    this.takenWords = new Int32Array(3 * (n + 1));
  }

  run(s: Candidates): Found | null {
    this.s = s;
    this.best = null;
    // The three producers usually look at the same state in turn, and most steps change the
    // places of one or two digits only: the tables are shared and kept per digit.
    refreshTables(s.cands);
    const skip = this.skip;
    for (let v = 0; v < 9; v++) {
      skip[v] = this.sinceNothing(v);
      this.touched[v] = 0;
    }
    const needed = this.needed;
    for (const set of this.types) {
      this.linkSet = set;
      needed[0] = needed[1] = needed[2] = 0;
      for (const type of set) needed[type]++;
      for (let d = 1; d <= 9; d++) {
        if (skip[d - 1]) continue;
        // Enough units of each type with a link of this digit?
        const t = (d - 1) * 3;
        if (this.linkUnits[t] < needed[0] || this.linkUnits[t + 1] < needed[1] || this.linkUnits[t + 2] < needed[2]) continue;
        // Whether a changed unit is still to come after each depth (see sinceNothing).
        let later = 0;
        for (let depth = this.n - 1; depth >= 0; depth--) {
          this.later[depth] = later;
          later |= this.changedUnits[t + set[depth]];
        }
        if (later === 0) continue;
        this.digit = d;
        this.bit = 1 << (d - 1);
        this.base = (d - 1) * 27;
        this.build(0, 0, false);
      }
    }
    // A digit none of whose chains removed anything (and none was cut short by a better one)
    // gives nothing as long as its places stay the same.
    const key = SHARED.key;
    for (let v = 0; v < 9; v++) {
      if (skip[v]) continue;
      this.emptyValid[v] = this.touched[v] ? 0 : 1;
      for (let w = v * 3; w < v * 3 + 3; w++) this.emptyKey[w] = key[w];
    }
    const best = this.best as Found | null;
    if (best) best.explain = this.describe(best);
    return best;
  }

  /** Per digit, how many boxes, rows and columns have a link: [(digit - 1) * 3 + type]. */
  private readonly linkUnits = SHARED.linkUnits;
  /** Per digit, the places (as SHARED.key) where this search last found nothing for it, if emptyValid. */
  private readonly emptyKey = new Int32Array(27);
  private readonly emptyValid = new Uint8Array(9);
  /**
   * Per digit and link type ((digit - 1) * 3 + type), the units (bit: index 0-8) whose places
   * of the digit changed since the search last found nothing for it; all of them when that is
   * not known. A chain of unchanged units removed nothing then, so it removes nothing now: only
   * chains with a changed unit are looked at.
   */
  private readonly changedUnits = new Int32Array(27);
  /** Per depth of the current link-type set: the changed units of the types after it (non-zero: some). */
  private readonly later = new Int32Array(8);
  /** Links of each type (box, row, column) a link-type set needs. */
  private readonly needed = [0, 0, 0];
  /** Per digit, whether this run skips it (nothing found at these places before). */
  private readonly skip = new Uint8Array(9);
  /** Per digit, whether this run found a chain removing something (or cut one short). */
  private readonly touched = new Uint8Array(9);

  /** (digit - 1) * 27: where the current digit's rows start in the per-unit tables. */
  private base = 0;

  /**
   * Fills changedUnits for digit v + 1 and says whether the digit can be skipped outright (its
   * places are those where the search last found nothing for it). Places are only ever lost
   * between states of one puzzle; any other state gets every unit marked as changed.
   */
  private sinceNothing(v: number): number {
    const key = SHARED.key;
    const t = v * 3;
    const n0 = key[t];
    const n1 = key[t + 1];
    const n2 = key[t + 2];
    const e0 = this.emptyKey[t];
    const e1 = this.emptyKey[t + 1];
    const e2 = this.emptyKey[t + 2];
    if (!this.emptyValid[v] || ((n0 & ~e0) | (n1 & ~e1) | (n2 & ~e2)) !== 0) {
      this.changedUnits[t] = this.changedUnits[t + 1] = this.changedUnits[t + 2] = 0x1ff;
      return 0;
    }
    if (n0 === e0 && n1 === e1 && n2 === e2) return 1;
    this.changedUnits[t] = this.changedUnits[t + 1] = this.changedUnits[t + 2] = 0;
    for (let u = 0; u < 27; u++) {
      const w = u * 3;
      const pw = (v * 27 + u) * 3;
      if ((e0 & UNIT_WORDS[w]) === SHARED.placeWords[pw] && (e1 & UNIT_WORDS[w + 1]) === SHARED.placeWords[pw + 1] && (e2 & UNIT_WORDS[w + 2]) === SHARED.placeWords[pw + 2]) continue;
      // Link types: box 0, row 1, column 2.
      if (u >= 18) this.changedUnits[t] |= 1 << (u - 18);
      else if (u < 9) this.changedUnits[t + 1] |= 1 << u;
      else this.changedUnits[t + 2] |= 1 << (u - 9);
    }
    return 0;
  }

  /** Chooses link `depth` (after unit index `prev` of the same type); `fresh`: a changed unit is among those chosen. */
  private build(depth: number, prev: number, fresh: boolean): void {
    const n = this.n;
    const type = this.linkSet[depth];
    const cells = this.cells;
    const tw = this.takenWords;
    const t = depth * 3;
    const start = depth > 0 && this.linkSet[depth - 1] === type ? prev + 1 : 0;
    const changed = this.changedUnits[(this.digit - 1) * 3 + type];
    const later = this.later[depth];
    const allowed = this.connectable(depth, type);
    // Units of this type with a link, from `start` on (changed ones only when nothing changed is chosen or to come).
    let units = (SHARED.linkMask[(this.digit - 1) * 3 + type] >> start) << start;
    if (!fresh && later === 0) units &= changed;
    for (; units !== 0; units &= units - 1) {
      const i = 31 - Math.clz32(units & -units);
      if (((allowed >> (i * 2)) & 3) === 0) continue;
      const isFresh = fresh || ((changed >> i) & 1) !== 0;
      const u = unitOf(type, i);
      const du = this.base + u;
      const nl = this.nLinks[du];
      // Links may not share a place of the digit.
      const pw = du * 3;
      if ((tw[t] & this.placeWords[pw]) | (tw[t + 1] & this.placeWords[pw + 1]) | (tw[t + 2] & this.placeWords[pw + 2])) continue;
      tw[t + 3] = tw[t] | this.placeWords[pw];
      tw[t + 4] = tw[t + 1] | this.placeWords[pw + 1];
      tw[t + 5] = tw[t + 2] | this.placeWords[pw + 2];
      this.units[depth] = u;
      this.grouped[depth] = this.groupedUnit[du];
      for (let k = 0; k < nl; k++) {
        if (((allowed >> (i * 2 + k)) & 1) === 0) continue;
        this.chosen[depth] = u * 2 + k;
        const o = du * 12 + k * 6;
        cells[depth * 2] = this.links[o];
        cells[depth * 2 + 1] = this.links[o + 1];
        cells[n * 2 + depth * 2] = this.links[o + 2];
        cells[n * 2 + depth * 2 + 1] = this.links[o + 3];
        cells[n * 4 + depth * 2] = this.links[o + 4];
        cells[n * 4 + depth * 2 + 1] = this.links[o + 5];
        this.endIds[depth * 2] = du * 4 + k * 2;
        this.endIds[depth * 2 + 1] = du * 4 + k * 2 + 1;
        this.connect(depth);
        if (depth < n - 1) this.build(depth + 1, i, isFresh);
        else this.chains();
      }
    }
  }

  /**
   * The links of `type` (bit index * 2 + variant) that may come at `depth` and still let the
   * n links form one chain: a chain is connected, so the last link must meet every group of
   * connected links chosen before it, and with four links, two apart must be met by the third.
   */
  private connectable(depth: number, type: number): number {
    const n = this.n;
    const all = 0x3ffff;
    const last = depth === n - 1;
    if (depth === 0 || (!last && !(n === 4 && depth === 2))) return all;
    const chosenMask = (1 << depth) - 1;
    const meetBase = (this.digit - 1) * 54;
    let left = chosenMask;
    let allowed = last ? all : 0;
    let groups = 0;
    while (left !== 0) {
      // Grow the group of connected links around the lowest one left.
      let group = left & -left;
      for (;;) {
        let next = group;
        for (let g = group; g !== 0; g &= g - 1) next |= this.meets[31 - Math.clz32(g & -g)] & chosenMask;
        if (next === group) break;
        group = next;
      }
      left &= ~group;
      groups++;
      let reach = 0;
      for (let g = group; g !== 0; g &= g - 1) reach |= SHARED.meetLinks[(meetBase + this.chosen[31 - Math.clz32(g & -g)]) * 3 + type];
      if (last) allowed &= reach;
      else allowed |= reach;
    }
    // Not the last link: only two groups (two links apart) constrain the third of four.
    return last || groups === 2 ? allowed : all;
  }

  /** Fills pairShare between the ends of link `depth` and those of the links before it. */
  private connect(depth: number): void {
    const n2 = 2 * this.n;
    const ps = this.pairShare;
    const endUnits = SHARED.endUnits;
    let adj = 0;
    for (let a = 2 * depth; a < 2 * depth + 2; a++) {
      const ua = endUnits[this.endIds[a]];
      for (let b = 0; b < 2 * depth; b++) {
        // The weak link's unit: the column, else the row, else the box holding both ends.
        const m = ua & endUnits[this.endIds[b]];
        const u = m === 0 ? -1 : UNIT_OF_END_BIT[31 - Math.clz32(m & -m)];
        ps[a * n2 + b] = u;
        ps[b * n2 + a] = u;
        if (u >= 0) adj |= 1 << (b >> 1);
      }
    }
    // Which earlier links this one meets (and they it).
    this.meets[depth] = adj;
    for (let i = 0; i < depth; i++) this.meets[i] = (this.meets[i] & ~(1 << depth)) | (adj & (1 << i) ? 1 << depth : 0);
  }

  private chains(): void {
    const n = this.n;
    const n2 = 2 * n;
    const ps = this.pairShare;
    const meets = this.meets;
    orders: for (const q of this.orders) {
      // Consecutive links of the chain must meet.
      for (let w = 0; w < n - 1; w++) if (!(meets[q[w]] & (1 << q[w + 1]))) continue orders;
      for (let dirs = 0; dirs < 1 << n; dirs++) {
        let ok = true;
        for (let w = 0; w < n - 1 && ok; w++) {
          const a = 2 * q[w] + 1 - ((dirs >> (n - 1 - w)) & 1);
          const b = 2 * q[w + 1] + ((dirs >> (n - 2 - w)) & 1);
          this.share[w] = ps[a * n2 + b];
          if (this.share[w] < 0) ok = false;
        }
        if (!ok) continue;
        const first = (dirs >> (n - 1)) & 1;
        const sI = 2 * q[0] + first;
        const eI = 2 * q[n - 1] + 1 - (dirs & 1);
        const ring = ps[sI * n2 + eI];
        if (ring >= 0) {
          if (first === 0 && this.firstUnitLowest(q)) this.evaluate(q, dirs, sI, eI, ring);
        } else this.evaluate(q, dirs, sI, eI, -1);
      }
    }
  }

  /** The chain starts with the link whose unit is lowest in (box, row, column) numbering. */
  private firstUnitLowest(q: readonly number[]): boolean {
    const full = (u: number) => (u >= 18 ? u - 17 : u < 9 ? 10 + u + 1 : 20 + u - 9 + 1);
    let min = Infinity;
    for (let i = 0; i < this.n; i++) min = Math.min(min, full(this.units[i]));
    return full(this.units[q[0]]) === min;
  }

  /**
   * Marks the digit's candidates that see every cell of group[0..len) (-1 entries are
   * skipped), outside the link units (and the weak links' units when `skipShares`); returns
   * how many.
   */
  private victims(len: number, skipShares: boolean): number {
    const list = this.placeList;
    const from = this.base * 3;
    const to = from + this.placeCount[this.digit - 1];
    const group = this.group;
    let count = 0;
    outer: for (let k = from; k < to; k++) {
      const v = list[k];
      for (let g = 0; g < len; g++) if (group[g] >= 0 && !sees(v, group[g])) continue outer;
      for (let i = 0; i < this.n; i++) if (inUnit(v, this.units[i])) continue outer;
      if (skipShares) for (let w = 0; w < this.n - 1; w++) if (inUnit(v, this.share[w])) continue outer;
      this.hit[v] = 1;
      count++;
    }
    return count;
  }

  /** Group cells for victims(). */
  private readonly group = new Int16Array(6);
  /** Cells holding each digit: digit d's at (d - 1) * 81 onwards, placeCount[d - 1] of them. */
  private readonly placeList = SHARED.placeList;
  private readonly placeCount = SHARED.placeCount;

  private evaluate(q: readonly number[], dirs: number, sI: number, eI: number, ring: number): void {
    const n = this.n;
    const c = this.cells;
    let groupedCount = 0;
    let boxes = 0;
    let rows = 0;
    let cols = 0;
    for (let i = 0; i < n; i++) {
      groupedCount += this.grouped[i];
      const type = this.linkSet[i];
      if (type === 0) boxes++;
      else if (type === 1) rows++;
      else cols++;
    }
    // The suffix's line code holds a 0 when there is a box, a 2 when rows and columns mix.
    const mixed = rows > 0 && cols > 0;
    const base = BASE_RATING[n - 1];
    const rating = groupedCount > 0 ? base + GROUPED : boxes > 0 && mixed ? base + 0.2 : boxes > 0 || mixed ? base + 0.1 : base;
    const best = this.best;
    if (best && rating > best.rating) {
      this.touched[this.digit - 1] = 1;
      return;
    }
    this.hit.fill(0);
    const g = this.group;
    const n2 = 2 * n;
    const n4 = 4 * n;
    g[0] = c[sI];
    g[1] = c[eI];
    g[2] = g[3] = g[4] = g[5] = -1;
    if (this.grouped[q[0]]) {
      g[2] = c[sI + n2];
      g[3] = c[sI + n4];
    }
    if (this.grouped[q[n - 1]]) {
      g[4] = c[eI + n2];
      g[5] = c[eI + n4];
    }
    let count = this.victims(6, ring < 0);
    if (ring >= 0) {
      for (let w = 0; w < n - 1; w++) {
        const a = 2 * q[w] + 1 - ((dirs >> (n - 1 - w)) & 1);
        const b = 2 * q[w + 1] + ((dirs >> (n - 2 - w)) & 1);
        g[0] = c[a];
        g[1] = c[a + n2];
        g[2] = c[a + n4];
        g[3] = c[b];
        g[4] = c[b + n2];
        g[5] = c[b + n4];
        count += this.victims(6, false);
      }
    }
    if (count === 0) return;
    this.touched[this.digit - 1] = 1;
    if (best && rating === best.rating && count < best.count) return;
    const order = q.map((i) => this.linkSet[i]);
    const suffix = String(groupedCount) + lineName(isLex(order) ? order : order.reverse());
    if (best && rating === best.rating && count === best.count && suffix >= best.suffix) return;
    const elims: number[] = [];
    for (let v = 0; v < 81; v++) if (this.hit[v]) elims.push(v);
    this.best = { rating, count, suffix, technique: this.stepName(boxes > 0, mixed, ring >= 0), digit: this.digit, elims, explain: '', chain: { q, dirs, sI, eI, ring, cells: this.cells.slice(), units: this.units.slice() } };
  }

  private stepName(boxes: boolean, mixed: boolean, ring: boolean): string {
    if (this.n === 3) return 'three-strong-links';
    if (this.n === 4) return 'four-strong-links';
    if (ring || boxes) return 'turbot-fish';
    return mixed ? 'two-string-kite' : 'skyscraper';
  }

  private describe(found: Found): string {
    const n = this.n;
    const { q, dirs, sI, eI, ring, cells: c, units } = found.chain;
    const group = (k: number) => [c[k], c[k + 2 * n], c[k + 4 * n]].filter((x) => x >= 0).map(cellName).join('+');
    const links = q.map((link, w) => {
      const from = 2 * link + ((dirs >> (n - 1 - w)) & 1);
      const to = from ^ 1;
      return `${group(from)}=${group(to)} (${unitName(units[link])})`;
    });
    const ends = ring >= 0 ? `a loop closed in ${unitName(ring)}` : `so ${group(sI)} or ${group(eI)} is ${found.digit}`;
    return `${n} strong links on ${found.digit}: ${links.join(', ')}; ${ends}`;
  }

  /**
   * The chain as a pattern: every cell of its groups that holds the digit, its strong links
   * (from each group's first such cell) and the weak links between them in chain order (and the
   * one closing a loop), its units.
   */
  pattern(found: Found, cands: Uint16Array): StepPattern {
    const n = this.n;
    const { q, dirs, ring, cells: c, units } = found.chain;
    const d = found.digit;
    const bit = 1 << (d - 1);
    const group = (k: number) => [c[k], c[k + 2 * n], c[k + 4 * n]].filter((x) => x >= 0 && cands[x] & bit);
    const cells: number[] = [];
    const links: NonNullable<StepPattern['links']> = [];
    let first = -1;
    let last = -1;
    q.forEach((link, w) => {
      const from = group(2 * link + ((dirs >> (n - 1 - w)) & 1));
      const to = group((2 * link + ((dirs >> (n - 1 - w)) & 1)) ^ 1);
      for (const x of [...from, ...to]) if (!cells.includes(x)) cells.push(x);
      if (last >= 0) links.push({ from: [last, d], to: [from[0], d], strong: false });
      else first = from[0];
      links.push({ from: [from[0], d], to: [to[0], d], strong: true });
      last = to[0];
    });
    if (ring >= 0) links.push({ from: [last, d], to: [first, d], strong: false });
    const linkUnits = q.map((link) => units[link]);
    const gone = new Set(found.elims);
    return {
      cells,
      candidates: cells.filter((x) => !gone.has(x)).map((x): CellDigit => [x, d]),
      units: [...new Set(ring >= 0 ? [...linkUnits, ring] : linkUnits)],
      digits: [d],
      links,
    };
  }
}

function strongLinkTechnique(n: number, name: string): Technique {
  // Made on first use: its tables (link orders, work arrays)
  // would otherwise cost every command that loads the grader, even for easy puzzles.
  let search: StrongLinkSearch | null = null;
  return {
    name,
    weight: BASE_RATING[n - 1],
    rates: upTo(Math.round((BASE_RATING[n - 1] + GROUPED) * 10) / 10),
    find(s: Candidates): Step | null {
      const found = (search ??= new StrongLinkSearch(n)).run(s);
      if (!found) return null;
      const elims: CellDigit[] = found.elims.map((v) => [v, found.digit]);
      const step = eliminationStep(found.technique, elims, found.explain);
      // Sudoku Explainer compares the raw sums (5.8 + 0.1 = 5.8999999999999995); steps carry the
      // rating as it prints it, to one decimal.
      step.rating = Math.round(found.rating * 10) / 10;
      step.pattern = search.pattern(found, s.cands);
      return step;
    },
  };
}

/** StrongLinks(2): skyscraper, two-string kite, turbot fish, grouped or looped (4.0-4.3). */
export const turbotFish: Technique = strongLinkTechnique(2, 'turbot-fish');
/** StrongLinks(3): three strong links (5.4-5.7). */
export const threeStrongLinks: Technique = strongLinkTechnique(3, 'three-strong-links');
/** StrongLinks(4): four strong links (5.8-6.1). */
export const fourStrongLinks: Technique = strongLinkTechnique(4, 'four-strong-links');
