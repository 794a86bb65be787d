/**
 * Locked candidates: when all of a digit's places in one region (the base) lie inside a second
 * region (the cover), the digit must be in the overlap, so it goes from the rest of the cover.
 * Base a box and cover a row or column: pointing; base a row or column and cover a box: claiming.
 *
 * The direct form (Sudoku Explainer's "direct pointing / claiming") only counts when that
 * removal leaves a digit a single place in another region of the base's kind crossing the
 * cover; the step is then that placement alone (nothing else is removed), as in Sudoku Explainer.
 *
 * Search order, as Sudoku Explainer's: digit 1..9, then base regions in order, and for the direct
 * form the other regions of the base's kind in order.
 */
import { POPCOUNT } from '../../core/digits.js';
import { cellName, unitName } from '../../core/units.js';
import type { Candidates } from '../candidates.js';
import { describeEliminations, type CellDigit, type Step, type Technique } from '../technique.js';
import { fillPositions, INTERSECT, REGION_CELLS, REGION_INDEX, REGION_UNIT } from './se-regions.js';
import { cellsPattern } from '../pattern.js';

const pos = new Uint16Array(243);

/**
 * A digit's locked candidates depend only on its places. Per kind of search (base type, cover
 * type, direct or not) and digit: the digit's row masks where that search last found nothing
 * for it, and whether that is known.
 */
const emptyRows = new Uint16Array(18 * 81);
const emptyKnown = new Uint8Array(18 * 9);

/** Whether digit v's places are those where search `kind` last found nothing for it. */
function sameAsEmpty(kind: number, v: number): boolean {
  if (!emptyKnown[kind * 9 + v]) return false;
  for (let i = 0; i < 9; i++) if (emptyRows[kind * 81 + v * 9 + i] !== pos[9 * (9 + i) + v]) return false;
  return true;
}

function markEmpty(kind: number, v: number): void {
  emptyKnown[kind * 9 + v] = 1;
  for (let i = 0; i < 9; i++) emptyRows[kind * 81 + v * 9 + i] = pos[9 * (9 + i) + v];
}

/**
 * Locked candidates with base regions of type `t1` and covers of type `t2` (one of them boxes),
 * as steps of technique `by` (its name, its fixed rating).
 * `direct`: report only a removal that makes a single, as that single's placement.
 */
export function findLocking(s: Candidates, t1: number, t2: number, direct: boolean, by: Technique): Step | null {
  const name = by.name;
  fillPositions(s, pos);
  const kind = t1 * 3 + t2 + (direct ? 9 : 0);
  for (let v = 0; v < 9; v++) {
    const d = v + 1;
    if (sameAsEmpty(kind, v)) continue;
    for (let r1 = 9 * t1; r1 < 9 * t1 + 9; r1++) {
      const p1 = pos[9 * r1 + v];
      if (POPCOUNT[p1] < 2) continue;
      // The only region of type t2 that can hold two places of r1: the one through its first.
      const first = REGION_CELLS[9 * r1 + 31 - Math.clz32(p1 & -p1)];
      const r2 = 9 * t2 + REGION_INDEX[81 * t2 + first];
      if (p1 & ~INTERSECT[27 * r1 + r2]) continue;
      if (direct) {
        for (let r3 = 9 * t1; r3 < 9 * t1 + 9; r3++) {
          const shared = INTERSECT[27 * r3 + r2];
          if (r3 === r1 || shared === 0) continue;
          const p3 = pos[9 * r3 + v];
          const outside = p3 & ~shared;
          if (POPCOUNT[p3] < 2 || POPCOUNT[outside] !== 1) continue;
          const cell = REGION_CELLS[9 * r3 + 31 - Math.clz32(outside)];
          return {
            technique: name,
            place: [[cell, d]],
            eliminate: [],
            explain: `${leadText(name, r1, r2, d)}, which leaves ${cellName(cell)} the only place for ${d} in ${unitName(REGION_UNIT[r3])}`,
            rating: by.weight,
            pattern: cellsPattern(s.cands, [...lockedCells(p1, r1), cell], 1 << v, [], { units: [REGION_UNIT[r1], REGION_UNIT[r2], REGION_UNIT[r3]], digits: [d] }),
          };
        }
      } else {
        const gone = pos[9 * r2 + v] & ~INTERSECT[27 * r2 + r1];
        if (gone === 0) continue;
        const elims: CellDigit[] = [];
        for (let k = 0; k < 9; k++) if (gone & (1 << k)) elims.push([REGION_CELLS[9 * r2 + k], d]);
        return {
          technique: name,
          place: [],
          eliminate: elims,
          explain: `${leadText(name, r1, r2, d)}, so ${describeEliminations(elims)}`,
          rating: by.weight,
          pattern: cellsPattern(s.cands, lockedCells(p1, r1), 1 << v, [], { units: [REGION_UNIT[r1], REGION_UNIT[r2]], digits: [d] }),
        };
      }
    }
    markEmpty(kind, v);
  }
  return null;
}

// Built only for the step reported (outside the search loop, which visits many locked digits
// that remove nothing).
function leadText(name: string, r1: number, r2: number, d: number): string {
  return `${name}: in ${unitName(REGION_UNIT[r1])}, ${d} lies only in ${unitName(REGION_UNIT[r2])}`;
}

/** The cells of region r1 at the positions of p1. */
function lockedCells(p1: number, r1: number): number[] {
  const cells: number[] = [];
  for (let k = 0; k < 9; k++) if (p1 & (1 << k)) cells.push(REGION_CELLS[9 * r1 + k]);
  return cells;
}
