/**
 * Deadly patterns in a solution grid (the seed document on deadly patterns): sets of cells whose digits can
 * be swapped among themselves to give another valid grid. A puzzle that blanks all cells of
 * one of them cannot be unique.
 *  - 2x2: the corners of a rectangle lying in exactly two boxes, holding a, b / b, a.
 *  - 3x3 (columns): three columns of one band, one in each stack, holding the same three digits.
 *  - 3x3 (rows): likewise three rows of one stack.
 */
import type { Grid } from '../../src/core/grid.js';

const box = (r: number, c: number) => Math.floor(r / 3) * 3 + Math.floor(c / 3);

export function deadlyPatterns(solution: Grid): number[][] {
  const at = (r: number, c: number) => solution[r * 9 + c];
  const out: number[][] = [];
  for (let r1 = 0; r1 < 9; r1++)
    for (let r2 = r1 + 1; r2 < 9; r2++)
      for (let c1 = 0; c1 < 9; c1++)
        for (let c2 = c1 + 1; c2 < 9; c2++) {
          const boxes = new Set([box(r1, c1), box(r1, c2), box(r2, c1), box(r2, c2)]);
          if (boxes.size !== 2) continue;
          if (at(r1, c1) === at(r2, c2) && at(r1, c2) === at(r2, c1)) out.push([r1 * 9 + c1, r1 * 9 + c2, r2 * 9 + c1, r2 * 9 + c2]);
        }
  const setOf = (cells: number[]) => cells.map((c) => solution[c]).sort().join('');
  for (let band = 0; band < 3; band++) {
    for (let a = 0; a < 3; a++)
      for (let b = 3; b < 6; b++)
        for (let c = 6; c < 9; c++) {
          const cols = [a, b, c].map((col) => [0, 1, 2].map((k) => (band * 3 + k) * 9 + col));
          if (setOf(cols[0]) === setOf(cols[1]) && setOf(cols[1]) === setOf(cols[2])) out.push(cols.flat());
          const rows = [a, b, c].map((row) => [0, 1, 2].map((k) => row * 9 + band * 3 + k));
          if (setOf(rows[0]) === setOf(rows[1]) && setOf(rows[1]) === setOf(rows[2])) out.push(rows.flat());
        }
  }
  return out;
}
