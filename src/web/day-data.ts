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
  /** A day of another kind or size: its grid (absent on 9x9 classic, whose puzzle and solution are 81 characters). */
  layout?: WebLayout;
  /** A day of another kind: the geometry grader's path from the clues, worded, computed when the page is made (the hints and walkthrough). */
  steps?: WebStep[];
}

/**
 * The grid of a day of another kind: the JSON form's fields (kind, size, box or regions,
 * diagonals, cages) with the regions always spelled out, and the cages' dashed outlines and
 * sums as the printed grid draws them (src/typeset/kind-grid.ts), in a square `size` * 100
 * wide. The puzzle and solution are then size² characters, digits then letters A-G.
 */
export interface WebLayout {
  kind: string;
  size: number;
  box: [number, number] | null;
  /** One region letter per cell, row by row. */
  regions: string;
  diagonals: boolean;
  cages: { sum: number; cells: number[] }[];
  /** Cage outlines: [x1, y1, x2, y2], a cell 100 wide. */
  cageLines: [number, number, number, number][];
  /** The dash and gap of the outlines. */
  dash: [number, number];
  /** Cage sums: text, top-left corner, font size, the patch behind it [x, y, w, h]. */
  sums: { text: string; x: number; y: number; fs: number; patch: [number, number, number, number] }[];
}

/** One step of the grader's path on a day of another kind, with its words in the page's language. */
export interface WebStep {
  technique: string;
  rating: number;
  place: [number, number][];
  eliminate: [number, number][];
  units: number[];
  cells: number[];
  /** Where to look ("Look at row 3 for 7"). */
  hint: string;
  /** The whole step in one sentence. */
  sentence: string;
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
