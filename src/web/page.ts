/**
 * The daily web edition, node side: the day's data for the <sudoku-daily> element, the
 * self-contained page (inline CSS, the element's module and the data; a Content-Security-Policy
 * that lets nothing leave the page), and the `web/` folder a publisher uploads: the pages of
 * published dates only (future pages hold their solution), the element's module, index.json
 * and feed.json (a JSON Feed of the published dates).
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { UserError } from '../core/errors.js';
import { writeOutputSet, type OutputFile } from '../core/output-set.js';
import { difficultyBand, MAX_STARS } from '../grader/bands.js';
import { scaleWord } from '../typeset/book-text.js';
import { fill, formatDate, LOCALES, type Locale, type Strings } from '../typeset/i18n/index.js';
import type { DayData } from './day-data.js';
import { techniqueName } from '../grader/step-words.js';
import { charDigit, type Geometry } from '../geometry/geometry.js';
import { webLayout, webSteps } from './kind-day.js';

/** What the page may load: only itself (inline script and style), data: images and its hint worker from a blob. */
export const PAGE_CSP = "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:; worker-src blob:";

let moduleText: string | null = null;

/** The element's module, built into dist/web by the build's bundling step (found from dist/web or, in tests, src/web). */
export function elementModule(): string {
  if (moduleText !== null) return moduleText;
  const built = new URL('./sudoku-daily.js', import.meta.url);
  for (const file of [built, new URL('../../dist/web/sudoku-daily.js', import.meta.url)]) {
    if (existsSync(file)) return (moduleText = readFileSync(file, 'utf8'));
  }
  throw new UserError(`${fileURLToPath(built)}: the web player is missing; run "npm run build"`);
}

/** The page file of a slot: index.html, index-2.html. */
export const pageName = (slot: number) => (slot === 1 ? 'index.html' : `index-${slot}.html`);

/** The words of the player: every `web.` key of the job's catalogue, and the `step.` keys its hints and walkthrough are worded with. */
export function webStrings(s: Strings, g?: Geometry): Record<string, string> {
  // Words only some kinds use go only into their pages: a 9x9 classic page stays as it was.
  const only: Record<string, boolean> = { 'web.keys.letters': (g?.size ?? 9) > 9, 'web.cell.cage': (g?.cages.length ?? 0) > 0, 'web.ratingLike': g !== undefined };
  return Object.fromEntries(Object.entries(s).filter(([k]) => (k.startsWith('web.') && only[k] !== false) || k.startsWith('step.')));
}

export interface DayInput extends Pick<DayData, 'title' | 'date' | 'slot' | 'dateLine' | 'number' | 'label' | 'rating' | 'hardest' | 'puzzle' | 'locale'> {
  solution: string;
  strings: Strings;
  /** Prize puzzle: the page holds only a hash of the solution. */
  prize: boolean;
  mistakeLimit: number | null;
  /** The day before's and the day after's pages exist (in this run or an earlier one). */
  prev: boolean;
  next: boolean;
  nextDate: string;
  prevDate: string;
  pdf: string;
  /** The job's name: progress is saved per job, date and slot. */
  job: string;
  /** A day of another kind or size: its geometry (the puzzle and solution are then its N² characters). */
  geometry?: Geometry;
}

