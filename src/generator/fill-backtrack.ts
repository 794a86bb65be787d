/**
 * `backtrack` fill: visit the cells in random order; at each, try its legal digits in random
 * order and keep the first after which the counting solver still finds a solution.
 * Every step keeps the grid completable, so no restart is ever needed.
 */
import type { Grid } from '../core/grid.js';
import type { Rng } from '../core/rng.js';
import { isSolvable } from '../solver/solver.js';
import { digitsInRandomOrder, emptyFillState, placeDigit } from './fill-common.js';

export function fillBacktrack(rng: Rng): Grid {
  const state = emptyFillState();
  const { grid, masks } = state;
  for (const cell of rng.permutation(81)) {
    let chosen = 0;
    for (const d of digitsInRandomOrder(masks[cell], rng)) {
      grid[cell] = d;
      if (isSolvable(grid)) {
        chosen = d;
        break;
      }
    }
    if (chosen === 0) throw new Error('backtrack fill: no digit keeps the grid solvable');
    placeDigit(state, cell, chosen);
  }
  return grid;
}
