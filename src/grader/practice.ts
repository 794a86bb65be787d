/**
 * Practice positions: for a puzzle and a technique, the position right before the graded path
 * first uses it (the pencil marks a person would have after the earlier steps) and that step;
 * that step's prompt and hint in words come from step-words.ts (stepPrompt, stepHint), in any
 * catalogue's language.
 */
import type { Grid } from '../core/grid.js';
import { Candidates } from './candidates.js';
import { applyStep, gradePuzzle, type GradeOptions } from './grade.js';
import { techniqueByName } from './registry.js';
import type { Step } from './technique.js';

export interface PracticePosition {
  values: Uint8Array;
  cands: Uint16Array;
  step: Step;
  /** steps applied before it, in order */
  before: Step[];
}

/** Step names that are not a registry technique's name (grade prints them). */
const STEP_NAMES = [
  /^(full-house|skyscraper|two-string-kite|x-cycle|y-cycle|xy-cycle|x-chain|y-chain|aic)$/,
  /^(unique-rectangle|unique-loop|bug)-type-[1-4]$/,
  /^(dynamic-|dynamic-plus-|nested-)?(cell|region|double|contradiction|nishio)-forcing-chain$/,
];

/** Whether `name` is a registry technique or a step name the grader gives. */
export function knownTechnique(name: string): boolean {
  return techniqueByName(name) !== undefined || STEP_NAMES.some((re) => re.test(name));
}

/**
 * The position before the first step of `technique` in the puzzle's graded path (Sudoku
 * Explainer's order), or null when the path never uses it (or the puzzle is not unique).
 * `technique` is a step's name as `grade` prints it (`x-wing`, `unique-rectangle-type-1`,
 * `x-cycle`) or a registry technique's (`unique-loop`, `bug`, `forcing-chain-cycle`), which
 * matches every step that technique makes.
 */
export function practicePosition(puzzle: Grid, technique: string, options: GradeOptions = {}): PracticePosition | null {
  const result = gradePuzzle(puzzle, { ...options, steps: true });
  if (!result.steps) return null;
  const producer = techniqueByName(technique);
  const state = Candidates.fromPuzzle(puzzle);
  state.unique = true;
  const before: Step[] = [];
  for (const step of result.steps) {
    if (step.technique === technique || (producer && (step.rating ?? 0) >= producer.weight && sameStep(producer.find(state.clone()), step))) {
      return { values: state.values.slice(), cands: state.cands.slice(), step, before };
    }
    applyStep(state, step);
    before.push(step);
  }
  return null;
}

/** Whether a technique's step is the path's step (the grader took it from that technique). */
function sameStep(found: Step | null, step: Step): boolean {
  return !!found && found.technique === step.technique && JSON.stringify([found.place, found.eliminate]) === JSON.stringify([step.place, step.eliminate]);
}
