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
import type { Rng } from '../core/rng.js';
import { orbitsOf } from '../core/symmetry.js';
import { UserError } from '../core/errors.js';
import { emptyLog, gradeUnique, levelHasEverything, levelTechniques, levelWalk, runTechniques } from '../grader/grade.js';
import { Candidates } from '../grader/candidates.js';
import { growUnique, orbitIndex } from './dig.js';
import type { Symmetry } from '../core/symmetry.js';
import { BEYOND, DEFAULT_LEVELS, levelRatingFloor, type Level } from '../grader/levels.js';
import { ratingKey } from '../grader/bands.js';
import { countSolutions, hasSolutionWithout } from '../solver/solver.js';
import { DIGS } from './dig.js';
import { FILLS } from './fill.js';
import type { MakeOptions } from './make.js';

/** How many times a candidate that comes out too easy is reworked before it is given up as it is. */
export const REWORK_ROUNDS = 30;
/** Clue orbits given back at each rework: enough to open new ways of digging, few enough to keep most of the work. */
export const REWORK_ORBITS = 3;

/**
 * The first of `levels` whose techniques solve the puzzle (proven unique), by their own
 * techniques only (no rating run), within the default work limits: its index, or -1 when
 * none does (the grader's level walk).
 */
export function levelSolving(puzzle: Grid, levels: readonly Level[]): number {
  const start = Candidates.fromPuzzle(puzzle);
  start.unique = true;
  return levelWalk(start, levels);
}

/** A clue test for digging: whether a puzzle (proven unique) is still one the target allows. */
export type Allowed = (puzzle: Grid) => boolean;

/**
 * Blank the clue orbits of a unique puzzle (those `only` picks, when given) in random order,
 * keeping a blank only while the puzzle stays unique and `allowed`. One pass: a puzzle's clues
 * only go, so an orbit that could not go then cannot go later.
 */
export function digAllowed(puzzle: Grid, solution: Grid, symmetry: Symmetry, allowed: Allowed | null, rng: Rng, only?: (orbit: readonly number[]) => boolean, test?: BlankTest): Grid {
  return digInOrder(puzzle, solution, rng.shuffle(orbitsOf(symmetry).filter((o) => puzzle[o[0]] !== 0 && (!only || only(o)))), allowed, undefined, test);
}

/** Whether a unique puzzle whose clues of `orbit` were just blanked is still unique. */
export function staysUnique(puzzle: Grid, solution: Grid, orbit: readonly number[]): boolean {
  return orbit.length === 1 ? !hasSolutionWithout(puzzle, orbit[0], solution[orbit[0]]) : countSolutions(puzzle, 2) === 1;
}

/** A blank's whole test in place of staysUnique and `allowed` (uniqueness included): whether to keep it. */
export type BlankTest = (puzzle: Grid, orbit: readonly number[]) => boolean;

/**
 * Blank the given clue orbits of a unique puzzle in that order, keeping a blank only while the
 * puzzle stays unique and `allowed` (or as `test` says, when given).
 */
export function digInOrder(puzzle: Grid, solution: Grid, order: readonly (readonly number[])[], allowed: Allowed | null, may?: (orbit: readonly number[]) => boolean, test?: BlankTest): Grid {
  for (const orbit of order) {
    if (may && !may(orbit)) continue;
    for (const c of orbit) puzzle[c] = 0;
    const keep = test ? test(puzzle, orbit) : staysUnique(puzzle, solution, orbit) && (!allowed || allowed(puzzle));
    if (!keep) for (const c of orbit) puzzle[c] = solution[c];
  }
  return puzzle;
}

/**
 * Dig toward the bucket `levels[target]`. Each blank must keep the puzzle unique and, unless
 * the target level allows every technique, solvable by the target's techniques (so it never
 * becomes harder than the target). Solving by a level's techniques only gets harder as clues
 * go, so a puzzle that comes out too easy (a lower level solves it) had no harder puzzle
 * on its digging path: it is reworked, up to REWORK_ROUNDS times: a few blanked orbits get
 * their clues back and the digging runs again in a new random order. The dig strategy picks
 * the start: `remove` the full grid, `add` clues grown where solutions disagree (and, for a
 * limited target, where its techniques get stuck).
 */
