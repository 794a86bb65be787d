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
import { cellName, unitName } from '../../core/units.js';
import type { Candidates } from '../candidates.js';
import { describeEliminations, type CellDigit, type Step } from '../technique.js';
import { BOX, REGION_CELLS, REGION_INDEX, REGION_UNIT } from './se-regions.js';

/** CROSSES[27·a + b] = 1 when regions a and b share a cell. */
const CROSSES: Uint8Array = (() => {
  const t = new Uint8Array(27 * 27);
  for (let a = 0; a < 27; a++) {
    for (let b = 0; b < 27; b++) {
      for (let k = 0; k < 9; k++) if (REGION_INDEX[81 * Math.floor(b / 9) + REGION_CELLS[9 * a + k]] === b % 9) t[27 * a + b] = 1;
    }
  }
  return t;
})();

export interface LockingRatings {
  /** Technique names of steps whose base is a box, and whose base is a line. */
  boxName: string;
  lineName: string;
  boxRating: number;
  lineRating: number;
}

/**
 * Locked candidates with base regions of type `t1` and covers of type `t2` (one of them boxes).
 * `direct`: report only a removal that makes a single, as that single's placement.
 */
export function findLocking(s: Candidates, t1: number, t2: number, direct: boolean, names: LockingRatings): Step | null {
  const cands = s.cands;
  const boxBase = t1 === BOX;
  const name = boxBase ? names.boxName : names.lineName;
  for (let d = 1; d <= 9; d++) {
    const bit = 1 << (d - 1);
    for (let i1 = 0; i1 < 9; i1++) {
      const r1 = 9 * t1 + i1;
      let count = 0;
      let i2 = -1;
      for (let k = 9 * r1; k < 9 * r1 + 9; k++) {
        const c = REGION_CELLS[k];
        if (!(cands[c] & bit)) continue;
        const j = REGION_INDEX[81 * t2 + c];
        if (count === 0) i2 = j;
        else if (j !== i2) i2 = -2;
        count++;
      }
      if (count < 2 || i2 < 0) continue;
      const r2 = 9 * t2 + i2;
      const lead = `${name}: in ${unitName(REGION_UNIT[r1])}, ${d} lies only in ${unitName(REGION_UNIT[r2])}`;
      if (direct) {
        for (let i3 = 0; i3 < 9; i3++) {
          const r3 = 9 * t1 + i3;
          if (i3 === i1 || !CROSSES[27 * r3 + r2]) continue;
          let places = 0;
          let outside = 0;
          let cell = -1;
          for (let k = 9 * r3; k < 9 * r3 + 9; k++) {
            const c = REGION_CELLS[k];
            if (!(cands[c] & bit)) continue;
            places++;
            if (REGION_INDEX[81 * t2 + c] !== i2) {
              outside++;
              cell = c;
            }
          }
          if (places > 1 && outside === 1) {
            return {
              technique: name,
              place: [[cell, d]],
              eliminate: [],
              explain: `${lead}, which leaves ${cellName(cell)} the only place for ${d} in ${unitName(REGION_UNIT[r3])}`,
              rating: boxBase ? names.boxRating : names.lineRating,
            };
          }
        }
      } else {
        const elims: CellDigit[] = [];
        for (let k = 9 * r2; k < 9 * r2 + 9; k++) {
          const c = REGION_CELLS[k];
          if (cands[c] & bit && REGION_INDEX[81 * t1 + c] !== i1) elims.push([c, d]);
        }
        if (elims.length === 0) continue;
        return {
          technique: name,
          place: [],
          eliminate: elims,
          explain: `${lead}, so ${describeEliminations(elims)}`,
          rating: boxBase ? names.boxRating : names.lineRating,
        };
      }
    }
  }
  return null;
}
