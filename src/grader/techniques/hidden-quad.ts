/**
 * Hidden subset of 4: 4 digits whose places in one unit are exactly 4 cells fill those cells,
 * so every other candidate leaves them.
 * Example: in row 6, 1, 3, 4 and 7 fit only r6c2, r6c3, r6c5 and r6c8, so those cells lose
 * their other candidates.
 */
import { hiddenSubset } from './subset-common.js';

export const hiddenQuad = hiddenSubset('hidden-quad', 4, 5.4, false);
