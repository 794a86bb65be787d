import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { canonicalString } from '../../src/core/canonical.js';
import { parseGrid } from '../../src/core/grid.js';
import { dateRange, weekdayOf } from '../../src/daily/daily.js';
import { loadDailyJob, WEEKDAYS } from '../../src/daily/daily-job.js';
import { gradePuzzle } from '../../src/grader/grade.js';
import { countSolutions } from '../../src/solver/solver.js';
import { ROOT, runCli } from '../helpers/cli.js';
import { Bank } from '../../src/bank/bank.js';
import { readPdf } from '../helpers/pdf.js';
import { blackOnlyProblems } from '../typeset/pdf-ops.js';

const tmp = mkdtempSync(join(tmpdir(), 'sp-daily-'));

/** config/daily.yaml with its output and bank in a temporary folder. */
function job(name: string): string {
  const text = readFileSync('config/daily.yaml', 'utf8').replace('bank: output/bank.sqlite', `bank: ${join(tmp, `${name}.sqlite`)}\noutput: ${join(tmp, name)}`);
  const file = join(tmp, `${name}.yaml`);
  writeFileSync(file, text);
  return file;
}

const readDay = (name: string, date: string) => JSON.parse(readFileSync(join(tmp, name, date, 'puzzle.json'), 'utf8'));

