/**
 * The one table that says what each difficulty bucket allows. A puzzle's bucket is the first
 * level whose techniques solve it; "beyond" when none does. Job files may replace the table.
 *
 * - easy:   naked and hidden singles only (a full house is a hidden single);
 * - medium: singles, locked candidates (pointing, claiming, and their direct forms that end
 *           in a single), naked/hidden pairs and triples (and the direct hidden ones);
 * - hard:   adds the basic fish and wings: X-wing, swordfish, the turbot fish (skyscraper,
 *           two-string kite), XY-wing and XYZ-wing: every technique Sudoku Explainer tries
 *           up to the XYZ-wing, so a hard puzzle rates at most 4.4 and needs no chain;
 * - expert: everything without chains: uniqueness patterns, quads, jellyfish, three and four
 *           strong links, WXYZ- to TUVWXYZ-wings, BUG, aligned pair and triplet exclusion;
 * - master: chains and forcing chains too: every technique sudoku-press implements, whatever
 *           the grader can finish.
 */
import { CHAINING_NAMES, highestRating, TECHNIQUE_NAMES, techniqueByName } from './registry.js';

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

const HARD = [...MEDIUM, 'x-wing', 'swordfish', 'turbot-fish', 'xy-wing', 'xyz-wing'];
const EXPERT = TECHNIQUE_NAMES.filter((t) => !CHAINING_NAMES.includes(t));

export const DEFAULT_LEVELS: readonly Level[] = Object.freeze([
  { bucket: 'easy', techniques: EASY },
  { bucket: 'medium', techniques: MEDIUM },
  { bucket: 'hard', techniques: HARD },
  { bucket: 'expert', techniques: EXPERT },
  { bucket: 'master', techniques: [...TECHNIQUE_NAMES] },
]);

/** Bucket for puzzles the implemented techniques cannot finish. */
export const BEYOND = 'beyond';
/** Bucket for inputs without exactly one solution (never graded). */
export const INVALID = 'invalid';

export const BUCKETS = ['easy', 'medium', 'hard', 'expert', 'master', BEYOND] as const;

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

/**
 * The lowest rating a puzzle of `levels[index]` can have. Its bucket is the first level that
 * solves it, so no earlier level does: some step of its grading comes from a technique outside
 * each earlier level, and a step rates at least its technique's weight (each technique's
 * lowest rating). The floor is the highest, over the earlier levels, of the lowest weight
 * outside that level; for the first level, the lowest weight of all.
 */
export function levelRatingFloor(levels: readonly Level[], index: number): number {
  const lowestOutside = (allowed: ReadonlySet<string>) => {
    let low = Infinity;
    for (const name of TECHNIQUE_NAMES) if (!allowed.has(name)) low = Math.min(low, techniqueByName(name)!.weight);
    return low;
  };
  let floor = lowestOutside(new Set());
  for (let j = 0; j < index; j++) floor = Math.max(floor, lowestOutside(new Set(levels[j].techniques)));
  return floor;
}
