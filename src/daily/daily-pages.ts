/**
 * Writing the daily pages: one folder per date (puzzle.pdf, puzzle.svg (the bare grid),
 * puzzle-full.svg (with title, date, number and difficulty) and puzzle.json for each slot),
 * then a proof PDF of the whole range. A date's files are one output set (core/output-set.ts):
 * written under temporary names and moved into place together, so every date folder is either
 * complete or absent (or, made before, whole as it was), whenever the run stops. An aborted
 * signal (Ctrl-C, SIGTERM) stops between dates and the error says which dates were kept.
 */
import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { removeStaleTemporaries, writeOutputSet, type OutputFile, type OutputSetOptions } from '../core/output-set.js';
import { UserError } from '../core/errors.js';
import { layoutDailyPage, type DailyPage } from '../typeset/layout.js';
import { renderPdf } from '../typeset/render-pdf.js';
import { puzzleSvg, puzzleSvgFull, type SvgHeading } from '../typeset/render-svg.js';
import { kindGridSvg } from '../typeset/kind-grid.js';
import { charDigit, type Geometry } from '../geometry/geometry.js';
import type { DailyJob } from './daily-job.js';
import { catalogue } from '../typeset/i18n/index.js';
import type { DailyEntry } from '../typeset/layout.js';
import { dayData, dayPageHtml, pageName, writeWebFolder } from '../web/page.js';
import { dailyEntry, dayBefore, longDate, puzzleNumber, type DailyPuzzle } from './daily.js';

const dayAfter = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** puzzle.pdf, puzzle-2.pdf; with a variant: puzzle-full.svg, puzzle-2-full.svg. */
const fileName = (slot: number, ext: string, variant = '') => `puzzle${slot === 1 ? '' : `-${slot}`}${variant ? `-${variant}` : ''}.${ext}`;

export interface DailyPagesOptions {
  signal?: AbortSignal;
  /** Called after each date folder is in place. */
  onDate?: (date: string, done: number, total: number) => void;
  /** The web edition's cut-off: dates up to it go into web/ (default: today); false: no web/ folder. */
  publishUntil?: string | false;
  /** The site the web folder is uploaded to (the feed's absolute links); default: the job's `web.url`, else relative links. */
  siteUrl?: string;
}

/** The dates kept so far, for messages: "3 date folders (2027-01-01 to 2027-01-03)". */
function keptText(kept: string[]): string {
  if (kept.length === 0) return 'no date folder';
  const range = kept.length === 1 ? kept[0] : `${kept[0]} to ${kept[kept.length - 1]}`;
  return `${kept.length} complete date folder${kept.length === 1 ? '' : 's'} (${range})`;
}

/** writeOutputSet, its failure saying which date folders the run had kept before it. */
function writeSet(dir: string, files: OutputFile[], opts: OutputSetOptions, kept: string[]): void {
  try {
    writeOutputSet(dir, files, opts);
  } catch (err) {
    if (err instanceof UserError && kept.length > 0) throw new UserError(`${err.message}; kept ${keptText(kept)}`);
    throw err;
  }
}

/**
 * Write the pages of `puzzles` (in date order) under job.output; `earlier` are puzzles
 * recorded for the day before the first date (their solutions go on its page). Returns the
 * dates written and the proof file.
 */
