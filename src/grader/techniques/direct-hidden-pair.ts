/**
 * Direct hidden pair: 2 digits whose places in a region are exactly 2 cells fill those cells,
 * so no other digit can go there; when that leaves another digit a single place in the region,
 * the digit goes there. Sudoku Explainer rates this find 2.0 and, like it, the step is the
 * placement alone.
 * Example: in row 1, 3 and 8 fit only r1c2 and r1c5; 6 fits r1c2, r1c5 and r1c9, so r1c9 = 6.
 */
import { hiddenSubset } from './subset-common.js';

export const directHiddenPair = hiddenSubset('direct-hidden-pair', 2, 2.0, true);
