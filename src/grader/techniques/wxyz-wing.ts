/**
 * The WXYZ-wing family (WXYZ, VWXYZ, UVWXYZ, TUVWXYZ): n cells of one unit holding n + 1
 * digits between them (an almost locked set, n = 3..6) and a bivalue cell {x,z} outside it.
 * If every set cell that holds x sees the bivalue cell, x links the two: were x in the
 * bivalue cell, the set would lose x and keep n digits for n cells, so z is then locked in
 * the set; otherwise the bivalue cell is z. Either way z is in the bivalue cell or in a set
 * cell holding z, so z leaves every cell seeing the bivalue cell and all set cells with z.
 * When both digits link (doubly linked), the set is locked on its other digits too: each of
 * them leaves the cells seeing all set cells holding it, and x also goes like z.
 * Example: set r1c1 {1,2}, r1c2 {2,3}, r1c3 {3,4}, bivalue r5c1 {1,4}: 1 links (r1c1 sees
 * r5c1), so 4 is in r1c3 or r5c1 and goes from r2c1, r3c1, r4c3, r5c3, r6c3.
 *
 * Order, as Sudoku Explainer does it: the set's cells are picked in increasing cell order,
 * each a peer of all earlier ones; the bivalue cell in cell order among the peers of the
 * set; all patterns are collected and the easiest is reported, then the one removing most
 * candidates, then the larger "suffix" (doubly linked first, then biggest cell, then size).
 * Rating: WXYZ 5.5-5.6 and VWXYZ 6.2-6.4 (middle-sized biggest cells rate higher),
 * UVWXYZ 6.6, TUVWXYZ 7.5.
 */
import { digitsOf, POPCOUNT } from '../../core/digits.js';
import { cellName, PEER_CELLS } from '../../core/units.js';
import type { Candidates } from '../candidates.js';
import { digitSet, FIXED, upTo, type CellDigit, type Step, type Technique } from '../technique.js';
import { ChangesSinceNothing, inWords, PEER_WORDS } from './changes-since-nothing.js';
import { eliminationStep, sees } from './common.js';
import { cellsPattern } from '../pattern.js';

const NAMES = ['', '', '', 'wxyz-wing', 'vwxyz-wing', 'uvwxyz-wing', 'tuvwxyz-wing'];
const LABELS = ['', '', '', 'WXYZ', 'VWXYZ', 'UVWXYZ', 'TUVWXYZ'];

/** Peers with a higher cell number, per cell (Sudoku Explainer's "forward" peers). */
const FORWARD: readonly Uint8Array[] = Array.from({ length: 81 }, (_, c) =>
  Uint8Array.from(Array.from(PEER_CELLS.subarray(c * 20, c * 20 + 20)).filter((p) => p > c)),
);

/** Rating of a wing whose set has n cells, the biggest with `big` candidates. */
function wingRating(n: number, big: number): number {
  if (n === 3) return 5.5 + (1 - Math.abs(3 - big)) * 0.1;
  if (n === 4) return 6.2 + (2 - Math.abs(3 - big)) * 0.1;
  return n === 5 ? 6.6 : 7.5;
}

interface Best {
  rating: number;
  count: number;
  suffix: string;
  elims: CellDigit[];
  explain: string;
  /** The set's cells and the bivalue cell yz; their candidates; the digits x (the link) and z. */
  cells: number[];
  cands: Uint16Array;
  digits: number[];
}

/** Work state for one search, reused across calls. */
class WingSearch {
  readonly set = new Int32Array(6);
  readonly lists: Int32Array[] = Array.from({ length: 7 }, () => new Int32Array(81));
  readonly listLen = new Int32Array(7);
  readonly elimMask = new Uint16Array(81);
  /** Bivalue cells of the state, in cell order; those that changed (see `changes`). */
  readonly bivalues = new Int32Array(81);
  readonly changedBivalues = new Int32Array(81);
  nBivalues = 0;
  nChangedBivalues = 0;
  /** Each digit's places as three 27-bit words ((digit - 1) * 3 + word). */
  readonly placeWords = new Int32Array(27);
  /** Since the last search that found nothing: a wing is worth a look only if one of its cells changed. */
  readonly changes = new ChangesSinceNothing();
  incremental = false;
  best: Best | null = null;
  constructor(readonly n: number) {}

