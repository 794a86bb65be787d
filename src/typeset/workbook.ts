/**
 * The technique workbook: a book of chapters, one per technique (each section whose puzzles
 * need it), in rising ER. A chapter is:
 *
 *   its page:      the technique's name, the paragraph on it (technique-text.ts) and the
 *                  diagram of a generated example's step with the grader's sentence
 *   practice:      positions right before the technique's first use, with their pencil marks
 *                  and a prompt ("Find the X-wing on 7"); nothing of the step is shown
 *   puzzles:       whole puzzles that need the technique (the section's puzzles)
 *   answers:       each practice position's step as a diagram with its sentence; each puzzle's
 *                  solution beside the diagram of its key step (the technique's first use)
 *
 * The example and the practice positions come from puzzles made for the chapter besides the
 * ones it prints whole (the section's easiest: `chapterExtra` of them). This file plans a
 * chapter from its puzzles (grading them); layout.ts lays the plan out.
 */
import { techniqueByName } from '../grader/registry.js';
import { parseGrid } from '../core/grid.js';
import { practicePosition } from '../grader/practice.js';
import type { StepPosition } from './book-steps.js';
import { sentence, techniqueAbout } from './technique-text.js';
import { stepPrompt } from '../grader/step-words.js';
import { EN } from './i18n/en.js';
import type { Locale, Strings } from './i18n/index.js';

/** What a job asks of a workbook: practice positions per chapter. */
export interface WorkbookConfig {
  practice: number;
}

/** A chapter planned from its puzzles: what layout.ts prints besides the puzzles themselves. */
export interface ChapterPlan {
  technique: string;
  /** The paragraph on the technique. */
  about: string;
  example: StepPosition;
  practice: { position: StepPosition; prompt: string }[];
  /** The key step (the technique's first use) of each whole puzzle, by puzzle number. */
  keySteps: Map<number, StepPosition>;
}

/** Puzzles made for a chapter besides those it prints whole: the example and the practice positions. */
export function chapterExtra(w: WorkbookConfig): number {
  return 1 + w.practice;
}

/** A technique's rating on SE's scale (its weight), for the chapters' order. */
export function techniqueRating(name: string): number {
  return techniqueByName(name)?.weight ?? Infinity;
}

/**
 * The position right before a technique's first use in a puzzle (practicePosition), with the
 * puzzle's clues and the exercise's prompt in the language of `words`; null when its path
 * does not use it.
 */
export function firstUse(puzzle: string, technique: string, words: Strings | typeof EN = EN): (StepPosition & { prompt: string }) | null {
  const grid = parseGrid(puzzle);
  const at = practicePosition(grid, technique);
  return at && { values: at.values, cands: at.cands, step: at.step, givens: Uint8Array.from(grid), prompt: sentence(stepPrompt(words, at.step)) };
}

/**
 * Plan a chapter on `technique` from its puzzles: `extra` (the example first, then the
 * practice positions) and `whole` (printed whole, numbered). Every puzzle must use the
 * technique (the section's `needs`); one that does not is an error, not a silent gap. The
 * paragraph and the prompts are in the book's language (`locale`, `words`: its catalogue).
 */
export function planChapter(
  technique: string,
  extra: readonly { puzzle: string }[],
  whole: readonly { number: number; puzzle: string }[],
  locale: Locale = 'en',
  words: Strings | typeof EN = EN,
): ChapterPlan {
  const use = (puzzle: string) => {
    const at = firstUse(puzzle, technique, words);
    if (!at) throw new Error(`a puzzle of the ${technique} chapter does not use it: ${puzzle}`);
    return at;
  };
  const [first, ...practice] = extra.map((p) => use(p.puzzle));
  const { prompt: _prompt, ...example } = first;
  void _prompt;
  return {
    technique,
    about: techniqueAbout(technique, locale) ?? '',
    example,
    practice: practice.map(({ prompt, ...position }) => ({ position, prompt })),
    keySteps: new Map(whole.map((p) => [p.number, use(p.puzzle)])),
  };
}

/** The first chapter, by index, whose technique rates below the one before it; -1 when they rise. */
export function fallingChapter(techniques: readonly string[]): number {
  return techniques.findIndex((t, i) => i > 0 && techniqueRating(t) < techniqueRating(techniques[i - 1]));
}
