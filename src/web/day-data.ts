/**
 * The data of one day's web page, written by `daily` into the page as JSON and read by the
 * <sudoku-daily> element (src/web/client). Plain JSON: no functions, no typed arrays.
 */

/** The words the player shows: the job's catalogue keys that start with `web.` and `step.` (steps in words, grader/step-words.ts). */
export type WebStrings = Record<string, string>;

export interface DayData {
  /** Format of this record; bumped when a field changes meaning. */
  version: 1;
  title: string;
  /** YYYY-MM-DD */
  date: string;
  slot: number;
  /** "Tuesday 1 December 2026", in the job's language. */
  dateLine: string;
  /** "No. 12", or "" when the job numbers no puzzles. */
  number: string;
  /** The print label: "★★★☆☆  moderate (1 to 5 stars)". */
  label: string;
  /** The band's word and stars, for the share text. */
  word: string;
  stars: string;
  /** Sudoku Explainer rating (ER), as in print; null when unrated. */
  rating: number | null;
  /** The hardest technique's name (kebab-case), null when only givens. */
  hardest: string | null;
  /** 81 characters, "." for an empty cell. */
  puzzle: string;
  /** 81 digits; absent on a prize page. */
  solution?: string;
  /** Prize page: SHA-256 (hex) of the 81-digit solution, checked only when the grid is full. */
  solutionHash?: string;
  /** Wrong digits allowed before the game ends; null: no limit. */
  mistakeLimit: number | null;
  /** BCP 47 language of the words. */
  locale: string;
  strings: WebStrings;
  /** Relative links: the day's PDF, and the previous and next day's pages when they exist. */
  links: { pdf: string; prev: string | null; next: string | null; nextDate: string | null };
  /** The localStorage key of this day's progress. */
  key: string;
}

/** Whether `v` is an absolute http(s) address without query or fragment (a site the web folder is uploaded to). */
export function isSiteUrl(v: string): boolean {
  try {
    const u = new URL(v);
    return (u.protocol === 'http:' || u.protocol === 'https:') && !u.search && !u.hash;
  } catch {
    return false;
  }
}
