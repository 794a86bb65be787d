/**
 * Skyscraper: two rows where a digit has exactly two places each, sharing one column (the
 * base) but not the other. The two base cells cannot both hold the digit, so one of the two
 * top cells does, and the digit leaves every cell that sees both tops. Same with columns.
 * Example: 4 in row 2 only at r2c1, r2c5; in row 7 only at r7c1, r7c8: 4 goes from cells
 * seeing both r2c5 and r7c8.
 */
import { bitOf } from '../../core/digits.js';
import { cellName } from '../../core/units.js';
import type { Candidates } from '../candidates.js';
import type { Technique } from '../technique.js';
import { eliminationsSeenByAll, eliminationStep } from './common.js';

export const skyscraper: Technique = {
  name: 'skyscraper',
  weight: 4.1,
  find(s: Candidates) {
    for (let d = 1; d <= 9; d++) {
      const bit = bitOf(d);
      for (const byRow of [true, false]) {
        const cell = (line: number, k: number) => (byRow ? line * 9 + k : k * 9 + line);
        const two: [number, number, number][] = [];
        for (let line = 0; line < 9; line++) {
          const ks: number[] = [];
          for (let k = 0; k < 9; k++) if (s.cands[cell(line, k)] & bit) ks.push(k);
          if (ks.length === 2) two.push([line, ks[0], ks[1]]);
        }
        for (let i = 0; i < two.length; i++) {
          for (let j = i + 1; j < two.length; j++) {
            const [l1, a1, b1] = two[i];
            const [l2, a2, b2] = two[j];
            const shared = [a1, b1].filter((k) => k === a2 || k === b2);
            if (shared.length !== 1) continue;
            const top1 = cell(l1, a1 === shared[0] ? b1 : a1);
            const top2 = cell(l2, a2 === shared[0] ? b2 : a2);
            const elims = eliminationsSeenByAll(s, [top1, top2], d);
            if (elims.length === 0) continue;
            const lines = byRow ? `rows ${l1 + 1} and ${l2 + 1}` : `columns ${l1 + 1} and ${l2 + 1}`;
            return eliminationStep(
              'skyscraper',
              elims,
              `skyscraper on ${d} in ${lines}, base ${cellName(cell(l1, shared[0]))}-${cellName(cell(l2, shared[0]))}, tops ${cellName(top1)} and ${cellName(top2)}`,
            );
          }
        }
      }
    }
    return null;
  },
};
