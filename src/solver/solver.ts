/**
 * The fast counting solver: one bitboard per digit, naked and hidden singles, most
 * constrained cell first, undo without allocation.
 *
 * A band is three rows (27 cells). For each digit d and band b, one 27-bit word holds the
 * cells of that band where d is still possible:
 *
 *   bit:   26 ........ 18 | 17 ......... 9 | 8 .......... 0
 *          band row 3     | band row 2     | band row 1       (bit 0 = column 1)
 *
 * so cell = 27·b + bit. A board is 32 words: [d·3 + b] for the 27 digit/band words, then
 * one word per band of solved cells, then the count of solved cells. A placed digit keeps
 * its own bit, so every unit must always hold each digit at least once.
 *
 *   place d at a cell  : clear its row, column and box peers from digit d (3 words), and the
 *                        cell from the other 8 digits of its band.
 *   naked single       : per band, bit-sliced counters over the 9 digit words find cells
 *                        with exactly one digit left (and cells with none: a contradiction).
 *   locked candidates  : per digit whose words changed, each band (and each stack) must hold
 *                        the digit as a permutation of rows over boxes: one table lookup
 *                        (BAND_KEEP) removes the box segments no permutation can use.
 *   hidden single      : for the same digits, a row or box mask with one bit left, and
 *                        bit-sliced counters over the 9 rows for columns.
 *
 * Board k lives at words [32k, 32k + 32). To branch, board k is copied onto board k+1 and
 * the guess is made there; to undo, the search goes back to board k. Depth is at most 81,
 * so the whole stack is allocated once.
 */
import type { Grid } from '../core/grid.js';
import { PERMUTATIONS_3 } from '../core/perms.js';
import { PEER_CELLS } from '../core/units.js';

const STRIDE = 32;
const SOLVED = 27;
const NSOLVED = 30;
const DEPTH = 82;
const BAND = 0x7ffffff;
const ROW_MASK = [0x1ff, 0x1ff << 9, 0x1ff << 18];
const BOX_MASK = [0x1c0e07, 0x1c0e07 << 3, 0x1c0e07 << 6];

/** PEER_MASK[3·cell + b]: the cells of band b that see `cell` (the cell itself excluded). */
const PEER_MASK: Int32Array = (() => {
  const t = new Int32Array(81 * 3);
  // Built from the 20 peers of each cell (cell 27·band + bit), so module load stays cheap.
  for (let c = 0; c < 81; c++) {
    for (let i = 0; i < 20; i++) {
      const p = PEER_CELLS[c * 20 + i];
      t[c * 3 + ((p / 27) | 0)] |= 1 << p % 27;
    }
  }
  return t;
})();

/** MINIROWS[row9]: which of the row's three box segments (bits 0-2) hold a candidate. */
const MINIROWS: Uint8Array = Uint8Array.from({ length: 512 }, (_, m) => (m & 7 ? 1 : 0) | (m & 0o70 ? 2 : 0) | (m & 0o700 ? 4 : 0));

/**
 * BAND_KEEP[shape]: within one band, a digit sits once in each row and once in each box, so
 * its three places form a permutation (row r in box p(r)). `shape` has bit 3r+k set when row
 * r still has a candidate in box k; the result keeps the cells of the box segments used by
 * at least one permutation that fits the shape (0: none fits, a contradiction). This is
 * pointing and claiming (locked candidates) within the band, in one lookup.
 */
const BAND_KEEP: Int32Array = (() => {
  const t = new Int32Array(512);
  for (let shape = 0; shape < 512; shape++) {
    let keep = 0;
    for (let i = 0; i < 6; i++) {
      const p = PERMUTATIONS_3[i];
      if (shape & (1 << p[0]) && shape & (1 << (3 + p[1])) && shape & (1 << (6 + p[2]))) keep |= (7 << (3 * p[0])) | (7 << (9 + 3 * p[1])) | (7 << (18 + 3 * p[2]));
    }
    t[shape] = keep;
  }
  return t;
})();

