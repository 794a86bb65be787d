/**
 * Hidden subset of 4: 4 digits whose places in one unit are exactly 4 cells fill those cells,
 * so every other candidate leaves them.
 * Example (pair): in box 5, 3 and 8 fit only r4c4 and r6c5, so those cells lose their other candidates.
 */
import { hiddenSubset } from './subset-common.js';

export const hiddenQuad = hiddenSubset('hidden-quad', 4, 5.4, false);
