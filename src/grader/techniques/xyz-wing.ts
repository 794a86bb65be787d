/**
 * XYZ-wing: a pivot cell {x,y,z} sees two pincers {x,z} and {y,z}. One of the three cells is
 * z whatever happens, so z leaves every cell that sees all three.
 * Example: pivot r5c5 {1,2,9}, pincers r5c1 {1,9} and r4c6 {2,9}: 9 goes from r5c4 and r5c6.
 */
import { digitsOf, POPCOUNT } from '../../core/digits.js';
import { cellName } from '../../core/units.js';
import type { Candidates } from '../candidates.js';
import { digitSet, type Technique } from '../technique.js';
import { eliminationsSeenByAll, eliminationStep, sees } from './common.js';

export const xyzWing: Technique = {
  name: 'xyz-wing',
  weight: 4.4,
  find(s: Candidates) {
    for (let pivot = 0; pivot < 81; pivot++) {
      const pm = s.cands[pivot];
      if (POPCOUNT[pm] !== 3) continue;
      const wings: number[] = [];
      for (let c = 0; c < 81; c++) if (c !== pivot && POPCOUNT[s.cands[c]] === 2 && (s.cands[c] & ~pm) === 0 && sees(c, pivot)) wings.push(c);
      for (let i = 0; i < wings.length; i++) {
        for (let j = i + 1; j < wings.length; j++) {
          const a = s.cands[wings[i]];
          const b = s.cands[wings[j]];
          const z = a & b;
          if (POPCOUNT[z] !== 1 || (a | b) !== pm) continue;
          const elims = eliminationsSeenByAll(s, [pivot, wings[i], wings[j]], digitsOf(z)[0]);
          if (elims.length === 0) continue;
          return eliminationStep(
            'xyz-wing',
            elims,
            `XYZ-wing: pivot ${cellName(pivot)} ${digitSet(digitsOf(pm))}, pincers ${cellName(wings[i])} ${digitSet(digitsOf(a))} and ${cellName(wings[j])} ${digitSet(digitsOf(b))}`,
          );
        }
      }
    }
    return null;
  },
};