function digToward(solution: Grid, options: MakeOptions, levels: readonly Level[], target: number, rng: Rng, rework: number): Grid {
  const within = levels.slice(0, target + 1);
  const limited = !levelHasEverything(levels[target]);
  const allowed: Allowed | null = limited ? (p) => levelSolving(p, within) >= 0 : null;
  const start = options.dig === 'add' ? (limited ? growSolvable(solution, options, within, rng) : growUnique(solution, options.symmetry, rng)) : solution.slice();
  const puzzle = digAllowed(start, solution, options.symmetry, allowed, rng);
  if (target === 0) return puzzle;
  const below = levels.slice(0, target);
  const orbits = orbitsOf(options.symmetry);
  for (let round = 0; round < rework && levelSolving(puzzle, below) >= 0; round++) {
    // Reworks stay near the first puzzle: one that a level two or more below the target still
    // solves is dug again from the full grid, in a new order, every fifth round (expert
    // candidates: about 82% land in expert instead of 75%, at about the same time a hit).
    if (round % 5 === 4 && levelSolving(puzzle, below) < target - 1) puzzle.set(solution);
    const blank = orbits.filter((o) => puzzle[o[0]] === 0);
    // Digging without a technique limit ends near where it ended before: each round gives
    // back one orbit more, so the reworks reach further from the first puzzle (a master
    // candidate lands in master 94% of the time instead of 75%, at about the same time a hit).
    for (let k = 0; k < REWORK_ORBITS + (limited ? 0 : round) && blank.length > 0; k++) {
      const [orbit] = blank.splice(rng.below(blank.length), 1);
      for (const c of orbit) puzzle[c] = solution[c];
    }
    digAllowed(puzzle, solution, options.symmetry, allowed, rng);
  }
  return puzzle;
}

/** `add`, steered: grow until unique, then add a clue orbit on a cell the techniques leave empty until they solve it. */
export function growSolvable(solution: Grid, options: MakeOptions, levels: readonly Level[], rng: Rng): Grid {
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

/** What a candidate is made for besides its bucket: the section's clue counts and rating band. */
export interface CandidateWant {
  clues?: { min: number; max: number } | null;
  rating?: { min: number; max: number } | null;
}

/** The most clues a candidate is given back up to (a section's open-ended range stops here). */
export const MOST_CLUES = 40;

/**
 * Give clues of the solution back to a puzzle dug for `levels[target]`, one symmetry orbit at a
 * time in random order, until it has a clue count drawn uniformly from `clues` (when the dug
 * puzzle has fewer). A puzzle with more clues stays unique, and stays solvable by its level's
 * techniques, but may become easier: an orbit is kept only while no lower level solves the
 * puzzle and, when the band asks for more than the level's floor, while its rating stays at
 * or above the band's minimum. An orbit that would pass the range's top is skipped.
 */
function giveCluesBack(puzzle: Grid, solution: Grid, options: MakeOptions, levels: readonly Level[], target: number, want: CandidateWant, rng: Rng): Grid {
  const range = want.clues!;
  const top = Math.min(range.max, MOST_CLUES);
  let goal = range.min + rng.below(Math.max(0, top - range.min) + 1);
  let clues = clueCount(puzzle);
  if (clues >= goal) return puzzle;
  const blank = rng.shuffle(orbitsOf(options.symmetry).filter((o) => puzzle[o[0]] === 0));
  // Orbits of odd size (a symmetry's centre or diagonal cells) change the count's parity: an
  // odd number to go tries them first; with none left, the goal moves one up or down at random,
  // so counts from one parity do not pile up on the goal's neighbour above.
  if ((goal - clues) % 2 === 1) {
    if (blank.some((o) => o.length % 2 === 1)) blank.sort((a, b) => (b.length % 2) - (a.length % 2));
    else goal += goal + 1 <= top && (goal - 1 <= clues || goal - 1 < range.min || rng.below(2) === 0) ? 1 : -1;
  }
  const below = levels.slice(0, target);
  const band = want.rating;
  const ratingFloor = band && band.min > levelRatingFloor(levels, target) ? band.min : null;
  const keeps = (p: Grid) => levelSolving(p, below) < 0 && (ratingFloor === null || ratingKey(gradeUnique(p, { levels }).log.rating) >= ratingFloor);
  for (const orbit of blank) {
    if (clues >= goal) break;
    if (clues + orbit.length > top) continue;
    for (const c of orbit) puzzle[c] = solution[c];
    if (keeps(puzzle)) clues += orbit.length;
    else for (const c of orbit) puzzle[c] = 0;
  }
  return puzzle;
}

/**
 * One candidate aimed at `bucket`: fill, dig steered by the bucket's techniques, give clues
 * back up to a count in `want.clues` (when given), grade.
 */
export function makeCandidate(options: MakeOptions, bucket: string, rng: Rng, levels: readonly Level[] = DEFAULT_LEVELS, rework = REWORK_ROUNDS, want: CandidateWant = {}): Candidate {
  const index = levelIndex(bucket, levels);
  const solution = FILLS[options.fill](rng);
  let puzzle = index < 0 ? DIGS[options.dig](solution, options.symmetry, rng) : digToward(solution, options, levels, index, rng, rework);
  if (want.clues && index >= 0) puzzle = giveCluesBack(puzzle, solution, options, levels, index, want, rng);
  const { bucket: graded, log } = gradeUnique(puzzle, { levels });
  return { puzzle, solution, clues: clueCount(puzzle), bucket: graded, rating: log.solved ? log.rating : null, hardest: log.hardest, techniques: log.counts };
}
