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

describe('daily web edition', () => {
  // 2026-12-05 is a Saturday, 2026-12-06 a Sunday.
  const file = job('web:\n  prize: [sunday]\n  mistakes: 3');

  it('writes a page per date, publishes up to --publish-until only, and moves the cut-off on later runs', async () => {
    const r = runCli(['daily', file, '--from', '2026-12-04', '--days', '3', '--workers', '1', '--publish-until', '2026-12-05']);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/web edition .*web \(2 dates published\)/);
    for (const d of ['2026-12-04', '2026-12-05', '2026-12-06']) expect(existsSync(join(output, d, 'index.html'))).toBe(true);
    const web = join(output, 'web');
    expect(readdirSync(web).sort()).toEqual(['2026-12-04', '2026-12-05', 'index.json', 'sudoku-daily.js']);
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
    const earlier = runCli(['daily', file, '--from', '2026-12-04', '--workers', '1', '--publish-until', '2026-12-04']);
    expect(earlier.status, earlier.stderr).toBe(0);
    expect(readdirSync(web).sort()).toEqual(['2026-12-04', 'index.json', 'sudoku-daily.js']);
    // The 4th was made again: web/ holds the page as it is now.
    expect(readFileSync(join(web, '2026-12-04', 'index.html'))).toEqual(readFileSync(join(output, '2026-12-04', 'index.html')));
  }, 120_000);

  it('tells a bad `web` key by file, line and field', () => {
    const bad = job('web:\n  prize: [caturday]\n  mistakes: 0');
    const r = runCli(['daily', bad, '--from', '2026-12-04', '--workers', '1']);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/daily-\w+\.yaml:\d+:\d+ web\.prize\[0\]: expected a weekday \(monday, .*\), got "caturday"/);
    expect(r.stderr).toMatch(/:\d+:\d+ web\.mistakes: expected a positive integer, got 0/);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });
});
