/**
 * Naked subset of 2: 2 cells of one unit whose candidates together are exactly 2 digits
 * hold those digits, so the digits leave the unit's other cells.
 * Example: r1c2 and r1c8 both hold only {2,7}, so 2 and 7 go from the rest of row 1.
 */
import { nakedSubset } from './subset-common.js';

export const nakedPair = nakedSubset('naked-pair', 2, 3.0);