/** The same rule as a 9-bit table: which (row, box) pairs (bit 3r+k) some fitting permutation uses. */
const PAIRS_KEEP: Uint16Array = Uint16Array.from(BAND_KEEP, (keep) => {
  let pairs = 0;
  for (let r = 0; r < 3; r++) for (let k = 0; k < 3; k++) if (keep & (1 << (9 * r + 3 * k))) pairs |= 1 << (3 * r + k);
  return pairs;
});

function popcount27(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (((x + (x >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

function ctz(x: number): number {
  return 31 - Math.clz32(x & -x);
}

export class Solver {
  private readonly s = new Int32Array(DEPTH * STRIDE);
  /** Digits (9-bit mask) whose words changed since their last hidden-single check. */
  private dirty = 0x1ff;
  private count = 0;
  private limit = 2;
  /** Search nodes visited by the last call (guesses made + 1). */
  nodes = 0;
  /** The first solution found by the last call that found one. */
  readonly solution = new Uint8Array(81);
  /** When set, every solution found is appended here. */
  private found: Grid[] | null = null;

  /**
   * Count the solutions of `grid`, stopping as soon as `limit` are found.
   * With `forbidCell` >= 0, only solutions in which that blank cell does not hold
   * `forbidDigit` are counted.
   */
  count_(grid: Grid, limit: number, forbidCell = -1, forbidDigit = 0): number {
    this.count = 0;
    this.limit = limit;
    this.nodes = 0;
    if (!this.load(grid, forbidCell, forbidDigit)) return 0;
    this.search(0);
    return this.count;
  }

  /**
   * Whether naked and hidden singles and locked candidates alone (no guess) solve `grid`:
   * then its solution is unique.
   */
  propagates(grid: Grid): boolean {
    return this.load(grid, -1, 0) && this.propagate(0) && this.s[NSOLVED] === 81;
  }

  /**
   * -1 when `propagates(grid)`; otherwise `count_(grid, limit, forbidCell, forbidDigit)`, the
   * search going on from where the propagation stopped (the digit is forbidden there: the
   * same solutions).
   */
  countUnlessPropagated(grid: Grid, limit: number, forbidCell = -1, forbidDigit = 0): number {
    if (!this.load(grid, -1, 0) || !this.propagate(0)) return 0;
    if (this.s[NSOLVED] === 81) return -1;
    if (forbidCell >= 0 && forbidDigit > 0) {
      const b = (forbidCell / 27) | 0;
      const bit = 1 << forbidCell % 27;
      const w = (forbidDigit - 1) * 3 + b;
      // A cell the propagation placed keeps only its digit's bit.
      if (this.s[SOLVED + b] & bit) return this.s[w] & bit ? 0 : this.count_(grid, limit, forbidCell, forbidDigit);
      this.s[w] &= ~bit;
      this.dirty = 1 << (forbidDigit - 1);
    }
    this.count = 0;
    this.limit = limit;
    this.nodes = 0;
    this.search(0);
    return this.count;
  }

  /** Up to `max` solutions of `grid`, in search order. */
  collect(grid: Grid, max: number): Grid[] {
    const found: Grid[] = [];
    this.found = found;
    try {
      this.count_(grid, max);
    } finally {
      this.found = null;
    }
    return found;
  }

  private load(grid: Grid, forbidCell: number, forbidDigit: number): boolean {
    const s = this.s;
    s.fill(BAND, 0, 27);
    s[SOLVED] = s[SOLVED + 1] = s[SOLVED + 2] = 0;
    s[NSOLVED] = 0;
    for (let c = 0; c < 81; c++) {
      const d = grid[c];
      if (d !== 0 && !this.place(0, d - 1, (c / 27) | 0, c % 27)) return false;
    }
    if (forbidCell >= 0 && forbidDigit > 0) {
      if (grid[forbidCell] !== 0) return grid[forbidCell] !== forbidDigit;
      s[(forbidDigit - 1) * 3 + ((forbidCell / 27) | 0)] &= ~(1 << forbidCell % 27);
    }
    this.dirty = 0x1ff;
    return true;
  }

  /** Place digit d (0-based) at bit `i` of band b on the board at `base`; false if d is not possible there. */
  private place(base: number, d: number, b: number, i: number): boolean {
    const s = this.s;
    const bit = 1 << i;
    const w = base + d * 3;
    if ((s[w + b] & bit) === 0) return false;
    const c3 = (27 * b + i) * 3;
    s[w] &= ~PEER_MASK[c3];
    s[w + 1] &= ~PEER_MASK[c3 + 1];
    s[w + 2] &= ~PEER_MASK[c3 + 2];
    let dirty = this.dirty | (1 << d);
    for (let e = 0, we = base + b; e < 9; e++, we += 3) {
      if (e !== d && s[we] & bit) {
        s[we] &= ~bit;
        dirty |= 1 << e;
      }
    }
    this.dirty = dirty;
    s[base + SOLVED + b] |= bit;
    s[base + NSOLVED]++;
    return true;
  }

  /** Place every naked single of the board until none is left; false on a contradiction. */
  private nakedSingles(base: number): boolean {
    const s = this.s;
    let again = true;
    while (again) {
      again = false;
      for (let b = 0; b < 3; b++) {
        const unsolved = ~s[base + SOLVED + b] & BAND;
        if (unsolved === 0) continue;
        let once = 0;
        let twice = 0;
        for (let w = base + b; w < base + 27; w += 3) {
          const x = s[w];
          twice |= once & x;
          once |= x;
        }
        if (unsolved & ~once) return false;
        let singles = once & ~twice & unsolved;
        while (singles !== 0) {
          const i = ctz(singles);
          singles &= singles - 1;
          const bit = 1 << i;
          let d = 0;
          while (d < 9 && (s[base + d * 3 + b] & bit) === 0) d++;
          if (d === 9) return false;
          this.place(base, d, b, i);
          again = true;
        }
      }
    }
    return true;
  }

  /**
   * For each digit marked dirty: locked candidates within bands and stacks, then hidden
   * singles. Returns -1 on a contradiction, otherwise how many changes it made (digits
   * placed or words narrowed).
   */
  private digitRules(base: number): number {
    const s = this.s;
    let placed = 0;
    // Check each digit that is dirty now once; digits dirtied by what this pass places
    // wait for the next pass, after the (cheaper) naked singles.
    let todo = this.dirty;
    this.dirty = 0;
    while (todo !== 0) {
      const d = ctz(todo);
      todo &= todo - 1;
      const w = base + d * 3;
      for (let b = 0; b < 3; b++) {
        const x = s[w + b];
        const keep = x & BAND_KEEP[MINIROWS[x & 0x1ff] | (MINIROWS[(x >>> 9) & 0x1ff] << 3) | (MINIROWS[x >>> 18] << 6)];
        if (keep === 0) return -1;
        if (keep !== x) {
          s[w + b] = keep;
          this.dirty |= 1 << d;
          placed++;
        }
        for (let k = 0; k < 3; k++) {
          const solved = s[base + SOLVED + b];
          const rm = s[w + b] & ROW_MASK[k];
          if (rm === 0) return -1;
          if ((rm & (rm - 1)) === 0 && (rm & solved) === 0) {
            if (!this.place(base, d, b, ctz(rm))) return -1;
            placed++;
          }
          const bm = s[w + b] & BOX_MASK[k];
          if (bm === 0) return -1;
          if ((bm & (bm - 1)) === 0 && (bm & s[base + SOLVED + b]) === 0) {
            if (!this.place(base, d, b, ctz(bm))) return -1;
            placed++;
          }
        }
      }
      // Stacks: the same rule with columns for rows and bands for boxes.
      {
        const x0 = s[w];
        const x1 = s[w + 1];
        const x2 = s[w + 2];
        const o0 = (x0 | (x0 >>> 9) | (x0 >>> 18)) & 0x1ff;
        const o1 = (x1 | (x1 >>> 9) | (x1 >>> 18)) & 0x1ff;
        const o2 = (x2 | (x2 >>> 9) | (x2 >>> 18)) & 0x1ff;
        let a0 = 0;
        let a1 = 0;
        let a2 = 0;
        for (let j = 0; j < 9; j += 3) {
          // shape bit 3i+b: column j+i has a candidate in band b.
          const shape =
            ((o0 >>> j) & 1) | (((o1 >>> j) & 1) << 1) | (((o2 >>> j) & 1) << 2) |
            (((o0 >>> (j + 1)) & 1) << 3) | (((o1 >>> (j + 1)) & 1) << 4) | (((o2 >>> (j + 1)) & 1) << 5) |
            (((o0 >>> (j + 2)) & 1) << 6) | (((o1 >>> (j + 2)) & 1) << 7) | (((o2 >>> (j + 2)) & 1) << 8);
          const keep = PAIRS_KEEP[shape];
          if (keep === 0) return -1;
          a0 |= ((keep & 1) | ((keep >>> 2) & 2) | ((keep >>> 4) & 4)) << j;
          a1 |= (((keep >>> 1) & 1) | ((keep >>> 3) & 2) | ((keep >>> 5) & 4)) << j;
          a2 |= (((keep >>> 2) & 1) | ((keep >>> 4) & 2) | ((keep >>> 6) & 4)) << j;
        }
        const n0 = x0 & (a0 | (a0 << 9) | (a0 << 18));
        const n1 = x1 & (a1 | (a1 << 9) | (a1 << 18));
        const n2 = x2 & (a2 | (a2 << 9) | (a2 << 18));
        if (n0 !== x0 || n1 !== x1 || n2 !== x2) {
          s[w] = n0;
          s[w + 1] = n1;
          s[w + 2] = n2;
          this.dirty |= 1 << d;
          placed++;
        }
      }
      // Columns: count each column's places over the nine rows with two bit-sliced counters.
      let once = 0;
      let twice = 0;
      for (let b = 0; b < 3; b++) {
        const x = s[w + b];
        for (let k = 0; k < 27; k += 9) {
          const r = (x >>> k) & 0x1ff;
          twice |= once & r;
          once |= r;
        }
      }
      if (once !== 0x1ff) return -1;
      let cols = once & ~twice;
      while (cols !== 0) {
        const col = ctz(cols);
        cols &= cols - 1;
        const colBits = (1 << col) | (1 << (col + 9)) | (1 << (col + 18));
        for (let b = 0; b < 3; b++) {
          const hit = s[w + b] & colBits;
          if (hit !== 0) {
            if ((hit & s[base + SOLVED + b]) === 0) {
              if (!this.place(base, d, b, ctz(hit))) return -1;
              placed++;
            }
            break;
          }
        }
      }
    }
    return placed;
  }

  private propagate(base: number): boolean {
    for (;;) {
      if (!this.nakedSingles(base)) return false;
      if (this.s[base + NSOLVED] === 81) return true;
      const n = this.digitRules(base);
      if (n < 0) return false;
      if (n === 0) return true;
    }
  }

  /** Depth-first search from board `level`; true when the limit is reached. */
  private search(level: number): boolean {
    this.nodes++;
    const s = this.s;
    const base = level * STRIDE;
    if (!this.propagate(base)) return false;
    if (s[base + NSOLVED] === 81) {
      if (this.count === 0 || this.found) this.writeSolution(base);
      if (this.found) this.found.push(this.solution.slice());
      this.count++;
      return this.count >= this.limit;
    }
    // Most constrained cell: a cell with two candidates when there is one (bit-sliced
    // counters), taken from the band with the most of them; otherwise the unsolved cell with
    // the fewest candidates.
    let band = -1;
    let idx = -1;
    let most = 0;
    for (let b = 0; b < 3; b++) {
      let ones = 0;
      let twos = 0;
      let threes = 0;
      for (let w = base + b; w < base + 27; w += 3) {
        const x = s[w];
        threes |= twos & x;
        twos |= ones & x;
        ones |= x;
      }
      const pairs = twos & ~threes & ~s[base + SOLVED + b] & BAND;
      if (pairs !== 0) {
        const n = popcount27(pairs);
        if (n > most) {
          most = n;
          band = b;
          idx = ctz(pairs);
        }
      }
    }
    if (band < 0) {
      let bestN = 10;
      for (let b = 0; b < 3; b++) {
        let unsolved = ~s[base + SOLVED + b] & BAND;
        while (unsolved !== 0) {
          const i = ctz(unsolved);
          unsolved &= unsolved - 1;
          let n = 0;
          for (let w = base + b; w < base + 27; w += 3) if (s[w] & (1 << i)) n++;
          if (n < bestN) {
            bestN = n;
            band = b;
            idx = i;
          }
        }
      }
    }
    const bit = 1 << idx;
    const next = base + STRIDE;
    for (let d = 0; d < 9; d++) {
      if ((s[base + d * 3 + band] & bit) === 0) continue;
      s.copyWithin(next, base, next);
      this.dirty = 0;
      this.place(next, d, band, idx);
      if (this.search(level + 1)) return true;
    }
    return false;
  }

  private writeSolution(base: number): void {
    const s = this.s;
    for (let d = 0; d < 9; d++) {
      for (let b = 0; b < 3; b++) {
        let x = s[base + d * 3 + b];
        while (x !== 0) {
          this.solution[27 * b + ctz(x)] = d + 1;
          x &= x - 1;
        }
      }
    }
  }
}

const shared = new Solver();

/** The number of solutions of `grid`, counting no further than `limit` (2 proves uniqueness). */
export function countSolutions(grid: Grid, limit = 2): number {
  return shared.count_(grid, limit);
}

/** One solution of `grid`, or null when it has none. Says nothing of uniqueness. */
export function solve(grid: Grid): Grid | null {
  return shared.count_(grid, 1) === 1 ? shared.solution.slice() : null;
}

/** The unique solution of `grid`, or the number of solutions found (0, or 2 meaning "two or more"). */
export function solveUnique(grid: Grid): { solution: Grid } | { count: 0 | 2 } {
  const n = shared.count_(grid, 2);
  if (n === 1) return { solution: shared.solution.slice() };
  return { count: n === 0 ? 0 : 2 };
}

/** Whether naked and hidden singles and locked candidates alone solve `grid` (Solver.propagates). */
export function solvedByPropagation(grid: Grid): boolean {
  return shared.propagates(grid);
}

/**
 * For a unique puzzle whose clues of `orbit` were just blanked (`solution`: its solution):
 * 'settled' when naked and hidden singles and locked candidates alone solve it (so it is still
 * unique), else whether it is still unique. One propagation serves both.
 */
export function settledOrUnique(grid: Grid, orbit: readonly number[], solution: Grid): 'settled' | boolean {
  const n = orbit.length === 1 ? shared.countUnlessPropagated(grid, 1, orbit[0], solution[orbit[0]]) : shared.countUnlessPropagated(grid, 2);
  return n < 0 ? 'settled' : n === (orbit.length === 1 ? 0 : 1);
}

/** Whether `grid` has a solution in which blank `cell` does not hold `digit`. */
export function hasSolutionWithout(grid: Grid, cell: number, digit: number): boolean {
  return shared.count_(grid, 1, cell, digit) > 0;
}

/** Up to `max` solutions of `grid`. */
export function collectSolutions(grid: Grid, max: number): Grid[] {
  return shared.collect(grid, max);
}

/** Whether `grid` has at least one solution. */
export function isSolvable(grid: Grid): boolean {
  return shared.count_(grid, 1) > 0;
}
