/**
 * The grading loop, as Sudoku Explainer rates a puzzle: ask the techniques in the registry's
 * order (cheapest first), apply the first deduction the first of them finds, start again;
 * stop when solved, when nothing applies, or when a work limit stops the search. Three numbers
 * come out, on SE's scale:
 *
 * - ER (`rating`): the largest step rating met on the way;
 * - EP (`ep`): the largest rating met up to the first step that places a digit;
 * - ED (`ed`): the rating of the first step.
 *
 * The bucket is the first level (levels.ts) whose techniques solve the puzzle on their own:
 * levels are tried in order, each carrying on from where the previous got stuck when it
 * allows everything the previous did, so the step log reads as a person's would. A puzzle the
 * full technique set cannot finish within the work limit is "beyond", with no rating.
 *
 * Techniques that rely on the puzzle having one solution (unique rectangles, BUG) run only on
 * a state whose puzzle the counting solver has proven unique (Candidates.unique).
 */
import { formatGrid, type Grid } from '../core/grid.js';
import { solveUnique } from '../solver/solver.js';
import { Candidates } from './candidates.js';
import { DEFAULT_MAX_LEVEL, DEFAULT_MAX_NESTED_WORK, DEFAULT_MAX_WORK } from './chaining/kinds.js';
import { BEYOND, DEFAULT_LEVELS, INVALID, type Level } from './levels.js';
import { techniqueByName, TECHNIQUE_NAMES, TECHNIQUES } from './registry.js';
import type { FindContext, Step, Technique } from './technique.js';

/** Limits on the expensive searches; the defaults rate every puzzle SE rates up to about 11. */
export interface GradeLimits {
  /** Most work units (chain implications) one puzzle may spend. */
  maxWork?: number;
  /** Deepest forcing-chain nesting level (0: no nested chains; 4: SE's deepest). */
  maxLevel?: number;
  /**
   * Most work units (every technique's) a puzzle may spend from the first time it needs nested
   * forcing chains (level 2 and up; SE ER 9.5 and above) to its end.
   */
  maxNestedWork?: number;
}

/**
 * Puzzles SE rates up to 9.5 never need nested chains, so only `maxWork` (generous) applies to
 * them; past that, `maxNestedWork` bounds the time of the forum's hardest puzzles (see kinds.ts).
 */
export const DEFAULT_LIMITS: Readonly<Required<GradeLimits>> = Object.freeze({ maxWork: DEFAULT_MAX_WORK, maxLevel: DEFAULT_MAX_LEVEL, maxNestedWork: DEFAULT_MAX_NESTED_WORK });

export interface GradeOptions {
  /** Bucket table (default DEFAULT_LEVELS). */
  levels?: readonly Level[];
  /** Keep the step log (default false: counts only). */
  steps?: boolean;
  /** Work limits (default DEFAULT_LIMITS). */
  limits?: GradeLimits;
}

export interface GradeResult {
  puzzle: string;
  /** The unique solution; null for invalid puzzles. */
  solution: string | null;
  bucket: string;
  /** SE's ER: the largest step rating; null when the puzzle is beyond the work limit or invalid. */
  rating: number | null;
  /** SE's EP: the largest rating up to the first placement; null like `rating`. */
  ep: number | null;
  /** SE's ED: the rating of the first step; null like `rating`. */
  ed: number | null;
  /** The technique of the first step with the largest rating; null when none was needed. */
  hardest: string | null;
  /** How many steps each technique made. */
  techniques: Record<string, number>;
  /** For invalid puzzles: 0 (no solution) or 2 (two or more). */
  solutions?: number;
  /** For beyond puzzles: which limit stopped the grader, in words. */
  stopped?: string;
  steps?: Step[];
}

export function applyStep(s: Candidates, step: Step): void {
  for (const [c, d] of step.place) s.place(c, d);
  for (const [c, d] of step.eliminate) s.eliminate(c, d);
}

