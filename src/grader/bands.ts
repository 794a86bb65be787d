/**
 * The one table of difficulty words: bands of the Sudoku Explainer rating (ER) with the word
 * and the number of stars printed for them (one to five, the newspaper and shop convention).
 * Books, daily pages and schedules take their words from here, never from their own thresholds;
 * printed words come from the catalogue (`scale.word.<stars>`), these are the English ones.
 *
 * | stars | word     | ER          | what it needs (Sudoku Explainer ratings)                     |
 * |-------|----------|-------------|--------------------------------------------------------------|
 * | 1     | gentle   | up to 1.5   | hidden singles only                                          |
 * | 2     | easy     | 1.6 - 2.5   | naked singles, direct pointing/claiming/hidden pair/triple   |
 * | 3     | moderate | 2.6 - 3.4   | pointing, claiming, naked/hidden pair, X-wing                |
 * | 4     | tough    | 3.5 - 4.4   | triples, swordfish, XY-wing, XYZ-wing                        |
 * | 5     | fiendish | 4.5 and up  | uniqueness, quads, jellyfish, larger wings, chains; and beyond |
 */
export interface DifficultyBand {
  /** Lowest ER in the band (inclusive). */
  min: number;
  word: string;
  stars: number;
}

export const DIFFICULTY_BANDS: readonly DifficultyBand[] = Object.freeze([
  { min: 0, word: 'gentle', stars: 1 },
  { min: 1.6, word: 'easy', stars: 2 },
  { min: 2.6, word: 'moderate', stars: 3 },
  { min: 3.5, word: 'tough', stars: 4 },
  { min: 4.5, word: 'fiendish', stars: 5 },
]);

/** The most stars a puzzle gets. */
export const MAX_STARS = DIFFICULTY_BANDS[DIFFICULTY_BANDS.length - 1].stars;

/** The band of a rating; a puzzle without a rating (beyond the work limit) is in the top band. */
export function difficultyBand(rating: number | null): DifficultyBand {
  if (rating === null) return DIFFICULTY_BANDS[DIFFICULTY_BANDS.length - 1];
  let band = DIFFICULTY_BANDS[0];
  for (const b of DIFFICULTY_BANDS) if (rating + 1e-9 >= b.min) band = b;
  return band;
}

/** Sort key for ratings: an unrated (beyond) puzzle sorts above every rated one. */
export function ratingKey(rating: number | null): number {
  return rating === null ? Infinity : rating;
}

/** Compare two ratings ascending, unrated last. */
export function compareRatings(a: number | null, b: number | null): number {
  return ratingKey(a) - ratingKey(b) || 0;
}
