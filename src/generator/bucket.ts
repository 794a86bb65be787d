/**
 * Making puzzles of one difficulty bucket, with the grader steering the digging (as in
 * Simon Tatham's Solo): blank clue orbits in random order, keeping a blank only while the
 * puzzle stays unique AND the bucket's techniques still solve it; then keep the puzzle if it
 * really needs the bucket (a medium puzzle that singles alone solve is not medium).
 * Such a puzzle is minimal within its bucket: no orbit can be blanked without losing
 * uniqueness or needing a harder bucket. For "beyond", digging is unrestricted and only
 * the final grade decides.
 */
import { clueCount, type Grid } from '../core/grid.js';
import { Rng, type Seed } from '../core/rng.js';
import { orbitsOf } from '../core/symmetry.js';
import { UserError } from '../core/errors.js';
import { emptyLog, gradeUnique, levelHasEverything, levelTechniques, runTechniques } from '../grader/grade.js';
import { Candidates } from '../grader/candidates.js';
import { growUnique, orbitIndex } from './dig.js';
import { BEYOND, DEFAULT_LEVELS, type Level } from '../grader/levels.js';
import { countSolutions, hasSolutionWithout } from '../solver/solver.js';
import { DIGS } from './dig.js';
import { FILLS } from './fill.js';
import type { MadePuzzle, MakeOptions } from './make.js';

export interface BucketPuzzle extends MadePuzzle {
  bucket: string;
  rating: number | null;
  hardest: string | null;
  /** Candidate puzzles made and graded before this one was accepted (1 = first try). */
  attempts: number;
}

/**
 * Dig `solution` keeping every blank that leaves the puzzle unique and solvable within
 * `levels`. With dig `remove` it starts from the full grid; with `add` it grows clues where
 * solutions disagree until the puzzle is unique, then where the levels' techniques get stuck
 * until they solve it, and blanks from there.
 */
function digWithin(solution: Grid, options: MakeOptions, levels: readonly Level[], rng: Rng): Grid {
  // A level with every technique solves every unique puzzle short of the work limit: digging
  // for it needs only uniqueness, and the final grade decides.
  if (levelHasEverything(levels[levels.length - 1])) return DIGS[options.dig](solution, options.symmetry, rng);
  const puzzle = options.dig === 'add' ? growSolvable(solution, options, levels, rng) : solution.slice();
  for (const orbit of rng.shuffle(orbitsOf(options.symmetry).filter((o) => puzzle[o[0]] !== 0))) {
    for (const c of orbit) puzzle[c] = 0;
    const unique = orbit.length === 1 ? !hasSolutionWithout(puzzle, orbit[0], solution[orbit[0]]) : countSolutions(puzzle, 2) === 1;
    if (!unique || gradeUnique(puzzle, { levels }).bucket === BEYOND) for (const c of orbit) puzzle[c] = solution[c];
  }
  return puzzle;
}

/** `add`, steered: grow until unique, then add a clue orbit on a cell the techniques leave empty until they solve it. */
function growSolvable(solution: Grid, options: MakeOptions, levels: readonly Level[], rng: Rng): Grid {
  const puzzle = growUnique(solution, options.symmetry, rng);
  const orbits = orbitsOf(options.symmetry);
  const orbitOf = orbitIndex(orbits);
  const techniques = levelTechniques({ bucket: 'steer', techniques: [...new Set(levels.flatMap((l) => l.techniques))] });
  for (;;) {
    const state = Candidates.fromPuzzle(puzzle);
    state.unique = true;
    if (runTechniques(state, techniques, emptyLog(), false)) return puzzle;
    const open: number[] = [];
    for (let c = 0; c < 81; c++) if (state.values[c] === 0) open.push(c);
    const cell = open[rng.below(open.length)];
    for (const c of orbits[orbitOf[cell]]) puzzle[c] = solution[c];
  }
}

export interface Candidate {
  puzzle: Grid;
  solution: Grid;
  clues: number;
  /** The bucket the grader puts it in (not always the one aimed at). */
  bucket: string;
  /** SE's ER; null when beyond the grader's work limit. */
  rating: number | null;
  hardest: string | null;
  techniques: Record<string, number>;
}

/** Index of `bucket` in `levels`, -1 for "beyond"; throws a UserError for an unknown bucket. */
function levelIndex(bucket: string, levels: readonly Level[]): number {
  const index = levels.findIndex((l) => l.bucket === bucket);
  if (index < 0 && bucket !== BEYOND) {
    throw new UserError(`unknown bucket "${bucket}" (expected one of ${[...levels.map((l) => l.bucket), BEYOND].join(', ')})`);
  }
  return index;
}

/** One candidate aimed at `bucket`: fill, dig steered by the bucket's techniques, grade. */
export function makeCandidate(options: MakeOptions, bucket: string, rng: Rng, levels: readonly Level[] = DEFAULT_LEVELS): Candidate {
  const index = levelIndex(bucket, levels);
  const solution = FILLS[options.fill](rng);
  const puzzle = index < 0 ? DIGS[options.dig](solution, options.symmetry, rng) : digWithin(solution, options, levels.slice(0, index + 1), rng);
  const { bucket: graded, log } = gradeUnique(puzzle, { levels });
  return { puzzle, solution, clues: clueCount(puzzle), bucket: graded, rating: log.solved ? log.rating : null, hardest: log.hardest, techniques: log.counts };
}

/**
 * One puzzle of `bucket` from its own seed. Tries up to `maxAttempts` candidates; throws a
 * UserError naming the bucket when none is accepted.
 */
export function makeBucketPuzzle(
  options: MakeOptions,
  bucket: string,
  seed: Seed,
  levels: readonly Level[] = DEFAULT_LEVELS,
  maxAttempts = 10_000,
): BucketPuzzle {
  levelIndex(bucket, levels);
  const rng = new Rng(seed);
  for (let attempt = 1; attempt <= maxAttempts; attempt++) {
    const c = makeCandidate(options, bucket, rng, levels);
    if (c.bucket === bucket) {
      return { puzzle: c.puzzle, solution: c.solution, clues: c.clues, seed: String(seed), bucket, rating: c.rating, hardest: c.hardest, attempts: attempt };
    }
  }
  throw new UserError(`no ${bucket} puzzle after ${maxAttempts} candidates from seed "${seed}"; try another symmetry or bucket`);
}
