/**
 * The job file: what book to make. Loaded from YAML, checked all at once (every problem with
 * file, line, column and key path), defaults filled in from one place (DEFAULTS below).
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { isMap, isScalar, isSeq, type Node } from 'yaml';
import { quoted, UserError } from '../core/errors.js';
import { readCapped } from '../core/files.js';
import { decodeUtf8 } from '../core/utf8.js';
import { SYMMETRIES, type Symmetry } from '../core/symmetry.js';
import { DIG_NAMES, type DigName } from '../generator/dig.js';
import { FILL_NAMES, type FillName } from '../generator/fill.js';
import { BEYOND, DEFAULT_LEVELS, levelRatingCeiling, levelRatingFloor, type Level } from '../grader/levels.js';
import { MOST_CLUES } from '../generator/bucket.js';
import { needsProblem, type Needs } from '../generator/needs.js';
import { TECHNIQUE_NAMES } from '../grader/registry.js';
import { fitProblems } from '../typeset/fit.js';
import { describeCharacter } from '../typeset/font-coverage.js';
import { openFont } from '../typeset/fonts.js';
import { pageFit } from '../typeset/render-pdf.js';
import { DIFFICULTY_BANDS } from '../grader/bands.js';
import { DIFFICULTY_DEFAULTS, type DifficultyConfig } from '../typeset/book-text.js';
import { LABEL_FIELDS, type BookMatter } from '../typeset/layout.js';
import { fontFile, loadTemplate, templateNames, type Template } from '../typeset/templates.js';
import { defaultCover, readCover, type CoverConfig } from './cover-config.js';
import { fallingChapter, techniqueRating, type WorkbookConfig } from '../typeset/workbook.js';
export type { CoverConfig };
import { Checker, closest, describe } from './yaml-check.js';
import { bookTexts, catalogueTexts, checkFontCoverage, COVER_FONTS, coverTexts, readLanguage } from './job-locale.js';
import { fill, formatDate, type Locale, type Strings } from '../typeset/i18n/index.js';
import { MAX_WORKERS } from '../workers/limits.js';
import { WORKBOOK_LOCALES } from '../typeset/technique-text.js';
import type { DigitStyle } from '../typeset/kind-grid.js';
import { KIND_KEYS, kindName, readDigits, readSectionKind, sectionKindBuckets, type SectionKind } from './section-kind.js';

export interface Range {
  min: number;
  max: number;
}

export interface SectionConfig {
  title: string;
  bucket: string;
  count: number;
  /** Allowed ratings (inclusive); any when absent. */
  rating: Range | null;
  /** Allowed clue counts (inclusive), on top of generator.clues; any when absent. */
  clues: Range | null;
  /** Puzzles whose graded path uses this technique (as the hardest step when asked); null: any. */
  needs: Needs | null;
  /** Puzzles of another kind or size (section-kind.ts); absent: 9x9 classic. */
  kind?: SectionKind;
}

export interface JobConfig {
  /** Where the job came from (for messages). */
  file: string;
  name: string;
  title: string;
  subtitle: string;
  author: string;
  seed: string;
  /** YYYY-MM-DD: the PDF's creation date, fixed so the same job gives the same bytes. */
  date: string;
  output: string;
  generator: { fill: FillName; dig: DigName; symmetry: Symmetry; clues: Range | null };
  levels: Level[];
  sections: SectionConfig[];
  template: string;
  layout: Template;
  answers: 'end' | 'section';
  /** Worker threads; null: one per core. */
  workers: number | null;
  /** Front matter pages (see BookMatter in typeset/layout.ts). */
  front: Required<BookMatter['front']>;
  /** Section and answers opener pages on right-hand pages; false: none (a weekly supplement). */
  openers: boolean;
  /** The page count is made a multiple of this. */
  signature: number;
  /** Label templates: {number}, {section}, {word}, {stars}, {rating}, {answerPage}, {puzzlePage}; null: the catalogue's. */
  labels: BookMatter['labels'];
  /** How difficulty is shown: stars on or off, the job's own words, per puzzle or per section. */
  difficulty: DifficultyConfig;
  /** Ruled "Notes" pages instead of the blank pages at the end. */
  notes: boolean;
  /** cover.pdf beside book.pdf; null: none. */
  cover: CoverConfig | null;
  /** Puzzle bank to draw from and record in; null: none. */
  bank: string | null;
  /** Most candidates to make for each bucket (all its sections together) before giving up. */
  budget: Record<string, number>;
  /** The language every printed word and date is in. */
  locale: Locale;
  /** Every printed word: the language's catalogue with the job's `strings` on top. */
  strings: Strings;
  /** A Hints part: a one-line hint for each puzzle harder than medium, referred to from its label. */
  hints: boolean;
  /** Puzzles (numbers as printed) whose every step the Walkthroughs part shows. */
  walkthrough: number[];
  /** A technique workbook: every section a chapter on the technique it needs; null: an ordinary book. */
  workbook: WorkbookConfig | null;
  /** How digits beyond 9 print in grids of 12x12 and 16x16: letters A-G, or numbers 10-16. */
  digits: DigitStyle;
}

/** Defaults for every optional field, in one place. */
export const DEFAULTS = {
  subtitle: '',
  author: '',
  date: '2026-01-01',
  generator: { fill: 'diagonal' as FillName, dig: 'remove' as DigName, symmetry: 'rotational' as Symmetry },
  template: 'letter-4up',
  answers: 'end' as const,
  budget: 20_000,
  /** Front matter: every page on; the copyright text defaults to "© <year> <author or title>. All rights reserved." */
  front: { titlePage: true, howToPlay: true, contents: true, difficulty: true },
  openers: true,
  signature: 2,
  /** null: the catalogue's labels, with page references ("Puzzle 12 · solution p. 54"); no decimal rating. */
  labels: { puzzle: null as string | null, answer: null as string | null },
  notes: false,
  hints: false,
  walkthrough: [] as number[],
  digits: 'letters' as DigitStyle,
};

