/**
 * The grader's steps as a book prints them: the hint of a puzzle (its first step beyond
 * singles) and a walkthrough (every step, singles grouped, the position before each step
 * beyond singles kept for its diagram), in the book's language. The steps are the grader's full
 * run (grade.ts), the same run that gives the puzzle its rating; their words come from
 * grader/step-words.ts and the book's catalogue (an English book prints Sudoku Explainer's own
 * sentence for a step beyond singles); nothing here parses a step's `explain`.
 */
import { parseGrid } from '../core/grid.js';
import { Candidates } from '../grader/candidates.js';
import { applyStep, gradePuzzle, type GradeOptions } from '../grader/grade.js';
import { levelRatingCeiling, type Level } from '../grader/levels.js';
import type { Step } from '../grader/technique.js';
import { fill, type Locale, type Strings } from './i18n/index.js';
import { EN } from './i18n/en.js';
import { singleWords, stepHint, stepSentence, type Words } from '../grader/step-words.js';
import { isSingle, sentence } from './technique-text.js';

/** A position of a walkthrough: the grid and pencil marks before `step`, and the puzzle's clues. */
export interface StepPosition {
  values: Uint8Array;
  cands: Uint16Array;
  step: Step;
  givens: Uint8Array;
}

/**
 * One block of a page of steps (walkthroughs, workbook chapters, practice and their answers):
 * a heading, a paragraph, or a sentence beside a diagram of a position; `plain`: the position
 * with its pencil marks only (an exercise: the step is not shown); `solution`: a puzzle's
 * solution grid drawn beside the diagram.
 */
export interface StepBlock {
  text: string;
  heading?: boolean;
  diagram?: StepPosition;
  plain?: boolean;
  /** The diagram across most of the text width, centred, the sentence under it (a chapter's example). */
  wide?: boolean;
  solution?: { puzzle: string; solution: string; label: string };
}

/** The grader's steps for a puzzle (its full run, SE's order). */
export function gradedSteps(puzzle: string, options: GradeOptions = {}): Step[] {
  const r = gradePuzzle(parseGrid(puzzle), { ...options, steps: true });
  if (!r.steps) throw new Error(`no steps for ${puzzle}`);
  return r.steps;
}

/** Each step with the position it was found in (the clues, then each step applied in order). */
export function stepPositions(puzzle: string, steps: readonly Step[]): StepPosition[] {
  const grid = parseGrid(puzzle);
  const state = Candidates.fromPuzzle(grid);
  const givens = Uint8Array.from(grid);
  return steps.map((step) => {
    const at = { values: state.values.slice(), cands: state.cands.slice(), step, givens };
    applyStep(state, step);
    return at;
  });
}

/** The first step beyond singles, or null when singles solve the puzzle. */
export function firstBeyondSingles(steps: readonly Step[]): Step | null {
  return steps.find((s) => !isSingle(s.technique)) ?? null;
}

/**
 * Whether a puzzle is harder than medium: its bucket comes after `medium` in the bucket table,
 * or its rating is above the highest a medium puzzle can have; unrated (beyond) puzzles are.
 * A table without a `medium` bucket: above the moderate band (ER 3.4).
 */
export function harderThanMedium(p: { bucket: string; rating: number | null }, levels: readonly Level[]): boolean {
  if (p.rating === null) return true;
  const at = levels.findIndex((l) => l.bucket === 'medium');
  if (at < 0) return p.rating > 3.4 + 1e-9;
  const bucketAt = levels.findIndex((l) => l.bucket === p.bucket);
  const ceiling = levelRatingCeiling(levels[at]);
  return bucketAt > at || (ceiling !== null && p.rating > ceiling + 1e-9);
}

/** Most singles listed in one paragraph of a walkthrough (so a page can break between them). */
export const SINGLES_PER_PARAGRAPH = 30;

/**
 * A puzzle's walkthrough: a heading, then runs of singles as paragraphs ("r1c2 = 5 (hidden
 * single in box 1), r3c4 = 7 (naked single)."), and each other step as its sentence with the
 * position before it, for a diagram; in the language of `words` (`english`: Sudoku Explainer's
 * sentences for the steps beyond singles).
 */
export function walkthroughBlocks(heading: string, positions: readonly StepPosition[], words: Words = EN, english = true): StepBlock[] {
  const blocks: StepBlock[] = [{ text: heading, heading: true }];
  let run: string[] = [];
  const flush = () => {
    if (run.length) blocks.push({ text: `${run.join(', ')}.` });
    run = [];
  };
  for (const at of positions) {
    if (isSingle(at.step.technique) && at.step.place.length === 1) {
      run.push(singleWords(words, at.step));
      if (run.length === SINGLES_PER_PARAGRAPH) flush();
      continue;
    }
    flush();
    blocks.push({ text: english ? sentence(at.step.explain) : stepSentence(words, at.step), diagram: at });
  }
  flush();
  return blocks;
}

/** What a book asks of the grader's steps. */
export interface StepsWanted {
  hints: boolean;
  /** Puzzle numbers to walk through. */
  walkthrough: readonly number[];
  levels: readonly Level[];
  /** The walkthrough heading, "Puzzle {number}, step by step" (the catalogue's `walkthrough.title`). */
  heading: string;
  /** The book's language and words (its catalogue): hints and steps are worded in it; default English. */
  locale?: Locale;
  words?: Strings;
}

/**
 * The hint and walkthrough of each puzzle that gets one, from the grader's steps: a hint for
 * every puzzle harder than medium that needs a step beyond singles, a walkthrough for each
 * puzzle listed. Puzzles are graded once each, only those that need it.
 */
export function bookSteps<P extends { number: number; bucket: string; rating: number | null; puzzle: string }>(
  puzzles: readonly P[],
  want: StepsWanted,
): Map<number, { hint?: string; walkthrough?: StepBlock[] }> {
  const out = new Map<number, { hint?: string; walkthrough?: StepBlock[] }>();
  for (const p of puzzles) {
    const hint = want.hints && harderThanMedium(p, want.levels);
    const walk = want.walkthrough.includes(p.number);
    if (!hint && !walk) continue;
    const steps = gradedSteps(p.puzzle);
    const entry: { hint?: string; walkthrough?: StepBlock[] } = {};
    const first = hint ? firstBeyondSingles(steps) : null;
    const words = want.words ?? EN;
    if (first) entry.hint = sentence(stepHint(words, first));
    if (walk) entry.walkthrough = walkthroughBlocks(fill(want.heading, { number: p.number }), stepPositions(p.puzzle, steps), words, (want.locale ?? 'en') === 'en');
    out.set(p.number, entry);
  }
  return out;
}
