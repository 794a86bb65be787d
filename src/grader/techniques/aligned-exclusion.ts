/**
 * Aligned exclusion (pair and triplet): take two (or three) cells and list every way to fill
 * them with their candidates. A way is impossible when two of the cells see each other and
 * get the same digit, or when it would use up every candidate of an "excluder": a cell that
 * sees all the chosen cells and has at most two (three) candidates. A candidate that appears
 * in no possible way cannot be true.
 * Example: r1c1 {1,2,3} and r2c4 {1,2} are both seen by r1c5 {1,3} and r2c2 {2,3}. With
 * r1c1 = 3, r2c4 = 1 empties r1c5 and r2c4 = 2 empties r2c2, so 3 leaves r1c1.
 *
 * Order, as Sudoku Explainer does it: base cells are the cells with two or more candidates
 * whose peers include an excluder (and no naked single); pairs of them are taken in the order
 * (0,1), (0,2), (1,2), (0,3), ...; for triplets, the third cell is an excluder of the first
 * or second cell that is itself a base cell. At least two common excluders are needed. The
 * first set with an elimination is reported: 6.2 for a pair, 7.5 for a triplet.
 */
import { digitsOf, POPCOUNT } from '../../core/digits.js';
import { cellName } from '../../core/units.js';
import type { Candidates } from '../candidates.js';
import { FIXED, type CellDigit, type Step, type Technique } from '../technique.js';
import { ChangesSinceNothing, inWords, PEER_WORDS } from './changes-since-nothing.js';
import { eliminationStep, sees } from './common.js';
import { cellsPattern } from '../pattern.js';

/** Ratings by degree: a pair 6.2, a triplet 7.5. */
const RATING = [0, 0, 6.2, 7.5];

/** Work arrays for one search (cells as 3 words of 27 bits: cells 0-26, 27-53, 54-80). */
class AlignedSearch {
  readonly base = new Int32Array(81);
  readonly excl = new Int32Array(81 * 3);
  readonly tail = new Int32Array(81);
  readonly common = new Int32Array(20);
  /** The base cells as three 27-bit words. */
  readonly baseWords = new Int32Array(3);
  /**
   * Since the last search that found nothing. A set's outcome depends only on the candidates
   * of its cells and of their common excluders: a set none of whose cells or excluders changed
   * gives nothing again. (An excluder lost since, a cell now filled, only lets more ways
   * through. A cell with one candidate left anywhere changes which cells are base cells: then
   * the search is a full one.)
   */
  readonly changes = new ChangesSinceNothing();
  /** The changed cells that are possible excluders now (2..degree candidates), as three words. */
  readonly changedExcluders = new Int32Array(3);
  constructor(readonly degree: number) {}

  run(s: Candidates): Step | null {
    const step = this.search(s);
    if (step) this.changes.forget();
    return step;
  }

