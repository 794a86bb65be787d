/**
 * Hidden subset of 3: 3 digits whose places in one unit are exactly 3 cells fill those cells,
 * so every other candidate leaves them.
 * Example: in column 3, 2, 5 and 9 fit only r1c3, r4c3 and r8c3, so those cells lose their
 * other candidates.
 */
import { hiddenSubset } from './subset-common.js';

export const hiddenTriple = hiddenSubset('hidden-triple', 3, 4.0, false);
