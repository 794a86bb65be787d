/**
 * The public API of sudoku-press: `import { solve, generate, grade } from 'sudoku-press'`.
 *
 * Puzzles go in as 81-character strings ('.' or '0' for blanks) or as Grids (Uint8Array(81),
 * 0 for a blank) and come out as strings. Every input is checked here, at the boundary: a
 * malformed puzzle, an unknown option value or a bad number throws a UserError with the same
 * one-line message the command line prints ("puzzle: two 5s in row 1"). Anything else thrown
 * is a bug.
 */
import { canonicalize, canonicalString, type CanonicalResult } from './core/canonical.js';
import { UserError } from './core/errors.js';
import { findRepeat, formatGrid, parseGrid, type Grid } from './core/grid.js';
import { deriveSeed, type Seed } from './core/rng.js';
import { SYMMETRIES, type Symmetry } from './core/symmetry.js';
import { checkKindSize, formatCells, KINDS, type Kind } from './geometry/geometry.js';
import { puzzleJson } from './geometry/json.js';
import { makeKindPuzzle } from './geometry/make.js';
import { makeGradedKindPuzzle } from './geometry/rate.js';
import { DIG_NAMES, type DigName } from './generator/dig.js';
import { DEFAULT_FILL, FILL_NAMES, type FillName } from './generator/fill.js';
import { makePuzzle, type MadePuzzle, type MakeOptions } from './generator/make.js';
import { checkNeeds, makeNeedsPuzzle, type Needs } from './generator/needs.js';
import { gradePuzzle, type GradeLimits, type GradeResult } from './grader/grade.js';
import { DEFAULT_LEVELS, BEYOND, type Level } from './grader/levels.js';
import { TECHNIQUE_NAMES } from './grader/registry.js';
import { Budget, BUCKET_BATCH, bucketSection, CandidateSource } from './pipeline/candidate-source.js';
import { countSolutions as countRaw, solveUnique } from './solver/solver.js';

// ---- the building blocks, as they are --------------------------------------------------
export { UserError } from './core/errors.js';
export { formatGrid, parseGrid, parsePuzzleLine, clueCount, solves, type Grid, type PuzzleLine } from './core/grid.js';
export { Rng, deriveSeed, type Seed } from './core/rng.js';
export { SYMMETRIES, hasSymmetry, type Symmetry } from './core/symmetry.js';
export { canonicalize, type CanonicalResult } from './core/canonical.js';
export { IDENTITY, applyTransform, composeTransforms, invertTransform, randomTransform, isValidTransform, type Transform } from './core/transform.js';
export { FILLS, FILL_NAMES, DEFAULT_FILL, type FillName, type FillFn } from './generator/fill.js';
export { DIGS, DIG_NAMES, type DigName } from './generator/dig.js';
export { makePuzzle, type MakeOptions, type MadePuzzle } from './generator/make.js';
export { makeNeedsPuzzle, meetsNeeds, pathFacts, type Needs, type PathFacts } from './generator/needs.js';
export { gradePuzzle, DEFAULT_LIMITS, type GradeLimits, type GradeOptions, type GradeResult } from './grader/grade.js';
export { TECHNIQUES, TECHNIQUE_NAMES, techniqueByName } from './grader/registry.js';
export { DEFAULT_LEVELS, BUCKETS, BEYOND, INVALID, levelRatingCeiling, levelRatingFloor, type Level } from './grader/levels.js';
export { difficultyBand, compareRatings, type DifficultyBand } from './grader/bands.js';
export type { Step, Technique, CellDigit } from './grader/technique.js';
export { cellWord, stepHint, stepPrompt, stepSentence, techniqueName, type Words } from './grader/step-words.js';
export { loadJob, rampWarnings, sectionBand, DEFAULT_CLUES, DEFAULTS as JOB_DEFAULTS, type JobConfig, type SectionConfig, type Range } from './pipeline/job.js';
export { loadDailyJob, WEEKDAYS, type DailyJob, type DaySpec, type Weekday } from './daily/daily-job.js';
export { runBook, type BookEntry, type BookOutput, type BookReport, type ProgressInfo, type RunOptions } from './pipeline/run.js';
export { runDaily, dateRange, weekdayOf, type DailyPuzzle } from './daily/daily.js';
export { auditFiles, type AuditReport, type ProblemLine } from './audit/audit.js';
export { Bank, DEFAULT_BANK, type StoredPuzzle, type Wanted } from './bank/bank.js';
export { openBank, type PuzzleBank } from './bank/store.js';
export { defaultWorkers } from './workers/pool.js';
export type { GradedPuzzle } from './core/graded-puzzle.js';
export { templateNames, loadTemplate, type Template } from './typeset/templates.js';
export { catalogue, formatDate, LOCALES, STRING_KEYS, type Locale, type StringKey, type Strings } from './typeset/i18n/index.js';

