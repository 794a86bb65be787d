/**
 * Pointing (locked candidates, box to line): a digit whose places in a box all lie in one row
 * (or column) must be in that box's part of the line, so it leaves the rest of the line.
 * Sudoku Explainer rates it 2.6 and looks at box-column pairs before box-row pairs.
 * Example: in box 4, 3 is only in r5c1 and r5c2, so 3 goes from r5c7 and r5c8.
 */
import type { Candidates } from '../candidates.js';
import { FIXED, type Technique } from '../technique.js';
import { findLocking } from './intersection-common.js';
import { BOX, COLUMN, ROW } from './se-regions.js';

export const pointing: Technique = {
  name: 'pointing',
  weight: 2.6,
  rates: FIXED,
  find: (s: Candidates) => findLocking(s, BOX, COLUMN, false, pointing) ?? findLocking(s, BOX, ROW, false, pointing),
};
