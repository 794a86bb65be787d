/**
 * Hidden subset of 2: 2 digits whose places in one unit are exactly 2 cells fill those cells,
 * so every other candidate leaves them.
 * Example: in box 5, 3 and 8 fit only r4c4 and r6c5, so those cells lose their other candidates.
 */
import { hiddenSubset } from './subset-common.js';

export const hiddenPair = hiddenSubset('hidden-pair', 2, 3.4, false);