export const SIGNATURES = [2, 4, 8, 16, 32];

const TOP_KEYS = ['name', 'title', 'subtitle', 'author', 'seed', 'date', 'output', 'bank', 'generator', 'grader', 'sections', 'layout', 'answers', 'workers', 'budget', 'front', 'openers', 'signature', 'labels', 'cover', 'difficulty', 'notes', 'locale', 'strings', 'hints', 'walkthrough', 'workbook', 'digits'];
const LAYOUT_KEYS = ['template', 'pageSize', 'margins', 'puzzlesPerPage', 'answersPerPage', 'fonts', 'fontSizes', 'lines', 'kdp'];

export function positiveInt(c: Checker, node: Node | null | undefined, path: string): number | null {
  const v = c.scalar(node);
  if (typeof v === 'number' && Number.isInteger(v) && v > 0) return v;
  c.report(node, path, `expected a positive integer, got ${describe(node)}`);
  return null;
}

/** A positive integer no larger than `max`; `why` says why there is a limit. */
export function boundedInt(c: Checker, node: Node | null | undefined, path: string, max: number, why: string): number | null {
  const n = positiveInt(c, node, path);
  if (n !== null && n > max) {
    c.report(node, path, `at most ${max.toLocaleString('en-US')} (${why}), got ${n.toLocaleString('en-US')}`);
    return null;
  }
  return n;
}

/** Most puzzles in one book: at 6 a page, some 1,700 pages, twice KDP's page limit. */
export const MAX_BOOK_PUZZLES = 10_000;

/** A worker count (job key `workers`): a positive integer no larger than MAX_WORKERS. */
export function workerCount(c: Checker, node: Node | null | undefined, path: string): number | null {
  const n = positiveInt(c, node, path);
  if (n !== null && n > MAX_WORKERS) {
    c.report(node, path, `at most ${MAX_WORKERS} workers (more only use up memory; one per core is the default), got ${n}`);
    return null;
  }
  return n;
}

export function positiveNumber(c: Checker, node: Node | null | undefined, path: string): number | null {
  const v = c.scalar(node);
  if (typeof v === 'number' && Number.isFinite(v) && v > 0) return v;
  c.report(node, path, `expected a positive number, got ${describe(node)}`);
  return null;
}

export function text(c: Checker, node: Node | null | undefined, path: string, allowNumber = false): string | null {
  const v = c.scalar(node);
  if (typeof v === 'string' && v.trim() !== '') {
    const bad = controlCharacter(v);
    if (bad === null) return v;
    c.report(node, path, `control character ${bad} is not allowed in text (only line breaks are), got ${quoted(v, 60)}`);
    return null;
  }
  if (allowNumber && typeof v === 'number') return String(v);
  c.report(node, path, `expected ${allowNumber ? 'text or a number' : 'text'}, got ${describe(node)}`);
  return null;
}

/** The first control character of a text other than a line break, as "U+001B", or null. */
export function controlCharacter(v: string): string | null {
  const m = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/.exec(v);
  return m ? describeCharacter(m[0]) : null;
}

export function oneOf<T extends string>(c: Checker, node: Node | null | undefined, path: string, choices: readonly T[], what: string): T | null {
  const v = c.scalar(node);
  if (typeof v === 'string' && (choices as readonly string[]).includes(v)) return v as T;
  const near = typeof v === 'string' ? closest(v, choices) : null;
  c.report(node, path, `expected a ${what} (${choices.join(', ')}), got ${describe(node)}${near ? `; did you mean "${near}"?` : ''}`);
  return null;
}

export function range(c: Checker, node: Node | null | undefined, path: string): Range | null {
  const m = c.mapping(node, path, ['min', 'max']);
  const num = (k: string) => {
    const n = m.get(k);
    if (n === undefined) return undefined;
    const v = c.scalar(n);
    if (typeof v === 'number' && Number.isFinite(v) && v >= 0) return v;
    c.report(n, `${path}.${k}`, `expected a number${typeof v === 'number' && v < 0 ? ' of 0 or more' : ''}, got ${describe(n)}`);
    return null;
  };
  const min = num('min');
  const max = num('max');
  if (min === null || max === null) return null;
  const r = { min: min ?? 0, max: max ?? Infinity };
  if (r.min > r.max) c.report(node, path, `min ${r.min} is above max ${r.max}`);
  return r;
}

/** SE's rating scale: every rated puzzle lies in this band (ER 1.0 to 11.9). */
export const RATING_SCALE = { min: 1.0, max: 12 } as const;
/** No proper puzzle has fewer clues (McGuire et al., 2012). */
export const FEWEST_CLUES = 17;
/** No minimal puzzle with more clues is known; the generator digs minimal puzzles and gives clues back up to this many (MOST_CLUES). */
export const MOST_MINIMAL_CLUES = MOST_CLUES;

/**
 * Clue counts of a section that gives none, by bucket: commercial easy puzzles give 32-38
 * clues and medium ones 28-32. Other buckets keep their puzzles as dug (minimal within the
 * bucket: about 26-30 clues for hard, 24-28 for expert). Not applied where generator.clues leaves
 * no room for them.
 */