export async function writeDailyPages(
  job: Pick<DailyJob, 'output' | 'title' | 'layout'> & Partial<Pick<DailyJob, 'numbering' | 'schedule' | 'copyright' | 'locale' | 'strings' | 'name' | 'web'>>,
  puzzles: DailyPuzzle[],
  earlier: DailyPuzzle[],
  opts: DailyPagesOptions = {},
): Promise<{ dates: string[]; proof: string; published: string[] }> {
  const byDate = new Map<string, DailyPuzzle[]>();
  for (const p of puzzles) byDate.set(p.date, [...(byDate.get(p.date) ?? []), p]);
  const dates = [...byDate.keys()];
  const first = dates[0];
  if (first !== undefined && !byDate.has(dayBefore(first))) byDate.set(dayBefore(first), earlier);
  mkdirSync(job.output, { recursive: true });
  // Hidden folders and files of runs that were killed outright.
  removeStaleTemporaries(job.output);
  const pages: DailyPage[] = [];
  const kept: string[] = [];
  const stop = () =>
    new UserError(`interrupted while writing pages: kept ${keptText(kept)} in ${job.output}; the other dates and the proof copy were not written (their puzzles are recorded in the bank and come back on the next run)`);
  for (const date of dates) {
    if (opts.signal?.aborted) throw stop();
    const dir = join(job.output, date);
    // The date's files are made in memory, then written as one set: a date folder is
    // complete or absent (or, made before, whole as it was), whenever the run stops.
    const files: OutputFile[] = [];
    try {
      for (const p of byDate.get(date)!) {
        // Yesterday's solution of the same slot; the day's last slot also shows those of
        // yesterday's later slots, so every solution is printed once.
        const today = byDate.get(date)!;
        const last = p.slot === Math.max(...today.map((q) => q.slot));
        const yesterday = byDate.get(dayBefore(p.date)) ?? [];
        const prev = yesterday.filter((q) => q.slot === p.slot || (last && q.slot > p.slot)).sort((a, b) => a.slot - b.slot);
        const number = job.numbering && job.schedule ? puzzleNumber({ numbering: job.numbering, schedule: job.schedule }, p.date, p.slot) : null;
        const entry = dailyEntry(p, prev, yesterday.length > 1, { number, copyright: job.copyright, locale: job.locale, strings: job.strings });
        const page = layoutDailyPage(job.layout, job.title, entry, pages.length + 1);
        pages.push(page);
        const info = { title: `${job.title}, ${longDate(p.date, job.locale)}`, author: job.title, date: p.date };
        files.push({ name: fileName(p.slot, 'pdf'), data: await renderPdf({ pageSize: job.layout.pageSize, pages: [{ ...page, number: 1 }] }, job.layout, info, undefined, opts.signal) });
        const svgTitle = `${job.title}, ${longDate(p.date, job.locale)}`;
        const heading = { title: job.title, dateLine: entry.dateLine, label: entry.label, number: entry.number ?? '' };
        files.push({ name: fileName(p.slot, 'svg'), data: entry.geometry ? kindSvg(entry.geometry, p.puzzle, svgTitle) : puzzleSvg(p.puzzle, { title: svgTitle }) });
        files.push({ name: fileName(p.slot, 'svg', 'full'), data: entry.geometry ? kindSvgFull(entry.geometry, p.puzzle, heading) : puzzleSvgFull(p.puzzle, heading) });
        // A day of another kind: its JSON form's fields (kind, size, box or regions, cages) too.
        const kind = p.layout ? { kind: p.kind, size: p.size, ...(JSON.parse(p.layout) as object) } : {};
        const json = { date: p.date, weekday: p.weekday, slot: p.slot, ...(number !== null ? { number } : {}), title: job.title, ...kind, bucket: p.bucket, rating: p.rating, hardest: p.hardest, puzzle: p.puzzle, solution: p.solution };
        files.push({ name: fileName(p.slot, 'json'), data: JSON.stringify(json, null, 2) + '\n' });
        files.push({ name: pageName(p.slot), data: webPage(job, p, entry, byDate) });
      }
    } catch (err) {
      if (opts.signal?.aborted) throw stop();
      throw err;
    }
    if (opts.signal?.aborted) throw stop();
    // Files of slots no longer made go with the commit.
    const stale = existsSync(dir) ? readdirSync(dir).filter((f) => /^puzzle(-\d+)?(-full)?\.(pdf|svg|json)$/.test(f) || /^index(-\d+)?\.html$/.test(f)) : [];
    writeSet(dir, files, { what: 'date folder', remove: stale }, kept);
    kept.push(date);
    opts.onDate?.(date, kept.length, dates.length);
  }
  const last = dates[dates.length - 1];
  const proof = join(job.output, `proof-${first}-to-${last}.pdf`);
  let bytes: Buffer;
  try {
    bytes = await renderPdf({ pageSize: job.layout.pageSize, pages }, job.layout, { title: `${job.title}: ${first} to ${last}`, author: job.title, date: first }, undefined, opts.signal);
  } catch (err) {
    if (opts.signal?.aborted) throw new UserError(`interrupted while writing the proof copy: kept ${keptText(kept)} in ${job.output}; the proof copy was not written`);
    throw err;
  }
  writeSet(job.output, [{ name: basename(proof), data: bytes }], { what: 'proof copy' }, kept);
  const published = opts.publishUntil === false ? [] : writeWebFolder(job.output, job.title, opts.publishUntil ?? localToday(), undefined, {
          siteUrl: opts.siteUrl ?? job.web?.url ?? null,
          locale: job.locale,
          strings: job.strings,
        });
  return { dates, proof, published };
}

const cellsOf = (text: string) => Uint8Array.from(text, (ch) => Math.max(0, charDigit(ch)));

/** The bare SVG of a day of another kind or size. */
function kindSvg(g: Geometry, puzzle: string, title: string): string {
  return kindGridSvg(g, cellsOf(puzzle), { title });
}

/** The SVG with its heading of a day of another kind: the classic one's heading (same size and places) over the kind's grid. */
function kindSvgFull(g: Geometry, puzzle: string, heading: SvgHeading): string {
  const classic = puzzleSvgFull('.'.repeat(81), heading);
  const headEnd = classic.indexOf('</g>', classic.indexOf('<g font-family=')) + '</g>'.length;
  const height = Number(/height="([\d.]+)"/.exec(classic)![1]);
  const grid = kindGridSvg(g, cellsOf(puzzle)).trimEnd().replace('<svg xmlns="http://www.w3.org/2000/svg"', `<svg x="0" y="${height - 360}"`);
  return `${classic.slice(0, headEnd)}${grid}</svg>\n`;
}

/** Today's date on this machine's calendar (YYYY-MM-DD). */
export function localToday(now = new Date()): string {
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

/** The day's playable page (web/page.ts): the same label, rating and words as the PDF. */
function webPage(job: Parameters<typeof writeDailyPages>[0], p: DailyPuzzle, entry: DailyEntry, byDate: Map<string, DailyPuzzle[]>): string {
  const prevDate = dayBefore(p.date);
  const nextDate = dayAfter(p.date);
  const strings = job.strings ?? catalogue('en');
  return dayPageHtml(
    dayData({
      title: job.title,
      date: p.date,
      slot: p.slot,
      dateLine: entry.dateLine,
      number: entry.number ?? '',
      label: entry.label,
      rating: p.rating,
      hardest: p.hardest,
      puzzle: p.puzzle,
      solution: p.solution,
      locale: job.locale ?? 'en',
      strings,
      prize: job.web?.prize.includes(p.weekday) ?? false,
      mistakeLimit: job.web?.mistakes ?? null,
      // Dates are written in order: the day before's page, if any, is on disk by now.
      prev: existsSync(join(job.output, prevDate, 'index.html')),
      next: (byDate.get(nextDate) ?? []).some((q) => q.slot === 1) || existsSync(join(job.output, nextDate, 'index.html')),
      prevDate,
      nextDate,
      pdf: fileName(p.slot, 'pdf'),
      job: job.name ?? job.title,
      ...(entry.geometry ? { geometry: entry.geometry } : {}),
    }),
  );
}