  run(s: Candidates): Best | null {
    this.best = null;
    const n = this.n;
    const cands = s.cands;
    this.incremental = this.changes.check(cands);
    const changed = this.changes.changed;
    if (this.incremental && (changed[0] | changed[1] | changed[2]) === 0) return null;
    this.nBivalues = this.nChangedBivalues = 0;
    this.placeWords.fill(0);
    for (let c = 0; c < 81; c++) {
      const w = c < 27 ? 0 : c < 54 ? 1 : 2;
      for (let m = cands[c]; m !== 0; m &= m - 1) this.placeWords[(31 - Math.clz32(m & -m)) * 3 + w] |= 1 << (c - 27 * w);
    }
    for (let c = 0; c < 81; c++) {
      if (POPCOUNT[cands[c]] !== 2) continue;
      this.bivalues[this.nBivalues++] = c;
      if (this.incremental && inWords(changed, c)) this.changedBivalues[this.nChangedBivalues++] = c;
    }
    for (let c = 0; c < 81; c++) {
      const m = cands[c];
      const k = POPCOUNT[m];
      if (k < 2 || k > n + 1) continue;
      this.set[0] = c;
      const list = this.lists[1];
      const f = FORWARD[c];
      // Only cells with 2..n + 1 candidates can join the set.
      let len = 0;
      for (let i = 0; i < f.length; i++) {
        const fk = POPCOUNT[cands[f[i]]];
        if (fk >= 2 && fk <= n + 1) list[len++] = f[i];
      }
      this.listLen[1] = len;
      this.extend(s, 1, m, k, k, !this.incremental || inWords(changed, c));
    }
    if (this.best) this.changes.forget();
    else this.changes.foundNothing(cands);
    return this.best;
  }

  /**
   * Choose set cell number `depth` from lists[depth]; union/big/size describe the cells so far,
   * `fresh` whether one of them changed since the last search found nothing (always true when
   * that search is not known).
   */
  private extend(s: Candidates, depth: number, union: number, big: number, size: number, fresh: boolean): void {
    const n = this.n;
    const cands = s.cands;
    const list = this.lists[depth];
    const len = this.listLen[depth];
    // With no changed cell in the set so far, nor a changed bivalue cell, a cell still to come
    // must have changed (the last one, at the last depth).
    const mustChange = !fresh && this.nChangedBivalues === 0;
    const lastMustChange = mustChange && depth === n - 1;
    let end = len;
    if (mustChange) while (end > 0 && !inWords(this.changes.changed, list[end - 1])) end--;
    for (let i = 0; i < end; i++) {
      const c = list[i];
      const m = cands[c];
      const k = POPCOUNT[m];
      if (k < 2) continue;
      const cFresh = fresh || inWords(this.changes.changed, c);
      if (lastMustChange && !cFresh) continue;
      const u = union | m;
      const uk = POPCOUNT[u];
      const b = k > big ? k : big;
      this.set[depth] = c;
      if (depth < n - 1) {
        if (uk > n + 1) continue;
        const next = this.lists[depth + 1];
        let nl = 0;
        for (let j = i + 1; j < len; j++) if (sees(list[j], c)) next[nl++] = list[j];
        this.listLen[depth + 1] = nl;
        this.extend(s, depth + 1, u, b, size + k, cFresh);
      } else if (uk === n + 1) {
        this.tryBivalues(s, u, b, size + k, cFresh);
      }
    }
  }

  /** Every set cell holding a digit of `bit` sees `cell`. */
  private linked(s: Candidates, bit: number, cell: number): boolean {
    for (let i = 0; i < this.n; i++) {
      const c = this.set[i];
      if (s.cands[c] & bit && !sees(c, cell)) return false;
    }
    return true;
  }

  private inSet(c: number): boolean {
    for (let i = 0; i < this.n; i++) if (this.set[i] === c) return true;
    return false;
  }

  /** Bivalue cells for the set (only changed ones unless `fresh`: the others gave nothing before). */
  private tryBivalues(s: Candidates, union: number, big: number, size: number, fresh: boolean): void {
    const cands = s.cands;
    const list = fresh ? this.bivalues : this.changedBivalues;
    const len = fresh ? this.nBivalues : this.nChangedBivalues;
    for (let i = 0; i < len; i++) {
      const yz = list[i];
      const ym = cands[yz];
      if ((ym & union) !== ym || this.inSet(yz)) continue;
      let near = false;
      for (let i = 0; i < this.n && !near; i++) near = sees(this.set[i], yz);
      if (!near) continue;
      const xBit = ym & -ym;
      const zBit = ym & ~xBit;
      const zLinked = this.linked(s, zBit, yz);
      if (this.linked(s, xBit, yz)) this.record(s, yz, xBit, zBit, zLinked, union, big, size);
      else if (zLinked) this.record(s, yz, zBit, xBit, false, union, big, size);
    }
  }

