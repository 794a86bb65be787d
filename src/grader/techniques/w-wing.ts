/**
 * W-wing: two cells A and B with the same two candidates {x,y}, not seeing each other, and a
 * unit where x has exactly two places, one seeing A and the other seeing B. If A is not y it
 * is x, so the link's near end is not x, its far end is x, and B is y: one of A, B is y, and
 * y leaves every cell that sees both.
 */
import { digitsOf } from '../../core/digits.js';
import { cellName, UNITS, unitName } from '../../core/units.js';
import type { Candidates } from '../candidates.js';
import { digitSet, type Technique } from '../technique.js';
import { bivalueCells, eliminationsSeenByAll, eliminationStep, sees } from './common.js';

export const wWing: Technique = {
  name: 'w-wing',
  weight: 4.4,
  find(s: Candidates) {
    const pairs = bivalueCells(s);
    for (let i = 0; i < pairs.length; i++) {
      for (let j = i + 1; j < pairs.length; j++) {
        const a = pairs[i];
        const b = pairs[j];
        if (s.cands[a] !== s.cands[b] || sees(a, b)) continue;
        const [d1, d2] = digitsOf(s.cands[a]);
        for (const [x, y] of [
          [d1, d2],
          [d2, d1],
        ]) {
          const elims = eliminationsSeenByAll(s, [a, b], y);
          if (elims.length === 0) continue;
          for (let u = 0; u < 27; u++) {
            const places = s.cellsWith(UNITS[u], x);
            if (places.length !== 2 || places.includes(a) || places.includes(b)) continue;
            const [p, q] = places;
            if (!((sees(p, a) && sees(q, b)) || (sees(p, b) && sees(q, a)))) continue;
            return eliminationStep(
              'w-wing',
              elims,
              `W-wing: ${cellName(a)} and ${cellName(b)} ${digitSet([d1, d2])} joined by the ${x}s of ${unitName(u)} (${cellName(p)}, ${cellName(q)})`,
            );
          }
        }
      }
    }
    return null;
  },
};