// ---- checked, string-friendly entry points -----------------------------------------------

/** A puzzle: 81 characters ('1'-'9', '.' or '0'), or a Grid (Uint8Array(81), 0 = blank). */
export type PuzzleInput = string | Grid;

/** Check a puzzle given to the API and return it as a Grid (a copy: the caller's is never changed). */
export function toGrid(puzzle: PuzzleInput, what = 'puzzle'): Grid {
  if (typeof puzzle === 'string') return parseGrid(puzzle.trim(), what);
  if (!(puzzle instanceof Uint8Array)) throw new UserError(`${what}: expected an 81-character string or a Uint8Array(81), got ${describeValue(puzzle)}`);
  if (puzzle.length !== 81) throw new UserError(`${what}: wrong length: expected 81 cells, got ${puzzle.length}`);
  for (let i = 0; i < 81; i++) {
    if (puzzle[i] > 9) throw new UserError(`${what}: bad value ${puzzle[i]} in cell ${i} (expected 0 for a blank or 1-9)`);
  }
  const repeat = findRepeat(puzzle);
  if (repeat) throw new UserError(`${what}: ${repeat}`);
  return puzzle.slice();
}

function describeValue(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  return typeof v === 'object' ? 'an object' : `${typeof v} ${JSON.stringify(v)}`;
}

function checkInt(value: unknown, what: string, min: number): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min) {
    throw new UserError(`${what}: expected ${min === 1 ? 'a positive integer' : `an integer of at least ${min}`}, got ${describeValue(value)}`);
  }
  return value;
}

function checkChoice<T extends string>(value: unknown, what: string, choices: readonly T[]): T {
  if (typeof value === 'string' && (choices as readonly string[]).includes(value)) return value as T;
  throw new UserError(`${what}: expected one of ${choices.join(', ')}, got ${describeValue(value)}`);
}

/** How many solutions a puzzle has, counting up to `limit` (default 2: enough to tell "unique"). */
export function countSolutions(puzzle: PuzzleInput, limit = 2): number {
  return countRaw(toGrid(puzzle), checkInt(limit, 'limit', 1));
}

export interface SolveResult {
  /** 0, 1, or 2 meaning "two or more". */
  solutions: 0 | 1 | 2;
  /** The solution when there is exactly one, else null. */
  solution: string | null;
}

/** Solve a puzzle: its solution when it has exactly one. */
export function solve(puzzle: PuzzleInput): SolveResult {
  const r = solveUnique(toGrid(puzzle));
  return 'solution' in r ? { solutions: 1, solution: formatGrid(r.solution) } : { solutions: r.count, solution: null };
}

/** The canonical form: equivalent puzzles (rotations, reflections, swaps, relabelling) give the same string. */
export function canonicalForm(puzzle: PuzzleInput): string {
  return canonicalString(toGrid(puzzle));
}

/** The canonical form with the transform that produces it. */
export function canonical(puzzle: PuzzleInput): CanonicalResult {
  return canonicalize(toGrid(puzzle));
}

export interface GenerateOptions {
  /** Any text or number; the same seed and options give the same puzzle. Default: random. */
  seed?: Seed;
  /** Default 'none'. */
  symmetry?: Symmetry;
  /** How the complete grid is made (default 'diagonal'). */
  fill?: FillName;
  /** Remove clues from the full grid, or add clues to an empty one (default 'remove'). */
  dig?: DigName;
  /** Only a puzzle of this bucket (the grader steers the digging): the first puzzle `bank fill` and `generate --bucket` give for the same seed and options. */
  bucket?: string;
  /** Bucket table for `bucket` (default DEFAULT_LEVELS). */
  levels?: readonly Level[];
  /**
   * Only a puzzle whose graded path uses this technique (a name as `grade` prints it, e.g.
   * 'x-wing'), or `{ technique, hardest: true }` for one whose hardest step it is; the
   * digging is steered toward it. With `bucket`, in that bucket too.
   */
  needs?: string | { technique: string; hardest?: boolean };
  /** The kind: classic (default), x, jigsaw or killer (README "Kinds and sizes"). */
  kind?: Kind;
  /** The grid is size x size (default 9): 4, 6, 8, 9, 12, 16 (jigsaw 4 to 16, killer up to 9). */
  size?: number;
  /** Killer or jigsaw: both main diagonals are units too. */
  diagonals?: boolean;
}

