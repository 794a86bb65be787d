/**
 * `potential` fill: keep every empty cell's legal digits (its "potential"). Pick a random
 * empty cell and a random legal digit for it, then place every forced single (a cell left
 * with one legal digit) until none is left. A cell with no legal digit is a contradiction:
 * start again from scratch.
 */
import { DIGIT_OF_BIT, POPCOUNT } from '../core/digits.js';
import type { Grid } from '../core/grid.js';
import type { Rng } from '../core/rng.js';
import { digitsInRandomOrder, emptyFillState, placeDigit, type FillState } from './fill-common.js';

/** Place forced singles until none is left; false on a contradiction. */
function placeForced(state: FillState): boolean {
  const { grid, masks } = state;
  let again = true;
  while (again) {
    again = false;
    for (let c = 0; c < 81; c++) {
      if (grid[c] !== 0) continue;
      const m = masks[c];
      if (m === 0) return false;
      if (POPCOUNT[m] === 1) {
        placeDigit(state, c, DIGIT_OF_BIT[m]);
        again = true;
      }
    }
  }
  return true;
}

function attempt(rng: Rng): Grid | null {
  const state = emptyFillState();
  const empty: number[] = [];
  for (;;) {
    empty.length = 0;
    for (let c = 0; c < 81; c++) if (state.grid[c] === 0) empty.push(c);
    if (empty.length === 0) return state.grid;
    const cell = empty[rng.below(empty.length)];
    placeDigit(state, cell, digitsInRandomOrder(state.masks[cell], rng)[0]);
    if (!placeForced(state)) return null;
  }
}

export function fillPotential(rng: Rng): Grid {
  for (;;) {
    const grid = attempt(rng);
    if (grid) return grid;
  }
}
