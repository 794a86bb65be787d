/**
 * Naked subset of 3: 3 cells of one unit whose candidates together are exactly 3 digits
 * hold those digits, so the digits leave the unit's other cells.
 * Example (pair): r1c2 and r1c8 both hold only {2,7}, so 2 and 7 go from the rest of row 1.
 */
import { nakedSubset } from './subset-common.js';

export const nakedTriple = nakedSubset('naked-triple', 3, 3.6);