export interface GeneratedPuzzle {
  puzzle: string;
  solution: string;
  clues: number;
  seed: string;
  /** With `bucket`: the bucket, rating and hardest technique. */
  bucket?: string;
  rating?: number | null;
  hardest?: string | null;
  /**
   * Other kinds and sizes than 9x9 classic: the puzzle's JSON form as `generate --format
   * jsonl` prints it (kind, size, box or regions, x, cages, puzzle, solution); `puzzle` and
   * `solution` are then N² characters ('.' for empty, digits then letters A-G).
   */
  form?: Record<string, unknown>;
}

export interface BucketPuzzle extends MadePuzzle {
  bucket: string;
  rating: number | null;
  hardest: string | null;
  /** Candidate puzzles made and graded up to this one (1 = first try). */
  attempts: number;
}

/**
 * One puzzle of `bucket`, made on the main thread by the candidate source: the first puzzle
 * `bank fill --bucket` and `generate --bucket` give for the same seed and options. Throws a
 * UserError naming the bucket when `maxAttempts` candidates give none (counted, as there, a
 * batch of BUCKET_BATCH candidates at a time).
 */
export function makeBucketPuzzle(options: MakeOptions, bucket: string, seed: Seed, levels: readonly Level[] = DEFAULT_LEVELS, maxAttempts = 10_000): BucketPuzzle {
  const source = new CandidateSource({ seed: String(seed), generator: { ...options, clues: null }, levels: [...levels], batch: BUCKET_BATCH, lookahead: 1 });
  const budget = new Budget('this puzzle', maxAttempts, 'try another seed, symmetry or bucket');
  const [p] = source.takeHere(bucketSection(bucket, `seed "${seed}"`, budget), 1);
  return { puzzle: parseGrid(p.puzzle), solution: parseGrid(p.solution), clues: p.clues, seed: p.seed ?? String(seed), bucket: p.bucket, rating: p.rating, hardest: p.hardest, attempts: source.stats.generated };
}

/** The `needs` option as given: a technique's name or { technique, hardest }. */
function needsOption(value: unknown): Needs {
  if (typeof value === 'string') return { technique: value, hardest: false };
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const { technique, hardest, ...rest } = value as Record<string, unknown>;
    const extra = Object.keys(rest);
    if (extra.length) throw new UserError(`needs: unknown key "${extra[0]}" (expected technique, hardest)`);
    if (typeof technique !== 'string') throw new UserError(`needs.technique: expected a technique's name, got ${describeValue(technique)}`);
    if (hardest !== undefined && typeof hardest !== 'boolean') throw new UserError(`needs.hardest: expected true or false, got ${describeValue(hardest)}`);
    return { technique, hardest: hardest ?? false };
  }
  throw new UserError(`needs: expected a technique's name or { technique, hardest }, got ${describeValue(value)}`);
}

/** Make one minimal puzzle with exactly one solution. */
export function generate(options: GenerateOptions = {}): GeneratedPuzzle {
  if (options === null || typeof options !== 'object') throw new UserError(`options: expected an object, got ${describeValue(options)}`);
  const make: MakeOptions = {
    fill: options.fill === undefined ? DEFAULT_FILL : checkChoice(options.fill, 'fill', FILL_NAMES),
    dig: options.dig === undefined ? 'remove' : checkChoice(options.dig, 'dig', DIG_NAMES),
    symmetry: options.symmetry === undefined ? 'none' : checkChoice(options.symmetry, 'symmetry', SYMMETRIES),
  };
  if (options.seed !== undefined && typeof options.seed !== 'string' && typeof options.seed !== 'number') {
    throw new UserError(`seed: expected text or a number, got ${describeValue(options.seed)}`);
  }
  const seed = options.seed ?? deriveSeed(Math.random().toString(36).slice(2), 0);
  if ((options.kind !== undefined && options.kind !== 'classic') || (options.size !== undefined && options.size !== 9) || options.diagonals) return generateKind(options, make.symmetry, seed);
  const levels = options.levels ?? DEFAULT_LEVELS;
  if (options.needs !== undefined) {
    const bucket = options.bucket === undefined ? null : checkChoice(options.bucket, 'bucket', levels.map((l) => l.bucket));
    const p = makeNeedsPuzzle(make, checkNeeds(needsOption(options.needs), 'needs'), seed, levels, bucket);
    return { puzzle: formatGrid(p.puzzle), solution: formatGrid(p.solution), clues: p.clues, seed: p.seed, bucket: p.bucket, rating: p.rating, hardest: p.hardest };
  }
  if (options.bucket !== undefined) {
    checkChoice(options.bucket, 'bucket', [...levels.map((l) => l.bucket), BEYOND]);
    const p = makeBucketPuzzle(make, options.bucket, seed, levels);
    return { puzzle: formatGrid(p.puzzle), solution: formatGrid(p.solution), clues: p.clues, seed: p.seed, bucket: p.bucket, rating: p.rating, hardest: p.hardest };
  }
  const p = makePuzzle(make, seed);
  return { puzzle: formatGrid(p.puzzle), solution: formatGrid(p.solution), clues: p.clues, seed: p.seed };
}

