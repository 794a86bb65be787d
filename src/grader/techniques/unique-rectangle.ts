/**
 * Unique rectangle, type 1: four empty cells at the corners of a rectangle spanning exactly
 * two boxes, three of them holding only {a,b} and the fourth {a,b} and more. If the fourth
 * were a or b too, a and b could be swapped around the rectangle (the 2x2 deadly pattern)
 * and the puzzle would have two solutions. For a puzzle known to have one solution, a and b
 * leave the fourth cell. Only valid when uniqueness is known.
 */
import { digitsOf, POPCOUNT } from '../../core/digits.js';
import { cellName } from '../../core/units.js';
import type { Candidates } from '../candidates.js';
import { cellList, describeEliminations, digitSet, type CellDigit, type Technique } from '../technique.js';
import { boxOf } from './common.js';

export const uniqueRectangle: Technique = {
  name: 'unique-rectangle',
  weight: 4.5,
  needsUniqueness: true,
  find(s: Candidates) {
    for (let r1 = 0; r1 < 9; r1++)
      for (let r2 = r1 + 1; r2 < 9; r2++)
        for (let c1 = 0; c1 < 9; c1++)
          for (let c2 = c1 + 1; c2 < 9; c2++) {
            const cells = [r1 * 9 + c1, r1 * 9 + c2, r2 * 9 + c1, r2 * 9 + c2];
            if (new Set(cells.map(boxOf)).size !== 2) continue;
            if (cells.some((c) => s.values[c] !== 0)) continue;
            const pairs = cells.filter((c) => POPCOUNT[s.cands[c]] === 2);
            if (pairs.length !== 3) continue;
            const ab = s.cands[pairs[0]];
            if (pairs.some((c) => s.cands[c] !== ab)) continue;
            const fourth = cells.find((c) => !pairs.includes(c))!;
            if ((s.cands[fourth] & ab) !== ab) continue;
            const elims: CellDigit[] = digitsOf(ab).map((d) => [fourth, d]);
            return {
              technique: 'unique-rectangle',
              place: [],
              eliminate: elims,
              explain: `unique rectangle ${digitSet(digitsOf(ab))} on ${cellList(pairs)} and ${cellName(fourth)}: the puzzle has one solution, so ${describeEliminations(elims)}`,
            };
          }
    return null;
  },
};
