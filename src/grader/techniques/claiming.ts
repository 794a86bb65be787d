/**
 * Claiming (locked candidates, line to box): a digit whose places in a row (or column) all lie
 * in one box must be in that part of the box, so it leaves the rest of the box.
 * Sudoku Explainer rates it 2.8 and looks at columns before rows.
 * Example: in row 5, 3 is only in r5c1 and r5c2 (box 4), so 3 goes from r4c1..r6c3 off row 5.
 */
import type { Candidates } from '../candidates.js';
import { FIXED, type Technique } from '../technique.js';
import { findLocking } from './intersection-common.js';
import { BOX, COLUMN, ROW } from './se-regions.js';

export const claiming: Technique = {
  name: 'claiming',
  weight: 2.8,
  rates: FIXED,
  find: (s: Candidates) => findLocking(s, COLUMN, BOX, false, claiming) ?? findLocking(s, ROW, BOX, false, claiming),
};