export function dayData(d: DayInput): DayData {
  const band = difficultyBand(d.rating);
  return {
    version: 1,
    title: d.title,
    date: d.date,
    slot: d.slot,
    dateLine: d.dateLine,
    number: d.number,
    label: d.label,
    word: scaleWord(band.stars, d.strings),
    stars: `${'★'.repeat(band.stars)}${'☆'.repeat(MAX_STARS - band.stars)}`,
    rating: d.rating,
    hardest: d.hardest,
    puzzle: d.puzzle,
    ...(d.prize ? { solutionHash: createHash('sha256').update(d.solution).digest('hex') } : { solution: d.solution }),
    mistakeLimit: d.prize ? null : d.mistakeLimit,
    locale: d.locale,
    strings: webStrings(d.strings, d.geometry),
    links: {
      pdf: d.pdf,
      prev: d.prev ? `../${d.prevDate}/index.html` : null,
      next: d.next ? `../${d.nextDate}/index.html` : null,
      nextDate: d.next ? d.nextDate : null,
    },
    key: `sudoku-daily:${d.job}:${d.date}:${d.slot}`,
    ...(d.geometry ? { layout: webLayout(d.geometry), steps: webSteps(d.strings, d.geometry, Uint8Array.from(d.puzzle, (ch) => Math.max(0, charDigit(ch)))) } : {}),
  };
}

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
/** JSON safe inside a <script> element: no "</script" or "<!--" can appear. */
const scriptJson = (v: unknown) => JSON.stringify(v).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');

/** The whole day page: one file, nothing fetched. */
export function dayPageHtml(data: DayData, module: string = elementModule()): string {
  const title = `${data.title}, ${data.dateLine}`;
  return `<!doctype html>
<html lang="${escapeHtml(data.locale)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="${PAGE_CSP}">
<meta name="color-scheme" content="light dark">
<title>${escapeHtml(title)}</title>
<style>
html{background:#fff;color:#1a1a1a}
html:has(sudoku-daily[theme=dark]){background:#121212;color:#f0f0f0}
body{margin:0;padding:12px;font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans",sans-serif}
@media print{html,html:has(sudoku-daily[theme=dark]){background:#fff;color:#000}}
</style>
</head>
<body>
<main>
<sudoku-daily><script type="application/json">${scriptJson(data)}</script></sudoku-daily>
</main>
<script type="module">${module.replace(/<\/script/gi, '<\\/script')}</script>
</body>
</html>
`;
}

