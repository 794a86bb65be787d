/** The daily job file: a schedule of buckets by weekday, checked like a book job. */
import { dirname, join } from 'node:path';
import { isMap, isScalar, type Node } from 'yaml';
import { DEFAULT_BANK } from '../bank/bank.js';
import { UserError } from '../core/errors.js';
import { BEYOND, type Level } from '../grader/levels.js';
import { boundedInt, calendarDate, checkBandReachable, oneOf, openJob, positiveInt, ratingRange, readGenerator, readIdentity, readLayout, readLevels, readNeeds, required, text, workerCount, type JobConfig, type Range } from '../pipeline/job.js';
import type { Needs } from '../generator/needs.js';
import type { Template } from '../typeset/templates.js';
import { catalogueTexts, checkFontCoverage, readLanguage } from '../pipeline/job-locale.js';
import type { Locale, Strings } from '../typeset/i18n/index.js';
import { isSiteUrl } from '../web/day-data.js';
import { checkKindSize, KINDS, type Kind } from '../geometry/geometry.js';
import { kindBuckets } from '../geometry/rate.js';

export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export interface DaySpec {
  bucket: string;
  rating: Range | null;
  /** Puzzles a day. */
  count: number;
  /** Puzzles whose graded path uses this technique (as the hardest step when asked); null: any. */
  needs: Needs | null;
  /** The day's kind and size (classic 9x9 unless the day names another: `kind: killer`, `size: 6`). */
  kind?: Kind;
  size?: number;
}

/** Whether a day's puzzles are another kind or size than 9x9 classic (made and graded by the geometry engine). */
export function isKindDay(spec: DaySpec): spec is DaySpec & { kind: Kind; size: number } {
  return spec.kind !== undefined && !(spec.kind === 'classic' && spec.size === 9);
}

export interface DailyJob {
  file: string;
  name: string;
  title: string;
  seed: string;
  bank: string;
  output: string;
  generator: JobConfig['generator'];
  levels: Level[];
  schedule: Record<Weekday, DaySpec>;
  template: string;
  layout: Template;
  workers: number | null;
  /** Most candidates to make for one puzzle before giving up. */
  budget: number;
  /** Puzzle numbers: `first` is the number of the first puzzle of date `from`; null: pages carry no number. */
  numbering: { from: string; first: number } | null;
  /** The line at the foot of every page ("© 2026 The Daily Sudoku"); null: none. */
  copyright: string | null;
  /** The language of the page's words and dates. */
  locale: Locale;
  /** Every printed word: the language's catalogue with the job's `strings` on top. */
  strings: Strings;
  /** The web edition's options (job key `web`). */
  web: WebOptions;
}

export interface WebOptions {
  /** Weekdays whose puzzle is a prize puzzle: the page holds only a hash of the solution, no check, reveal or hint. */
  prize: Weekday[];
  /** Wrong digits allowed before the game ends; null: no limit (the default). */
  mistakes: number | null;
  /** The site's address the web folder is uploaded to (absolute links in feed.json); null: relative links. */
  url?: string | null;
}

/** `web: { prize: [sunday] | true, mistakes: 3, url: https://example.com/sudoku/ }`. */
function readWeb(c: Parameters<typeof text>[0], node: Node | null | undefined): WebOptions {
  const m = c.mapping(node, 'web', ['prize', 'mistakes', 'url']);
  let prize: Weekday[] = [];
  const p = m.get('prize');
  if (p !== undefined) {
    const v = c.scalar(p);
    if (typeof v === 'boolean') prize = v ? [...WEEKDAYS] : [];
    else prize = c.sequence(p, 'web.prize').flatMap((n, i) => oneOf(c, n, `web.prize[${i}]`, WEEKDAYS, 'weekday') ?? []);
  }
  const mistakes = m.has('mistakes') ? positiveInt(c, m.get('mistakes'), 'web.mistakes') : null;
  const url = m.has('url') ? siteUrl(c, m.get('url'), 'web.url') : null;
  return { prize, mistakes, url };
}

/** An http(s) address, as the web folder's site (`web.url`, `--site-url`); null (reported) when it is not one. */
function siteUrl(c: Parameters<typeof text>[0], node: Node | null | undefined, path: string): string | null {
  const v = text(c, node, path);
  if (v === null) return null;
  if (!isSiteUrl(v)) {
    c.report(node, path, `expected an http or https address like https://example.com/sudoku/, got "${v}"`);
    return null;
  }
  return v;
}

/**
 * A day's `kind` and `size` (either may be left out: classic, and the kind's usual size, 9);
 * null when the day names neither.
 */
function readDayKind(c: Parameters<typeof text>[0], m: Map<string, Node | null>, path: string): { kind: Kind; size: number } | null {
  if (!m.has('kind') && !m.has('size')) return null;
  const kind = m.has('kind') ? oneOf(c, m.get('kind'), `${path}.kind`, KINDS, 'kind') : 'classic';
  let size = 9;
  if (m.has('size')) {
    const v = c.scalar(m.get('size'));
    if (typeof v !== 'number' || !Number.isInteger(v)) c.report(m.get('size'), `${path}.size`, `expected a whole number, got ${JSON.stringify(v)}`);
    else size = v;
  }
  if (kind === null) return null;
  try {
    checkKindSize(kind, size, `${path}.size`);
  } catch (err) {
    if (!(err instanceof UserError)) throw err;
    c.report(m.get('size') ?? m.get('kind'), `${path}.size`, err.message.slice(`${path}.size: `.length));
    return null;
  }
  return { kind, size };
}