export const DEFAULT_CLUES: Readonly<Record<string, Range>> = Object.freeze({ easy: { min: 32, max: 38 }, medium: { min: 28, max: 32 } });

/** A section's clue range when the job gives none: the bucket's default where generator.clues allows it. */
export function defaultClues(bucket: string, generator: Range | null): Range | null {
  const d = DEFAULT_CLUES[bucket];
  if (!d || (generator && (d.max < generator.min || d.min > generator.max))) return null;
  return { ...d };
}

/**
 * The lowest rating no candidate made from a random grid reaches: the hardest puzzles known
 * rate up to about 11.9 and were found by dedicated searches, and a band from here up is
 * known to fail at load, rather than after its budget is spent.
 */
export const UNREACHABLE_RATING = 11.5;

/** A rating band: a range on SE's scale (RATING_SCALE) that made puzzles can reach. */
export function ratingRange(c: Checker, node: Node | null | undefined, path: string): Range | null {
  const r = range(c, node, path);
  if (!r) return r;
  if (r.min >= UNREACHABLE_RATING && r.min <= RATING_SCALE.max) {
    c.report(node, `${path}.min`, `${r.min} is out of reach: no puzzle made from a random grid rates ${UNREACHABLE_RATING} or more (the hardest known rate about 11.9 and were found by dedicated searches); lower the minimum`);
    return null;
  }
  for (const k of ['min', 'max'] as const) {
    const v = r[k];
    if (v !== (k === 'min' ? 0 : Infinity) && (v < RATING_SCALE.min || v > RATING_SCALE.max)) {
      c.report(node, `${path}.${k}`, `${v} is off the rating scale (ratings run from ${RATING_SCALE.min.toFixed(1)} to ${RATING_SCALE.max}); no puzzle can be found`);
      return null;
    }
  }
  return r;
}

/**
 * A bucket and rating band that no puzzle can meet together: the bucket's techniques never
 * rate as high as the band's minimum (levels.ts, levelRatingCeiling). Reported at the band.
 */
export function checkBandReachable(c: Checker, node: Node | null | undefined, path: string, levels: readonly Level[], bucket: string, rating: Range | null): void {
  const level = levels.find((l) => l.bucket === bucket);
  const ceiling = level ? levelRatingCeiling(level) : null;
  if (rating && ceiling !== null && rating.min > ceiling) {
    c.report(node, `${path}.min`, `${rating.min} is above the rating of any ${bucket} puzzle (its techniques rate at most ${ceiling.toFixed(1)}); no puzzle can be found: lower the minimum or choose a harder bucket`);
  }
}

/** A clue-count range that minimal puzzles can reach (FEWEST_CLUES to MOST_MINIMAL_CLUES). */
export function clueRange(c: Checker, node: Node | null | undefined, path: string): Range | null {
  const r = range(c, node, path);
  if (!r) return r;
  if (r.max < FEWEST_CLUES) c.report(node, `${path}.max`, `${r.max} clues is too few: no puzzle with one solution has fewer than ${FEWEST_CLUES}`);
  else if (r.min > MOST_MINIMAL_CLUES) c.report(node, `${path}.min`, `${r.min} clues is too many: puzzles are dug to minimal and given clues back up to ${MOST_MINIMAL_CLUES} at most`);
  else return r;
  return null;
}

/** A calendar date YYYY-MM-DD that exists (no 2026-02-31), years 0001 to 9999. */
export function isCalendarDate(s: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s) || s.startsWith('0000')) return false;
  const t = Date.parse(`${s}T00:00:00Z`);
  return !Number.isNaN(t) && new Date(t).toISOString().slice(0, 10) === s;
}

/** A job's date value (YYYY-MM-DD, a day that exists), or null after reporting it. */
export function calendarDate(c: Checker, node: Node | null | undefined, path: string): string | null {
  const v = c.scalar(node);
  const s = v instanceof Date ? v.toISOString().slice(0, 10) : typeof v === 'string' ? v : '';
  if (isCalendarDate(s)) return s;
  c.report(node, path, `expected a date that exists, like 2026-01-31 (years 0001 to 9999), got ${describe(node)}`);
  return null;
}

/**
 * A section's `needs`: a technique's name as the grader prints it (`needs: x-wing`), or
 * `{ technique: x-wing, hardest: true }` for puzzles whose hardest step it is. Unknown names
 * and techniques no graded path can use are reported.
 */
export function readNeeds(c: Checker, node: Node | null | undefined, path: string): Needs | null {
  let technique: string | null;
  let hardest = false;
  let at = path;
  let named = node;
  if (isMap(node)) {
    const m = c.mapping(node, path, ['technique', 'hardest']);
    named = required(c, m, node, path, 'technique');
    technique = named !== undefined ? text(c, named, `${path}.technique`) : null;
    at = `${path}.technique`;
    if (m.has('hardest')) hardest = flag(c, m.get('hardest'), `${path}.hardest`) ?? false;
  } else technique = text(c, node, path);
  if (technique === null) return null;
  const needs = { technique, hardest };
  const problem = needsProblem(needs);
  if (problem) {
    const near = problem.startsWith('unknown') ? closest(technique, TECHNIQUE_NAMES) : null;
    c.report(named, at, `${problem}${near ? `; did you mean "${near}"?` : ''}`);
    return null;
  }
  return needs;
}

export function flag(c: Checker, node: Node | null | undefined, path: string): boolean | null {
  const v = c.scalar(node);
  if (typeof v === 'boolean') return v;
  c.report(node, path, `expected true or false, got ${describe(node)}`);
  return null;
}

