/**
 * X-wing: a fish of size 2. When a digit's places in 2 rows all lie in the same 2 columns,
 * those rows take the digit once in each of those columns, so it leaves the columns' other
 * cells (and the same with rows and columns swapped).
 * Example: 7 in rows 2 and 8 fits only columns 3 and 6, so 7 goes from r5c3, r5c6.
 */
import { fish } from './fish-common.js';

export const xWing = fish('x-wing', 2, 3.2);
