/**
 * A slow, obvious solver for every geometry, kept only as a test oracle for the fast one.
 * It reads the rules straight from the geometry's description (size, region of each cell,
 * diagonals, cages), not from its precomputed tables: a digit is legal in a cell when no
 * cell in the same row, column, region, diagonal or cage has it, and the cage's digits
 * still fit its sum. It fills the empty cell with the fewest legal digits, trying each.
 */
import type { Geometry } from './geometry.js';

function legal(g: Geometry, grid: Uint8Array, cell: number, d: number): boolean {
  const n = g.size;
  const r = Math.floor(cell / n);
  const c = cell % n;
  for (let i = 0; i < n * n; i++) {
    if (i === cell || grid[i] !== d) continue;
    const ri = Math.floor(i / n);
    const ci = i % n;
    if (ri === r || ci === c || g.regions[i] === g.regions[cell]) return false;
    if (g.diagonals && ((ri === ci && r === c) || (ri + ci === n - 1 && r + c === n - 1))) return false;
  }
  for (const cage of g.cages) {
    if (!cage.cells.includes(cell)) continue;
    let sum = d;
    let empty = 0;
    for (const x of cage.cells) {
      if (x === cell) continue;
      if (grid[x] === d) return false;
      if (grid[x] === 0) empty++;
      sum += grid[x];
    }
    // Each empty cell adds at least 1: the sum must still be reachable, and met exactly when full.
    if (empty === 0 ? sum !== cage.sum : sum + empty > cage.sum) return false;
  }
  return true;
}

/** Count solutions up to `limit`; also returns the first solution found. */
export function referenceCount(g: Geometry, puzzle: Uint8Array, limit = 2): { count: number; first: Uint8Array | null } {
  const grid = puzzle.slice();
  const cells = g.size * g.size;
  for (let i = 0; i < cells; i++) {
    if (grid[i] === 0) continue;
    const d = grid[i];
    grid[i] = 0;
    const ok = legal(g, grid, i, d);
    grid[i] = d;
    if (!ok) return { count: 0, first: null };
  }
  let count = 0;
  let first: Uint8Array | null = null;
  const go = (): boolean => {
    let best = -1;
    let bestOptions: number[] = [];
    for (let i = 0; i < cells; i++) {
      if (grid[i] !== 0) continue;
      const options = [];
      for (let d = 1; d <= g.size; d++) if (legal(g, grid, i, d)) options.push(d);
      if (best < 0 || options.length < bestOptions.length) {
        best = i;
        bestOptions = options;
        if (options.length === 0) break;
      }
    }
    if (best < 0) {
      count++;
      first ??= grid.slice();
      return count >= limit;
    }
    for (const d of bestOptions) {
      grid[best] = d;
      if (go()) return true;
    }
    grid[best] = 0;
    return false;
  };
  go();
  return { count, first };
}