/** A label template: text whose {placeholders} are all known. */
export function labelTemplate(c: Checker, node: Node | null | undefined, path: string): string | null {
  const v = text(c, node, path);
  if (v === null) return null;
  for (const [, k] of v.matchAll(/\{(\w*)\}/g)) {
    if ((LABEL_FIELDS as readonly string[]).includes(k)) continue;
    const near = closest(k, LABEL_FIELDS);
    c.report(node, path, `unknown placeholder {${k}} (known: ${LABEL_FIELDS.map((f) => `{${f}}`).join(', ')})${near ? `; did you mean {${near}}?` : ''}`);
    return null;
  }
  return v;
}

/** The book's front matter, openers, signature, labels and cover (all optional). */
/** The `difficulty` key: `{ stars: true, words: { fiendish: devilish }, by: puzzle | section }` (all optional). */
export function readDifficulty(c: Checker, top: Map<string, Node | null>): DifficultyConfig {
  if (!top.has('difficulty')) return DIFFICULTY_DEFAULTS;
  const m = c.mapping(top.get('difficulty'), 'difficulty', ['stars', 'words', 'by']);
  const d: DifficultyConfig = { ...DIFFICULTY_DEFAULTS, words: {} };
  if (m.has('stars')) d.stars = flag(c, m.get('stars'), 'difficulty.stars') ?? d.stars;
  if (m.has('by')) d.by = oneOf(c, m.get('by'), 'difficulty.by', ['puzzle', 'section'] as const, 'difficulty source') ?? d.by;
  if (m.has('words')) {
    const words: Record<string, string> = {};
    for (const [k, n] of c.mapping(m.get('words'), 'difficulty.words', DIFFICULTY_BANDS.map((b) => b.word))) {
      const v = text(c, n, `difficulty.words.${k}`);
      if (v !== null) words[k] = v.trim();
    }
    d.words = words;
  }
  return d;
}

export function readBookMatter(
  c: Checker,
  top: Map<string, Node | null>,
  fallback: { year: string; owner: string; template: Template; templateName?: string; baseDir?: string },
): Pick<JobConfig, 'front' | 'openers' | 'signature' | 'labels' | 'cover' | 'difficulty' | 'notes'> {
  const front: Required<BookMatter['front']> = { ...DEFAULTS.front, copyright: `© ${fallback.year} ${fallback.owner}. All rights reserved.`, introduction: null };
  if (top.has('front')) {
    const m = c.mapping(top.get('front'), 'front', ['titlePage', 'copyright', 'howToPlay', 'contents', 'introduction', 'difficulty']);
    for (const k of ['titlePage', 'howToPlay', 'contents', 'difficulty'] as const) if (m.has(k)) front[k] = flag(c, m.get(k), `front.${k}`) ?? front[k];
    for (const k of ['copyright', 'introduction'] as const) {
      if (!m.has(k)) continue;
      const v = c.scalar(m.get(k));
      if (v === false) front[k] = null;
      else front[k] = text(c, m.get(k), `front.${k}`) ?? front[k];
    }
  }
  const openers = top.has('openers') ? (flag(c, top.get('openers'), 'openers') ?? DEFAULTS.openers) : DEFAULTS.openers;
  let signature = DEFAULTS.signature;
  if (top.has('signature')) {
    const n = top.get('signature');
    const v = c.scalar(n);
    if (typeof v === 'number' && SIGNATURES.includes(v)) signature = v;
    else c.report(n, 'signature', `expected a page multiple (${SIGNATURES.join(', ')}), got ${describe(n)}`);
  }
  const labels: BookMatter['labels'] = { ...DEFAULTS.labels };
  if (top.has('labels')) {
    const m = c.mapping(top.get('labels'), 'labels', ['puzzle', 'answer']);
    for (const k of ['puzzle', 'answer'] as const) if (m.has(k)) labels[k] = labelTemplate(c, m.get(k), `labels.${k}`) ?? labels[k];
  }
  // A cover is made for KDP templates only, unless the job says otherwise.
  const at = { template: fallback.templateName ?? '', trim: fallback.template.pageSize ?? [0, 0], baseDir: fallback.baseDir ?? '.' };
  const cover = top.has('cover') ? readCover(c, top.get('cover'), at) : fallback.template.kdp ? defaultCover(at.template) : null;
  const notes = top.has('notes') ? (flag(c, top.get('notes'), 'notes') ?? DEFAULTS.notes) : DEFAULTS.notes;
  return { front, openers, signature, labels, cover, difficulty: readDifficulty(c, top), notes };
}

export function required(c: Checker, m: Map<string, Node | null>, parent: Node | null | undefined, path: string, key: string): Node | null | undefined {
  if (!m.has(key)) {
    c.report(parent, path || '(top level)', `missing key "${key}"`);
    return undefined;
  }
  return m.get(key);
}

/** The keys every job has: `name` (it names the output folder), `title` and `seed`. */
export function readIdentity(c: Checker, top: Map<string, Node | null>, root: Node | null): { name: string | null; title: string | null; seed: string | null } {
  const nameNode = required(c, top, root, '', 'name');
  let name = nameNode !== undefined ? text(c, nameNode, 'name') : null;
  if (name && !/^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(name)) {
    c.report(nameNode, 'name', `expected letters, digits, '.', '_' or '-' (it names the output folder), got ${JSON.stringify(name)}`);
    name = null;
  }
  const titleNode = required(c, top, root, '', 'title');
  const title = titleNode !== undefined ? text(c, titleNode, 'title') : null;
  const seedNode = required(c, top, root, '', 'seed');
  const seed = seedNode !== undefined ? text(c, seedNode, 'seed', true) : null;
  return { name, title, seed };
}

