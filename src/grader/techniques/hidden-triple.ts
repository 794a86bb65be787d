/**
 * Hidden subset of 3: 3 digits whose places in one unit are exactly 3 cells fill those cells,
 * so every other candidate leaves them.
 * Example (pair): in box 5, 3 and 8 fit only r4c4 and r6c5, so those cells lose their other candidates.
 */
import { hiddenSubset } from './subset-common.js';

export const hiddenTriple = hiddenSubset('hidden-triple', 3, 4.0, false);