export interface RunLog {
  solved: boolean;
  steps: Step[];
  counts: Record<string, number>;
  /** ER so far (0 before any step). */
  rating: number;
  /** EP: set at the first step that places a digit. */
  ep: number | null;
  /** ED: set at the first step. */
  ed: number | null;
  hardest: string | null;
  /** Names of the techniques (registry entries) that made a step. */
  producers: Set<string>;
  /** Which limit stopped the run, if one did. */
  stopped?: string;
}

export function emptyLog(): RunLog {
  return { solved: false, steps: [], counts: {}, rating: 0, ep: null, ed: null, hardest: null, producers: new Set() };
}

/** A fresh work context for one puzzle. */
export function workContext(limits: GradeLimits = {}): FindContext {
  return {
    work: 0,
    maxWork: limits.maxWork ?? DEFAULT_LIMITS.maxWork,
    maxLevel: limits.maxLevel ?? DEFAULT_LIMITS.maxLevel,
    maxNestedWork: limits.maxNestedWork ?? DEFAULT_LIMITS.maxNestedWork,
  };
}

/** Version of the rating scale and technique set: bump when a change moves ratings. */
export const RATING_SCALE = 'se-er-1';

/**
 * A stable id of how a puzzle was graded: the rating scale and the bucket table. Puzzles
 * banked under another id are not handed to jobs grading with this one.
 */
export function graderId(levels: readonly Level[] = DEFAULT_LEVELS): string {
  const text = JSON.stringify(levels.map((l) => [l.bucket, [...l.techniques].sort()]));
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return `${RATING_SCALE}:${h.toString(16).padStart(8, '0')}`;
}

/** The rating of a step: its own, else its technique's weight. */
export function stepRating(step: Step, technique: Technique): number {
  return step.rating ?? technique.weight;
}

/**
 * Work units charged for asking one technique once the puzzle is spending from its nested
 * budget: about what the searches without a work counter of their own (fish, wings, strong
 * links) cost on average, in the chains' units.
 */
const ASK_WORK = 800;

/** Told each step of a run, with the technique that made it, before it is applied to the state. */
export type StepWatcher = (step: Step, by: Technique) => void;

/**
 * Apply `techniques` (in the given order) to `state` until solved, stuck or stopped by a
 * limit, adding to `log`. Techniques that need a unique solution are skipped unless the
 * state's puzzle is proven unique. Returns true when solved.
 */
export function runTechniques(
  state: Candidates,
  techniques: readonly Technique[],
  log: RunLog,
  keepSteps: boolean,
  ctx: FindContext = workContext(),
  onStep?: StepWatcher,
): boolean {
  const usable = state.unique ? techniques : techniques.filter((t) => !t.needsUniqueness);
  for (;;) {
    if (state.isSolved()) {
      log.solved = true;
      return true;
    }
    let step: Step | null = null;
    let used: Technique | null = null;
    for (const t of usable) {
      // Past the first nested search, asking any technique costs work too, so the nested
      // budget bounds the time of the whole rest of the puzzle, not only its chains.
      if (ctx.nestedFrom !== undefined) ctx.work += ASK_WORK;
      step = t.find(state, ctx);
      if (step) {
        used = t;
        break;
      }
      if (ctx.stopped) {
        log.stopped = ctx.stopped;
        return false;
      }
    }
    if (!step || !used) return false;
    if (onStep) onStep(step, used);
    applyStep(state, step);
    const rating = stepRating(step, used);
    log.counts[step.technique] = (log.counts[step.technique] ?? 0) + 1;
    log.producers.add(used.name);
    if (rating > log.rating) {
      log.rating = rating;
      log.hardest = step.technique;
    }
    if (log.ed === null) log.ed = log.rating;
    if (log.ep === null && step.place.length > 0) log.ep = log.rating;
    if (keepSteps) log.steps.push({ ...step, rating });
  }
}

/** The techniques of a level, in registry (cheapest-first) order. */
export function levelTechniques(level: Level): Technique[] {
  const allowed = new Set(level.techniques);
  return TECHNIQUES.filter((t) => allowed.has(t.name));
}

/** Whether a level allows every technique of the registry. */
export function levelHasEverything(level: Level): boolean {
  return within(level, TECHNIQUE_NAMES);
}