/** Longest title the title page is asked to fit (a longer one is refused without setting it). */
const MOST_TITLE_CHARACTERS = 400;

function titlePageFits(layout: Template, fontDir: string, title: string, subtitle: string, author: string): boolean {
  if ([...title, ...subtitle, ...author].length > MOST_TITLE_CHARACTERS) return false;
  return pageFit(layout, fontDir)({ kind: 'title', number: 1, title, subtitle, author });
}

/** The `generator` part of a job: fill, dig, symmetry, clue-count range. */
export function readGenerator(c: Checker, top: Map<string, Node | null>): JobConfig['generator'] {
  const generator = { ...DEFAULTS.generator, clues: null as Range | null };
  if (top.has('generator')) {
    const node = top.get('generator');
    const g = c.mapping(node, 'generator', ['fill', 'dig', 'symmetry', 'clues']);
    if (g.has('fill')) generator.fill = oneOf(c, g.get('fill'), 'generator.fill', FILL_NAMES, 'fill strategy') ?? generator.fill;
    if (g.has('dig')) generator.dig = oneOf(c, g.get('dig'), 'generator.dig', DIG_NAMES, 'dig strategy') ?? generator.dig;
    if (g.has('symmetry')) generator.symmetry = oneOf(c, g.get('symmetry'), 'generator.symmetry', SYMMETRIES, 'symmetry') ?? generator.symmetry;
    if (g.has('clues')) generator.clues = clueRange(c, g.get('clues'), 'generator.clues');
  }

  return generator;
}

/** The `grader.levels` part of a job: the bucket table (default DEFAULT_LEVELS). */
export function readLevels(c: Checker, top: Map<string, Node | null>): Level[] {
  let levels: Level[] = DEFAULT_LEVELS.map((l) => ({ ...l }));
  if (top.has('grader')) {
    const gr = c.mapping(top.get('grader'), 'grader', ['levels']);
    if (gr.has('levels')) {
      const node = gr.get('levels');
      if (!isMap(node)) c.report(node, 'grader.levels', `expected a mapping of bucket names to technique lists, got ${describe(node)}`);
      else {
        levels = [];
        for (const pair of node.items) {
          const bucket = String(c.scalar(pair.key as Node));
          const path = `grader.levels.${bucket}`;
          if (bucket === BEYOND || bucket === 'invalid') c.report(pair.key as Node, path, `"${bucket}" is reserved; name the buckets you define`);
          const techniques: string[] = [];
          const value = pair.value as Node | null;
          if (isScalar(value) && value.value === 'all') techniques.push(...TECHNIQUE_NAMES);
          else {
            for (const [i, t] of c.sequence(value, path).entries()) {
              const name = oneOf(c, t, `${path}[${i}]`, TECHNIQUE_NAMES, 'technique');
              if (name) techniques.push(name);
            }
          }
          levels.push({ bucket, techniques });
        }
      }
    }
  }
  return levels;
}

/**
 * The `layout` part of a job: a template and its overrides. The result is checked to fit
 * (typeset/fit.ts) for a book or a daily page, and its fonts are opened and parsed.
 */
export function readLayout(c: Checker, top: Map<string, Node | null>, defaultTemplate: string, baseDir: string, kind: 'book' | 'daily' = 'book'): { template: string; layout: Template } {
  let template = defaultTemplate;
  let layout: Template | null = null;
  const fontNodes = new Map<string, Node | null>();
  const problemsBefore = c.problems.length;
  {
    const node = top.get('layout');
    const l = top.has('layout') ? c.mapping(node, 'layout', LAYOUT_KEYS) : new Map<string, Node | null>();
    if (l.has('template')) template = oneOf(c, l.get('template'), 'layout.template', templateNames(), 'template') ?? template;
    try {
      layout = structuredClone(loadTemplate(template));
    } catch {
      layout = null;
    }
    if (layout) {
      if (l.has('pageSize')) {
        const n = l.get('pageSize');
        const items = c.sequence(n, 'layout.pageSize');
        const nums = items.map((x, i) => positiveNumber(c, x, `layout.pageSize[${i}]`));
        if (items.length === 2 && nums.every((x) => x !== null)) layout.pageSize = nums as [number, number];
        else if (items.length !== 2 && items.length) c.report(n, 'layout.pageSize', `expected [width, height] in points, got ${items.length} numbers`);
      }
      if (l.has('margins')) {
        const m = c.mapping(l.get('margins'), 'layout.margins', ['top', 'bottom', 'inner', 'outer']);
        for (const [k, n] of m) layout.margins[k as keyof Template['margins']] = positiveNumber(c, n, `layout.margins.${k}`) ?? layout.margins[k as keyof Template['margins']];
      }
      for (const key of ['puzzlesPerPage', 'answersPerPage'] as const) {
        if (!l.has(key)) continue;
        const m = c.mapping(l.get(key), `layout.${key}`, ['columns', 'rows']);
        for (const [k, n] of m) layout[key][k as 'columns' | 'rows'] = positiveInt(c, n, `layout.${key}.${k}`) ?? layout[key][k as 'columns' | 'rows'];
      }
      if (l.has('fonts')) {
        const m = c.mapping(l.get('fonts'), 'layout.fonts', ['regular', 'bold']);
        for (const [k, n] of m) {
          const font = text(c, n, `layout.fonts.${k}`);
          if (!font) continue;
          const path = fontFile(font, baseDir);
          if (!existsSync(path)) c.report(n, `layout.fonts.${k}`, `no font file ${path} (give a .ttf/.otf path relative to the job file, or a DejaVu name such as "DejaVuSerif")`);
          else {
            layout.fonts[k as 'regular' | 'bold'] = path;
            fontNodes.set(k, n);
          }
        }
      }
      if (l.has('fontSizes')) {
        const m = c.mapping(l.get('fontSizes'), 'layout.fontSizes', ['title', 'heading', 'label', 'header', 'body']);
        for (const [k, n] of m) {
          const v = positiveNumber(c, n, `layout.fontSizes.${k}`);
          if (v !== null) layout.fontSizes[k as keyof Template['fontSizes']] = v;
        }
      }
      if (l.has('lines')) {
        const m = c.mapping(l.get('lines'), 'layout.lines', ['cell', 'box', 'border']);
        for (const [k, n] of m) layout.lines[k as keyof Template['lines']] = positiveNumber(c, n, `layout.lines.${k}`) ?? layout.lines[k as keyof Template['lines']];
      }
      if (l.has('kdp')) layout.kdp = flag(c, l.get('kdp'), 'layout.kdp') ?? layout.kdp;
      // Fonts are opened now, so a file that is not a font fails here rather than after the work.
      for (const k of ['regular', 'bold'] as const) {
        try {
          openFont(fontFile(layout.fonts[k], baseDir));
        } catch (err) {
          c.report(fontNodes.get(k) ?? node, `layout.fonts.${k}`, `${fontFile(layout.fonts[k], baseDir)} ${(err as Error).message}`);
        }
      }
      // Only a layout whose every value was read can be measured.
      if (c.problems.length === problemsBefore) {
        for (const p of fitProblems(layout, kind)) {
          const key = p.path.split('.')[1];
          const at = (key !== undefined ? (l.get(key) ?? (key === 'margins' ? l.get('pageSize') : undefined)) : undefined) ?? node;
          c.report(at, p.path, p.message);
        }
      }
    }
  }

  return { template, layout: layout! };
}

