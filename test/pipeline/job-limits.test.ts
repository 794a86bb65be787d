import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadDailyJob } from '../../src/daily/daily-job.js';
import { loadJob } from '../../src/pipeline/job.js';
import { fitProblems } from '../../src/typeset/fit.js';
import { loadTemplate, templateNames } from '../../src/typeset/templates.js';
import { runCli } from '../helpers/cli.js';
import { problems } from '../helpers/user-error.js';

const tmp = mkdtempSync(join(tmpdir(), 'sp-limits-'));
let n = 0;

/** A book job: the given lines added to a small valid one. */
function bookJob(extra: string, sections = '  - { title: E, bucket: easy, count: 2 }'): string {
  const file = join(tmp, `job-${n++}.yaml`);
  writeFileSync(file, `name: limits\ntitle: T\nseed: 1\nsections:\n${sections}\n${extra}\n`);
  return file;
}

const bookProblems = (extra: string, sections?: string) => problems(() => loadJob(bookJob(extra, sections)));

describe('layouts that cannot fit fail the job check, with the rule named', () => {
  it('every bundled template fits a book and a daily page', () => {
    for (const name of templateNames()) {
      expect(fitProblems(loadTemplate(name), 'book'), name).toEqual([]);
      expect(fitProblems(loadTemplate(name), 'daily'), name).toEqual([]);
    }
  });

  it('a 1 x 1 pt page', () => {
    expect(bookProblems('layout:\n  pageSize: [1, 1]')).toMatch(/:\d+:\d+ layout\.margins: .*1 pt page width \(rule: the margins leave a text block at least 108 pt/);
  });

  it('margins wider than the page', () => {
    expect(bookProblems('layout:\n  margins: { inner: 400, outer: 400 }')).toMatch(/layout\.margins: margins inner 400 pt \+ outer 400 pt leave -188 pt of the 612 pt page width \(rule:/);
    expect(bookProblems('layout:\n  margins: { top: 500, bottom: 300 }')).toMatch(/layout\.margins: margins top 500 pt \+ bottom 300 pt .*792 pt page height/);
  });

  it('grids below the minimum size', () => {
    expect(bookProblems('layout:\n  puzzlesPerPage: { columns: 6, rows: 6 }')).toMatch(/layout\.puzzlesPerPage: 6 x 6 to a page makes each puzzle grid [\d.]+ pt wide \(rule: a puzzle grid is at least 108 pt\)/);
    expect(bookProblems('layout:\n  answersPerPage: { columns: 12, rows: 12 }')).toMatch(/layout\.answersPerPage: 12 x 12 to a page makes each answer-key grid [\d.]+ pt wide \(rule: an answer-key grid is at least 54 pt\)/);
    const daily = join(tmp, 'daily.yaml');
    writeFileSync(daily, 'name: d\ntitle: T\nseed: 1\nschedule: { monday: easy, tuesday: easy, wednesday: easy, thursday: easy, friday: easy, saturday: easy, sunday: easy }\nlayout:\n  pageSize: [200, 200]\n  margins: { top: 10, bottom: 10, inner: 10, outer: 10 }\n');
    expect(problems(() => loadDailyJob(daily))).toMatch(/layout: the day's grid would be [\d.]+ pt wide \(rule: a puzzle grid is at least 108 pt\)/);
  });

  it('the CLI stops before any puzzle is made: one message, exit 1, no stack', () => {
    const r = runCli(['book', bookJob('output: ' + join(tmp, 'never') + '\nlayout:\n  pageSize: [1, 1]')]);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/^sudoku-press: .*layout\.margins: .*\(rule: /);
    expect(r.stderr).not.toMatch(/internal error|at .*\.js:/);
  });
});

describe('fonts are opened when the job is checked', () => {
  it('a file that is not a font fails the check', () => {
    writeFileSync(join(tmp, 'fake.ttf'), 'this is not a font\n'.repeat(10));
    expect(bookProblems('layout:\n  fonts: { regular: fake.ttf }')).toMatch(/:\d+:\d+ layout\.fonts\.regular: .*fake\.ttf is not a font file/);
  });

  it('a real font passes', () => {
    expect(loadJob(bookJob('layout:\n  fonts: { regular: DejaVuSerif, bold: DejaVuSerif-Bold }')).layout.fonts.regular).toMatch(/DejaVuSerif\.ttf$/);
  });
});

describe('dates and ranges', () => {
  it('a date that does not exist', () => {
    expect(bookProblems('date: 2026-02-31')).toMatch(/:\d+:7 date: expected a date that exists.*got "2026-02-31"/);
    expect(bookProblems('date: 10000-01-01')).toMatch(/date: expected a date that exists/);
    expect(loadJob(bookJob('date: 2028-02-29')).date).toBe('2028-02-29');
  });

  it('rating bands off the 1.0-12 scale, min above max', () => {
    expect(bookProblems('', '  - { title: E, bucket: easy, count: 2, rating: { min: 0.5, max: 2 } }')).toMatch(/sections\[0\]\.rating\.min: 0\.5 is off the rating scale \(ratings run from 1\.0 to 12\)/);
    expect(bookProblems('', '  - { title: E, bucket: easy, count: 2, rating: { min: 2, max: 13 } }')).toMatch(/sections\[0\]\.rating\.max: 13 is off the rating scale/);
    expect(bookProblems('', '  - { title: E, bucket: easy, count: 2, rating: { min: 3, max: 2 } }')).toMatch(/sections\[0\]\.rating: min 3 is above max 2/);
  });

  it('clue ranges no minimal puzzle reaches', () => {
    expect(bookProblems('', '  - { title: E, bucket: easy, count: 2, clues: { min: 10, max: 16 } }')).toMatch(/sections\[0\]\.clues\.max: 16 clues is too few: no puzzle with one solution has fewer than 17/);
    expect(bookProblems('generator: { clues: { min: 41 } }')).toMatch(/generator\.clues\.min: 41 clues is too many/);
    expect(bookProblems('generator: { clues: { min: 20, max: 24 } }', '  - { title: E, bucket: easy, count: 2, clues: { min: 26, max: 30 } }')).toMatch(/sections\[0\]\.clues: 26-30 clues does not overlap generator\.clues \(20-24\)/);
  });

  it('a rating band above what its bucket can reach is refused; custom tables with chains are not bounded', () => {
    expect(bookProblems('', '  - { title: E, bucket: easy, count: 2, rating: { min: 2.5 } }')).toMatch(/sections\[0\]\.rating\.min: 2\.5 is above the rating of any easy puzzle \(its techniques rate at most 2\.3\)/);
    expect(bookProblems('', '  - { title: M, bucket: medium, count: 2, rating: { min: 4.2, max: 5 } }')).toMatch(/sections\[0\]\.rating\.min: 4\.2 is above the rating of any medium puzzle \(its techniques rate at most 4\.0\)/);
    expect(() => loadJob(bookJob('', '  - { title: M, bucket: medium, count: 2, rating: { min: 4.0 } }'))).not.toThrow();
    expect(bookProblems('', '  - { title: H, bucket: hard, count: 2, rating: { min: 4.5 } }')).toMatch(/sections\[0\]\.rating\.min: 4\.5 is above the rating of any hard puzzle \(its techniques rate at most 4\.4\)/);
    expect(() => loadJob(bookJob('', '  - { title: H, bucket: hard, count: 2, rating: { min: 4.4 } }'))).not.toThrow();
    expect(() => loadJob(bookJob('', '  - { title: M, bucket: master, count: 2, rating: { min: 11 } }'))).not.toThrow();
    // A table whose medium level reaches chains has no fixed ceiling.
    const custom = 'grader:\n  levels:\n    easy: [hidden-single, naked-single]\n    medium: [hidden-single, naked-single, forcing-chain-cycle]\n';
    expect(() => loadJob(bookJob(custom, '  - { title: M, bucket: medium, count: 2, rating: { min: 7 } }'))).not.toThrow();
    const daily = join(tmp, 'daily-band.yaml');
    writeFileSync(daily, 'name: d\ntitle: T\nseed: 1\nschedule: { monday: easy, tuesday: easy, wednesday: { bucket: easy, rating: { min: 3 } }, thursday: easy, friday: easy, saturday: easy, sunday: easy }\n');
    expect(problems(() => loadDailyJob(daily))).toMatch(/schedule\.wednesday\.rating\.min: 3 is above the rating of any easy puzzle/);
  });

  it('daily: --days capped at 3660, dates past 9999 and non-dates refused', () => {
    const days = runCli(['daily', 'config/daily.yaml', '--from', '2026-01-01', '--days', '100000']);
    expect(days.status).toBe(1);
    expect(days.stderr).toContain('at most 3660 days');
    const late = runCli(['daily', 'config/daily.yaml', '--from', '9999-12-30', '--days', '3']);
    expect(late.status).toBe(1);
    expect(late.stderr).toBe('sudoku-press: --from 9999-12-30 --days 3: the dates run past 9999-12-31; ask for fewer days\n');
    const bad = runCli(['daily', 'config/daily.yaml', '--from', '2026-02-31']);
    expect(bad.status).toBe(1);
    expect(bad.stderr).toContain('expected a date that exists');
  });
});
