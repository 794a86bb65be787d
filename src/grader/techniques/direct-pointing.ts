/**
 * Direct pointing: a digit whose places in a box all lie in one row (or column) leaves the rest
 * of that line (pointing); when that leaves the digit a single place in another box crossing
 * the line, the digit goes there. Sudoku Explainer rates this find 1.7 and, like it, the step
 * is the placement alone. Looks at box-column pairs before box-row pairs, digit by digit.
 * Example: in box 1, 4 lies only in column 2; in box 7, 4 fits r8c2 and r9c3, so r9c3 = 4.
 */
import type { Candidates } from '../candidates.js';
import { FIXED, type Technique } from '../technique.js';
import { findLocking } from './intersection-common.js';
import { BOX, COLUMN, ROW } from './se-regions.js';

export const directPointing: Technique = {
  name: 'direct-pointing',
  weight: 1.7,
  rates: FIXED,
  find: (s: Candidates) => findLocking(s, BOX, COLUMN, true, directPointing) ?? findLocking(s, BOX, ROW, true, directPointing),
};
