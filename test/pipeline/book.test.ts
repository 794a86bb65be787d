import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { canonicalString } from '../../src/core/canonical.js';
import { parseGrid } from '../../src/core/grid.js';
import { gradePuzzle } from '../../src/grader/grade.js';
import { loadJob } from '../../src/pipeline/job.js';
import type { BookEntry, BookReport } from '../../src/pipeline/run.js';
import { countSolutions } from '../../src/solver/solver.js';
import { catalogue } from '../../src/typeset/i18n/index.js';
import { formatLabel, layoutBook, type GridBox } from '../../src/typeset/layout.js';
import { blackOnlyProblems } from '../typeset/pdf-ops.js';
import { ROOT, runCli, runCliAsync } from '../helpers/cli.js';
import { readPdf, type PdfContent, type TextItem } from '../helpers/pdf.js';

const tmp = mkdtempSync(join(tmpdir(), 'sp-book-'));

/** Copy a fixture job with its output sent to a temporary folder (and any other text changed). */
function jobInTmp(fixture: string, out: string, edit: (text: string) => string = (t) => t): string {
  const file = join(tmp, `${out}.yaml`);
  writeFileSync(file, edit(readFileSync(`test/fixtures/jobs/${fixture}`, 'utf8')) + `\noutput: ${join(tmp, out)}\n`);
  return file;
}


interface Built {
  job: ReturnType<typeof loadJob>;
  entries: BookEntry[];
  report: BookReport;
  pdf: PdfContent;
  dir: string;
}

