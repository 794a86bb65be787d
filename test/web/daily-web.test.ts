/**
 * `daily` writes the web edition: a page per date beside the print files, and web/ with only
 * the dates up to --publish-until (later pages hold their solution), index.json and the element's
 * module; the job's `web` options (prize weekdays, a mistake limit) reach the pages.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { DayData } from '../../src/web/day-data.js';
import { readPdf } from '../helpers/pdf.js';
import { runCli } from '../helpers/cli.js';
import { techniqueName } from '../../src/grader/step-words.js';
import { catalogue } from '../../src/typeset/i18n/index.js';

const tmp = mkdtempSync(join(tmpdir(), 'sp-daily-web-'));
const output = join(tmp, 'out');

/** The day data inside a page. */
function pageData(file: string): DayData {
  const m = /<script type="application\/json">(.*?)<\/script>/s.exec(readFileSync(file, 'utf8'));
  return JSON.parse(m![1]) as DayData;
}

function job(extra: string): string {
  const file = join(tmp, `daily-${Math.random().toString(36).slice(2)}.yaml`);
  const text = readFileSync('config/daily.yaml', 'utf8')
    .replace('bank: output/bank.sqlite', `bank: ${join(tmp, 'bank.sqlite')}\noutput: ${output}`)
    .replace(/schedule:[\s\S]*?\nlayout:/, 'schedule: { monday: easy, tuesday: easy, wednesday: easy, thursday: easy, friday: easy, saturday: easy, sunday: easy }\nlayout:');
  writeFileSync(file, `${text}\n${extra}\n`);
  return file;
}

/** The JSON Feed 1.1 rules a reader relies on (https://jsonfeed.org/version/1.1): required fields and their types. */
function checkJsonFeed(feed: Record<string, unknown>): void {
  expect(feed.version).toBe('https://jsonfeed.org/version/1.1');
  expect(typeof feed.title).toBe('string');
  expect(Array.isArray(feed.items)).toBe(true);
  const ids = new Set<string>();
  for (const item of feed.items as Record<string, unknown>[]) {
    expect(typeof item.id).toBe('string');
    ids.add(item.id as string);
    // An item has content_html or content_text (or both).
    expect(typeof item.content_text === 'string' || typeof item.content_html === 'string').toBe(true);
    for (const k of ['url', 'title', 'summary', 'date_published']) if (k in item) expect(typeof item[k]).toBe('string');
    if (item.date_published) expect(item.date_published).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/);
  }
  expect(ids.size).toBe((feed.items as unknown[]).length);
}

