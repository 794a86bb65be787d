/**
 * Swordfish: a fish of size 3. When a digit's places in 3 rows all lie in the same 3 columns,
 * those rows take the digit once in each of those columns, so it leaves the columns' other
 * cells (and the same with rows and columns swapped).
 * Example: 4 in rows 1, 5 and 9 fits only columns 2, 6 and 8, so 4 goes from the other cells
 * of those columns, such as r3c2 and r7c6.
 */
import { fish } from './fish-common.js';

export const swordfish = fish('swordfish', 3, 3.8);