/** Whether every name of `names` belongs to the level. */
function within(level: Level, names: Iterable<string>): boolean {
  const allowed = new Set(level.techniques);
  for (const t of names) if (!allowed.has(t)) return false;
  return true;
}

/**
 * The level walk: the index of the first of `levels` whose techniques solve the puzzle from
 * `start` within the work limits, or -1 when none does. Levels are tried in order, each
 * carrying on from where the previous got stuck when it allows everything the previous did
 * (otherwise from `start` again), each with a fresh work context.
 *
 * With `full`, the run of every technique from the same start: a level that allows every
 * technique that run used solves the puzzle by the same steps, and a level that allows every
 * technique is that run again; neither is run a second time.
 */
export function levelWalk(start: Candidates, levels: readonly Level[], limits: GradeLimits = {}, full?: RunLog): number {
  let state = start.clone();
  let log = emptyLog();
  let previous: ReadonlySet<string> | null = null;
  for (const [i, level] of levels.entries()) {
    if (full) {
      if (full.solved && within(level, full.producers)) return i;
      if (within(level, TECHNIQUE_NAMES)) return full.solved ? i : -1;
    }
    const allowed = new Set(level.techniques);
    if (previous && [...previous].some((t) => !allowed.has(t))) {
      state = start.clone();
      log = emptyLog();
    }
    previous = allowed;
    if (runTechniques(state, levelTechniques(level), log, false, workContext(limits))) return i;
  }
  return -1;
}

export interface UniqueGrade {
  bucket: string;
  /** The full run (every technique, SE's order): ER, EP, ED, counts and steps. */
  log: RunLog;
}

/**
 * Grade a puzzle (`unique`: proven to have exactly one solution): the full run gives the
 * ratings; the level runs give the bucket.
 */
function gradeState(puzzle: Grid, unique: boolean, options: GradeOptions): UniqueGrade {
  const levels = options.levels ?? DEFAULT_LEVELS;
  const keep = options.steps ?? false;
  const start = Candidates.fromPuzzle(puzzle);
  start.unique = unique;

  // The full run, as Sudoku Explainer rates: every technique, cheapest first.
  const full = emptyLog();
  runTechniques(start.clone(), TECHNIQUES, full, keep, workContext(options.limits));

  // The bucket: the first level that solves it.
  const index = levelWalk(start, levels, options.limits, full);
  return { bucket: index < 0 ? BEYOND : levels[index].bucket, log: full };
}

/**
 * Grade a puzzle known to have exactly one solution. Uniqueness is proven again here (the
 * counting solver is far cheaper than grading), so techniques that rely on it never run on a
 * puzzle with several solutions; such a puzzle grades without them.
 */
export function gradeUnique(puzzle: Grid, options: GradeOptions = {}): UniqueGrade {
  return gradeState(puzzle, 'solution' in solveUnique(puzzle), options);
}

/** Grade any puzzle: check it has exactly one solution, then find its bucket and ratings. */
export function gradePuzzle(puzzle: Grid, options: GradeOptions = {}): GradeResult {
  const r = solveUnique(puzzle);
  const text = formatGrid(puzzle);
  if (!('solution' in r)) {
    return { puzzle: text, solution: null, bucket: INVALID, rating: null, ep: null, ed: null, hardest: null, techniques: {}, solutions: r.count };
  }
  const { bucket, log } = gradeState(puzzle, true, options);
  return resultOf(text, formatGrid(r.solution), bucket, log, options.steps ?? false);
}

/** The result record of a graded unique puzzle. */
export function resultOf(puzzle: string, solution: string, bucket: string, log: RunLog, withSteps: boolean): GradeResult {
  const rated = log.solved;
  const result: GradeResult = {
    puzzle,
    solution,
    bucket,
    rating: rated ? log.rating : null,
    ep: rated ? (log.ep ?? log.rating) : null,
    ed: rated ? (log.ed ?? log.rating) : null,
    hardest: log.hardest,
    techniques: log.counts,
  };
  if (!rated) result.stopped = log.stopped ?? 'no technique applies';
  if (withSteps) result.steps = log.steps;
  return result;
}

export { techniqueByName };
