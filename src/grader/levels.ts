/**
 * The one table that says what each difficulty bucket allows. A puzzle's bucket is the first
 * level whose techniques solve it; "beyond" when none does. Job files may replace the table.
 *
 * - easy:   naked and hidden singles only (a full house is a hidden single);
 * - medium: singles, locked candidates (pointing, claiming, and their direct forms that end
 *           in a single), naked/hidden pairs and triples (and the direct hidden ones);
 * - hard:   every technique sudoku-press implements: whatever the grader can finish.
 */
import { highestRating, TECHNIQUE_NAMES } from './registry.js';

export interface Level {
  bucket: string;
  techniques: readonly string[];
}

const EASY = ['hidden-single', 'naked-single'];
const MEDIUM = [
  ...EASY,
  'direct-pointing',
  'direct-claiming',
  'direct-hidden-pair',
  'direct-hidden-triple',
  'pointing',
  'claiming',
  'naked-pair',
  'hidden-pair',
  'naked-triple',
  'hidden-triple',
];

export const DEFAULT_LEVELS: readonly Level[] = Object.freeze([
  { bucket: 'easy', techniques: EASY },
  { bucket: 'medium', techniques: MEDIUM },
  { bucket: 'hard', techniques: [...TECHNIQUE_NAMES] },
]);

/** Bucket for puzzles the implemented techniques cannot finish. */
export const BEYOND = 'beyond';
/** Bucket for inputs without exactly one solution (never graded). */
export const INVALID = 'invalid';

export const BUCKETS = ['easy', 'medium', 'hard', BEYOND] as const;

/**
 * The highest rating a puzzle of this level can have, or null when there is no bound. The
 * grader takes, at each step, the first technique in registry order that finds something; a
 * puzzle the level's techniques solve always has one of them to offer (these fixed-rated
 * techniques only ever need what a later state still shows), so every step comes from a
 * technique no later in the order than the level's last one. The bound is the highest rating
 * of those techniques, when each has a fixed highest rating.
 */
export function levelRatingCeiling(level: Level): number | null {
  let last = -1;
  for (const name of level.techniques) last = Math.max(last, TECHNIQUE_NAMES.indexOf(name));
  let ceiling = 0;
  for (let i = 0; i <= last; i++) {
    const r = highestRating(TECHNIQUE_NAMES[i]);
    if (r === null) return null;
    ceiling = Math.max(ceiling, r);
  }
  return last < 0 ? null : ceiling;
}