/** Most puzzles a day: each is a page of its own, and every one is recorded as issued. */
export const MAX_PER_DAY = 100;
const PER_DAY_WHY = 'puzzles a day: each is a page, recorded in the bank as issued for the date';

const KEYS = ['name', 'title', 'seed', 'bank', 'output', 'generator', 'grader', 'schedule', 'perDay', 'layout', 'workers', 'budget', 'numberFrom', 'firstNumber', 'copyright', 'locale', 'strings', 'web'];

export function loadDailyJob(file: string): DailyJob {
  const { c, root, top } = openJob(file, KEYS);
  const { name, title, seed } = readIdentity(c, top, root);
  const generator = readGenerator(c, top);
  const levels = readLevels(c, top);
  const buckets = [...levels.map((l) => l.bucket), BEYOND];
  const perDay = top.has('perDay') ? (boundedInt(c, top.get('perDay'), 'perDay', MAX_PER_DAY, PER_DAY_WHY) ?? 1) : 1;

  const schedule = {} as Record<Weekday, DaySpec>;
  const schedNode = required(c, top, root, '', 'schedule');
  const days = schedNode !== undefined ? c.mapping(schedNode, 'schedule', WEEKDAYS) : new Map<string, Node | null>();
  for (const day of WEEKDAYS) {
    const path = `schedule.${day}`;
    if (!days.has(day)) {
      if (schedNode !== undefined && isMap(schedNode)) c.report(schedNode, 'schedule', `missing key "${day}"`);
      continue;
    }
    const node = days.get(day);
    if (isScalar(node)) {
      schedule[day] = { bucket: oneOf(c, node, path, buckets, 'bucket') ?? '', rating: null, count: perDay, needs: null };
      continue;
    }
    const m = c.mapping(node, path, ['bucket', 'rating', 'count', 'needs', 'kind', 'size']);
    const b = required(c, m, node, path, 'bucket');
    const variant = readDayKind(c, m, path);
    const kindDay = variant !== null && !(variant.kind === 'classic' && variant.size === 9);
    const dayBuckets = kindDay ? kindBuckets(variant.kind, variant.size).map((x) => x.name) : buckets;
    schedule[day] = {
      bucket: b !== undefined ? (oneOf(c, b, `${path}.bucket`, dayBuckets, kindDay ? `bucket of ${variant.size}x${variant.size} ${variant.kind}` : 'bucket') ?? '') : '',
      rating: m.has('rating') ? ratingRange(c, m.get('rating'), `${path}.rating`) : null,
      count: m.has('count') ? (boundedInt(c, m.get('count'), `${path}.count`, MAX_PER_DAY, PER_DAY_WHY) ?? perDay) : perDay,
      needs: m.has('needs') ? readNeeds(c, m.get('needs'), `${path}.needs`) : null,
      ...(variant ?? {}),
    };
    if (kindDay && m.has('needs')) c.report(m.get('needs'), `${path}.needs`, `"needs" names a technique of 9x9 classic; the day is ${variant.size}x${variant.size} ${variant.kind}`);
    if (!kindDay) checkBandReachable(c, m.get('rating'), `${path}.rating`, levels, schedule[day].bucket, schedule[day].rating);
  }
  const { template, layout } = readLayout(c, top, 'newspaper', dirname(file), 'daily');
  const workers = top.has('workers') ? workerCount(c, top.get('workers'), 'workers') : null;
  const budget = top.has('budget') ? (positiveInt(c, top.get('budget'), 'budget') ?? 5000) : 5000;
  const bank = top.has('bank') ? (text(c, top.get('bank'), 'bank') ?? DEFAULT_BANK) : DEFAULT_BANK;
  const output = top.has('output') ? (text(c, top.get('output'), 'output') ?? '') : join('output', name ?? 'daily');
  const from = top.has('numberFrom') ? calendarDate(c, top.get('numberFrom'), 'numberFrom') : null;
  const first = top.has('firstNumber') ? positiveInt(c, top.get('firstNumber'), 'firstNumber') : 1;
  if (top.has('firstNumber') && !top.has('numberFrom')) c.report(top.get('firstNumber'), 'firstNumber', 'needs "numberFrom", the date of the puzzle with this number');
  const numbering = from !== null && first !== null ? { from, first } : null;
  const copyright = top.has('copyright') ? text(c, top.get('copyright'), 'copyright') : null;
  const web = top.has('web') ? readWeb(c, top.get('web')) : { prize: [], mistakes: null };
  const language = readLanguage(c, top);
  const { locale, strings } = language;
  if (!c.problems.length) {
    const texts = [{ path: ['title'], text: title!, roles: ['regular', 'bold'] as const }, { path: ['copyright'], text: copyright ?? '', roles: ['regular'] as const }];
    checkFontCoverage(c, layout.fonts, dirname(file), [...texts, ...catalogueTexts(language)]);
  }
  if (c.problems.length) throw new UserError(c.problems.join('\n'));
  return { file, name: name!, title: title!, seed: seed!, bank, output, generator, levels, schedule, template, layout, workers, budget, numbering, copyright, locale, strings, web };
}