/** One published date in web/index.json. */
export interface IndexEntry {
  date: string;
  weekday: string;
  slot: number;
  number?: number;
  bucket: string;
  rating: number | null;
  hardest: string | null;
  html: string;
  pdf: string;
  /** A day of another kind or size (its rating is SE-like). */
  kind?: string;
  size?: number;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** What the web folder's index and feed say besides the dates. */
export interface WebFolderOptions {
  /** The site's address the web folder is uploaded to (feed links are made absolute with it); absent: relative links. */
  siteUrl?: string | null;
  /** The job's language and words (the feed's titles and summaries). */
  locale?: Locale;
  strings?: Strings;
}

/**
 * JSON Feed 1.1 (https://jsonfeed.org/version/1.1): the published dates, newest first, each
 * summed up in the job's language (level, rating, hardest step).
 */
export function webFeed(title: string, entries: readonly IndexEntry[], opts: WebFolderOptions = {}): object {
  const locale = opts.locale ?? 'en';
  const s = opts.strings;
  const base = opts.siteUrl ? opts.siteUrl.replace(/\/*$/, '/') : '';
  const items = [...entries].reverse().map((e) => {
    const band = difficultyBand(e.rating);
    const stars = `${'★'.repeat(band.stars)}${'☆'.repeat(MAX_STARS - band.stars)}`;
    const level = s ? fill(s['daily.difficulty'], { stars, word: scaleWord(band.stars, s), max: MAX_STARS }).replace(/\s+/g, ' ') : `${stars} ${e.bucket}`;
    const rating = e.rating === null ? '' : s ? fill(s[e.kind ? 'web.ratingLike' : 'web.rating'], { rating: e.rating.toFixed(1) }) : `${e.kind ? 'SE-like' : 'SE'} ${e.rating.toFixed(1)}`;
    const hardest = e.hardest && s ? fill(s['web.hardest'], { technique: techniqueName(s, e.hardest) }) : '';
    const summary = [level, rating, hardest].filter(Boolean).join(', ');
    const url = `${base}${e.html}`;
    return {
      id: url,
      url,
      title: `${title}, ${formatDate(locale, e.date, 'long')}${e.slot > 1 ? ` (${e.slot})` : ''}`,
      content_text: summary,
      summary,
      date_published: `${e.date}T00:00:00Z`,
      attachments: [{ url: `${base}${e.pdf}`, mime_type: 'application/pdf' }],
    };
  });
  return {
    version: 'https://jsonfeed.org/version/1.1',
    title,
    ...(base ? { home_page_url: base, feed_url: `${base}feed.json` } : {}),
    ...(LOCALES.includes(locale) ? { language: locale } : {}),
    items,
  };
}

/**
 * Brings `<output>/web` up to date: every date folder up to `until` (inclusive) that has a page
 * gets its pages and PDFs copied to web/<date>/; later dates are removed from web/ (their pages
 * hold the solution); web/sudoku-daily.js, web/index.json and web/feed.json (the published
 * dates) are written, as one output set.
 * Returns the published dates.
 */
export function writeWebFolder(output: string, title: string, until: string, module: string = elementModule(), opts: WebFolderOptions = {}): string[] {
  const web = join(output, 'web');
  const dates = readdirSync(output).filter((d) => DATE.test(d) && existsSync(join(output, d, 'index.html'))).sort();
  const published = dates.filter((d) => d <= until);
  const entries: IndexEntry[] = [];
  for (const date of published) {
    const dir = join(output, date);
    const names = readdirSync(dir).filter((f) => /^index(-\d+)?\.html$/.test(f) || /^puzzle(-\d+)?\.pdf$/.test(f));
    const old = existsSync(join(web, date)) ? readdirSync(join(web, date)).filter((f) => /^(index|puzzle)/.test(f)) : [];
    // A copy made after its source was last written is up to date: a long archive is not copied again on every run.
    const fresh = old.length === names.length && names.every((n) => old.includes(n) && statSync(join(web, date, n)).mtimeMs >= statSync(join(dir, n)).mtimeMs);
    if (!fresh) {
      const files: OutputFile[] = names.map((name) => ({ name, data: readFileSync(join(dir, name)) }));
      writeOutputSet(join(web, date), files, { what: `web pages of ${date}`, remove: old.filter((f) => !names.includes(f)) });
    }
    for (const json of readdirSync(dir).filter((f) => /^puzzle(-\d+)?\.json$/.test(f)).sort()) {
      const p = JSON.parse(readFileSync(join(dir, json), 'utf8')) as { weekday: string; slot: number; number?: number; bucket: string; rating: number | null; hardest: string | null; kind?: string; size?: number };
      const page = `${date}/${p.slot === 1 ? 'index.html' : `index-${p.slot}.html`}`;
      const pdf = `${date}/${p.slot === 1 ? 'puzzle.pdf' : `puzzle-${p.slot}.pdf`}`;
      entries.push({ date, weekday: p.weekday, slot: p.slot, ...(p.number !== undefined ? { number: p.number } : {}), bucket: p.bucket, rating: p.rating, hardest: p.hardest, html: page, pdf, ...(p.kind ? { kind: p.kind, size: p.size } : {}) });
    }
  }
  // Dates past the cut-off come out of web/ (a run with an earlier --publish-until).
  if (existsSync(web)) for (const d of readdirSync(web).filter((d) => DATE.test(d) && d > until)) rmSync(join(web, d), { recursive: true, force: true });
  const index = { title, publishedUntil: until, dates: entries };
  const feed = webFeed(title, entries, opts);
  writeOutputSet(
    web,
    [
      { name: 'sudoku-daily.js', data: module },
      { name: 'index.json', data: JSON.stringify(index, null, 2) + '\n' },
      { name: 'feed.json', data: JSON.stringify(feed, null, 2) + '\n' },
    ],
    { what: 'web index' },
  );
  return published;
}
