/** Small helpers shared by the fill strategies: legal-digit masks kept up to date by hand. */
import { ALL_DIGITS } from '../core/digits.js';
import type { Grid } from '../core/grid.js';
import { PEER_CELLS } from '../core/units.js';

/**
 * Fill state: the grid, and for every empty cell the mask of digits no peer holds
 * (0 for a filled cell).
 */
export interface FillState {
  grid: Grid;
  masks: Uint16Array;
}

export function emptyFillState(): FillState {
  return { grid: new Uint8Array(81), masks: new Uint16Array(81).fill(ALL_DIGITS) };
}

/** Put digit d at an empty cell and remove it from the peers' masks. */
export function placeDigit(state: FillState, cell: number, d: number): void {
  const bit = 1 << (d - 1);
  state.grid[cell] = d;
  state.masks[cell] = 0;
  for (let k = cell * 20; k < cell * 20 + 20; k++) state.masks[PEER_CELLS[k]] &= ~bit;
}

/** The digits of a mask in random order. */
export function digitsInRandomOrder(mask: number, rng: { shuffle<T extends number[]>(a: T): T }): number[] {
  const out: number[] = [];
  for (let d = 1; d <= 9; d++) if (mask & (1 << (d - 1))) out.push(d);
  return rng.shuffle(out);
}
