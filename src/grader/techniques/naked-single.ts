/**
 * Naked single: a cell with one candidate left must hold it (Sudoku Explainer rates it 2.3).
 * Cells are looked at in reading order, r1c1 first, as Sudoku Explainer does.
 * Example: r4c5 sees 1-6, 8 and 9 among its peers, so r4c5 = 7.
 */
import { DIGIT_OF_BIT } from '../../core/digits.js';
import { cellName } from '../../core/units.js';
import type { Candidates } from '../candidates.js';
import { FIXED, type Technique } from '../technique.js';

export const nakedSingle: Technique = {
  name: 'naked-single',
  weight: 2.3,
  rates: FIXED,
  find(s: Candidates) {
    for (let c = 0; c < 81; c++) {
      const d = DIGIT_OF_BIT[s.cands[c]];
      if (s.values[c] === 0 && d !== 0) {
        return {
          technique: 'naked-single',
          place: [[c, d]],
          eliminate: [],
          explain: `naked single: ${cellName(c)} can only be ${d}`,
          rating: nakedSingle.weight,
          pattern: { cells: [c], candidates: [[c, d]], digits: [d] },
        };
      }
    }
    return null;
  },
};
