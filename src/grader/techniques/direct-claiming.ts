/**
 * Direct claiming: a digit whose places in a row (or column) all lie in one box leaves the rest
 * of that box (claiming); when that leaves the digit a single place in another line of the
 * same direction crossing the box, the digit goes there. Sudoku Explainer rates this find 1.9
 * and, like it, the step is the placement alone. Columns first, then rows, digit by digit.
 * Example: in column 1, 6 lies only in box 4; column 2 keeps 6 only in r5c2 and r8c2 once box 4
 * loses it, so r8c2 = 6.
 */
import type { Candidates } from '../candidates.js';
import { FIXED, type Technique } from '../technique.js';
import { findLocking } from './intersection-common.js';
import { BOX, COLUMN, ROW } from './se-regions.js';

export const directClaiming: Technique = {
  name: 'direct-claiming',
  weight: 1.9,
  rates: FIXED,
  find: (s: Candidates) => findLocking(s, COLUMN, BOX, true, directClaiming) ?? findLocking(s, ROW, BOX, true, directClaiming),
};