/**
 * The ratings a section's puzzles can have: its rating band, narrowed to its bucket's floor
 * and ceiling (levels.ts); a section of beyond puzzles lies above every rating.
 */
export function sectionBand(section: Pick<SectionConfig, 'bucket' | 'rating'>, levels: readonly Level[]): Range {
  const index = levels.findIndex((l) => l.bucket === section.bucket);
  if (index < 0) return { min: Infinity, max: Infinity };
  return {
    min: Math.max(levelRatingFloor(levels, index), section.rating?.min ?? 0),
    max: Math.min(levelRatingCeiling(levels[index]) ?? Infinity, section.rating?.max ?? Infinity),
  };
}

/**
 * A book ramps when each section starts at or above where the one before ends. A section
 * whose band (sectionBand) starts below the end of the one before is told as a warning
 * naming both; the book is still made.
 */
export function rampWarnings(job: Pick<JobConfig, 'file' | 'sections' | 'levels'>): string[] {
  const er = (r: number) => (r === Infinity ? 'unrated' : `ER ${r.toFixed(1)}`);
  const out: string[] = [];
  job.sections.forEach((s, i) => {
    if (i === 0) return;
    const before = job.sections[i - 1];
    // Kinds rate on their own scales, in their own buckets: no ramp across them.
    if (s.kind || before.kind) return;
    const a = sectionBand(before, job.levels);
    const b = sectionBand(s, job.levels);
    if (b.min < a.max - 1e-9) {
      out.push(
        `${job.file}: sections[${i}] ("${s.title}", ${s.bucket} from ${er(b.min)}) may start below where sections[${i - 1}] ("${before.title}", ` +
          `${before.bucket} up to ${a.max === Infinity ? 'any rating' : er(a.max)}) ends; give the sections rating bands that rise (rating: { min, max })`,
      );
    }
  });
  return out;
}

/** The largest job file read: jobs are a few KB of YAML; a larger file is not one (a puzzle list, a device). */
export const MAX_JOB_BYTES = 1 << 20;

/** The bytes of a job file, refused above MAX_JOB_BYTES before they are read. */
export function readJobBytes(file: string): Buffer {
  return readCapped(file, MAX_JOB_BYTES, 'job file', 'a job is a few KB of YAML');
}

/** Open a job file and check its YAML syntax and top-level keys. */
export function openJob(file: string, keys: readonly string[]): { c: Checker; root: Node | null; top: Map<string, Node | null> } {
  const c = new Checker(file, decodeUtf8(file, readJobBytes(file)));
  if (c.problems.length) throw new UserError(c.problems.join('\n'));
  const root = c.doc.contents as Node | null;
  return { c, root, top: c.mapping(root, '', keys) };
}

/**
 * Counts that cannot be made are refused now, not after the budget is spent: each candidate
 * gives at most one puzzle, so the sections of a bucket cannot ask for more puzzles than its
 * budget has candidates; and a book holds at most MAX_BOOK_PUZZLES.
 */