describe('sudoku-press daily', () => {
  // Three weeks: every weekday three times (a whole year took about 90 s and proves nothing more).
  const year = dateRange('2027-01-01', 21);
  let puzzles: { date: string; bucket: string; rating: number | null; puzzle: string; solution: string; weekday: string }[];

  let summary = '';
  beforeAll(() => {
    const r = runCli(['daily', job('year'), '--from', '2027-01-01', '--days', '21', '--workers', '2']);
    expect(r.status, r.stderr).toBe(0);
    summary = r.stdout;
    puzzles = year.map((d) => readDay('year', d));
  }, 180_000);

  it('says how many candidates it made and how many landed in the bucket aimed at, and banks those not used', () => {
    const m = /\(0 from the bank, 21 new\), proof copy .*; (\d+) candidates made \(hit rate (\d+)%\), those not used banked\n$/.exec(summary);
    expect(m, summary).not.toBeNull();
    const made = Number(m![1]);
    expect(Number(m![2])).toBeGreaterThanOrEqual(50);
    const b = Bank.open(join(tmp, 'year.sqlite'), { create: false });
    const total = b.stats().reduce((n, r) => n + r.total, 0);
    b.close();
    expect(total).toBe(made);
  });

  it('never repeats a puzzle (or an isomorph of one) over three weeks of dates', () => {
    expect(puzzles.length).toBe(21);
    const forms = new Set(puzzles.map((p) => canonicalString(parseGrid(p.puzzle))));
    expect(forms.size).toBe(21);
  });

  it('follows the weekday schedule, with unique puzzles graded as labelled', () => {
    const schedule = loadDailyJob('config/daily.yaml').schedule;
    for (const p of puzzles) {
      const spec = schedule[weekdayOf(p.date)];
      expect(p.weekday).toBe(weekdayOf(p.date));
      expect(p.bucket).toBe(spec.bucket);
      if (spec.rating) {
        expect(p.rating ?? Infinity).toBeGreaterThanOrEqual(spec.rating.min);
        expect(p.rating ?? Infinity).toBeLessThanOrEqual(spec.rating.max);
      }
    }
    for (const p of puzzles.filter((_, i) => i % 4 === 0)) {
      expect(countSolutions(parseGrid(p.puzzle), 2)).toBe(1);
      const g = gradePuzzle(parseGrid(p.puzzle));
      expect([g.bucket, g.rating, g.solution]).toEqual([p.bucket, p.rating, p.solution]);
    }
    // Ratings rise strictly from Monday to Saturday (every puzzle of a day above every puzzle
    // of the day before), and Sundays are the hardest days of the week.
    const on = (day: string) => puzzles.filter((p) => p.weekday === day).map((p) => p.rating ?? Infinity);
    for (let d = 1; d < 6; d++) expect(Math.min(...on(WEEKDAYS[d]))).toBeGreaterThan(Math.max(...on(WEEKDAYS[d - 1])));
    expect(Math.min(...on('sunday'))).toBeGreaterThan(Math.max(...on('friday')));
  });

  it('writes the PDF, SVG and JSON of every day, and a proof PDF of the range', async () => {
    for (const d of year) for (const f of ['puzzle.pdf', 'puzzle.svg', 'puzzle.json']) expect(existsSync(join(tmp, 'year', d, f))).toBe(true);
    const svg = readFileSync(join(tmp, 'year', '2027-01-20', 'puzzle.svg'), 'utf8');
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect((svg.match(/<text /g) ?? []).length).toBe([...puzzles[19].puzzle].filter((c) => c !== '.').length);
    const day = await readPdf(join(tmp, 'year', '2027-01-20', 'puzzle.pdf'));
    expect(day.pages.length).toBe(1);
    const text = day.pages[0].map((t) => t.str).join(' ');
    expect(text).toContain('Wednesday 20 January 2027');
    expect(text).toContain('Solution to Tue 19 Jan');
    expect(text).toMatch(/★+☆*\s+(gentle|easy|moderate)/);
    expect(text).toContain('Fill the grid so that every row');
    expect(blackOnlyProblems(join(tmp, 'year', '2027-01-20', 'puzzle.pdf'))).toEqual([]);
    // The grid of the day and the previous day's whole solution are both on the page.
    const digits = day.pages[0].filter((t) => /^[1-9]$/.test(t.str)).length;
    expect(digits).toBe([...puzzles[19].puzzle].filter((c) => c !== '.').length + 81);
    const proof = await readPdf(join(tmp, 'year', 'proof-2027-01-01-to-2027-01-21.pdf'));
    expect(proof.pages.length).toBe(21);
  });

  it('returns the same puzzle for a date already issued, from the bank record', () => {
    const r = runCli(['daily', job('year'), '--from', '2027-01-10', '--days', '5']);
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('(5 from the bank, 0 new)');
    for (const d of dateRange('2027-01-10', 5)) expect(readDay('year', d)).toEqual(puzzles[year.indexOf(d)]);
  });

  it('makes the same puzzles for the same dates from the same seed and an empty bank, whatever the number of workers', () => {
    // The three weeks above were made with 2 workers; their first days again with 1.
    const a = runCli(['daily', job('a'), '--from', '2027-01-01', '--days', '4', '--workers', '1']);
    expect(a.status, a.stderr).toBe(0);
    for (const [i, d] of dateRange('2027-01-01', 4).entries()) expect(readDay('a', d)).toEqual(puzzles[i]);
  });

  it('refuses a worker count past the ceiling before it opens or makes the bank', () => {
    const r = runCli(['daily', job('many'), '--from', '2027-01-01', '--workers', '1000']);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/^sudoku-press: --workers: expected a whole number from 1 to 64/);
    expect(existsSync(join(tmp, 'many.sqlite'))).toBe(false);
  });

  it('rejects a bad date in one line', () => {
    const r = runCli(['daily', job('bad'), '--from', '2027-02-30']);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/expected a date that exists, like 2026-12-01 \(years 0001 to 9999\), got "2027-02-30"/);
  });

  it('stops on Ctrl-C while making puzzles with its own message, keeping what it recorded and made', async () => {
    const file = job('stopped');
    const bankFile = join(tmp, 'stopped.sqlite');
    const child = spawn(process.execPath, ['dist/cli/main.js', 'daily', file, '--from', '2027-06-01', '--days', '365', '--workers', '1'], { cwd: ROOT, env: { ...process.env, CI: '1' } });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (c) => resolve(c)));
    // Wait until the first day is recorded: the run is then making the next days' puzzles.
    const recorded = () => {
      if (!existsSync(bankFile)) return 0;
      try {
        const b = Bank.open(bankFile, { create: false });
        try {
          return b.stats().reduce((n, r) => n + r.used, 0);
        } finally {
          b.close();
        }
      } catch {
        return 0;
      }
    };
    for (let i = 0; i < 300 && recorded() === 0; i++) await new Promise((r) => setTimeout(r, 100));
    child.kill('SIGINT');
    expect(await exited).toBe(130);
    expect(stderr).toBe('sudoku-press: interrupted: dates done so far are recorded in the bank; nothing else was written\n');
    expect(recorded()).toBeGreaterThan(0);
    expect(existsSync(join(tmp, 'stopped')) ? readdirSync(join(tmp, 'stopped')) : []).toEqual([]);
  }, 60_000);
});
