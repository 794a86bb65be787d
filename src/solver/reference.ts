/**
 * A slow, obvious solver kept only as a test oracle for the fast one.
 * It fills the empty cell with the fewest legal digits, trying each legal digit in turn,
 * checking legality by scanning the row, column and box. No bit tricks, no propagation.
 */
import type { Grid } from '../core/grid.js';

function legal(g: Grid, cell: number, d: number): boolean {
  const r = Math.floor(cell / 9);
  const c = cell % 9;
  for (let k = 0; k < 9; k++) {
    if (g[r * 9 + k] === d || g[k * 9 + c] === d) return false;
  }
  const br = r - (r % 3);
  const bc = c - (c % 3);
  for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) if (g[(br + i) * 9 + bc + j] === d) return false;
  return true;
}

/** Count solutions up to `limit`; also returns the first solution found. */
export function referenceCount(grid: Grid, limit = 2): { count: number; first: Grid | null } {
  const g = grid.slice();
  // Clues must not clash with each other.
  for (let i = 0; i < 81; i++) {
    if (g[i] === 0) continue;
    const d = g[i];
    g[i] = 0;
    const ok = legal(g, i, d);
    g[i] = d;
    if (!ok) return { count: 0, first: null };
  }
  let count = 0;
  let first: Grid | null = null;
  const go = (): boolean => {
    let best = -1;
    let bestOptions: number[] = [];
    for (let i = 0; i < 81; i++) {
      if (g[i] !== 0) continue;
      const options = [];
      for (let d = 1; d <= 9; d++) if (legal(g, i, d)) options.push(d);
      if (best < 0 || options.length < bestOptions.length) {
        best = i;
        bestOptions = options;
        if (options.length === 0) break;
      }
    }
    if (best < 0) {
      count++;
      if (!first) first = g.slice();
      return count >= limit;
    }
    for (const d of bestOptions) {
      g[best] = d;
      if (go()) return true;
    }
    g[best] = 0;
    return false;
  };
  go();
  return { count, first };
}