function checkCounts(c: Checker, secNode: Node | null | undefined, sections: readonly SectionConfig[], budget: Record<string, number>, budgetNode: Node | null | undefined): void {
  const total = sections.reduce((n, s) => n + s.count, 0);
  if (total > MAX_BOOK_PUZZLES) {
    c.report(secNode, 'sections', `${total.toLocaleString('en-US')} puzzles in all; a book holds at most ${MAX_BOOK_PUZZLES.toLocaleString('en-US')} (some 1,700 pages at 6 a page); make it in volumes`);
    return;
  }
  const asked = new Map<string, number>();
  for (const s of sections) if (s.bucket) asked.set(s.bucket, (asked.get(s.bucket) ?? 0) + s.count);
  for (const [bucket, n] of asked) {
    if (n <= budget[bucket]) continue;
    const own = isMap(budgetNode) ? (budgetNode.get(bucket, true) as Node | undefined) : undefined;
    c.report(own ?? budgetNode ?? secNode, own ? `budget.${bucket}` : 'budget', `${budget[bucket].toLocaleString('en-US')} candidates cannot give the ${n.toLocaleString('en-US')} ${bucket} puzzles the sections ask for (each candidate gives at most one); raise "budget" to at least ${n.toLocaleString('en-US')}, or ask for fewer`);
  }
}

/**
 * `hints` and `walkthrough`: the Hints part on or off, and the puzzles (numbers as printed,
 * 1 to `total`) to walk through, worded in the book's language (grader/step-words.ts).
 */
export function readSteps(c: Checker, top: Map<string, Node | null>, total: number): Pick<JobConfig, 'hints' | 'walkthrough'> {
  const hints = top.has('hints') ? (flag(c, top.get('hints'), 'hints') ?? DEFAULTS.hints) : DEFAULTS.hints;
  const walkthrough: number[] = [];
  if (top.has('walkthrough')) {
    c.sequence(top.get('walkthrough'), 'walkthrough').forEach((n, i) => {
      const v = positiveInt(c, n, `walkthrough[${i}]`);
      if (v === null) return;
      if (v > total) c.report(n, `walkthrough[${i}]`, `puzzle ${v} is not in the book (its puzzles are numbered 1 to ${total})`);
      else if (walkthrough.includes(v)) c.report(n, `walkthrough[${i}]`, `puzzle ${v} is listed twice`);
      else walkthrough.push(v);
    });
  }
  return { hints, walkthrough };
}

/** Practice positions of a workbook chapter when the job does not say. */
export const DEFAULT_PRACTICE = 2;
/** Most practice positions a chapter prints. */
export const MOST_PRACTICE = 20;

/** The technique a section's puzzles need (its `needs`), which a workbook chapter is about; null: none. */
export function chapterTechnique(s: SectionConfig): string | null {
  return s.needs?.technique ?? null;
}

/**
 * `workbook: true` or `workbook: { practice: 2 }`: every section is a chapter on the technique
 * its puzzles need (`needs`), the chapters in rising ER (checked, not sorted: the book keeps
 * the job's order, and a falling one is refused at the section). The chapter texts are
 * English: a book in another language is refused at the key.
 */
export function readWorkbook(c: Checker, top: Map<string, Node | null>, sections: readonly SectionConfig[], secNode: Node | null | undefined, locale: Locale): WorkbookConfig | null {
  if (!top.has('workbook')) return null;
  const node = top.get('workbook');
  let practice = DEFAULT_PRACTICE;
  if (isMap(node)) {
    const m = c.mapping(node, 'workbook', ['practice']);
    if (m.has('practice')) {
      const v = c.scalar(m.get('practice'));
      if (typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= MOST_PRACTICE) practice = v;
      else c.report(m.get('practice'), 'workbook.practice', `expected a whole number of practice positions from 0 to ${MOST_PRACTICE}, got ${describe(m.get('practice'))}`);
    }
  } else if (flag(c, node, 'workbook') !== true) return null;
  if (!WORKBOOK_LOCALES.includes(locale)) c.report(node, 'workbook', `the workbook's chapter texts are written in ${WORKBOOK_LOCALES.join(', ')} only, and this book's locale is ${locale}; remove "workbook" or use one of those locales`);
  const items = isSeq(secNode) ? secNode.items : [];
  const techniques: string[] = [];
  sections.forEach((s, i) => {
    const t = chapterTechnique(s);
    if (t === null) c.report((items[i] as Node | undefined) ?? secNode, `sections[${i}]`, `a workbook chapter is about one technique: add needs: <technique> (the section's puzzles need it)`);
    else techniques.push(t);
  });
  const falling = techniques.length === sections.length ? fallingChapter(techniques) : -1;
  if (falling > 0) {
    const item = items[falling] as Node | undefined;
    const at = isMap(item) ? ((item.get('needs', true) as Node | undefined) ?? item) : secNode;
    c.report(at, `sections[${falling}].needs`, `${techniques[falling]} (ER ${techniqueRating(techniques[falling]).toFixed(1)}) comes after ${techniques[falling - 1]} (ER ${techniqueRating(techniques[falling - 1]).toFixed(1)}); a workbook's chapters go in rising ER: move it earlier`);
  }
  return { practice };
}

