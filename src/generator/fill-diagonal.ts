/**
 * `diagonal` fill: the three diagonal boxes share no row, column or box, so each gets an
 * independent random permutation of 1-9. Then, repeatedly, the empty cell with the fewest
 * legal digits (ties broken at random) gets one of them at random. A cell with no legal
 * digit left is a dead end: start again from scratch.
 */
import { POPCOUNT } from '../core/digits.js';
import type { Grid } from '../core/grid.js';
import type { Rng } from '../core/rng.js';
import { UNITS } from '../core/units.js';
import { digitsInRandomOrder, emptyFillState, placeDigit } from './fill-common.js';

function attempt(rng: Rng): Grid | null {
  const state = emptyFillState();
  const { grid, masks } = state;
  for (const box of [18, 22, 26]) {
    const digits = rng.permutation(9);
    UNITS[box].forEach((cell, k) => placeDigit(state, cell, digits[k] + 1));
  }
  const ties: number[] = [];
  for (let filled = 27; filled < 81; filled++) {
    let best = 10;
    ties.length = 0;
    for (let c = 0; c < 81; c++) {
      if (grid[c] !== 0) continue;
      const n = POPCOUNT[masks[c]];
      if (n === 0) return null;
      if (n < best) {
        best = n;
        ties.length = 0;
      }
      if (n === best) ties.push(c);
    }
    const cell = ties[rng.below(ties.length)];
    placeDigit(state, cell, digitsInRandomOrder(masks[cell], rng)[0]);
  }
  return grid;
}

export function fillDiagonal(rng: Rng): Grid {
  for (;;) {
    const grid = attempt(rng);
    if (grid) return grid;
  }
}
