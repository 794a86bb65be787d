import { describe, expect, it } from 'vitest';
import { Rng } from '../../src/core/rng.js';
import { kindGeometry, solvesPuzzle, type Cage } from '../../src/geometry/geometry.js';
import { KillerCounter } from '../../src/geometry/killer-count.js';
import { fillGrid, makeKindPuzzle } from '../../src/geometry/make.js';
import { referenceCount } from '../../src/geometry/reference.js';
import { neighbours } from '../../src/geometry/regions.js';
import { countSolutions, hasSolutionWithout } from '../../src/geometry/solver.js';

/**
 * A random layout over a solution: cages grown from random cells to 1..maxCage cells of
 * distinct digits, now and then a cell left out of every cage, now and then a sum one off
 * (no solution), and a few givens.
 */
function randomLayout(size: number, diagonals: boolean, seed: string, maxCage: number) {
  const rng = new Rng(seed);
  const base = kindGeometry('killer', size, { diagonals });
  const solution = fillGrid(base, rng)!;
  const cells = size * size;
  const cageId = new Int16Array(cells).fill(-1);
  let id = 0;
  for (const c of rng.permutation(cells)) {
    if (cageId[c] >= 0) continue;
    if (rng.below(12) === 0) continue;
    cageId[c] = id;
    let digits = 1 << solution[c];
    let at = c;
    const want = 1 + rng.below(maxCage);
    for (let k = 1; k < want; k++) {
      const free = neighbours(at, size).filter((x) => cageId[x] < 0 && !(digits & (1 << solution[x])));
      if (!free.length) break;
      at = rng.pick(free);
      cageId[at] = id;
      digits |= 1 << solution[at];
    }
    id++;
  }
  const cages: Cage[] = [];
  for (let k = 0; k < id; k++) {
    const list: number[] = [];
    for (let c = 0; c < cells; c++) if (cageId[c] === k) list.push(c);
    cages.push({ cells: list, sum: list.reduce((s, c) => s + solution[c], 0) + (rng.below(30) === 0 ? 1 : 0) });
  }
  const puzzle = new Uint8Array(cells);
  for (let i = rng.below(4); i > 0; i--) {
    const c = rng.below(cells);
    puzzle[c] = solution[c];
  }
  const counter = new KillerCounter(base);
  counter.setCages(cageId, (k) => cages[k].sum);
  return { base, geometry: base.withCages(cages), puzzle, solution, counter };
}

describe('the killer counting solver', () => {
  it('counts what the slow reference solver counts (4x4 and 6x6, with and without diagonals)', () => {
    const seen = [0, 0, 0];
    for (const [size, diagonals, count] of [
      [4, false, 40],
      [4, true, 30],
      [6, false, 30],
      [6, true, 15],
    ] as const) {
      for (let i = 0; i < count; i++) {
        const { geometry, puzzle, counter } = randomLayout(size, diagonals, `count ${size} ${diagonals} ${i}`, size === 4 ? 3 : 5);
        for (const limit of [1, 2, 3]) {
          const want = referenceCount(geometry, puzzle, limit).count;
          expect(counter.run(puzzle, limit).count, `${size} ${diagonals} ${i} limit ${limit}`).toBe(want);
          if (limit === 3) seen[Math.min(want, 2)]++;
        }
      }
    }
    // The layouts cover none, one and several solutions.
    for (const s of seen) expect(s).toBeGreaterThan(5);
  });

  it('counts what the geometry solver counts on 9x9, and rules a digit out of a cell when asked', () => {
    for (let i = 0; i < 40; i++) {
      const { geometry, puzzle, solution, counter } = randomLayout(9, i % 4 === 0, `count 9 ${i}`, 5);
      expect(counter.run(puzzle, 2).count, `9x9 ${i}`).toBe(countSolutions(geometry, puzzle, 2));
      const cell = (i * 7) % 81;
      const forbid = { cell, digit: solution[cell] };
      expect(counter.run(puzzle, 1, Infinity, forbid).count > 0, `9x9 ${i} without ${solution[cell]} at ${cell}`).toBe(hasSolutionWithout(geometry, puzzle, cell, solution[cell]));
    }
  });

  it('finds a second solution that differs in given cells exactly when the reference solver has one', () => {
    const seen = [0, 0];
    for (const [size, diagonals, count] of [
      [4, false, 40],
      [4, true, 20],
      [6, false, 25],
    ] as const) {
      for (let i = 0; i < count; i++) {
        const { geometry, puzzle, solution, counter } = randomLayout(size, diagonals, `differs ${size} ${diagonals} ${i}`, size === 4 ? 3 : 5);
        // The search starts from a known solution: layouts whose sums it does not meet are left out.
        if (!solvesPuzzle(geometry, puzzle, solution) || geometry.cages.some((cage) => cage.cells.reduce((s, c) => s + solution[c], 0) !== cage.sum)) continue;
        const rng = new Rng(`differs cells ${size} ${i}`);
        const cells = rng.permutation(size * size).slice(0, 1 + rng.below(4));
        // The oracle: some other digit in one of the cells still leaves a solution.
        let want = false;
        for (const c of cells) {
          for (let d = 1; d <= size && !want && puzzle[c] === 0; d++) {
            if (d === solution[c]) continue;
            const tried = puzzle.slice();
            tried[c] = d;
            want = referenceCount(geometry, tried, 1).count > 0;
          }
        }
        const r = counter.differs(puzzle, solution, cells, Infinity);
        expect(r.found, `${size} ${diagonals} ${i} cells ${cells}`).toBe(want);
        expect(r.aborted).toBe(false);
        if (r.found) {
          expect(solvesPuzzle(geometry, puzzle, counter.solution)).toBe(true);
          expect(cells.some((c) => counter.solution[c] !== solution[c])).toBe(true);
        }
        seen[want ? 1 : 0]++;
      }
    }
    for (const s of seen) expect(s).toBeGreaterThan(5);
  });

  it('proves the killers the making makes unique, and stops at its node limit', () => {
    for (let i = 0; i < 6; i++) {
      const p = makeKindPuzzle({ kind: 'killer', size: 9, symmetry: 'none' }, `counter made ${i}`);
      const counter = new KillerCounter(kindGeometry('killer', 9));
      counter.setCages(p.geometry.cageOf, (k) => p.geometry.cages[k].sum);
      const r = counter.run(p.puzzle, 2);
      expect(r.count).toBe(1);
      expect(counter.solution).toEqual(p.solution);
      const empty = new Uint8Array(81);
      counter.setCages(new Int16Array(81).fill(-1), () => 0);
      const capped = counter.run(empty, 2, 5);
      expect(capped.aborted || capped.count === 2).toBe(true);
    }
  });
});
