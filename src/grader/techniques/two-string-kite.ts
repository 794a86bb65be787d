/**
 * Two-string kite: a digit has exactly two places in a row and exactly two in a column, and
 * one end of each lies in the same box (different cells). Those two ends cannot both hold the
 * digit, so one of the far ends does, and the digit leaves every cell seeing both far ends.
 */
import { cellName } from '../../core/units.js';
import type { Candidates } from '../candidates.js';
import type { Technique } from '../technique.js';
import { boxOf, COLS, eliminationsSeenByAll, eliminationStep, ROWS } from './common.js';

export const twoStringKite: Technique = {
  name: 'two-string-kite',
  weight: 4.1,
  find(s: Candidates) {
    for (let d = 1; d <= 9; d++) {
      const rows = ROWS.map((u) => s.cellsWith(u, d)).filter((cs) => cs.length === 2);
      const cols = COLS.map((u) => s.cellsWith(u, d)).filter((cs) => cs.length === 2);
      for (const r of rows) {
        for (const c of cols) {
          if (r.some((x) => c.includes(x))) continue;
          for (const [rNear, rFar] of [
            [r[0], r[1]],
            [r[1], r[0]],
          ]) {
            for (const [cNear, cFar] of [
              [c[0], c[1]],
              [c[1], c[0]],
            ]) {
              const box = boxOf(rNear);
              if (boxOf(cNear) !== box || boxOf(rFar) === box || boxOf(cFar) === box) continue;
              const elims = eliminationsSeenByAll(s, [rFar, cFar], d);
              if (elims.length === 0) continue;
              return eliminationStep(
                'two-string-kite',
                elims,
                `two-string kite on ${d}: row string ${cellName(rNear)}-${cellName(rFar)}, column string ${cellName(cNear)}-${cellName(cFar)}, joined in box ${box + 1}`,
              );
            }
          }
        }
      }
    }
    return null;
  },
};
