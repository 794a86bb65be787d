import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatGrid, parseGrid } from '../../src/core/grid.js';
import { WEEKDAYS, loadDailyJob, type DaySpec, type Weekday } from '../../src/daily/daily-job.js';
import { puzzleNumber, weekdayOf, type DailyPuzzle } from '../../src/daily/daily.js';
import { writeDailyPages } from '../../src/daily/daily-pages.js';
import { DIFFICULTY_BANDS, difficultyBand } from '../../src/grader/bands.js';
import { RATING_SCALE } from '../../src/pipeline/job.js';
import { solve } from '../../src/solver/solver.js';
import { loadTemplate } from '../../src/typeset/templates.js';
import { runCli } from '../helpers/cli.js';
import { readPdf, type TextItem } from '../helpers/pdf.js';
import { blackOnlyProblems, colourOps, contentStreams } from '../typeset/pdf-ops.js';

const PUZZLES = ['..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..', '4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......'];
const tmp = mkdtempSync(join(tmpdir(), 'sp-newspaper-'));

function day(date: string, i: number, rating = 2.6): DailyPuzzle {
  const puzzle = PUZZLES[i % 2];
  return { date, weekday: weekdayOf(date), slot: 1, bucket: 'medium', rating, hardest: 'pointing', puzzle, solution: formatGrid(solve(parseGrid(puzzle))!), source: 'new' };
}

const schedule = (count: (d: Weekday) => number) => Object.fromEntries(WEEKDAYS.map((d) => [d, { bucket: 'easy', rating: null, count: count(d) }])) as Record<Weekday, DaySpec>;
const words = (items: TextItem[]) => items.map((t) => t.str).join(' ');

describe('newspaper page', () => {
  const out = join(tmp, 'pages');
  const t = loadTemplate('newspaper');
  // 2027-01-01 is a Friday; the series is numbered from 1 December 2026, whose puzzle is No. 400.
  const job = { output: out, title: 'Test Daily', layout: t, numbering: { from: '2026-12-01', first: 400 }, schedule: schedule(() => 1), copyright: '© 2027 Test Daily Ltd' };
  const dates = ['2027-01-01', '2027-01-02', '2027-01-03'];
  let pages: TextItem[][];
  beforeAll(async () => {
    await writeDailyPages(job, dates.map((d, i) => day(d, i)), []);
    pages = await Promise.all(dates.map(async (d) => (await readPdf(join(out, d, 'puzzle.pdf'))).pages[0]));
  });

  it('prints the puzzle number and the copyright line on every page, and the number in the JSON', () => {
    dates.forEach((d, i) => {
      const text = words(pages[i]);
      // 31 days of December since No. 400, then the days of January.
      expect(text).toContain(`No. ${431 + i}`);
      expect(text).toContain('© 2027 Test Daily Ltd');
      expect(JSON.parse(readFileSync(join(out, d, 'puzzle.json'), 'utf8')).number).toBe(431 + i);
    });
    // The copyright line is the lowest text on the page, inside the bottom margin.
    const copyright = pages[0].find((it) => it.str.startsWith('©'))!;
    expect(Math.max(...pages[0].map((it) => it.y))).toBe(copyright.y);
    expect(copyright.y).toBeLessThanOrEqual(t.pageSize[1] - t.margins.bottom);
  });

  it('counts every scheduled puzzle of a day in the numbers', () => {
    const two = { numbering: { from: '2027-01-04', first: 1 }, schedule: schedule((d) => (d === 'saturday' ? 2 : 1)) };
    // Monday 4 to Friday 8: one a day (1-5); Saturday 9: two (6, 7); Sunday 10: 8; a week later 8 more.
    expect([puzzleNumber(two, '2027-01-08', 1), puzzleNumber(two, '2027-01-09', 2), puzzleNumber(two, '2027-01-10', 1), puzzleNumber(two, '2027-01-17', 1)]).toEqual([5, 7, 8, 16]);
    expect(puzzleNumber(two, '2027-01-03', 1)).toBeNull();
    expect(puzzleNumber({ ...two, numbering: null }, '2027-01-08', 1)).toBeNull();
  });

  it('on the first day without a previous solution: no empty slot, a larger grid, the rules under it', () => {
    const [first, second] = pages;
    expect(words(first)).not.toContain('Solution');
    // Only the day's clues are digits on the page: no solution grid.
    const digits = (items: TextItem[]) => items.filter((it) => /^[1-9]$/.test(it.str));
    expect(digits(first)).toHaveLength([...PUZZLES[0]].filter((c) => c !== '.').length);
    expect(digits(second).length).toBeGreaterThan(81);
    // The grid spans (nearly) the column; the rules run across under its last row.
    const span = (items: TextItem[]) => Math.max(...items.map((it) => it.x + it.width)) - Math.min(...items.map((it) => it.x));
    expect(span(digits(first))).toBeGreaterThan(span(digits(second).filter((it) => it.y < second.find((s) => s.str.startsWith('Solution'))!.y)));
    const rules = first.filter((it) => /row|column|digit|exactly/.test(it.str));
    expect(rules.length).toBeGreaterThan(0);
    const gridBottom = Math.max(...digits(first).map((it) => it.y));
    for (const r of rules) expect(r.y).toBeGreaterThan(gridBottom);
    expect(span(rules)).toBeGreaterThan((t.pageSize[0] - t.margins.inner - t.margins.outer) * 0.6);
  });

  it('prints the whole rules sentence on every page, beside the previous solution or under the grid', () => {
    for (const page of pages) {
      const text = words(page);
      expect(text).toMatch(/Fill the grid .*exactly once\./);
      expect(text).not.toContain('…');
    }
  });

  it('prints the previous solution in solid black: no tint anywhere on the page', () => {
    const file = join(out, dates[1], 'puzzle.pdf');
    expect(blackOnlyProblems(file)).toEqual([]);
    const blacks = new Set(colourOps(contentStreams(file)).map(([operands]) => Number(operands.split(/\s+/).pop())));
    expect([...blacks]).toEqual([1]);
  });

  it('writes a bare SVG and a full one with title, date, number and stars', () => {
    const bare = readFileSync(join(out, dates[1], 'puzzle.svg'), 'utf8');
    const full = readFileSync(join(out, dates[1], 'puzzle-full.svg'), 'utf8');
    const texts = (svg: string) => [...svg.matchAll(/<text [^>]*>([^<]*)<\/text>/g)].map((m) => m[1]);
    expect(texts(bare).every((s) => /^[1-9]$/.test(s))).toBe(true);
    const heading = texts(full).filter((s) => !/^[1-9]$/.test(s));
    expect(heading).toEqual(['Test Daily', 'Saturday 2 January 2027', expect.stringMatching(/^★★★☆+ {2}moderate \(1 to \d stars\)$/), 'No. 432']);
    // The same grid in both: the same digits.
    expect(texts(full).filter((s) => /^[1-9]$/.test(s))).toEqual(texts(bare));
  });
});

