/**
 * What a book says about itself, built from what it holds, never fixed: the rules of the
 * how-to-play page (where the solutions are, the order of difficulty), the difficulty note and
 * key, and the back-cover blurb. Pure: `bookFacts` reads the job and its puzzles, the other
 * functions make sentences from catalogue strings.
 */
import { DIFFICULTY_BANDS, difficultyBand, ratingKey } from '../grader/bands.js';
import { EN } from './i18n/en.js';
import { catalogue, fill, plural, type Locale, type StringKey, type Strings } from './i18n/index.js';
import type { DigitStyle } from './kind-grid.js';
import { bookKinds, kindClues, kindRules, type SectionKind } from './kind-text.js';

/** How the job wants difficulty shown (job key `difficulty`). */
export interface DifficultyConfig {
  /** Print stars in labels and in the difficulty note; false: words only ({stars} prints nothing). */
  stars: boolean;
  /** The job's own words for the bands, keyed by the English word ("fiendish": "devilish"). */
  words: Readonly<Record<string, string>>;
  /** `section`: every puzzle's {word} and {stars} are its section's (the band of its middle puzzle). */
  by: 'puzzle' | 'section';
}

export const DIFFICULTY_DEFAULTS: DifficultyConfig = Object.freeze({ stars: true, words: Object.freeze({}), by: 'puzzle' as const });

/** The order of the sections' difficulty through the book; a workbook's: its chapters, by technique. */
export type Order = 'rising' | 'falling' | 'mixed' | 'chapters';

export interface SectionFacts {
  title: string;
  count: number;
  /** Stars of the section's easiest and hardest puzzle, and of its middle one. */
  from: number;
  to: number;
  middle: number;
}

export interface BookFacts {
  count: number;
  sections: SectionFacts[];
  order: Order;
  answers: 'end' | 'section';
  howToPlay: boolean;
  /** The puzzle labels show a difficulty ({word}, or {stars} with stars on). */
  rated: boolean;
  difficulty: DifficultyConfig;
  /** The kinds and sizes of the book's grids, each once (bookKinds); empty: all 9x9 classic. */
  kinds: SectionKind[];
  digits: DigitStyle;
}

/** What bookFacts reads of a job (JobConfig has these fields). */
export interface FactsJob {
  sections: readonly { title: string; kind?: SectionKind }[];
  /** How digits beyond 9 print (12x12 and 16x16 grids). */
  digits?: DigitStyle;
  answers: 'end' | 'section';
  front: { howToPlay: boolean };
  labels?: { puzzle: string | null; answer: string | null };
  difficulty?: DifficultyConfig;
  /** A technique workbook: its sections are chapters in the order of their techniques. */
  workbook?: unknown;
}

