import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatGrid, solves, type Grid } from '../../src/core/grid.js';
import { Rng } from '../../src/core/rng.js';
import { fillDiagonal } from '../../src/generator/fill-diagonal.js';
import { referenceCount } from '../../src/solver/reference.js';
import { collectSolutions, countSolutions, hasSolutionWithout, solve, solveUnique } from '../../src/solver/solver.js';
import { grid, loadSet } from '../helpers/data.js';

/** A puzzle from a random grid: keep each cell with probability `keep`, maybe change one clue. */
function randomPuzzle(seed: number, keep: number, corrupt: boolean): Grid {
  const rng = new Rng(seed);
  const g = fillDiagonal(rng);
  for (let i = 0; i < 81; i++) if (rng.float() >= keep) g[i] = 0;
  if (corrupt) {
    const clues = [...g.keys()].filter((i) => g[i] !== 0);
    if (clues.length) {
      const c = clues[rng.below(clues.length)];
      const peers = new Set<number>();
      const r = Math.floor(c / 9);
      const col = c % 9;
      for (let i = 0; i < 81; i++) {
        const sameBox = Math.floor(i / 27) === Math.floor(c / 27) && Math.floor((i % 9) / 3) === Math.floor(col / 3);
        if (i !== c && (Math.floor(i / 9) === r || i % 9 === col || sameBox) && g[i]) peers.add(g[i]);
      }
      const options = [1, 2, 3, 4, 5, 6, 7, 8, 9].filter((d) => d !== g[c] && !peers.has(d));
      if (options.length) g[c] = options[rng.below(options.length)];
    }
  }
  return g;
}

function agree(p: Grid, limit = 3): void {
  const ref = referenceCount(p, limit);
  expect(countSolutions(p, limit), formatGrid(p)).toBe(ref.count);
  const s = solve(p);
  if (ref.count === 0) expect(s).toBeNull();
  else expect(s && solves(p, s)).toBe(true);
}

describe('fast solver against the reference solver', () => {
  it('agrees on random puzzles with 0, 1 and many solutions', () => {
    const seen = new Set<number>();
    fc.assert(
      fc.property(fc.integer(), fc.double({ min: 0.12, max: 0.7, noNaN: true }), fc.boolean(), (seed, keep, corrupt) => {
        const p = randomPuzzle(seed, keep, corrupt);
        agree(p);
        seen.add(Math.min(countSolutions(p, 3), 2));
      }),
      { numRuns: 150, seed: 20261121 },
    );
    expect([...seen].sort()).toEqual([0, 1, 2]);
  });

  it.each([
    ['17clue.txt', 3, 160],
    ['top1465.txt', 5, 59],
    ['forum_hardest_1905_11plus_first10000.txt', 4, 2],
    ['forum_hardest_1106.txt', 2, 60],
    ['serg_benchmark_multisolution.txt', 100, 2],
  ])('agrees on the published set %s', { timeout: 120_000 }, (name, max, step) => {
    for (const p of loadSet(name, max, step)) agree(p, 2);
  });

  it('counts the published sets: proper ones unique, the multi-solution set not', () => {
    for (const p of loadSet('top1465.txt')) expect(countSolutions(p, 2)).toBe(1);
    for (const p of loadSet('serg_benchmark_multisolution.txt', 2000)) expect(countSolutions(p, 2)).toBe(2);
  });

  it('stops counting at the limit', () => {
    const empty = new Uint8Array(81);
    expect(countSolutions(empty, 1)).toBe(1);
    expect(countSolutions(empty, 2)).toBe(2);
    expect(countSolutions(empty, 500)).toBe(500);
    expect(collectSolutions(empty, 5).map(formatGrid).length).toBe(5);
    expect(new Set(collectSolutions(empty, 5).map(formatGrid)).size).toBe(5);
  });

  it('reports clashing clues as unsolvable and solved grids as unique', () => {
    const p = loadSet('top1465.txt', 1)[0];
    const s = solve(p)!;
    expect(countSolutions(s, 2)).toBe(1);
    const clash = s.slice();
    clash[1] = clash[0];
    expect(countSolutions(clash, 2)).toBe(0);
    expect(solveUnique(clash)).toEqual({ count: 0 });
  });

  it('hasSolutionWithout: a blanked cell of a unique puzzle has no other digit exactly when it stays unique', () => {
    for (const p of loadSet('top1465.txt', 30, 8)) {
      const s = solve(p)!;
      for (let c = 0; c < 81; c++) {
        if (p[c] === 0) continue;
        const q = p.slice();
        q[c] = 0;
        expect(hasSolutionWithout(q, c, s[c])).toBe(countSolutions(q, 2) === 2);
      }
    }
  });
});

// From the seed document on deadly patterns: a complete grid and two deadly patterns cut out of it.
const DEADLY_GRID = `
378659214 154328769 629471538 743185692 862947351 915236847 487593126 236814975 591762483`;

describe('deadly patterns', () => {
  it('the 2x2 pattern (two cells in each of two boxes) leaves exactly 2 solutions', () => {
    const p = grid(DEADLY_GRID);
    for (const c of [3 * 9 + 3, 3 * 9 + 4, 7 * 9 + 3, 7 * 9 + 4]) p[c] = 0;
    expect(countSolutions(p, 10)).toBe(2);
    expect(referenceCount(p, 10).count).toBe(2);
  });

  // The document shows 6 solutions, one per cyclic order of {2, 5, 7} down the columns. The
  // nine blank cells form a 3x3 Latin square on {2, 5, 7} (each column and each row of the
  // band needs all three), and there are 12 such squares: both solvers find all 12, and the
  // document's 6 are among them.
  it('the 3x3 pattern (three columns through three boxes) leaves 12 solutions, the 6 shown among them', () => {
    const p = grid(DEADLY_GRID);
    for (let r = 0; r < 3; r++) for (const c of [1, 4, 6]) p[r * 9 + c] = 0;
    expect(countSolutions(p, 100)).toBe(12);
    expect(referenceCount(p, 100).count).toBe(12);
    const found = new Set(collectSolutions(p, 100).map(formatGrid));
    const shownTopBands = ['378659214154328769629471538', '378629514154378269629451738', '358629714124378569679451238',
      '358679214124358769679421538', '328679514174358269659421738', '328659714174328569659471238'];
    for (const band of shownTopBands) expect(found.has(band + formatGrid(grid(DEADLY_GRID)).slice(27))).toBe(true);
  });
});
