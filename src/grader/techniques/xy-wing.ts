/**
 * XY-wing: a pivot cell {x,y} sees two pincers {x,z} and {y,z}. Whatever the pivot holds,
 * one pincer becomes z, so z leaves every cell that sees both pincers.
 * Example: pivot r1c1 {1,2}, pincers r1c5 {1,9} and r3c2 {2,9}: 9 goes from r3c4..r3c6 ∩ box 2.
 */
import { digitsOf, POPCOUNT } from '../../core/digits.js';
import { cellName } from '../../core/units.js';
import type { Candidates } from '../candidates.js';
import { digitSet, type Technique } from '../technique.js';
import { bivalueCells, eliminationsSeenByAll, eliminationStep, sees } from './common.js';

export const xyWing: Technique = {
  name: 'xy-wing',
  weight: 4.2,
  find(s: Candidates) {
    const pairs = bivalueCells(s);
    for (const pivot of pairs) {
      const pm = s.cands[pivot];
      const wings = pairs.filter((w) => w !== pivot && sees(w, pivot) && POPCOUNT[s.cands[w] & pm] === 1);
      for (let i = 0; i < wings.length; i++) {
        for (let j = i + 1; j < wings.length; j++) {
          const a = s.cands[wings[i]];
          const b = s.cands[wings[j]];
          const z = a & b & ~pm;
          // The wings share z, and take different digits of the pivot.
          if (POPCOUNT[z] !== 1 || (a & pm) === (b & pm)) continue;
          const elims = eliminationsSeenByAll(s, [wings[i], wings[j]], digitsOf(z)[0]);
          if (elims.length === 0) continue;
          return eliminationStep(
            'xy-wing',
            elims,
            `XY-wing: pivot ${cellName(pivot)} ${digitSet(digitsOf(pm))}, pincers ${cellName(wings[i])} ${digitSet(digitsOf(a))} and ${cellName(wings[j])} ${digitSet(digitsOf(b))}`,
          );
        }
      }
    }
    return null;
  },
};
