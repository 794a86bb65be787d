/**
 * BUG+1 (bivalue universal grave plus one): every empty cell has two candidates except one
 * cell with three. Without that cell's extra digit, each digit would sit exactly twice in
 * every unit: a deadly state with two solutions. So in a puzzle known to have one solution,
 * the three-candidate cell takes the digit that appears three times in its row.
 */
import { bitOf, digitsOf, POPCOUNT } from '../../core/digits.js';
import { cellName, ROW_OF, UNITS } from '../../core/units.js';
import type { Candidates } from '../candidates.js';
import type { Technique } from '../technique.js';

export const bugPlusOne: Technique = {
  name: 'bug-plus-one',
  weight: 5.6,
  needsUniqueness: true,
  find(s: Candidates) {
    let triple = -1;
    for (let c = 0; c < 81; c++) {
      if (s.values[c] !== 0) continue;
      const n = POPCOUNT[s.cands[c]];
      if (n === 2) continue;
      if (n !== 3 || triple >= 0) return null;
      triple = c;
    }
    if (triple < 0) return null;
    for (const d of digitsOf(s.cands[triple])) {
      const inRow = UNITS[ROW_OF[triple]].filter((c) => s.cands[c] & bitOf(d)).length;
      if (inRow === 3) {
        return {
          technique: 'bug-plus-one',
          place: [[triple, d]],
          eliminate: [],
          explain: `BUG+1: every other empty cell has two candidates, and ${d} appears three times in row ${ROW_OF[triple] + 1}, so ${cellName(triple)} is ${d}`,
        };
      }
    }
    return null;
  },
};
