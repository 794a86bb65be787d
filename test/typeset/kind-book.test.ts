import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { charDigit, formatCells, type Geometry } from '../../src/geometry/geometry.js';
import { parsePuzzleJson } from '../../src/geometry/json.js';
import { countSolutions } from '../../src/geometry/solver.js';
import { loadJob } from '../../src/pipeline/job.js';
import type { BookEntry } from '../../src/pipeline/run.js';
import { bookFacts, rules } from '../../src/typeset/book-text.js';
import { catalogue, LOCALES } from '../../src/typeset/i18n/index.js';
import { digitText } from '../../src/typeset/kind-grid.js';
import { GIANT_ANSWER_CELL, GIANT_CELL, gridSlots, gridsPerPage, KIDS_CELL, labelSize, layoutBook, type BookLayout, type GridBox } from '../../src/typeset/layout.js';
import { loadTemplate, templateNames } from '../../src/typeset/templates.js';
import { pageFit } from '../../src/typeset/render-pdf.js';
import { makeKindPuzzle } from '../../src/geometry/make.js';
import { runCliAsync } from '../helpers/cli.js';
import { readPdf, type PdfContent, type TextItem } from '../helpers/pdf.js';
import { blackOnlyProblems } from './pdf-ops.js';

const tmp = mkdtempSync(join(tmpdir(), 'sp-kind-book-'));

interface Built {
  job: ReturnType<typeof loadJob>;
  entries: (BookEntry & { geometry?: Geometry })[];
  layout: BookLayout;
  pdf: PdfContent;
  file: string;
  dir: string;
}