/** `generate` for other kinds and sizes than 9x9 classic: by the geometry engine, graded to `bucket` when given. */
function generateKind(options: GenerateOptions, symmetry: Symmetry, seed: Seed): GeneratedPuzzle {
  const kind = options.kind === undefined ? 'classic' : checkChoice(options.kind, 'kind', KINDS);
  const size = options.size ?? 9;
  if (typeof size !== 'number') throw new UserError(`size: expected a number, got ${describeValue(size)}`);
  checkKindSize(kind, size, 'size');
  for (const key of ['fill', 'dig', 'needs', 'levels'] as const) {
    if (options[key] !== undefined) throw new UserError(`${key}: 9x9 classic only (other kinds are filled by a random search and dug by removing clues)`);
  }
  const opts = { kind, size, symmetry, diagonals: options.diagonals };
  if (options.bucket !== undefined) {
    if (typeof options.bucket !== 'string') throw new UserError(`bucket: expected a bucket's name, got ${describeValue(options.bucket)}`);
    const p = makeGradedKindPuzzle({ ...opts, bucket: options.bucket }, seed);
    return { puzzle: formatCells(p.puzzle), solution: formatCells(p.solution), clues: p.clues, seed: p.seed, bucket: options.bucket, rating: p.rating.rating, hardest: p.rating.hardest, form: puzzleJson(p.geometry, p.puzzle, p.solution) };
  }
  const p = makeKindPuzzle(opts, seed);
  return { puzzle: formatCells(p.puzzle), solution: formatCells(p.solution), clues: p.clues, seed: p.seed, form: puzzleJson(p.geometry, p.puzzle, p.solution) };
}

export interface GradeApiOptions {
  /** Keep the step log (each step: technique, placements, eliminations, a sentence). */
  steps?: boolean;
  /** Bucket table (default DEFAULT_LEVELS); technique names are checked. */
  levels?: readonly Level[];
  /** Work limits (default DEFAULT_LIMITS): past them a puzzle is "beyond", with a null rating. */
  limits?: GradeLimits;
}

/** Grade a puzzle the way a person solves it: bucket, rating, hardest technique, step counts. */
export function grade(puzzle: PuzzleInput, options: GradeApiOptions = {}): GradeResult {
  const grid = toGrid(puzzle);
  if (options.levels !== undefined) {
    if (!Array.isArray(options.levels) || options.levels.length === 0) throw new UserError('levels: expected a non-empty list of { bucket, techniques }');
    options.levels.forEach((l, i) => {
      if (typeof l?.bucket !== 'string' || l.bucket === '') throw new UserError(`levels[${i}].bucket: expected a bucket name`);
      if (!Array.isArray(l.techniques)) throw new UserError(`levels[${i}].techniques: expected a list of technique names`);
      (l.techniques as readonly unknown[]).forEach((t, j) => checkChoice(t, `levels[${i}].techniques[${j}]`, TECHNIQUE_NAMES));
    });
  }
  const limits = options.limits;
  if (limits !== undefined) {
    if (limits.maxLevel !== undefined && (checkInt(limits.maxLevel, 'limits.maxLevel', 0) > 4)) throw new UserError(`limits.maxLevel: expected 0 to 4, got ${limits.maxLevel}`);
    if (limits.maxWork !== undefined) checkInt(limits.maxWork, 'limits.maxWork', 1);
    if (limits.maxNestedWork !== undefined) checkInt(limits.maxNestedWork, 'limits.maxNestedWork', 1);
  }
  return gradePuzzle(grid, { steps: Boolean(options.steps), levels: options.levels, limits });
}