describe('daily web edition', () => {
  // 2026-12-05 is a Saturday, 2026-12-06 a Sunday.
  const file = job('web:\n  prize: [sunday]\n  mistakes: 3');

  it('writes a page per date, publishes up to --publish-until only, and moves the cut-off on later runs', async () => {
    const r = runCli(['daily', file, '--from', '2026-12-04', '--days', '3', '--workers', '1', '--publish-until', '2026-12-05', '--site-url', 'https://example.com/sudoku']);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/web edition .*web \(2 dates published\)/);
    for (const d of ['2026-12-04', '2026-12-05', '2026-12-06']) expect(existsSync(join(output, d, 'index.html'))).toBe(true);
    const web = join(output, 'web');
    expect(readdirSync(web).sort()).toEqual(['2026-12-04', '2026-12-05', 'feed.json', 'index.json', 'sudoku-daily.js']);
    expect(readdirSync(join(web, '2026-12-05')).sort()).toEqual(['index.html', 'puzzle.pdf']);
    const index = JSON.parse(readFileSync(join(web, 'index.json'), 'utf8'));
    expect(index.dates.map((d: { date: string }) => d.date)).toEqual(['2026-12-04', '2026-12-05']);
    for (const entry of index.dates) {
      const json = JSON.parse(readFileSync(join(output, entry.date, 'puzzle.json'), 'utf8'));
      expect(entry).toMatchObject({ weekday: json.weekday, bucket: json.bucket, rating: json.rating, hardest: json.hardest, html: `${entry.date}/index.html`, pdf: `${entry.date}/puzzle.pdf` });
      // The page's label and rating are the PDF's.
      const data = pageData(join(output, entry.date, 'index.html'));
      const words = (await readPdf(join(output, entry.date, 'puzzle.pdf'))).pages[0].map((t) => t.str).join(' ');
      expect(words).toContain(data.label.replace(/\s+/g, ' ').trim().split(' ').slice(1).join(' '));
      expect(data.rating).toBe(json.rating);
      expect(data.solution).toBe(json.solution);
      expect(data.mistakeLimit).toBe(3);
    }
    // The feed: the published dates, newest first, absolute links under --site-url, each page's level and rating.
    const feed = JSON.parse(readFileSync(join(web, 'feed.json'), 'utf8'));
    checkJsonFeed(feed);
    expect(feed.feed_url).toBe('https://example.com/sudoku/feed.json');
    expect(feed.items.map((i: { url: string }) => i.url)).toEqual(['https://example.com/sudoku/2026-12-05/index.html', 'https://example.com/sudoku/2026-12-04/index.html']);
    for (const item of feed.items) {
      const date = /(\d{4}-\d{2}-\d{2})/.exec(item.url)![1];
      const data = pageData(join(output, date, 'index.html'));
      expect(item.date_published).toBe(`${date}T00:00:00Z`);
      expect(item.title).toBe(`${data.title}, ${data.dateLine}`);
      expect(item.summary).toContain(data.word);
      expect(item.summary).toContain(data.rating!.toFixed(1));
      if (data.hardest) expect(item.summary).toContain(`hardest step: ${techniqueName(catalogue('en'), data.hardest)}`);
    }
    // Links: the 5th has the 4th before it and the 6th after it.
    expect(pageData(join(output, '2026-12-05', 'index.html')).links).toMatchObject({ prev: '../2026-12-04/index.html', next: '../2026-12-06/index.html', nextDate: '2026-12-06' });
    // Sunday is a prize puzzle: no solution in its page, only its hash.
    const sunday = readFileSync(join(output, '2026-12-06', 'index.html'), 'utf8');
    const solution = JSON.parse(readFileSync(join(output, '2026-12-06', 'puzzle.json'), 'utf8')).solution as string;
    expect(sunday).not.toContain(solution);
    expect(pageData(join(output, '2026-12-06', 'index.html'))).toMatchObject({ mistakeLimit: null, solutionHash: expect.stringMatching(/^[0-9a-f]{64}$/) });

    // A later run with a later cut-off publishes the 6th; an earlier one takes it back out.
    const copied = statSync(join(web, '2026-12-05', 'index.html')).mtimeMs;
    const later = runCli(['daily', file, '--from', '2026-12-06', '--workers', '1', '--publish-until', '2026-12-06']);
    expect(later.status, later.stderr).toBe(0);
    // Pages already published and not made again are not copied again.
    expect(statSync(join(web, '2026-12-05', 'index.html')).mtimeMs).toBe(copied);
    expect(JSON.parse(readFileSync(join(web, 'index.json'), 'utf8')).dates.map((d: { date: string }) => d.date)).toEqual(['2026-12-04', '2026-12-05', '2026-12-06']);
    // Without a site address the feed's links are relative to it.
    const laterFeed = JSON.parse(readFileSync(join(web, 'feed.json'), 'utf8'));
    checkJsonFeed(laterFeed);
    expect(laterFeed.feed_url).toBeUndefined();
    expect(laterFeed.items.map((i: { url: string }) => i.url)).toEqual(['2026-12-06/index.html', '2026-12-05/index.html', '2026-12-04/index.html']);
    const earlier = runCli(['daily', file, '--from', '2026-12-04', '--workers', '1', '--publish-until', '2026-12-04']);
    expect(earlier.status, earlier.stderr).toBe(0);
    expect(readdirSync(web).sort()).toEqual(['2026-12-04', 'feed.json', 'index.json', 'sudoku-daily.js']);
    expect(JSON.parse(readFileSync(join(web, 'feed.json'), 'utf8')).items.map((i: { url: string }) => i.url)).toEqual(['2026-12-04/index.html']);
    // The 4th was made again: web/ holds the page as it is now.
    expect(readFileSync(join(web, '2026-12-04', 'index.html'))).toEqual(readFileSync(join(output, '2026-12-04', 'index.html')));
  }, 120_000);

  it('tells a bad `web` key by file, line and field', () => {
    const bad = job('web:\n  prize: [caturday]\n  mistakes: 0\n  url: ftp://example.com/');
    const r = runCli(['daily', bad, '--from', '2026-12-04', '--workers', '1']);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/daily-\w+\.yaml:\d+:\d+ web\.prize\[0\]: expected a weekday \(monday, .*\), got "caturday"/);
    expect(r.stderr).toMatch(/:\d+:\d+ web\.mistakes: expected a positive integer, got 0/);
    expect(r.stderr).toMatch(/:\d+:\d+ web\.url: expected an http or https address like https:\/\/example\.com\/sudoku\/, got "ftp:\/\/example\.com\/"/);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });
});