/** An example job from config/, with every section's count set to `count` and its output in a temporary folder. */
async function build(example: string, count: number, workers = 2): Promise<Built> {
  const name = `${example}-${workers}`;
  const file = join(tmp, `${name}.yaml`);
  const dir = join(tmp, name);
  const text = readFileSync(`config/${example}.yaml`, 'utf8').replace(/^(\s+count:) \d+/gm, `$1 ${count}`);
  writeFileSync(file, text.replace(/^# yaml-language-server.*\n/, '') + `\noutput: ${dir}\n`);
  const r = await runCliAsync(['book', file, '--workers', String(workers)]);
  expect(r.stderr.replace(/^sudoku-press: warning: .*\(rule: KDP page count\)\n/, '')).toBe('');
  expect(r.status).toBe(0);
  const job = loadJob(file);
  const entries = readFileSync(join(dir, 'puzzles.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map((line, i) => {
      const e = JSON.parse(line) as BookEntry & { geometry?: Geometry };
      // A line of another kind is read back as `solve` reads it: its JSON form.
      if (e.kind) e.geometry = parsePuzzleJson(line, `puzzles.jsonl: line ${i + 1}`).geometry;
      return e;
    });
  // The layout again, from the job and puzzles.jsonl alone: what the PDF must show.
  const layout = layoutBook(
    job.layout,
    job,
    job.sections.map((s) => ({ title: s.title, bucket: s.bucket, ...(s.kind ? { kind: s.kind } : {}) })),
    entries.map((e) => ({ ...e, section: job.sections.findIndex((s) => s.title === e.section) })),
    job.answers,
  );
  return { job, entries, layout, pdf: await readPdf(join(dir, 'book.pdf')), file: join(dir, 'book.pdf'), dir };
}

/** The digits drawn in a grid box (cells row by row, '.' for none) and the cage sums drawn in it (small text). */
function readBox(items: TextItem[], box: GridBox, digits: 'letters' | 'numbers'): { cells: string; sums: number[] } {
  const n = box.geometry?.size ?? 9;
  const cell = box.size / n;
  const cells = Array<string>(n * n).fill('.');
  const sums: number[] = [];
  for (const it of items) {
    const col = Math.floor((it.x + it.width / 2 - box.x) / cell);
    const row = Math.floor((it.y - it.size * 0.36 - box.y) / cell);
    if (col < 0 || col >= n || row < 0 || row >= n || !/^[0-9A-G]+$/.test(it.str)) continue;
    if (it.size < cell * 0.35) {
      sums.push(Number(it.str));
      continue;
    }
    expect(cells[row * n + col]).toBe('.');
    // Back to the one-character form of puzzles.jsonl.
    const d = digits === 'numbers' ? Number(it.str) : charDigit(it.str);
    cells[row * n + col] = d > 9 ? String.fromCharCode(55 + d) : String(d);
  }
  return { cells: cells.join(''), sums: sums.sort((a, b) => a - b) };
}

/** Every puzzle unique and solved by its solution; every grid and answer key in the PDF as puzzles.jsonl has it. */
function checkBook(b: Built): void {
  const { job, entries, layout, pdf } = b;
  expect(pdf.pages.length).toBe(layout.pages.length);
  job.sections.forEach((s) => {
    const mine = entries.filter((e) => e.section === s.title);
    expect(mine.length).toBe(s.count);
    for (const e of mine) {
      expect(e.bucket).toBe(s.bucket);
      expect(e.kind ?? 'classic').toBe(s.kind?.kind ?? 'classic');
      expect(e.size ?? 9).toBe(s.kind?.size ?? 9);
    }
  });
  for (const e of entries) {
    if (!e.geometry) continue;
    const g = e.geometry;
    const puzzle = Uint8Array.from(e.puzzle, (ch) => Math.max(0, charDigit(ch)));
    const solution = Uint8Array.from(e.solution, (ch) => charDigit(ch));
    expect(countSolutions(g, puzzle, 2), `puzzle ${e.number}`).toBe(1);
    // The solution keeps every clue and every rule (rows, columns, regions, diagonals, cage sums).
    for (let i = 0; i < puzzle.length; i++) if (puzzle[i]) expect(solution[i]).toBe(puzzle[i]);
    for (let u = 0; u < g.unitCount; u++) expect(new Set(g.unit(u).map((c) => solution[c])).size).toBe(g.size);
    for (const cage of g.cages) expect(cage.cells.reduce((a, c) => a + solution[c], 0)).toBe(cage.sum);
  }
  expect(blackOnlyProblems(b.file)).toEqual([]);
  let puzzles = 0;
  let answers = 0;
  layout.pages.forEach((page, i) => {
    if (page.kind !== 'puzzles' && page.kind !== 'answers') return;
    for (const box of page.boxes) {
      const e = entries[box.number - 1];
      expect(box.geometry?.size ?? 9).toBe(e.size ?? 9);
      const { cells, sums } = readBox(pdf.pages[i], box, job.digits);
      expect(cells, `${page.kind} ${box.number}`).toBe(page.kind === 'puzzles' ? e.puzzle : e.solution);
      // Puzzles show their cages' sums; answer keys only their digits.
      expect(sums).toEqual(page.kind === 'puzzles' ? (e.cages ?? []).map((c) => c.sum).sort((a, b) => a - b) : []);
      if (page.kind === 'puzzles') puzzles++;
      else answers++;
      expect(e[page.kind === 'puzzles' ? 'page' : 'answerPage']).toBe(i + 1);
    }
  });
  expect(puzzles).toBe(entries.length);
  expect(answers).toBe(entries.length);
}

const textOf = (pdf: PdfContent, from = 1, to = pdf.pages.length) =>
  pdf.pages
    .slice(from - 1, to)
    .map((p) => p.map((t) => t.str).join(' '))
    .join('\n')
    .replace(/\s+/g, ' ');

describe("a children's 6x6 book (config/kids-6x6.yaml)", () => {
  let b: Built;
  beforeAll(async () => {
    b = await build('kids-6x6', 3);
  }, 120_000);

  it('prints every puzzle and answer key of 6x6 grids, unique, as puzzles.jsonl has them', () => {
    checkBook(b);
    expect(b.entries.every((e) => e.kind === 'classic' && e.size === 6)).toBe(true);
  });

  it('has large cells: its grids are at least half an inch a cell', () => {
    const grids = b.layout.pages.flatMap((p) => (p.kind === 'puzzles' ? p.boxes : []));
    for (const box of grids) expect(box.size / 6).toBeGreaterThanOrEqual(KIDS_CELL);
  });

  it('speaks of 6x6 grids only: 2×3 boxes and digits 1 to 6, no 9×9 rule anywhere', () => {
    const htp = b.layout.pages.find((p) => p.kind === 'how-to-play')!;
    const page = textOf(b.pdf, htp.number, htp.number);
    expect(page).toContain('2×3 box');
    expect(page).toContain('a digit from 1 to 6');
    expect(page).toMatch(/Look at (row|column) \d of puzzle \d+/);
    const all = textOf(b.pdf);
    for (const classic of ['3×3', '9×9', '1 to 9', 'nine']) expect(all).not.toContain(classic);
  });
});

describe('a book of four kinds (config/mixed.yaml)', () => {
  let b: Built;
  beforeAll(async () => {
    b = await build('mixed', 2);
  }, 300_000);

  it('prints classic, X, jigsaw and killer sections with their grids and answer keys, every puzzle unique', () => {
    checkBook(b);
    expect(b.entries.map((e) => e.kind ?? 'classic')).toEqual(['classic', 'classic', 'x', 'x', 'jigsaw', 'jigsaw', 'killer', 'killer']);
  });

  it('gives the rules of every kind it holds on its how-to-play page', () => {
    const htp = b.layout.pages.find((p) => p.kind === 'how-to-play')!;
    const page = textOf(b.pdf, htp.number, htp.number);
    expect(page).toContain('3×3 box');
    expect(page).toContain('jigsaw grids the bold outlines mark irregular regions of 9 cells');
    expect(page).toContain('two long diagonals are shaded');
    expect(page).toContain('dashed lines mark cages');
    expect(page).toContain('the cage sums are the clues');
  });

  it('is the same book with 1 worker or 2', async () => {
    const one = await build('mixed', 2, 1);
    expect(readFileSync(one.file).equals(readFileSync(b.file))).toBe(true);
  }, 300_000);
});

describe('job keys for kinds', () => {
  const job = (sections: string, extra = '') => {
    const file = join(tmp, `bad-${Math.random().toString(36).slice(2)}.yaml`);
    writeFileSync(file, `name: k\ntitle: K\nseed: 1\n${extra}sections:\n${sections}`);
    return file;
  };
  const problems = (file: string) => {
    try {
      loadJob(file);
      return '';
    } catch (err) {
      return (err as Error).message;
    }
  };

  it('reads kind, size, diagonals and digits', () => {
    const j = loadJob(job('  - { title: A, kind: jigsaw, size: 12, diagonals: true, bucket: easy, count: 2 }\n  - { title: B, bucket: easy, count: 2 }\n', 'digits: numbers\n'));
    expect(j.sections[0].kind).toEqual({ kind: 'jigsaw', size: 12, diagonals: true });
    expect(j.sections[1].kind).toBeUndefined();
    expect(j.digits).toBe('numbers');
  });

  it('refuses what a kind cannot have, naming file, line, column and key', () => {
    const cases: [string, RegExp][] = [
      ['  - { title: A, kind: classic, size: 10, bucket: easy, count: 2 }\n', /bad-\w+\.yaml:5:\d+ sections\[0\]\.size: classic comes in sizes 4, 6, 8, 9, 12, 16/],
      ['  - { title: A, kind: killer, size: 12, bucket: easy, count: 2 }\n', /sections\[0\]\.size: killer comes in sizes up to 9/],
      ['  - { title: A, kind: sudoku, bucket: easy, count: 2 }\n', /sections\[0\]\.kind: expected a kind \(classic, x, jigsaw, killer\)/],
      ['  - { title: A, kind: x, size: 6, bucket: master, count: 2 }\n', /sections\[0\]\.bucket: expected a 6x6 x bucket \(easy, medium, hard, expert\), got "master"/],
      ['  - { title: A, kind: x, size: 6, bucket: easy, count: 2, rating: { max: 2 } }\n', /sections\[0\]\.rating: is for 9x9 classic sections/],
      ['  - { title: A, kind: classic, size: 6, diagonals: true, bucket: easy, count: 2 }\n', /sections\[0\]\.diagonals: a classic grid with both diagonals is kind: x/],
    ];
    for (const [sections, want] of cases) expect(problems(job(sections))).toMatch(want);
    expect(problems(job('  - { title: A, bucket: easy, count: 2 }\n', 'digits: roman\n'))).toMatch(/:4:\d+ digits: expected how digits beyond 9 print \(letters, numbers\)/);
  });
});

describe('grids a page for every size', () => {
  it.each(templateNames().filter((n) => n !== 'newspaper'))('%s: cells large enough to write in, else one grid a page; 9x9 as the template says', (name) => {
    const t = loadTemplate(name);
    for (const answer of [false, true]) {
      expect(gridsPerPage(t, answer, 9)).toEqual(answer ? t.answersPerPage : t.puzzlesPerPage);
      for (const n of [4, 6, 8, 12, 16]) {
        const per = gridsPerPage(t, answer, n);
        const cell = gridSlots(t, 1, per, labelSize(t, answer))[0].size / n;
        const nineCell = gridSlots(t, 1, answer ? t.answersPerPage : t.puzzlesPerPage, labelSize(t, answer))[0].size / 9;
        const least = answer ? (n > 9 ? Math.max(GIANT_ANSWER_CELL, nineCell * 0.6) : 0) : n > 9 ? GIANT_CELL : n <= 6 ? KIDS_CELL : n === 8 ? nineCell : 0;
        if (per.columns * per.rows > 1) expect(cell, `${n}x${n} ${answer ? 'answers' : 'puzzles'}`).toBeGreaterThanOrEqual(least);
        const nine = answer ? t.answersPerPage : t.puzzlesPerPage;
        expect(per.columns).toBeLessThanOrEqual(nine.columns);
        expect(per.rows).toBeLessThanOrEqual(nine.rows);
      }
    }
    // A 16x16 grid never shares its page more than a 12x12 one does.
    const count = (n: number) => gridsPerPage(t, false, n).columns * gridsPerPage(t, false, n).rows;
    expect(count(16)).toBeLessThanOrEqual(count(12));
  });
});

describe('how to play, for a book of many sizes', () => {
  it.each(['trade-6x9', 'large-print'])('%s: the rules on pages that fit (on large print, run on over two), then the worked example', (name) => {
    const t = loadTemplate(name);
    const kinds = [...[4, 6, 8, 12, 16].map((size) => ['classic', size] as const), ['jigsaw', 9] as const, ['jigsaw', 12] as const];
    const sections = kinds.map(([kind, size]) => ({ title: `${size}x${size} ${kind}`, bucket: 'easy', kind: { kind, size, diagonals: false } }));
    const puzzles = kinds.map(([kind, size], i) => {
      const p = makeKindPuzzle({ kind, size, symmetry: 'none' }, `rules:${size}`);
      return { number: i + 1, section: i, bucket: 'easy', rating: 1.5, puzzle: formatCells(p.puzzle), solution: formatCells(p.solution), geometry: p.geometry };
    });
    const book = { title: 'Sizes', subtitle: '', author: '', date: '2026-01-01', front: { titlePage: false, copyright: null, howToPlay: true, contents: false, introduction: null }, openers: false, signature: 2, labels: { puzzle: null, answer: null } };
    const fit = pageFit(t);
    const layout = layoutBook(t, book, sections, puzzles, 'end', fit);
    const htp = layout.pages.filter((p) => p.kind === 'how-to-play');
    const withRules = htp.filter((p) => p.rules.length);
    // Large print runs over two pages; every template fits what it prints.
    if (name === 'large-print') expect(withRules.length).toBeGreaterThan(1);
    for (const p of htp) expect(fit(p)).toBe(true);
    // Every paragraph once, in order, and the example after them on its own page.
    const facts = bookFacts({ sections, answers: 'end', front: { howToPlay: true } }, puzzles);
    expect(withRules.flatMap((p) => p.rules)).toEqual(rules(facts, catalogue('en')));
    const examples = htp.filter((p) => p.example);
    expect(examples.length).toBe(1);
    if (withRules.length > 1) {
      expect(examples[0].rules).toEqual([]);
      expect(examples[0].number).toBeGreaterThan(withRules.at(-1)!.number);
    }
  });
});

describe('the rules of kinds in every language', () => {
  it.each(LOCALES)('%s: a 6x6 book states its digits and box shape, a killer book its cages, in the language', (locale) => {
    const s = catalogue(locale);
    const facts = (kind: 'classic' | 'killer' | 'jigsaw', size: number) =>
      bookFacts({ sections: [{ title: 'A', kind: { kind, size, diagonals: false } }], answers: 'end', front: { howToPlay: true } }, [{ section: 0, rating: 1.5 }]);
    const six = rules(facts('classic', 6), s).join(' ');
    expect(six).toContain('2×3');
    expect(six).toMatch(/\b6\b/);
    expect(six).not.toMatch(/\b9\b|3×3/);
    const killer = rules(facts('killer', 9), s).join(' ');
    expect(killer).toContain(s['rules.killer']);
    expect(killer).toContain(s['rules.cluesKiller']);
    const jigsaw = rules(facts('jigsaw', 16), s).join(' ');
    expect(jigsaw).toContain('G');
    if (locale !== 'en') for (const english of ['dashed lines', 'grids', 'every empty cell', 'box']) expect(`${six} ${killer} ${jigsaw}`).not.toContain(english);
  });

  it('digits: numbers speaks of numbers up to 16 instead of letters', () => {
    const s = catalogue('en');
    const f = bookFacts({ sections: [{ title: 'A', kind: { kind: 'classic', size: 16, diagonals: false } }], answers: 'end', front: { howToPlay: true }, digits: 'numbers' }, [{ section: 0, rating: 1.5 }]);
    expect(rules(f, s)[0]).toContain('a number from 1 to 16');
    expect(digitText(16, 'numbers')).toBe('16');
  });
});
