/**
 * Naked subset of 4: 4 cells of one unit whose candidates together are exactly 4 digits
 * hold those digits, so the digits leave the unit's other cells.
 * Example: r4c1 {1,5}, r4c3 {1,6}, r4c7 {5,6,8} and r4c9 {1,8} hold 1, 5, 6 and 8 between
 * them, so those digits go from the rest of row 4.
 */
import { nakedSubset } from './subset-common.js';

export const nakedQuad = nakedSubset('naked-quad', 4, 5.0);
