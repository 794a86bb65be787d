import { describe, expect, it } from 'vitest';
import { Rng } from '../../src/core/rng.js';
import { kindGeometry, type Kind } from '../../src/geometry/geometry.js';
import { solvePath } from '../../src/geometry/grader.js';
import { fillGrid, makeKindPuzzle } from '../../src/geometry/make.js';
import { walkSoundPath } from '../helpers/geometry-path.js';

const CASES: [Kind, number][] = [
  ['classic', 4],
  ['classic', 6],
  ['classic', 8],
  ['classic', 9],
  ['classic', 12],
  ['x', 6],
  ['x', 9],
  ['jigsaw', 6],
  ['jigsaw', 9],
  ['killer', 6],
  ['killer', 9],
];

describe('the first techniques on every geometry', () => {
  for (const [kind, size] of CASES) {
    it(`are sound on ${size}x${size} ${kind}: every placement matches the solution, no elimination strikes it`, () => {
      const used = new Set<string>();
      for (let s = 0; s < 4; s++) {
        const p = makeKindPuzzle({ kind, size, symmetry: 'none' }, `grade ${kind} ${size} ${s}`);
        walkSoundPath(p, used);
      }
      // Killer puzzles (cages, hardly any givens) need the cage sums, which these techniques do not read yet.
      if (kind !== 'killer') expect(used.has('hidden-single') || used.has('naked-single')).toBe(true);
    });
  }

  it('finds every technique somewhere, and solves what singles alone leave: a full grid less a few cells', () => {
    const used = new Set<string>();
    for (const [kind, size] of CASES) {
      for (let s = 0; s < 4; s++) {
        const p = makeKindPuzzle({ kind, size, symmetry: 'none' }, `grade ${kind} ${size} ${s}`);
        for (const step of solvePath(p.geometry, p.puzzle).steps) used.add(step.technique);
      }
    }
    for (const t of ['hidden-single', 'naked-single', 'pointing', 'claiming', 'naked-pair', 'hidden-pair']) expect([...used]).toContain(t);
    const g = kindGeometry('classic', 16);
    const solution = fillGrid(g, new Rng('grade 16'))!;
    const puzzle = solution.slice();
    for (const c of [0, 17, 34, 100, 255]) puzzle[c] = 0;
    const path = solvePath(g, puzzle);
    expect(path.solved).toBe(true);
    expect(path.position.values).toEqual(solution);
  });
});