describe('daily job keys for the page', () => {
  const withKeys = (keys: string) => {
    const file = join(tmp, `job-${Math.random().toString(36).slice(2)}.yaml`);
    writeFileSync(file, readFileSync('config/daily.yaml', 'utf8').replace(/^numberFrom:.*\n^firstNumber:.*\n^copyright:.*\n/m, keys));
    return file;
  };

  it('reads numberFrom, firstNumber and copyright; without them the page has no number and no copyright line', () => {
    const job = loadDailyJob(withKeys('numberFrom: 2027-03-01\nfirstNumber: 412\ncopyright: "© 2027 A Paper"\n'));
    expect([job.numbering, job.copyright]).toEqual([{ from: '2027-03-01', first: 412 }, '© 2027 A Paper']);
    const bare = loadDailyJob(withKeys(''));
    expect([bare.numbering, bare.copyright]).toEqual([null, null]);
  });

  it('refuses dates before numberFrom before it makes a puzzle', () => {
    const file = withKeys(`numberFrom: 2027-01-05\nbank: ${join(tmp, 'early.sqlite')}\noutput: ${join(tmp, 'early')}\n`);
    writeFileSync(file, readFileSync(file, 'utf8').replace(/^bank: output\/bank.sqlite\n/m, ''));
    const r = runCli(['daily', file, '--from', '2027-01-01', '--days', '7', '--workers', '1']);
    expect(r.status).toBe(1);
    expect(r.stderr.trim()).toMatch(/^[^\n]*numberFrom 2027-01-05 is after 2027-01-01, so its puzzle would have no number/);
    expect(r.stdout).toBe('');
  });

  it.each([
    ['numberFrom: 2027-02-30\n', /:\d+:\d+ numberFrom: expected a date that exists, like 2026-01-31/],
    ['numberFrom: 2027-02-01\nfirstNumber: 0\n', /firstNumber: expected a positive integer, got 0/],
    ['firstNumber: 5\n', /firstNumber: needs "numberFrom"/],
  ])('rejects %j with its line and key', (keys, message) => {
    expect(() => loadDailyJob(withKeys(keys))).toThrow(message);
  });
});

describe('the weekly ramp of config/daily.yaml', () => {
  /** The published scale: stars 1-5 by ER (grader/bands.ts; this copy until it has five stars). */
  const FIVE = [1.6, 2.6, 3.5, 4.5];
  const stars = (er: number) => (Math.max(...DIFFICULTY_BANDS.map((b) => b.stars)) === 5 ? difficultyBand(er).stars : 1 + FIVE.filter((m) => er + 1e-9 >= m).length);

  it('gives each weekday one star count, rising through the week, with Friday to Sunday not all alike', () => {
    const job = loadDailyJob('config/daily.yaml');
    const shown = WEEKDAYS.map((d) => {
      const r = job.schedule[d].rating!;
      const [lo, hi] = [Math.max(r.min, RATING_SCALE.min), Math.min(r.max, RATING_SCALE.max)];
      expect(stars(lo), d).toBe(stars(hi));
      return stars(lo);
    });
    for (let i = 1; i < 7; i++) expect(shown[i]).toBeGreaterThanOrEqual(shown[i - 1]);
    expect(shown[0]).toBe(1);
    expect(new Set(shown.slice(4)).size).toBeGreaterThan(1);
  });
});