  private search(s: Candidates): Step | null {
    const cands = s.cands;
    const degree = this.degree;
    const excl = this.excl;
    // Cells with one candidate, and cells with 2..degree (possible excluders), as three 27-bit words.
    let s0 = 0;
    let s1 = 0;
    let s2 = 0;
    let e0 = 0;
    let e1 = 0;
    let e2 = 0;
    for (let c = 0; c < 81; c++) {
      const n = POPCOUNT[cands[c]];
      if (n === 0 || n > degree) continue;
      const b = 1 << c % 27;
      if (n === 1) {
        if (c < 27) s0 |= b;
        else if (c < 54) s1 |= b;
        else s2 |= b;
      } else if (c < 27) e0 |= b;
      else if (c < 54) e1 |= b;
      else e2 |= b;
    }
    const singles = (s0 | s1 | s2) !== 0;
    const incremental = !singles && this.changes.check(cands);
    if (!incremental) this.changes.forget();
    const changed = this.changes.changed;
    if (incremental && (changed[0] | changed[1] | changed[2]) === 0) return null;
    const cx = this.changedExcluders;
    cx[0] = changed[0] & e0;
    cx[1] = changed[1] & e1;
    cx[2] = changed[2] & e2;
    let nBase = 0;
    this.baseWords.fill(0);
    for (let c = 0; c < 81; c++) {
      if (POPCOUNT[cands[c]] < 2) continue;
      const p = c * 3;
      // No base cell sees a cell with one candidate.
      if (singles && ((PEER_WORDS[p] & s0) | (PEER_WORDS[p + 1] & s1) | (PEER_WORDS[p + 2] & s2)) !== 0) continue;
      const w0 = PEER_WORDS[p] & e0;
      const w1 = PEER_WORDS[p + 1] & e1;
      const w2 = PEER_WORDS[p + 2] & e2;
      if ((w0 | w1 | w2) === 0) continue;
      this.base[nBase++] = c;
      this.baseWords[(c / 27) | 0] |= 1 << c % 27;
      excl[c * 3] = w0;
      excl[c * 3 + 1] = w1;
      excl[c * 3 + 2] = w2;
    }
    if (nBase < degree) return this.nothing(s, singles);
    for (let n2 = 1; n2 < nBase; n2++) {
      for (let n1 = 0; n1 < n2; n1++) {
        const c0 = this.base[n1];
        const c1 = this.base[n2];
        // Every set needs two excluders common to all its cells, so to these two first.
        const x0 = excl[c0 * 3] & excl[c1 * 3];
        const x1 = excl[c0 * 3 + 1] & excl[c1 * 3 + 1];
        const x2 = excl[c0 * 3 + 2] & excl[c1 * 3 + 2];
        if (!atLeastTwo(x0, x1, x2)) continue;
        // Whether the pair and its common excluders are as they were when the last search found nothing.
        const same =
          incremental &&
          !inWords(changed, c0) &&
          !inWords(changed, c1) &&
          ((PEER_WORDS[c0 * 3] & PEER_WORDS[c1 * 3] & cx[0]) |
            (PEER_WORDS[c0 * 3 + 1] & PEER_WORDS[c1 * 3 + 1] & cx[1]) |
            (PEER_WORDS[c0 * 3 + 2] & PEER_WORDS[c1 * 3 + 2] & cx[2])) ===
            0;
        if (degree === 2) {
          if (same) continue;
          const step = this.tryPair(s, c0, c1);
          if (step) return step;
          continue;
        }
        // Third cells are excluders of c0 or c1: with the pair unchanged, one of them must have changed.
        if (same && ((excl[c0 * 3] | excl[c1 * 3]) & changed[0]) === 0 && ((excl[c0 * 3 + 1] | excl[c1 * 3 + 1]) & changed[1]) === 0 && ((excl[c0 * 3 + 2] | excl[c1 * 3 + 2]) & changed[2]) === 0) continue;
        // Third cells: excluders of c0, then those of c1 not already listed, base cells only,
        // each in cell order (with the pair unchanged, changed ones only).
        const bw = this.baseWords;
        let nt = 0;
        for (let pass = 0; pass < 2; pass++) {
          for (let w = 0; w < 3; w++) {
            let m = pass === 0 ? excl[c0 * 3 + w] : excl[c1 * 3 + w] & ~excl[c0 * 3 + w];
            m &= bw[w];
            if (same) m &= changed[w];
            for (; m !== 0; m &= m - 1) {
              const p = w * 27 + 31 - Math.clz32(m & -m);
              if (p !== c0 && p !== c1) this.tail[nt++] = p;
            }
          }
        }
        for (let t = 0; t < nt; t++) {
          const c2 = this.tail[t];
          if (incremental && !same && this.unchangedTriplet(c0, c1, c2)) continue;
          const step = this.tryTriplet(s, c0, c1, c2);
          if (step) return step;
        }
      }
    }
    return this.nothing(s, singles);
  }

  /** The search found nothing: remember the state unless a cell with one candidate made it a partial one. */
  private nothing(s: Candidates, singles: boolean): null {
    if (!singles) this.changes.foundNothing(s.cands);
    return null;
  }

  /** Neither the three cells nor any of their common excluders changed since the last empty search. */
  private unchangedTriplet(c0: number, c1: number, c2: number): boolean {
    const ch = this.changes.changed;
    if (inWords(ch, c0) || inWords(ch, c1) || inWords(ch, c2)) return false;
    const cx = this.changedExcluders;
    for (let w = 0; w < 3; w++) if (PEER_WORDS[c0 * 3 + w] & PEER_WORDS[c1 * 3 + w] & PEER_WORDS[c2 * 3 + w] & cx[w]) return false;
    return true;
  }

  /** Masks of the excluders common to c0, c1 and c2 (c2 = -1: to c0 and c1) into `common`; returns how many. */
  private commonExcluders(s: Candidates, c0: number, c1: number, c2: number): number {
    const e = this.excl;
    let n = 0;
    for (let w = 0; w < 3; w++) {
      let m = e[c0 * 3 + w] & e[c1 * 3 + w];
      if (c2 >= 0) m &= e[c2 * 3 + w];
      while (m) {
        const low = m & -m;
        this.common[n++] = s.cands[w * 27 + 31 - Math.clz32(low)];
        m ^= low;
      }
    }
    return n;
  }

