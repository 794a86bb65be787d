import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROOT, runCli, runCliAsync, type RunResult } from '../helpers/cli.js';

const WORKERS = ['0', '1', '2'];

/** from, from + 1, ..., to - 1 */
const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i);

/**
 * A collection of several batches for both commands (the audit sends 256 lines at a time,
 * `grade` 16): new puzzles, rated ones up to ER 9, a repeat, and 200 lines that are no
 * puzzle (cheap to check: they make the audit's batches many without making it slow).
 */
function collection(): string {
  const made = runCli(['generate', '-n', '40', '--seed', 'worker-count']);
  expect(made.status).toBe(0);
  const rated = readFileSync(join(ROOT, 'test/fixtures/puzzles/se-rated-40.tsv'), 'utf8').split('\n').filter((l) => /^[.\d]{81}/.test(l));
  const lines = made.stdout.trim().split('\n');
  const junk = Array.from({ length: 200 }, (_, i) => `not a puzzle ${i}`);
  lines.splice(20, 0, ...rated, ...junk, lines[7]);
  const file = join(mkdtempSync(join(tmpdir(), 'sp-worker-count-')), 'collection.txt');
  writeFileSync(file, lines.join('\n') + '\n');
  return file;
}

describe('the number of workers changes nothing', () => {
  let audits: RunResult[];
  let grades: RunResult[];
  beforeAll(async () => {
    const file = collection();
    audits = await Promise.all(WORKERS.map((w) => runCliAsync(['audit', file, '--format', 'json', '--workers', w])));
    grades = await Promise.all(WORKERS.map((w) => runCliAsync(['grade', file, '--format', 'jsonl', '--workers', w])));
  }, 120_000);

  it('audit: the same report on the main thread and with 1 or 2 workers', () => {
    const report = JSON.parse(audits[0].stdout);
    expect(report.total).toBe(281);
    expect(report.problems.malformed).toBe(200);
    expect(report.problems.duplicates).toBe(1);
    expect(report.problemLines.filter((p: { problem: string }) => p.problem !== 'notMinimal').map((p: { line: number }) => p.line)).toEqual(range(61, 262));
    for (const [k, r] of audits.entries()) {
      expect(r.status, `--workers ${WORKERS[k]}: ${r.stderr}`).toBe(0);
      expect(r.stdout, `--workers ${WORKERS[k]}`).toBe(audits[0].stdout);
    }
  });

  it('grade: the same lines, in input order, on the main thread and with 1 or 2 workers', () => {
    const rows = grades[0].stdout.trim().split('\n').map((l) => JSON.parse(l));
    expect(rows.length).toBe(81);
    // Input order: line numbers rise, the bad lines (61-260) are left out and reported.
    expect(rows.map((r: { line: number }) => r.line)).toEqual([...range(1, 61), ...range(261, 282)]);
    expect(rows.filter((r: { rating: number | null }) => (r.rating ?? 0) >= 7).length).toBeGreaterThan(0);
    expect(grades[0].stderr).toMatch(/line 61: /);
    expect(grades[0].stderr).toMatch(/line 260: /);
    for (const [k, r] of grades.entries()) {
      expect(r.status, `--workers ${WORKERS[k]}`).toBe(1);
      expect(r.stdout, `--workers ${WORKERS[k]}`).toBe(grades[0].stdout);
      expect(r.stderr, `--workers ${WORKERS[k]}`).toBe(grades[0].stderr);
    }
  });
});