/** Read and check a job file; throws one UserError listing every problem. */
export function loadJob(file: string): JobConfig {
  const { c, root, top } = openJob(file, TOP_KEYS);

  const { name, title, seed } = readIdentity(c, top, root);
  const opt = (key: string) => (top.has(key) ? text(c, top.get(key), key) : null);
  const subtitle = opt('subtitle') ?? DEFAULTS.subtitle;
  const author = opt('author') ?? DEFAULTS.author;
  let date = DEFAULTS.date;
  if (top.has('date')) date = calendarDate(c, top.get('date'), 'date') ?? date;

  const generator = readGenerator(c, top);

  const levels = readLevels(c, top);
  const bucketNames = [...levels.map((l) => l.bucket), BEYOND];

  // sections
  const sections: SectionConfig[] = [];
  const secNode = required(c, top, root, '', 'sections');
  if (secNode !== undefined) {
    const items = c.sequence(secNode, 'sections');
    if (items.length === 0 && secNode) c.report(secNode, 'sections', 'expected at least one section');
    items.forEach((item, i) => {
      const path = `sections[${i}]`;
      const m = c.mapping(item, path, ['title', 'bucket', 'count', 'rating', 'clues', 'needs', ...KIND_KEYS]);
      if (!isMap(item)) return;
      const kind = readSectionKind(c, m, path);
      const t = required(c, m, item, path, 'title');
      const b = required(c, m, item, path, 'bucket');
      const n = required(c, m, item, path, 'count');
      const s: SectionConfig = {
        title: t !== undefined ? (text(c, t, `${path}.title`) ?? '') : '',
        bucket: b !== undefined ? (oneOf(c, b, `${path}.bucket`, kind ? sectionKindBuckets(kind) : bucketNames, kind ? `${kindName(kind)} bucket` : 'bucket') ?? '') : '',
        count: n !== undefined ? (positiveInt(c, n, `${path}.count`) ?? 0) : 0,
        rating: m.has('rating') && !kind ? ratingRange(c, m.get('rating'), `${path}.rating`) : null,
        // Puzzles that need a technique keep the clues they were dug to, unless the section asks.
        clues: kind ? null : m.has('clues') ? clueRange(c, m.get('clues'), `${path}.clues`) : m.has('needs') ? null : defaultClues(b !== undefined ? String(c.scalar(b)) : '', generator.clues),
        needs: m.has('needs') && !kind ? readNeeds(c, m.get('needs'), `${path}.needs`) : null,
        ...(kind ? { kind } : {}),
      };
      checkBandReachable(c, m.get('rating'), `${path}.rating`, levels, s.bucket, s.rating);
      const g = generator.clues;
      if (s.clues && g && (s.clues.max < g.min || s.clues.min > g.max)) {
        c.report(m.get('clues'), `${path}.clues`, `${s.clues.min}-${s.clues.max} clues does not overlap generator.clues (${g.min}-${g.max}); no puzzle can be in both`);
      }
      sections.push(s);
    });
  }

  const { template, layout } = readLayout(c, top, DEFAULTS.template, dirname(file));
  const matter = readBookMatter(c, top, { year: date.slice(0, 4), owner: author || title || '', template: layout ?? ({ kdp: false } as Template), templateName: template, baseDir: dirname(file) });

  const answers = top.has('answers') ? (oneOf(c, top.get('answers'), 'answers', ['end', 'section'] as const, 'answer-key placement') ?? DEFAULTS.answers) : DEFAULTS.answers;
  const workers = top.has('workers') ? workerCount(c, top.get('workers'), 'workers') : null;
  // budget: one number for every bucket, or a mapping bucket -> number (others get the default).
  const budget: Record<string, number> = Object.fromEntries(bucketNames.map((b) => [b, DEFAULTS.budget]));
  if (top.has('budget')) {
    const node = top.get('budget');
    if (isMap(node)) {
      for (const [b, n] of c.mapping(node, 'budget', bucketNames)) budget[b] = positiveInt(c, n, `budget.${b}`) ?? DEFAULTS.budget;
    } else {
      const n = positiveInt(c, node, 'budget');
      if (n) for (const b of bucketNames) budget[b] = n;
    }
  }
  const bank = top.has('bank') ? text(c, top.get('bank'), 'bank') : null;
  const output = top.has('output') ? (text(c, top.get('output'), 'output') ?? '') : join('output', name ?? 'book');
  checkCounts(c, secNode, sections, budget, top.get('budget'));
  const language = readLanguage(c, top);
  const { locale, strings } = language;
  const steps = readSteps(c, top, sections.reduce((n, s) => n + s.count, 0));
  const workbook = readWorkbook(c, top, sections, secNode, locale);
  const digits = top.has('digits') ? (readDigits(c, top.get('digits')) ?? DEFAULTS.digits) : DEFAULTS.digits;
  // The default imprint line speaks the book's language.
  if (!c.doc.hasIn(['front', 'copyright'])) matter.front.copyright = fill(strings['front.copyright'], { year: formatDate(locale, date, 'year'), owner: author || title || '' });
  // Fonts cover the text: checked once every field was read and the fonts opened.
  if (!c.problems.length) checkFontCoverage(c, layout.fonts, dirname(file), [...bookTexts({ title: title!, subtitle, author, sections, ...matter }), ...catalogueTexts(language)]);
  if (!c.problems.length && matter.cover) {
    const f = matter.cover.theme.fonts;
    checkFontCoverage(c, { regular: f.body, bold: f.title }, dirname(file), coverTexts({ title: title!, subtitle, author, sections, cover: matter.cover }, language), COVER_FONTS);
  }
  // The title page is one page: a title it cannot hold is refused now, not after the puzzles are made.
  if (!c.problems.length && matter.front.titlePage && !titlePageFits(layout, dirname(file), title!, subtitle, author)) {
    c.report(top.get('title'), 'title', `the title page cannot hold this title, subtitle and author (${[...title!].length}, ${[...subtitle].length} and ${[...author].length} characters); shorten them`);
  }

  if (c.problems.length) throw new UserError(c.problems.join('\n'));
  return {
    file,
    name: name!,
    title: title!,
    subtitle,
    author,
    seed: seed!,
    date,
    output,
    bank,
    generator,
    levels,
    sections,
    template,
    layout: layout!,
    answers,
    workers,
    budget,
    ...matter,
    locale,
    strings,
    ...steps,
    workbook,
    digits,
  };
}
