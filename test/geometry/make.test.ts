import { describe, expect, it } from 'vitest';
import { formatCells, solvesPuzzle, type Kind } from '../../src/geometry/geometry.js';
import { makeKindPuzzle, MAX_CAGE } from '../../src/geometry/make.js';
import { isConnected } from '../../src/geometry/regions.js';
import { referenceCount } from '../../src/geometry/reference.js';
import { countSolutions, hasSolutionWithout } from '../../src/geometry/solver.js';
import { orbitsFor } from '../../src/geometry/square.js';
import { problems } from '../helpers/user-error.js';

const KINDS: { kind: Kind; size: number }[] = [
  { kind: 'classic', size: 4 },
  { kind: 'classic', size: 6 },
  { kind: 'classic', size: 8 },
  { kind: 'classic', size: 12 },
  { kind: 'x', size: 6 },
  { kind: 'x', size: 9 },
  { kind: 'jigsaw', size: 6 },
  { kind: 'jigsaw', size: 9 },
  { kind: 'killer', size: 4 },
  { kind: 'killer', size: 6 },
  { kind: 'killer', size: 9 },
];

describe('making puzzles of every kind', () => {
  for (const { kind, size } of KINDS) {
    it(`${size}x${size} ${kind}: unique (solver and oracle), minimal, reproducible`, () => {
      for (let s = 0; s < 2; s++) {
        const p = makeKindPuzzle({ kind, size, symmetry: 'none' }, `make ${s}`);
        const g = p.geometry;
        expect(solvesPuzzle(g, p.puzzle, p.solution)).toBe(true);
        expect(countSolutions(g, p.puzzle, 2)).toBe(1);
        if (size <= 6) expect(referenceCount(g, p.puzzle, 2).count).toBe(1);
        // Minimal: every clue is needed.
        for (let c = 0; c < g.cellCount; c++) {
          if (p.puzzle[c] === 0) continue;
          const q = p.puzzle.slice();
          q[c] = 0;
          expect(hasSolutionWithout(g, q, c, p.solution[c])).toBe(true);
        }
        const again = makeKindPuzzle({ kind, size, symmetry: 'none' }, `make ${s}`);
        expect(formatCells(again.puzzle)).toBe(formatCells(p.puzzle));
        expect(again.geometry.regions).toEqual(g.regions);
        expect(again.geometry.cages).toEqual(g.cages);
        if (kind === 'jigsaw') for (let k = 0; k < size; k++) expect(isConnected(g.regions, size, k)).toBe(true);
        if (kind === 'killer') {
          const covered = g.cages.flatMap((c) => c.cells).sort((a, b) => a - b);
          expect(covered).toEqual(Array.from({ length: size * size }, (_, i) => i));
          for (const cage of g.cages) {
            expect(cage.sum).toBe(cage.cells.reduce((t, c) => t + p.solution[c], 0));
            expect(cage.cells.length).toBeLessThanOrEqual(MAX_CAGE);
            expect(new Set(cage.cells.map((c) => p.solution[c])).size).toBe(cage.cells.length);
          }
          expect(p.clues).toBeLessThanOrEqual(size);
        }
      }
    });
  }

  it('keeps the clue symmetry asked for, on any size', () => {
    for (const [kind, size, symmetry] of [['classic', 6, 'rotational'], ['x', 9, 'dihedral'], ['classic', 8, 'mirror']] as const) {
      const p = makeKindPuzzle({ kind, size, symmetry }, 'symmetric');
      for (const orbit of orbitsFor(symmetry, size)) expect(new Set(orbit.map((c) => p.puzzle[c] !== 0)).size).toBe(1);
      expect(countSolutions(p.geometry, p.puzzle, 2)).toBe(1);
    }
  });

  it('refuses a symmetry random jigsaw regions or killer cages cannot keep', () => {
    expect(problems(() => makeKindPuzzle({ kind: 'jigsaw', size: 9, symmetry: 'rotational' }, 1))).toMatch(/jigsaw regions are made at random/);
    expect(problems(() => makeKindPuzzle({ kind: 'killer', size: 9, symmetry: 'mirror' }, 1))).toMatch(/--symmetry none/);
  });
});
