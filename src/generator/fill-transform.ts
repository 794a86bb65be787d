/**
 * `transform` fill: a random isomorph of one fixed valid grid (digit relabelling, row swaps
 * within a band, column swaps within a stack, band swaps, stack swaps, transposition).
 * The fastest fill, but every grid it gives is equivalent to the same base grid: use it
 * when variety of solution grids does not matter.
 */
import type { Grid } from '../core/grid.js';
import type { Rng } from '../core/rng.js';
import { applyTransform, randomTransform } from '../core/transform.js';

/** The base grid: row r is 1..9 shifted by 3·(r mod 3) + ⌊r / 3⌋. */
export const BASE_GRID: Grid = Uint8Array.from({ length: 81 }, (_, i) => {
  const r = Math.floor(i / 9);
  const c = i % 9;
  return ((c + 3 * (r % 3) + Math.floor(r / 3)) % 9) + 1;
});

export function fillTransform(rng: Rng): Grid {
  return applyTransform(randomTransform(rng), BASE_GRID);
}
