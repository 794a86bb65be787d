/**
 * XYZ-wing: a pivot {x,y,z} sees two pincers {x,z} and {y,z}. Whatever the pivot holds, z is
 * in the pivot or in one of the pincers, so z leaves every cell that sees all three.
 * Example: pivot r5c5 {1,2,9}, pincers r5c1 {1,9} and r4c6 {2,9}: 9 goes from r5c4 and r5c6.
 *
 * The search runs like the XY-wing's (pivots in cell order, pincers among the pivot's peers
 * in cell order) and reports the first wing that removes something; rating 4.4.
 */
import { digitsOf, POPCOUNT } from '../../core/digits.js';
import { cellName, PEER_CELLS } from '../../core/units.js';
import type { Candidates } from '../candidates.js';
import { digitSet, FIXED, type CellDigit, type Step, type Technique } from '../technique.js';
import { ChangesSinceNothing, inWords } from './changes-since-nothing.js';
import { eliminationStep, sees } from './common.js';
import { cellsPattern } from '../pattern.js';

/**
 * Since each search last found nothing (XY 0, XYZ 1): a wing none of whose three cells changed
 * removes nothing now either (see ChangesSinceNothing).
 */
const CHANGES = [new ChangesSinceNothing(), new ChangesSinceNothing()];

export const xyzWing: Technique = {
  name: 'xyz-wing',
  weight: 4.4,
  rates: FIXED,
  find(s: Candidates) {
    return findWing(s, true, xyzWing.weight);
  },
};

/** The pivot has 3 digits, the pincers 2 each, all three together 3, exactly one common to all. */
function isXyzTriple(pivot: number, a: number, b: number): boolean {
  return POPCOUNT[pivot] === 3 && POPCOUNT[a] === 2 && POPCOUNT[b] === 2 && POPCOUNT[pivot | a | b] === 3 && POPCOUNT[pivot & a & b] === 1;
}

function isXyTriple(pivot: number, a: number, b: number): boolean {
  return POPCOUNT[pivot] === 2 && POPCOUNT[a] === 2 && POPCOUNT[b] === 2 && POPCOUNT[pivot | a | b] === 3 && (pivot & a & b) === 0;
}

/** The first XY-wing (xyz false) or XYZ-wing (xyz true) with an elimination, rated `rating`, or null. */
export function findWing(s: Candidates, xyz: boolean, rating: number): Step | null {
  const changes = CHANGES[xyz ? 1 : 0];
  const step = searchWing(s, xyz, rating, changes.check(s.cands) ? changes.changed : null);
  if (step) changes.forget();
  else changes.foundNothing(s.cands);
  return step;
}

/** The search; `changed`: when known, the cells changed since it last found nothing (a wing needs one). */
function searchWing(s: Candidates, xyz: boolean, rating: number, changed: Int32Array | null): Step | null {
  const cands = s.cands;
  const size = xyz ? 3 : 2;
  if (changed && (changed[0] | changed[1] | changed[2]) === 0) return null;
  for (let pivot = 0; pivot < 81; pivot++) {
    const pm = cands[pivot];
    if (POPCOUNT[pm] !== size) continue;
    const pivotChanged = !changed || inWords(changed, pivot);
    for (let i = pivot * 20; i < pivot * 20 + 20; i++) {
      const a = PEER_CELLS[i];
      const am = cands[a];
      if (POPCOUNT[am] !== 2 || POPCOUNT[pm & ~am] !== 1) continue;
      const aChanged = pivotChanged || inWords(changed!, a);
      for (let j = pivot * 20; j < pivot * 20 + 20; j++) {
        const b = PEER_CELLS[j];
        const bm = cands[b];
        if (POPCOUNT[bm] !== 2) continue;
        if (!aChanged && !inWords(changed!, b)) continue;
        if (xyz ? !isXyzTriple(pm, am, bm) : !isXyTriple(pm, am, bm)) continue;
        const zBit = am & bm;
        let count = 0;
        for (let c = 0; c < 81; c++) {
          if (!(cands[c] & zBit) || c === pivot || c === a || c === b) continue;
          if (sees(c, a) && sees(c, b) && (!xyz || sees(c, pivot))) count++;
        }
        if (count === 0) continue;
        const z = digitsOf(zBit)[0];
        const elims: CellDigit[] = [];
        for (let c = 0; c < 81; c++) {
          if (!(cands[c] & zBit) || c === pivot || c === a || c === b) continue;
          if (sees(c, a) && sees(c, b) && (!xyz || sees(c, pivot))) elims.push([c, z]);
        }
        const name = xyz ? 'xyz-wing' : 'xy-wing';
        const step = eliminationStep(
          name,
          elims,
          `${xyz ? 'XYZ' : 'XY'}-wing: pivot ${cellName(pivot)} ${digitSet(digitsOf(pm))}, pincers ${cellName(a)} ${digitSet(digitsOf(am))} and ${cellName(b)} ${digitSet(digitsOf(bm))}`,
        );
        step.rating = rating;
        step.pattern = cellsPattern(cands, [pivot, a, b], pm | am | bm, elims, { digits: [z] });
        return step;
      }
    }
  }
  return null;
}
