/**
 * Ratings and buckets for every kind but 9x9 classic (which keeps Sudoku Explainer's own
 * grader, src/grader/): the rating is the hardest step of the geometry grader's path, on
 * SE's technique weights ("SE-like"), 0 when its techniques do not solve the puzzle. Each
 * kind and size has its own buckets a job can name, and puzzles are made to a bucket by
 * steering the digging: a clue is blanked only while the bucket's techniques still solve the
 * puzzle (which proves it unique too), so the puzzle ends as hard as the bucket allows.
 */
import { UserError } from '../core/errors.js';
import { deriveSeed, Rng, type Seed } from '../core/rng.js';
import { clueCount, type Geometry, type Kind } from './geometry.js';
import { solvePath, techniquesFor, type GeometryStep, type GeometryTechniqueDef } from './grader.js';
import { makeKillerInRange } from './killer.js';
import { checkKindOptions, geometryAndGrid, makeKindPuzzle, type KindOptions, type KindPuzzle } from './make.js';
import { solverFor, type GeometrySolver } from './solver.js';
import { solvesWith } from './logic.js';
import { orbitsFor } from './square.js';

export interface KindRating {
  /** The hardest step's SE-like rating; 0 when the techniques do not solve the puzzle. */
  rating: number;
  solved: boolean;
  /** The technique of the first step of that rating, or null. */
  hardest: string | null;
  steps: GeometryStep[];
}

/** How many steps each technique made. */
export function techniqueCounts(steps: readonly { technique: string }[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const s of steps) out[s.technique] = (out[s.technique] ?? 0) + 1;
  return out;
}

/** A bucket's name: 'easy', 'medium', 'hard', 'expert'. */
export type KindBucket = string;

export interface KindBucketRange {
  name: KindBucket;
  min: number;
  max: number;
}

/** The rating of a puzzle of any geometry by the grader's path. */
export function rateKind(g: Geometry, puzzle: Uint8Array): KindRating {
  const path = solvePath(g, puzzle);
  return { rating: path.solved ? path.rating : 0, solved: path.solved, hardest: path.solved ? path.hardest : null, steps: path.steps };
}

/** Hidden singles only; + naked singles; + locked candidates; + subsets, fish, wings; + chains. */
const HIDDEN = 1.5;
const SINGLES = 2.5;
const LOCKED = 2.9;
const SUBSETS = 5.9;
const TOP = 20;

/**
 * The buckets of a kind and size, easiest first. 4x4: easy only. 6x6 (children's books):
 * easy needs hidden singles only, medium naked singles too, hard locked candidates or more
 * (solo's Intermediate), expert chains. From 8x8 up: easy needs singles only, medium locked
 * candidates, hard subsets, fish or wings (solo's Advanced), expert chains (solo's Extreme).
 */
export function kindBuckets(kind: Kind, size: number): KindBucketRange[] {
  // Killer of any size needs cage combinations (2.0) from the start, and its cages leave
  // hardly a puzzle that needs chains: easy, medium as from 8x8 up, hard everything beyond.
  if (kind === 'killer') {
    return [
      { name: 'easy', min: 1, max: SINGLES },
      { name: 'medium', min: SINGLES + 0.1, max: LOCKED },
      { name: 'hard', min: LOCKED + 0.1, max: TOP },
    ];
  }
  // Every other 4x4 puzzle falls to hidden singles (not one of 900 made needed more): one bucket.
  if (size <= 4) return [{ name: 'easy', min: 1, max: TOP }];
  if (size <= 6) {
    return [
      { name: 'easy', min: 1, max: HIDDEN },
      { name: 'medium', min: HIDDEN + 0.1, max: SINGLES },
      { name: 'hard', min: SINGLES + 0.1, max: SUBSETS },
      { name: 'expert', min: SUBSETS + 0.1, max: TOP },
    ];
  }
  return [
    { name: 'easy', min: 1, max: SINGLES },
    { name: 'medium', min: SINGLES + 0.1, max: LOCKED },
    { name: 'hard', min: LOCKED + 0.1, max: SUBSETS },
    { name: 'expert', min: SUBSETS + 0.1, max: TOP },
  ];
}

/** The bucket a rating falls in, or null (0: beyond the techniques). */
export function bucketOfKind(kind: Kind, size: number, rating: number): KindBucket | null {
  if (!(rating > 0)) return null;
  return kindBuckets(kind, size).find((b) => rating >= b.min - 1e-9 && rating <= b.max + 1e-9)?.name ?? null;
}

/** The range of a bucket by name: a UserError naming the valid ones otherwise. */
export function kindBucket(kind: Kind, size: number, name: KindBucket): KindBucketRange {
  const all = kindBuckets(kind, size);
  const b = all.find((x) => x.name === name);
  if (!b) throw new UserError(`--bucket: ${size}x${size} ${kind} has the buckets ${all.map((x) => x.name).join(', ')}; got "${name}"`);
  return b;
}

/** Time a graded making may take by default. */
export const DEFAULT_BUDGET_MS = 60_000;

/**
 * Blank clue orbits in random order, each only while `techniques` still solve the puzzle
 * (a puzzle solved by sound steps has one solution: no solver needed). First within the
 * techniques of the easier buckets (below `min`; those that run in bulk: singles, pointing,
 * claiming), then every orbit left is tried with all of them: each blank the second pass
 * keeps makes the puzzle need the bucket, and the costly techniques are asked only about
 * the last few clues. The puzzle ends minimal within the techniques (blanking any further
 * orbit leaves them stuck). `harder`: whether the second pass blanked any orbit (if not,
 * the easier techniques solve the puzzle: its rating is below `min`, no need to rate it).
 */
