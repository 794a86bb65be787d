/**
 * Jellyfish: a fish of size 4. When a digit's places in 4 rows all lie in the same 4 columns,
 * those rows take the digit once in each of those columns, so it leaves the columns' other
 * cells (and the same with rows and columns swapped).
 * Example: 8 in rows 1, 3, 6 and 7 fits only columns 2, 4, 5 and 9, so 8 goes from the other
 * cells of those columns, such as r2c4 and r9c9.
 */
import { fish } from './fish-common.js';

export const jellyfish = fish('jellyfish', 4, 5.2);
