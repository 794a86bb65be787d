/**
 * The grading loop: solve as a person would. Try the allowed techniques cheapest first,
 * apply the first deduction found, start again from the cheapest; stop when solved or when
 * nothing applies. The bucket is the first level (levels.ts) whose techniques solve the
 * puzzle: levels are tried in order, each carrying on from where the previous got stuck
 * (when it allows everything the previous did), so the log reads as a person's would:
 * exhaust the simple techniques before reaching for harder ones.
 */
import { formatGrid, type Grid } from '../core/grid.js';
import { solveUnique } from '../solver/solver.js';
import { Candidates } from './candidates.js';
import { BEYOND, DEFAULT_LEVELS, INVALID, type Level } from './levels.js';
import { techniqueByName, TECHNIQUES } from './registry.js';
import type { Step, Technique } from './technique.js';

export interface GradeOptions {
  /** Bucket table (default DEFAULT_LEVELS). */
  levels?: readonly Level[];
  /** Keep the step log (default false: counts only). */
  steps?: boolean;
}

export interface GradeResult {
  puzzle: string;
  /** The unique solution; null for invalid puzzles. */
  solution: string | null;
  bucket: string;
  /** Largest technique weight used (0 for a puzzle with nothing to do). */
  rating: number;
  /** The technique with that weight; null when none was needed. */
  hardest: string | null;
  /** How many steps each technique made. */
  techniques: Record<string, number>;
  /** For invalid puzzles: 0 (no solution) or 2 (two or more). */
  solutions?: number;
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
  rating: number;
  hardest: string | null;
}

export function emptyLog(): RunLog {
  return { solved: false, steps: [], counts: {}, rating: 0, hardest: null };
}

/**
 * Apply `techniques` (in the given order) to `state` until solved or stuck, adding to `log`.
 * Returns true when solved.
 */
export function runTechniques(state: Candidates, techniques: readonly Technique[], log: RunLog, keepSteps: boolean): boolean {
  for (;;) {
    if (state.isSolved()) {
      log.solved = true;
      return true;
    }
    let step: Step | null = null;
    let used: Technique | null = null;
    for (const t of techniques) {
      step = t.find(state);
      if (step) {
        used = t;
        break;
      }
    }
    if (!step || !used) return false;
    applyStep(state, step);
    log.counts[used.name] = (log.counts[used.name] ?? 0) + 1;
    if (used.weight > log.rating) {
      log.rating = used.weight;
      log.hardest = used.name;
    }
    if (keepSteps) log.steps.push(step);
  }
}

/** The techniques of a level, in registry (cheapest-first) order. */
export function levelTechniques(level: Level): Technique[] {
  const allowed = new Set(level.techniques);
  return TECHNIQUES.filter((t) => allowed.has(t.name));
}

/** Grade a puzzle already known to have exactly one solution. */
export function gradeUnique(puzzle: Grid, options: GradeOptions = {}): { bucket: string; log: RunLog } {
  const levels = options.levels ?? DEFAULT_LEVELS;
  const keep = options.steps ?? false;
  let state = Candidates.fromPuzzle(puzzle);
  let log = emptyLog();
  let previous: Set<string> | null = null;
  for (const level of levels) {
    const allowed = new Set(level.techniques);
    if (previous && [...previous].some((t) => !allowed.has(t))) {
      state = Candidates.fromPuzzle(puzzle);
      log = emptyLog();
    }
    previous = allowed;
    if (runTechniques(state, levelTechniques(level), log, keep)) return { bucket: level.bucket, log };
  }
  return { bucket: BEYOND, log };
}

/** Grade any puzzle: check it has exactly one solution, then find its bucket and rating. */
export function gradePuzzle(puzzle: Grid, options: GradeOptions = {}): GradeResult {
  const r = solveUnique(puzzle);
  const text = formatGrid(puzzle);
  if (!('solution' in r)) {
    return { puzzle: text, solution: null, bucket: INVALID, rating: 0, hardest: null, techniques: {}, solutions: r.count };
  }
  const { bucket, log } = gradeUnique(puzzle, options);
  const result: GradeResult = {
    puzzle: text,
    solution: formatGrid(r.solution),
    bucket,
    rating: log.rating,
    hardest: log.hardest,
    techniques: log.counts,
  };
  if (options.steps) result.steps = log.steps;
  return result;
}

export { techniqueByName };
