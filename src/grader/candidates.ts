/**
 * The candidate state a person keeps while solving: the digits placed so far and, for each
 * empty cell, the digits still possible there (a 9-bit mask, bit d-1 for digit d; 0 for a
 * filled cell). It starts from the clues, with every candidate no clue's peer excludes.
 * Placing a digit removes it from the cell's peers, as every solver does without a thought.
 */
import { bitOf } from '../core/digits.js';
import type { Grid } from '../core/grid.js';
import { PEER_CELLS, UNITS } from '../core/units.js';

export class Candidates {
  /**
   * Whether the puzzle this state came from is proven to have exactly one solution; only then
   * may techniques that rely on uniqueness (unique rectangles, BUG) run on it.
   */
  unique = false;

  constructor(
    /** 0 for an empty cell, otherwise its digit. */
    readonly values: Uint8Array,
    /** Candidate masks of empty cells; 0 for filled cells. */
    readonly cands: Uint16Array,
  ) {}

  static fromPuzzle(puzzle: Grid): Candidates {
    const s = new Candidates(new Uint8Array(81), new Uint16Array(81).fill(0x1ff));
    for (let c = 0; c < 81; c++) if (puzzle[c] !== 0) s.place(c, puzzle[c]);
    return s;
  }

  clone(): Candidates {
    const c = new Candidates(this.values.slice(), this.cands.slice());
    c.unique = this.unique;
    return c;
  }

  place(cell: number, digit: number): void {
    const bit = bitOf(digit);
    this.values[cell] = digit;
    this.cands[cell] = 0;
    for (let k = cell * 20; k < cell * 20 + 20; k++) this.cands[PEER_CELLS[k]] &= ~bit;
  }

  eliminate(cell: number, digit: number): void {
    this.cands[cell] &= ~bitOf(digit);
  }

  has(cell: number, digit: number): boolean {
    return (this.cands[cell] & bitOf(digit)) !== 0;
  }

  isSolved(): boolean {
    for (let c = 0; c < 81; c++) if (this.values[c] === 0) return false;
    return true;
  }

  /** An empty cell with no candidate, or a unit with nowhere left for a missing digit. */
  isBroken(): boolean {
    for (let c = 0; c < 81; c++) if (this.values[c] === 0 && this.cands[c] === 0) return true;
    for (const unit of UNITS) {
      let seen = 0;
      for (const c of unit) seen |= this.values[c] ? bitOf(this.values[c]) : this.cands[c];
      if (seen !== 0x1ff) return true;
    }
    return false;
  }

  /** The cells of `unit` where `digit` is still a candidate. */
  cellsWith(unit: readonly number[], digit: number): number[] {
    const bit = bitOf(digit);
    const out: number[] = [];
    for (const c of unit) if (this.cands[c] & bit) out.push(c);
    return out;
  }

  /** Bitmask over the unit's 9 positions (bit k = unit[k]) where `digit` is a candidate. */
  positions(unit: readonly number[], digit: number): number {
    const bit = bitOf(digit);
    let m = 0;
    for (let k = 0; k < 9; k++) if (this.cands[unit[k]] & bit) m |= 1 << k;
    return m;
  }
}