  private tryPair(s: Candidates, c0: number, c1: number): Step | null {
    const nx = this.commonExcluders(s, c0, c1, -1);
    if (nx < 2) return null;
    const m0 = s.cands[c0];
    const m1 = s.cands[c1];
    const peers = sees(c0, c1);
    let ok0 = 0;
    let ok1 = 0;
    for (let r0 = m0; r0; r0 &= r0 - 1) {
      const b0 = r0 & -r0;
      // Digits of c1 that c0 = b0 rules out: an excluder {b0, q} rules out q.
      let killed = peers ? b0 : 0;
      for (let i = 0; i < nx; i++) if (this.common[i] & b0) killed |= this.common[i] & ~b0;
      const allowed = m1 & ~killed;
      if (allowed) {
        ok0 |= b0;
        ok1 |= allowed;
      }
    }
    if ((m0 & ~ok0) === 0 && (m1 & ~ok1) === 0) return null;
    return this.step(s, [c0, c1], [m0 & ~ok0, m1 & ~ok1]);
  }

  private tryTriplet(s: Candidates, c0: number, c1: number, c2: number): Step | null {
    let nx = this.commonExcluders(s, c0, c1, c2);
    if (nx < 2) return null;
    const m0 = s.cands[c0];
    const m1 = s.cands[c1];
    const m2 = s.cands[c2];
    // An excluder with a digit none of the three cells has never runs out: leave it aside.
    const all3 = m0 | m1 | m2;
    let kept = 0;
    for (let i = 0; i < nx; i++) if ((this.common[i] & ~all3) === 0) this.common[kept++] = this.common[i];
    nx = kept;
    const p01 = sees(c0, c1);
    const p02 = sees(c0, c2);
    const p12 = sees(c1, c2);
    let ok0 = 0;
    let ok1 = 0;
    let ok2 = 0;
    for (let r0 = m0; r0; r0 &= r0 - 1) {
      const b0 = r0 & -r0;
      for (let r1 = m1; r1; r1 &= r1 - 1) {
        const b1 = r1 & -r1;
        if (p01 && b0 === b1) continue;
        const used = b0 | b1;
        let killed = (p02 ? b0 : 0) | (p12 ? b1 : 0);
        let all = false;
        for (let i = 0; i < nx; i++) {
          const rest = this.common[i] & ~used;
          if (rest === 0) {
            all = true;
            break;
          }
          if ((rest & (rest - 1)) === 0) killed |= rest;
        }
        if (all) continue;
        const allowed = m2 & ~killed;
        if (allowed) {
          ok0 |= b0;
          ok1 |= b1;
          ok2 |= allowed;
        }
      }
    }
    if ((m0 & ~ok0) === 0 && (m1 & ~ok1) === 0 && (m2 & ~ok2) === 0) return null;
    return this.step(s, [c0, c1, c2], [m0 & ~ok0, m1 & ~ok1, m2 & ~ok2]);
  }

  private step(s: Candidates, cells: number[], removable: number[]): Step | null {
    const elims: CellDigit[] = [];
    for (let i = 0; i < cells.length; i++) for (const d of digitsOf(removable[i])) elims.push([cells[i], d]);
    if (elims.length === 0) return null;
    elims.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    const pair = this.degree === 2;
    const step = eliminationStep(
      pair ? 'aligned-pair-exclusion' : 'aligned-triplet-exclusion',
      elims,
      `aligned ${pair ? 'pair' : 'triplet'} exclusion on ${cells.map(cellName).join(', ')}: no way to fill them uses these candidates`,
    );
    step.rating = RATING[this.degree];
    step.pattern = cellsPattern(s.cands, cells, 0x1ff, elims);
    return step;
  }
}

/** Whether three words hold two set bits or more between them. */
function atLeastTwo(x0: number, x1: number, x2: number): boolean {
  if ((x0 & (x0 - 1)) | (x1 & (x1 - 1)) | (x2 & (x2 - 1))) return true;
  return (x0 !== 0 ? 1 : 0) + (x1 !== 0 ? 1 : 0) + (x2 !== 0 ? 1 : 0) >= 2;
}

function alignedTechnique(degree: number): Technique {
  let search: AlignedSearch | null = null; // made on first use, like the strong-link searches
  return {
    name: degree === 2 ? 'aligned-pair-exclusion' : 'aligned-triplet-exclusion',
    weight: RATING[degree],
    rates: FIXED,
    find: (s: Candidates) => (search ??= new AlignedSearch(degree)).run(s),
  };
}

/** Sudoku Explainer's AlignedPairExclusion. */
export const alignedPairExclusion: Technique = alignedTechnique(2);
/** AlignedExclusion(3): aligned triplet exclusion. */
export const alignedTripletExclusion: Technique = alignedTechnique(3);