function digWithin(g: Geometry, solution: Uint8Array, orbits: readonly (readonly number[])[], techniques: readonly GeometryTechniqueDef[], min: number, rng: Rng): { puzzle: Uint8Array; harder: boolean } {
  const puzzle = solution.slice();
  let harder = false;
  const easier = techniquesFor(g, Math.min(min - 0.05, CHEAP), true);
  const order = rng.shuffle(orbits.slice());
  const solver = solverFor(g);
  for (const set of easier.length ? [easier, techniques] : [techniques]) {
    const costly = set !== easier;
    for (const orbit of order) {
      if (puzzle[orbit[0]] === 0) continue;
      for (const c of orbit) puzzle[c] = 0;
      // The costly techniques are asked only about a puzzle the solver does not find a second solution of (up to 12x12).
      const ok = (!costly || g.size > QUICK_SEARCH_MAX || !secondSolution(solver, puzzle, orbit, solution)) && solvesWith(g, puzzle, set);
      if (!ok) for (const c of orbit) puzzle[c] = solution[c];
      else if (costly) harder = true;
    }
  }
  return { puzzle, harder: harder || easier.length === 0 };
}

/** Whether a quick search finds the puzzle a second solution after blanking `orbit` (a search that runs long says no). */
function secondSolution(solver: GeometrySolver, puzzle: Uint8Array, orbit: readonly number[], solution: Uint8Array): boolean {
  if (orbit.length === 1) return solver.run(puzzle, { limit: 1, forbid: { cell: orbit[0], digit: solution[orbit[0]] }, nodeLimit: UNIQUE_NODES }).count > 0;
  return solver.run(puzzle, { limit: 2, nodeLimit: UNIQUE_NODES }).count > 1;
}

/** The techniques that run in bulk (singles, pointing, claiming): the first pass of digging. */
const CHEAP = 2.8;

/**
 * The largest size the quick look for a second solution runs on: past it a search node costs
 * so much (a 16x16 node about 100 µs, and its searches often run out of nodes) that the
 * techniques answer sooner on their own.
 */
const QUICK_SEARCH_MAX = 12;

/** Search nodes the quick look for a second solution takes before leaving the question to the techniques. */
const UNIQUE_NODES = 200;

/**
 * A unique puzzle of the kind in the bucket (any bucket when omitted), steered: dug within
 * the bucket's techniques, kept when it needs the bucket (its rating reaches the bucket's
 * lowest), else made again from the next seed; a UserError when the budget runs out
 * (`budgetMs`, 60 s by default; or `attempts`: complete grids tried). The same options and
 * seed give the same puzzle.
 */
export function makeGradedKindPuzzle(opts: KindOptions & { bucket?: KindBucket; budgetMs?: number; attempts?: number }, seed: Seed): KindPuzzle & { rating: KindRating } {
  checkKindOptions(opts);
  const range = opts.bucket === undefined ? null : kindBucket(opts.kind, opts.size, opts.bucket);
  const budget = opts.budgetMs ?? (opts.attempts === undefined ? DEFAULT_BUDGET_MS : Infinity);
  const attempts = opts.attempts ?? Infinity;
  const start = Date.now();
  for (let attempt = 0; ; attempt++) {
    const s = attempt === 0 ? String(seed) : deriveSeed(seed, `try:${attempt}`);
    const made = makeOne(opts, range, s);
    if (made) return made;
    const spent = Date.now() - start;
    if (spent > budget || attempt + 1 >= attempts) {
      const within = spent > budget ? `${Math.round(budget / 1000)} s` : `${attempt + 1} complete grids`;
      throw new UserError(`no ${opts.size}x${opts.size} ${opts.kind} puzzle of the bucket ${opts.bucket} (SE-like ${range!.min} to ${range!.max}) within ${within} (${attempt + 1} grids tried); try another bucket or seed, or a larger budget`);
    }
  }
}

function makeOne(opts: KindOptions, range: KindBucketRange | null, seed: string): (KindPuzzle & { rating: KindRating }) | null {
  if (!range || opts.kind === 'killer') {
    const p = range ? makeKillerInRange(opts, range, seed) : makeKindPuzzle(opts, seed);
    if (!p) return null;
    const rating = rateKind(p.geometry, p.puzzle);
    if (range && !(rating.rating >= range.min - 1e-9 && rating.rating <= range.max + 1e-9)) return null;
    return { ...p, rating };
  }
  const rng = new Rng(seed);
  const { g, solution } = geometryAndGrid(opts, rng);
  const techniques = techniquesFor(g, range.max, true);
  const orbits = orbitsFor(opts.symmetry, g.size);
  // A dig that misses the bucket is done again on the same grid in another order: a grid (and a jigsaw's regions) costs more than a dig.
  for (let dig = 0; dig < DIGS_PER_GRID; dig++) {
    const { puzzle, harder } = digWithin(g, solution, orbits, techniques, range.min, rng);
    if (!harder) continue;
    const rating = rateKind(g, puzzle);
    if (!(rating.rating >= range.min - 1e-9 && rating.rating <= range.max + 1e-9)) continue;
    // The dig proved it unique (sound steps, no uniqueness pattern, solve it); the solver counts
    // again as a check, up to a bound: a 16x16 jigsaw can take it minutes.
    const check = solverFor(g).run(puzzle, { limit: 2, nodeLimit: CHECK_NODES });
    if (check.count !== 1 && !check.aborted) throw new Error('a puzzle solved by sound steps does not have one solution');
    return { geometry: g, puzzle, solution, clues: clueCount(puzzle), seed, rating };
  }
  return null;
}

/** Search nodes of the counting check of a graded puzzle (past them its proof is the dig's logical solve). */
const CHECK_NODES = 20_000;

/** Digs tried on one complete grid before the next. */
const DIGS_PER_GRID = 4;