  /**
   * Candidates of `bit` seen by every set cell holding it (and by the bivalue cell when
   * `withBivalue`), outside the set and the bivalue cell: marks them, returns how many.
   */
  private mark(s: Candidates, bit: number, yz: number, withBivalue: boolean): number {
    // The digit's places, then only those seeing every set cell holding it (and the bivalue cell).
    const v = 31 - Math.clz32(bit);
    let w0 = this.placeWords[v * 3];
    let w1 = this.placeWords[v * 3 + 1];
    let w2 = this.placeWords[v * 3 + 2];
    for (let i = 0; i < this.n; i++) {
      const c = this.set[i];
      const p = c * 3;
      if (s.cands[c] & bit) {
        w0 &= PEER_WORDS[p];
        w1 &= PEER_WORDS[p + 1];
        w2 &= PEER_WORDS[p + 2];
      }
      // Never a set cell itself.
      if (c < 27) w0 &= ~(1 << c);
      else if (c < 54) w1 &= ~(1 << (c - 27));
      else w2 &= ~(1 << (c - 54));
    }
    if (withBivalue) {
      w0 &= PEER_WORDS[yz * 3];
      w1 &= PEER_WORDS[yz * 3 + 1];
      w2 &= PEER_WORDS[yz * 3 + 2];
    } else if (yz < 27) w0 &= ~(1 << yz);
    else if (yz < 54) w1 &= ~(1 << (yz - 27));
    else w2 &= ~(1 << (yz - 54));
    let count = 0;
    for (let w = 0; w < 3; w++) {
      for (let m = w === 0 ? w0 : w === 1 ? w1 : w2; m !== 0; m &= m - 1) {
        this.elimMask[w * 27 + 31 - Math.clz32(m & -m)] |= bit;
        count++;
      }
    }
    return count;
  }

  private record(s: Candidates, yz: number, xBit: number, zBit: number, doubly: boolean, union: number, big: number, size: number): void {
    const rating = wingRating(this.n, big);
    const best = this.best;
    if (best && rating > best.rating) return;
    this.elimMask.fill(0);
    let count = 0;
    let weak = 0;
    let strongX = 0;
    if (doubly) {
      for (let rest = union & ~(xBit | zBit); rest; rest &= rest - 1) weak += this.mark(s, rest & -rest, yz, false);
      strongX = this.mark(s, xBit, yz, true);
      count += weak + strongX;
    }
    const strongZ = this.mark(s, zBit, yz, true);
    count += strongZ;
    if (count === 0) return;
    if (doubly && weak === 0 && (strongZ === 0 || strongX === 0)) doubly = false;
    const suffix = `${doubly ? 2 : 1}${big}${size}`;
    if (best && rating === best.rating && (count < best.count || (count === best.count && suffix <= best.suffix))) return;
    const elims: CellDigit[] = [];
    for (let c = 0; c < 81; c++) for (const d of digitsOf(this.elimMask[c])) elims.push([c, d]);
    const cells = Array.from(this.set.subarray(0, this.n));
    const what =
      `${LABELS[this.n]}-wing${doubly ? ' (doubly linked)' : ''}: ` +
      `${cells.map((c) => `${cellName(c)} ${digitSet(digitsOf(s.cands[c]))}`).join(', ')} ` +
      `with ${cellName(yz)} ${digitSet(digitsOf(xBit | zBit))} linked on ${digitsOf(xBit)[0]}`;
    this.best = { rating, count, suffix, elims, explain: what, cells: [...cells, yz], cands: s.cands, digits: digitsOf(xBit | zBit) };
  }
}

function wingTechnique(n: number): Technique {
  const search = new WingSearch(n);
  return {
    name: NAMES[n],
    weight: wingRating(n, n === 3 ? 2 : 5),
    // The biggest cell's size moves the WXYZ and VWXYZ ratings; three candidates rate highest.
    rates: n <= 4 ? upTo(Math.round(wingRating(n, 3) * 10) / 10) : FIXED,
    find(s: Candidates): Step | null {
      const best = search.run(s);
      if (!best) return null;
      const step = eliminationStep(NAMES[n], best.elims, best.explain);
      // Compared raw (as Sudoku Explainer does), reported to one decimal as it prints them.
      step.rating = Math.round(best.rating * 10) / 10;
      step.pattern = cellsPattern(best.cands, best.cells, 0x1ff, best.elims, { digits: best.digits });
      return step;
    },
  };
}

/** Sudoku Explainer's WXYZWing: 3 set cells. */
export const wxyzWing: Technique = wingTechnique(3);
/** VWXYZWing: 4 set cells. */
export const vwxyzWing: Technique = wingTechnique(4);
/** UVWXYZWing: 5 set cells. */
export const uvwxyzWing: Technique = wingTechnique(5);
/** TUVWXYZWing: 6 set cells. */
export const tuvwxyzWing: Technique = wingTechnique(6);