async function build(fixture: string, out: string, workers: number, more: string[] = [], edit?: (text: string) => string): Promise<Built> {
  const file = jobInTmp(fixture, out, edit);
  const r = await runCliAsync(['book', file, '--workers', String(workers), ...more]);
  // Small test books are under KDP's 24 pages: that is a warning, nothing else may be printed.
  expect(r.stderr).toMatch(/^(sudoku-press: warning: .*\(rule: KDP page count\)\n)?$/);
  expect(r.status).toBe(0);
  const dir = join(tmp, out);
  const entries = readFileSync(join(dir, 'puzzles.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as BookEntry);
  const report = JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8')) as BookReport;
  return { job: loadJob(file), entries, report, pdf: await readPdf(join(dir, 'book.pdf')), dir };
}

/** Rebuild the 81 cells of a grid box from the digits drawn inside it. */
function readBox(items: TextItem[], box: GridBox): { digits: string; fonts: string[] } {
  const cell = box.size / 9;
  const digits = Array<string>(81).fill('.');
  const fonts = Array<string>(81).fill('');
  for (const it of items) {
    if (!/^[1-9]$/.test(it.str)) continue;
    const col = Math.floor((it.x + it.width / 2 - box.x) / cell);
    const row = Math.floor((it.y - box.y) / cell);
    if (col < 0 || col > 8 || row < 0 || row > 8) continue;
    expect(digits[row * 9 + col]).toBe('.');
    digits[row * 9 + col] = it.str;
    fonts[row * 9 + col] = it.font;
  }
  return { digits: digits.join(''), fonts };
}

function checkBook(b: Built): void {
  const { job, entries, report, pdf } = b;
  // Requested buckets and counts, proven unique, none equivalent to another.
  expect(entries.map((e) => e.number)).toEqual(entries.map((_, i) => i + 1));
  job.sections.forEach((s) => {
    const mine = entries.filter((e) => e.section === s.title);
    expect(mine.length).toBe(s.count);
    for (const e of mine) expect(e.bucket).toBe(s.bucket);
    const ratings = mine.map((e) => e.rating ?? Infinity);
    expect(ratings).toEqual([...ratings].sort((a, b) => a - b));
    if (s.clues) for (const e of mine) expect([...e.puzzle].filter((c) => c !== '.').length).toBeGreaterThanOrEqual(s.clues.min);
  });
  for (const e of entries) {
    expect(countSolutions(parseGrid(e.puzzle), 2)).toBe(1);
    const g = gradePuzzle(parseGrid(e.puzzle));
    expect(g.solution).toBe(e.solution);
    expect(g.bucket).toBe(e.bucket);
    expect(g.rating).toBe(e.rating);
  }
  expect(new Set(entries.map((e) => canonicalString(parseGrid(e.puzzle)))).size).toBe(entries.length);

  // Page count: even, and the same in the PDF, the report and the layout.
  expect(pdf.info.Title).toBe(job.title);
  expect(pdf.info.Author).toBe(job.author);

  // Every puzzle and answer key, rebuilt from the text of the PDF and its positions.
  const layout = layoutBook(
    job.layout,
    job,
    job.sections.map((s) => ({ title: s.title, bucket: s.bucket })),
    entries.map((e) => ({ ...e, section: job.sections.findIndex((s) => s.title === e.section) })),
    job.answers,
  );
  expect(pdf.pages.length).toBe(layout.pages.length);
  expect(report.pages).toBe(layout.pages.length);
  expect(pdf.pages.length % 2).toBe(0);
  // Section openers (and the solutions opener) on right-hand pages, with their titles.
  const openers = layout.pages.filter((p) => p.kind === 'section');
  expect(openers.length).toBe(job.sections.length + (job.answers === 'end' ? 1 : 0));
  for (const p of openers) {
    expect(p.number % 2).toBe(1);
    expect(pdf.pages[p.number - 1].map((t) => t.str).join(' ')).toContain(p.title);
  }
  expect(blackOnlyProblems(join(b.dir, 'book.pdf'))).toEqual([]);
  expect(existsSync(join(b.dir, 'cover.pdf'))).toBe(job.cover !== null);
  const seenPuzzles = new Map<number, number>();
  const seenAnswers = new Map<number, number>();
  layout.pages.forEach((page, i) => {
    if (page.kind !== 'puzzles' && page.kind !== 'answers') return;
    for (const box of page.boxes) {
      const { digits, fonts } = readBox(pdf.pages[i], box);
      const entry = entries[box.number - 1];
      if (page.kind === 'puzzles') {
        expect(digits).toBe(entry.puzzle);
        seenPuzzles.set(box.number, i + 1);
      } else {
        expect(digits).toBe(entry.solution);
        // Clues and filled-in digits are set in different fonts (bold and regular).
        const clueFonts = new Set(fonts.filter((_, k) => entry.puzzle[k] !== '.'));
        const filledFonts = new Set(fonts.filter((_, k) => entry.puzzle[k] === '.'));
        expect(clueFonts.size).toBe(1);
        expect(filledFonts.size).toBe(1);
        expect([...clueFonts][0]).not.toBe([...filledFonts][0]);
        seenAnswers.set(box.number, i + 1);
      }
    }
  });
  for (const e of entries) {
    expect(seenPuzzles.get(e.number)).toBe(e.page);
    expect(seenAnswers.get(e.number)).toBe(e.answerPage);
  }
  // Each puzzle's label (from the job's template) and each puzzle page's number are in the text too.
  const text = pdf.pages.map((p) => p.map((t) => t.str));
  const squeeze = (s: string) => s.replace(/\s+/g, ' ').trim();
  // With no label in the job, the catalogue's, which names the page of the solution.
  const label = job.labels.puzzle ?? catalogue('en')['labels.puzzleWithPage'];
  for (const e of entries) expect(squeeze(text[e.page - 1].join(' '))).toContain(squeeze(formatLabel(label, e, e.section, { puzzlePage: e.page, answerPage: e.answerPage })));
  for (const e of entries) expect(text[e.page - 1]).toContain(String(e.page));
}

describe('sudoku-press book', () => {
  let one: Built;
  let two: Built;
  // One with a fresh bank (it records what it uses and banks the surplus), two without: the same
  // book all the same. The trade book then takes all its puzzles from that bank.
  const bankFile = join(tmp, 'book-bank.sqlite');
  beforeAll(async () => {
    [one, two] = await Promise.all([build('small.yaml', 'one', 1, ['--bank', bankFile, '--new-bank']), build('small.yaml', 'two', 2)]);
  }, 120_000);

  it('makes a book whose PDF holds exactly the puzzles and answers of puzzles.jsonl, and reports its hit rate', () => {
    checkBook(one);
    expect(one.report.candidates.generated).toBeGreaterThanOrEqual(10);
    expect(one.report.buckets).toEqual({ easy: 5, medium: 3, hard: 2 });
    const { aimed, hitRate, generated } = one.report.candidates;
    const made = Object.values(aimed).reduce((n, a) => n + a.made, 0);
    const hit = Object.values(aimed).reduce((n, a) => n + a.hit, 0);
    expect(made).toBe(generated);
    expect(hitRate).toBe(`${Math.round((100 * hit) / made)}%`);
    expect(one.report.sections.map((s) => s.hits)).toEqual(['easy', 'medium', 'hard'].map((b) => aimed[b].hit));
    // Everything made and not printed is banked.
    expect(one.report.candidates.banked).toBe(one.report.candidates.setAsideUnused);
    expect(one.report.candidates.banked + 10 + one.report.candidates.rejected.duplicate + one.report.candidates.rejected.clues).toBe(generated);
  });

  it('gives identical puzzles.jsonl and PDF bytes with 1 and 2 workers', () => {
    expect(readFileSync(join(two.dir, 'puzzles.jsonl'), 'utf8')).toBe(readFileSync(join(one.dir, 'puzzles.jsonl'), 'utf8'));
    expect(readFileSync(join(two.dir, 'book.pdf')).equals(readFileSync(join(one.dir, 'book.pdf')))).toBe(true);
    expect(readFileSync(join(two.dir, 'cover.pdf')).equals(readFileSync(join(one.dir, 'cover.pdf')))).toBe(true);
  });

  it('lays out other templates with answers after each section, from banked puzzles', async () => {
    // Made once with a cover, now without: the old cover.pdf must not stay beside the new book.
    mkdirSync(join(tmp, 'trade'), { recursive: true });
    writeFileSync(join(tmp, 'trade', 'cover.pdf'), 'an earlier cover');
    const trade = await build('small-trade.yaml', 'trade', 2, ['--bank', bankFile], (t) => `${t}\ncover: false`);
    expect(trade.job.cover).toBeNull();
    checkBook(trade);
    expect(trade.pdf.pages.length % 4).toBe(0);
    expect(trade.report.candidates.fromBank).toBe(10);
    expect(trade.report.candidates.generated).toBe(0);
  }, 120_000);

  it('refuses a job asking for more workers than the ceiling, at its line', () => {
    const file = jobInTmp('small.yaml', 'many-workers', (t) => `${t}\nworkers: 1000`);
    expect(() => loadJob(file)).toThrow(/many-workers\.yaml:\d+:\d+ workers: at most 64 workers .*got 1000/);
  });

  it('stops with a clear message when a bucket cannot be filled within its budget', () => {
    const r = runCli(['book', jobInTmp('impossible.yaml', 'impossible', (t) => t.replace('budget: 32', 'budget: 16').replace('count: 30', 'count: 12')), '--workers', '1']);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(
      /sections\[0\] \("Very hard"\): found \d+ of 12 expert puzzles rated 5.5-10 after 16 candidates \(16 for bucket expert in all\); raise "budget" \(now 16\), lower "count", or widen "rating"/,
    );
  });
});

describe('interrupting a book', () => {
  it('stops cleanly on Ctrl-C (exit 130) and writes nothing', async () => {
    const file = jobInTmp('big.yaml', 'big');
    const child = spawn(process.execPath, ['dist/cli/main.js', 'book', file, '--workers', '2'], { cwd: ROOT });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    await new Promise((r) => setTimeout(r, 1500));
    child.kill('SIGINT');
    const code = await new Promise<number | null>((resolve) => child.on('exit', (c) => resolve(c)));
    expect(code).toBe(130);
    // On a loaded machine the signal may come while the command is still loading: the same stop, said shorter.
    expect(stderr).toMatch(/^\n?sudoku-press: interrupted(: nothing was written)?\n$/);
    expect(existsSync(join(tmp, 'big'))).toBe(false);
  }, 30_000);
});

describe('two books at once on one bank', () => {
  it('never print the same puzzle: each records a puzzle in the bank the moment it chooses it', async () => {
    const bankFile = join(tmp, 'shared-bank.sqlite');
    const jobs = ['twin-a', 'twin-b'].map((name) => {
      const file = join(tmp, `${name}.yaml`);
      // One section of quick easy puzzles: enough to share some if claims were recorded late.
      const text = readFileSync('test/fixtures/jobs/small.yaml', 'utf8')
        .replace('name: small', `name: ${name}`)
        .replace(/\nsections:\n(  - .*\n)+/, '\nsections:\n  - { title: Easy, bucket: easy, count: 6 }\n');
      writeFileSync(file, `${text}\noutput: ${join(tmp, name)}\nbank: ${bankFile}\n`);
      return file;
    });
    const runs = jobs.map(
      (file) =>
        new Promise<number | null>((resolve) => {
          const child = spawn(process.execPath, ['dist/cli/main.js', 'book', file, '--workers', '1'], { cwd: ROOT, env: { ...process.env, CI: '1' } });
          child.on('exit', resolve);
        }),
    );
    expect(await Promise.all(runs)).toEqual([0, 0]);
    const canons = ['twin-a', 'twin-b'].map((name) =>
      readFileSync(join(tmp, name, 'puzzles.jsonl'), 'utf8')
        .trim()
        .split('\n')
        .map((l) => canonicalString(parseGrid((JSON.parse(l) as BookEntry).puzzle))),
    );
    expect(canons[0].length).toBe(6);
    expect(canons[1].length).toBe(6);
    // Same seed, same sections: without claims at choice time they would print the same six.
    expect(canons[0].filter((c) => canons[1].includes(c))).toEqual([]);
  }, 120_000);
});
