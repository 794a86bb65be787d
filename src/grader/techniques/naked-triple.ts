/**
 * Naked subset of 3: 3 cells of one unit whose candidates together are exactly 3 digits
 * hold those digits, so the digits leave the unit's other cells.
 * Example: r1c2 {2,7}, r1c5 {2,9} and r1c8 {7,9} hold 2, 7 and 9 between them, so those
 * digits go from the rest of row 1.
 */
import { nakedSubset } from './subset-common.js';

export const nakedTriple = nakedSubset('naked-triple', 3, 3.6);
