import { describe, expect, it } from 'vitest';
import { formatGrid, isValidSolution, solves } from '../../src/core/grid.js';
import { Rng } from '../../src/core/rng.js';
import { hasSymmetry, orbitsOf, SYMMETRIES } from '../../src/core/symmetry.js';
import { FILL_NAMES, FILLS } from '../../src/generator/fill.js';
import { makePuzzle } from '../../src/generator/make.js';
import { countSolutions } from '../../src/solver/solver.js';
import { grid } from '../helpers/data.js';
import { deadlyPatterns } from '../helpers/deadly.js';

describe('fill strategies', () => {
  it.each(FILL_NAMES)('%s makes valid, varied, reproducible grids', (name) => {
    const grids = Array.from({ length: 40 }, (_, i) => FILLS[name](new Rng(`fill-${i}`)));
    for (const g of grids) expect(isValidSolution(g)).toBe(true);
    expect(new Set(grids.map(formatGrid)).size).toBe(40);
    expect(formatGrid(FILLS[name](new Rng('fill-3')))).toBe(formatGrid(grids[3]));
  });
});

describe('symmetry orbits', () => {
  it('partition the 81 cells', () => {
    for (const s of SYMMETRIES) {
      const cells = orbitsOf(s).flat().sort((a, b) => a - b);
      expect(cells).toEqual([...Array(81).keys()]);
    }
    expect(orbitsOf('none').length).toBe(81);
    expect(orbitsOf('rotational').length).toBe(41);
    expect(orbitsOf('diagonal').length).toBe(45);
    expect(orbitsOf('mirror').length).toBe(45);
    expect(orbitsOf('dihedral').length).toBe(15);
  });
});

describe('puzzle makers', () => {
  const cases = [];
  for (const dig of ['remove', 'add'] as const)
    for (const symmetry of SYMMETRIES)
      for (const fill of ['diagonal', 'backtrack'] as const) cases.push({ dig, symmetry, fill });

  it.each(cases)('$dig / $symmetry / $fill: unique, minimal, symmetric, free of deadly patterns', (options) => {
    for (let i = 0; i < 6; i++) {
      const m = makePuzzle(options, `make-${i}`);
      expect(solves(m.puzzle, m.solution)).toBe(true);
      expect(countSolutions(m.puzzle, 2)).toBe(1);
      expect(hasSymmetry(m.puzzle, options.symmetry)).toBe(true);
      // Minimal: blanking any remaining orbit of clues gives more than one solution.
      for (const orbit of orbitsOf(options.symmetry)) {
        if (m.puzzle[orbit[0]] === 0) continue;
        const q = m.puzzle.slice();
        for (const c of orbit) q[c] = 0;
        expect(countSolutions(q, 2)).toBe(2);
      }
      // No deadly pattern of the solution is left entirely blank.
      for (const cells of deadlyPatterns(m.solution)) expect(cells.some((c) => m.puzzle[c] !== 0)).toBe(true);
    }
  });

  it('gives the same puzzle for the same seed, and another for another seed', () => {
    const o = { fill: 'potential', dig: 'remove', symmetry: 'rotational' } as const;
    expect(formatGrid(makePuzzle(o, 'x').puzzle)).toBe(formatGrid(makePuzzle(o, 'x').puzzle));
    expect(formatGrid(makePuzzle(o, 'x').puzzle)).not.toBe(formatGrid(makePuzzle(o, 'y').puzzle));
  });

  it('the deadly-pattern finder sees both patterns of seed 004', () => {
    const g = grid('378659214154328769629471538743185692862947351915236847487593126236814975591762483');
    const found = deadlyPatterns(g).map((p) => [...p].sort((a, b) => a - b).join(','));
    expect(found).toContain([30, 31, 66, 67].join(','));
    expect(found).toContain([1, 4, 6, 10, 13, 15, 19, 22, 24].join(','));
  });
});
