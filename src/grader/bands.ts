/**
 * The one table of difficulty words: bands of the Sudoku Explainer rating (ER) with the word
 * and the number of stars printed for them. Books, daily pages and schedules take their
 * words from here, never from their own thresholds.
 *
 * | ER            | word        | stars |
 * |---------------|-------------|-------|
 * | up to 1.5     | gentle      | 1     |
 * | 1.6 - 2.5     | easy        | 2     |
 * | 2.6 - 3.9     | moderate    | 3     |
 * | 4.0 - 5.9     | tough       | 4     |
 * | 6.0 - 7.9     | diabolical  | 5     |
 * | 8.0 and above | extreme     | 6     |
 * | not rated     | beyond      | 6     |
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
  { min: 4.0, word: 'tough', stars: 4 },
  { min: 6.0, word: 'diabolical', stars: 5 },
  { min: 8.0, word: 'extreme', stars: 6 },
]);

/** The band of a rating; a puzzle without a rating (beyond the work limit) is the top band, worded "beyond". */
export function difficultyBand(rating: number | null): DifficultyBand {
  if (rating === null) return { min: Infinity, word: 'beyond', stars: DIFFICULTY_BANDS[DIFFICULTY_BANDS.length - 1].stars };
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