function middle(sorted: readonly number[]): number {
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

/**
 * The order of the sections by their middle puzzle's rating: rising when no section's is
 * below the one before (one section is rising: each section is ordered by rating), falling
 * when none is above and one is below, mixed otherwise.
 */
export function sectionOrder(middles: readonly number[]): Order {
  let up = true;
  let down = true;
  for (let i = 1; i < middles.length; i++) {
    if (middles[i] < middles[i - 1]) up = false;
    if (middles[i] > middles[i - 1]) down = false;
  }
  return up ? 'rising' : down ? 'falling' : 'mixed';
}

/** The facts of a book: its sections' counts and difficulty, their order, where the solutions are. */
export function bookFacts(job: FactsJob, puzzles: readonly { section: number; rating: number | null }[]): BookFacts {
  const sections: SectionFacts[] = [];
  const middles: number[] = [];
  job.sections.forEach((s, si) => {
    const ratings = puzzles
      .filter((p) => p.section === si)
      .map((p) => ratingKey(p.rating))
      .sort((a, b) => a - b);
    const star = (r: number) => difficultyBand(Number.isFinite(r) ? r : null).stars;
    if (ratings.length) middles.push(middle(ratings));
    sections.push({ title: s.title, count: ratings.length, from: ratings.length ? star(ratings[0]) : 0, to: ratings.length ? star(ratings.at(-1)!) : 0, middle: ratings.length ? star(middle(ratings)) : 0 });
  });
  // A label left to the catalogue is its default, which shows the stars.
  const labels = job.labels ? [job.labels.puzzle ?? EN['labels.puzzle'], job.labels.answer ?? EN['labels.answer']] : [];
  const d = job.difficulty ?? DIFFICULTY_DEFAULTS;
  return {
    count: puzzles.length,
    sections,
    order: job.workbook ? 'chapters' : sectionOrder(middles),
    answers: job.answers,
    howToPlay: job.front.howToPlay,
    rated: labels.some((l) => l.includes('{word}') || (d.stars && l.includes('{stars}'))),
    difficulty: d,
    kinds: bookKinds(job.sections),
    digits: job.digits ?? 'letters',
  };
}

/** The word of a band (1-5 stars): the job's own, else the catalogue's. */
export function scaleWord(stars: number, s: Strings, d: DifficultyConfig = DIFFICULTY_DEFAULTS): string {
  const english = DIFFICULTY_BANDS.find((b) => b.stars === stars)?.word ?? '';
  return d.words[english] ?? s[`scale.word.${stars}` as StringKey];
}

/** "★★★", or nothing when the job switched stars off. */
export function starText(stars: number, d: DifficultyConfig = DIFFICULTY_DEFAULTS): string {
  return d.stars ? '★'.repeat(stars) : '';
}

/** The paragraphs of the how-to-play page. */
export function rules(f: BookFacts, s: Strings): string[] {
  const rest = [s[`rules.order.${f.order}`], s[`rules.answers.${f.answers}`], s['rules.pencil']].join(' ');
  // A book of other kinds or sizes: the rules of each kind and size it holds.
  if (f.kinds.length) return [...kindRules(f.kinds, s, f.digits), kindClues(f.kinds, s), rest];
  return [s['rules.goal'], s['rules.clues'], rest];
}

/** The items of the difficulty key ("★★ easy"), one per band. */
export function scaleKey(s: Strings, d: DifficultyConfig = DIFFICULTY_DEFAULTS): string[] {
  return DIFFICULTY_BANDS.map((b) => fill(s['scale.key'], { stars: starText(b.stars, d), word: scaleWord(b.stars, s, d) }).trim());
}

export interface ScaleNote {
  intro: string;
  /** `lead`: the word as it leads its explanation ("gentle: "), punctuated as the language does. */
  rows: { stars: string; word: string; lead: string; needs: string }[];
  /** "The sections of this book:" and one line per section with its range ("Easy: ★ to ★★"). */
  sectionsTitle: string;
  sections: string[];
}

/** A band range: "★★" or "★ to ★★★" (words when stars are off). */
function rangeText(from: number, to: number, s: Strings, d: DifficultyConfig): string {
  const one = (n: number) => (d.stars ? starText(n, d) : scaleWord(n, s, d));
  return from === to ? one(from) : fill(s['scale.range'], { from: one(from), to: one(to) });
}

/**
 * A section's difficulty for its opener: its range ("★ to ★★", words when stars are off), or,
 * when difficulty goes by section, its one level ("★★ easy"). Empty for a section without puzzles.
 */
export function sectionLevel(x: SectionFacts, s: Strings, d: DifficultyConfig): string {
  if (x.count === 0) return '';
  if (d.by === 'section') return fill(s['scale.key'], { stars: starText(x.middle, d), word: scaleWord(x.middle, s, d) }).trim();
  return rangeText(x.from, x.to, s, d);
}

/** The difficulty note of the front matter: the five bands, what each needs, and where the sections lie. */
export function scaleNote(f: BookFacts, s: Strings): ScaleNote {
  const d = f.difficulty;
  const shown = f.sections.filter((x) => x.count > 0);
  return {
    // A book of other kinds or sizes is rated on the same technique weights, SE-like.
    intro: f.kinds.length ? (d.stars ? s['scale.introKinds'] : s['scale.introWordsKinds']) : d.stars ? s['scale.intro'] : s['scale.introWords'],
    rows: DIFFICULTY_BANDS.map((b) => {
      const word = scaleWord(b.stars, s, d);
      return { stars: starText(b.stars, d), word, lead: fill(s['punct.lead'], { term: word }), needs: s[`scale.needs.${b.stars}` as StringKey] };
    }),
    sectionsTitle: shown.length > 1 ? s['scale.sections'] : '',
    sections: shown.length > 1 ? shown.map((x) => fill(s['scale.section'], { section: x.title, range: sectionLevel(x, s, d) })) : [],
  };
}

/** The back-cover text: what the book holds, in paragraphs separated by blank lines. */
export function blurb(f: BookFacts, s: Strings = catalogue('en'), locale: Locale = 'en'): string {
  const list = new Intl.ListFormat(locale, { type: 'conjunction' });
  const count = plural(s, locale, 'blurb.count', f.count);
  const shown = f.sections.filter((x) => x.count > 0);
  const parts = list.format(shown.map((x) => fill(s['blurb.sectionCount'], { n: x.count, section: x.title })));
  const first = [plural(s, locale, 'blurb.sections', shown.length, { count, list: parts })];
  if (shown.length > 1) first.push(s[`blurb.order.${f.order}`]);
  const second = [s['blurb.unique']];
  if (f.howToPlay) second.push(s['blurb.howToPlay']);
  if (f.rated && shown.length) {
    const lo = Math.min(...shown.map((x) => x.from));
    const hi = Math.max(...shown.map((x) => x.to));
    const word = (n: number) => scaleWord(n, s, f.difficulty);
    if (lo !== hi) second.push(fill(s['blurb.difficulty'], { from: word(lo), to: word(hi) }));
  }
  second.push(s[`blurb.answers.${f.answers}`]);
  return `${first.join(' ')}\n\n${second.join(' ')}`;
}
