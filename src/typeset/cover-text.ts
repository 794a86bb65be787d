/**
 * What the cover says about the book, built from the job and the puzzles it holds: the
 * back-cover blurb (how many puzzles, the difficulty range, whether they rise, puzzles a page,
 * the how-to-play page, where the solutions are) and the "Inside" list (count and difficulty
 * of each section). Every word comes from the catalogue.
 */
import { compareRatings, difficultyBand } from '../grader/bands.js';
import { plural, fill, type Locale, type StringKey, type Strings } from './i18n/index.js';

export interface CoverFacts {
  sections: readonly { title: string }[];
  /** The book's puzzles in book order, with the index of their section. */
  puzzles: readonly { section: number; rating: number | null }[];
  answers: 'end' | 'section';
  /** The how-to-play page: none, the rules, or the rules and a worked example. */
  howToPlay: 'none' | 'rules' | 'example';
  /** Puzzle grids on a puzzle page. */
  perPage: number;
}

/** "gentle", or "gentle to tough": the difficulty words of the lowest and highest rating. */
function wordRange(s: Strings, ratings: readonly (number | null)[]): { from: string; to: string } | null {
  if (ratings.length === 0) return null;
  const sorted = [...ratings].sort(compareRatings);
  const word = (r: number | null) => s[`scale.word.${difficultyBand(r).stars}` as StringKey];
  return { from: word(sorted[0]), to: word(sorted[sorted.length - 1]) };
}

function rangeText(s: Strings, r: { from: string; to: string }): string {
  return r.from === r.to ? r.from : fill(s['cover.range'], r);
}

/** The back-cover blurb: paragraphs separated by a blank line, every sentence true of this book. */
export function coverBlurb(f: CoverFacts, s: Strings, locale: Locale): string {
  const n = f.puzzles.length;
  const first: string[] = [plural(s, locale, 'cover.blurb.total', n)];
  if (n > 0 && f.puzzles.every((p) => p.rating !== null)) first.push(s['cover.blurb.logic']);
  const r = wordRange(s, f.puzzles.map((p) => p.rating));
  if (r) first.push(r.from === r.to ? fill(s['cover.blurb.level'], { word: r.from }) : fill(s['cover.blurb.range'], r));
  const rising = f.puzzles.every((p, i) => i === 0 || compareRatings(f.puzzles[i - 1].rating, p.rating) <= 0);
  if (r && r.from !== r.to && rising) first.push(s['cover.blurb.rising']);
  const second: string[] = [plural(s, locale, 'cover.blurb.perPage', f.perPage)];
  if (f.howToPlay !== 'none') second.push(s[f.howToPlay === 'example' ? 'cover.blurb.howToPlay' : 'cover.blurb.rules']);
  second.push(s[f.answers === 'end' ? 'cover.blurb.answers.end' : 'cover.blurb.answers.section']);
  return `${first.join(' ')}\n\n${second.join(' ')}`;
}

/** One line per section that has puzzles: its title and "40 puzzles, gentle to easy". */
export function insideList(f: CoverFacts, s: Strings, locale: Locale): { title: string; detail: string }[] {
  return f.sections.flatMap((sec, i) => {
    const ratings = f.puzzles.filter((p) => p.section === i).map((p) => p.rating);
    const r = wordRange(s, ratings);
    if (!r) return [];
    return [{ title: sec.title, detail: plural(s, locale, 'cover.section', ratings.length, { difficulty: rangeText(s, r) }) }];
  });
}
