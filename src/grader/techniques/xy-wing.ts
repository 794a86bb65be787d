/**
 * XY-wing: a pivot cell {x,y} sees two pincers {x,z} and {y,z}. Whatever the pivot holds,
 * one pincer becomes z, so z leaves every cell that sees both pincers.
 * Example: pivot r1c1 {1,2}, pincers r1c5 {1,9} and r3c2 {2,9}: 9 goes from r3c4..r3c6 ∩ box 2.
 *
 * Search order (the first wing found is the one reported): pivots in cell order, then the
 * first pincer among the pivot's peers in cell order, then the second likewise; the rating
 * is 4.2 on the Sudoku Explainer scale.
 */
import type { Candidates } from '../candidates.js';
import { FIXED, type Technique } from '../technique.js';
import { findWing } from './xyz-wing.js';

export const xyWing: Technique = {
  name: 'xy-wing',
  weight: 4.2,
  rates: FIXED,
  find(s: Candidates) {
    return findWing(s, false, xyWing.weight);
  },
};

