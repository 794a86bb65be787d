/**
 * Dig strategies: from a complete grid (the solution) to a minimal puzzle with that unique
 * solution. Clues go and come in orbits of the chosen symmetry, so the clue pattern keeps
 * it; "minimal" then means no orbit of clues can be blanked without losing uniqueness.
 *
 * Uniqueness test for one blanked cell (solution digit d): the puzzle, known unique before,
 * stays unique exactly when the puzzle with d forbidden in that cell has no solution. That
 * is one search that must fail, instead of a count to two. For a larger orbit the count to
 * two is used.
 */
import type { Grid } from '../core/grid.js';
import type { Rng } from '../core/rng.js';
import { orbitsOf, type Symmetry } from '../core/symmetry.js';
import { collectSolutions, countSolutions, hasSolutionWithout } from '../solver/solver.js';

export const DIG_NAMES = ['remove', 'add'] as const;
export type DigName = (typeof DIG_NAMES)[number];

export function isDigName(name: string): name is DigName {
  return (DIG_NAMES as readonly string[]).includes(name);
}

/** Whether a puzzle known to be unique stays unique with `orbit` blanked (it is blanked on return when true). */
function tryBlank(puzzle: Grid, solution: Grid, orbit: readonly number[]): boolean {
  for (const c of orbit) puzzle[c] = 0;
  const unique = orbit.length === 1 ? !hasSolutionWithout(puzzle, orbit[0], solution[orbit[0]]) : countSolutions(puzzle, 2) === 1;
  if (!unique) for (const c of orbit) puzzle[c] = solution[c];
  return unique;
}

/**
 * Blank the given orbits of a unique puzzle in random order, keeping each blank only while
 * the puzzle stays unique. One pass suffices for minimality: blanking more clues never
 * makes a puzzle "more unique", so an orbit that could not go then cannot go later.
 */
function reduce(puzzle: Grid, solution: Grid, orbits: readonly (readonly number[])[], rng: Rng): Grid {
  const order = rng.shuffle(orbits.filter((o) => puzzle[o[0]] !== 0));
  for (const orbit of order) tryBlank(puzzle, solution, orbit);
  return puzzle;
}

/** `remove`: start from the full grid and blank orbits in random order (minimal by construction). */
export function digRemove(solution: Grid, symmetry: Symmetry, rng: Rng): Grid {
  return reduce(solution.slice(), solution, orbitsOf(symmetry), rng);
}

/**
 * `add`: start from no clues; while the puzzle has several solutions, find a few of them and
 * give the solution's digits on the orbit of the cell where they disagree most (random among
 * ties). Each added clue rules out at least one of the solutions found, so it ends; then the
 * puzzle is reduced to a minimal one.
 */
export function digAdd(solution: Grid, symmetry: Symmetry, rng: Rng, sample = 8): Grid {
  return reduce(growUnique(solution, symmetry, rng, sample), solution, orbitsOf(symmetry), rng);
}

/** The first phase of `add`: clue orbits added where solutions disagree until the puzzle is unique. */
export function growUnique(solution: Grid, symmetry: Symmetry, rng: Rng, sample = 8): Grid {
  const orbits = orbitsOf(symmetry);
  const orbitOf = orbitIndex(orbits);
  const puzzle = new Uint8Array(81);
  for (;;) {
    const found = collectSolutions(puzzle, sample);
    if (found.length <= 1) break;
    let best = 1;
    const ties: number[] = [];
    for (let c = 0; c < 81; c++) {
      if (puzzle[c] !== 0) continue;
      let seen = 0;
      for (const s of found) seen |= 1 << s[c];
      let n = 0;
      for (let d = 1; d <= 9; d++) if (seen & (1 << d)) n++;
      if (n > best) {
        best = n;
        ties.length = 0;
      }
      if (n === best && n > 1) ties.push(c);
    }
    const cell = ties[rng.below(ties.length)];
    for (const c of orbits[orbitOf[cell]]) puzzle[c] = solution[c];
  }
  return puzzle;
}

/** orbitIndex(orbits)[cell]: the index of the cell's orbit. */
export function orbitIndex(orbits: readonly (readonly number[])[]): Int8Array {
  const orbitOf = new Int8Array(81);
  orbits.forEach((o, k) => o.forEach((c) => (orbitOf[c] = k)));
  return orbitOf;
}

export const DIGS: Record<DigName, (solution: Grid, symmetry: Symmetry, rng: Rng) => Grid> = {
  remove: digRemove,
  add: digAdd,
};
