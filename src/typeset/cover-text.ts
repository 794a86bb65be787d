/**
 * The back cover's list of sections: each section's title, puzzle count and difficulty words
 * ("Easy: 40 puzzles, gentle to easy"), from the book's facts (book-text.ts, which also writes
 * the blurb). Every word comes from the catalogue or the job's own difficulty words.
 */
import { scaleWord, type BookFacts } from './book-text.js';
import { fill, plural, type Locale, type Strings } from './i18n/index.js';

/** One line per section that has puzzles: its title and "40 puzzles, gentle to easy". */
export function insideList(f: BookFacts, s: Strings, locale: Locale): { title: string; detail: string }[] {
  const d = f.difficulty;
  const word = (stars: number) => scaleWord(stars, s, d);
  return f.sections
    .filter((x) => x.count > 0)
    .map((x) => {
      const [from, to] = d.by === 'section' ? [x.middle, x.middle] : [x.from, x.to];
      const difficulty = from === to ? word(from) : fill(s['scale.range'], { from: word(from), to: word(to) });
      return { title: x.title, detail: plural(s, locale, 'cover.section', x.count, { difficulty }) };
    });
}
