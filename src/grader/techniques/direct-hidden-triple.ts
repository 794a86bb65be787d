/**
 * Direct hidden triple: 3 digits whose places in a region are exactly 3 cells fill those cells,
 * so no other digit can go there; when that leaves another digit a single place in the region,
 * the digit goes there. Sudoku Explainer rates this find ("direct hidden triplet") 2.5 and,
 * like it, the step is the placement alone.
 * Example: in box 5, 1, 4 and 7 fit only r4c4, r5c5 and r6c6; 2 fits r4c4 and r6c5, so r6c5 = 2.
 */
import { hiddenSubset } from './subset-common.js';

export const directHiddenTriple = hiddenSubset('direct-hidden-triple', 3, 2.5, true);
