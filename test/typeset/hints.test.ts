/**
 * Hints and walkthroughs in a book: laid out and rendered as the book command does (bookSteps,
 * layoutBook with the page fit, renderPdf) from real puzzles, and read back from the PDF.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { UserError } from '../../src/core/errors.js';
import { formatGrid, parseGrid } from '../../src/core/grid.js';
import { cellName } from '../../src/core/units.js';
import { gradePuzzle } from '../../src/grader/grade.js';
import { DEFAULT_LEVELS } from '../../src/grader/levels.js';
import { loadJob } from '../../src/pipeline/job.js';
import { solve } from '../../src/solver/solver.js';
import { bookSteps } from '../../src/typeset/book-steps.js';
import { catalogue } from '../../src/typeset/i18n/index.js';
import { layoutBook, type BookLayout, type BookPuzzle } from '../../src/typeset/layout.js';
import { pageFit, renderPdf } from '../../src/typeset/render-pdf.js';
import { stepHint, techniqueName } from '../../src/grader/step-words.js';
import { EN } from '../../src/typeset/i18n/en.js';
import { loadTemplate } from '../../src/typeset/templates.js';
import { readPdf, type PdfContent } from '../helpers/pdf.js';
import { matter } from './books.js';

const hintText = (step: Parameters<typeof stepHint>[1]): string => stepHint(EN, step);
const techniqueLabel = (name: string): string => techniqueName(EN, name);

const tmp = mkdtempSync(join(tmpdir(), 'sp-hints-'));
const SINGLES = new Set(['hidden-single', 'naked-single', 'full-house']);

/** Puzzles of a fixture file (first column), graded as a book grades them. */
function graded(file: string, n: number, section: number, first: number): BookPuzzle[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l && !l.startsWith('#'))
    .slice(0, n)
    .map((l, i) => {
      const puzzle = l.split('\t')[0];
      const g = gradePuzzle(parseGrid(puzzle));
      return { number: first + i, section, bucket: g.bucket, rating: g.rating, puzzle: formatGrid(parseGrid(puzzle)), solution: formatGrid(solve(parseGrid(puzzle))!) };
    });
}

/** The grader's steps of a puzzle, asked afresh. */
const stepsOf = (puzzle: string) => gradePuzzle(parseGrid(puzzle), { steps: true }).steps!;
const textOf = (pdf: PdfContent, n: number) => pdf.pages[n - 1].map((t) => t.str).join(' ').replace(/\s+/g, ' ');

describe('a book with hints and a walkthrough', () => {
  const t = loadTemplate('letter-4up');
  const sections = [
    { title: 'Medium', bucket: 'medium' },
    { title: 'Hard', bucket: 'hard' },
  ];
  const puzzles = [...graded('test/fixtures/puzzles/se-rated-40.tsv', 3, 0, 1), ...graded('test/fixtures/se-rated/er-4-to-7.5.tsv', 6, 1, 4)];
  const walked = 5;
  let layout: BookLayout;
  let pdf: PdfContent;
  beforeAll(async () => {
    const steps = bookSteps(puzzles, { hints: true, walkthrough: [walked], levels: DEFAULT_LEVELS, heading: catalogue('en')['walkthrough.title'] });
    for (const p of puzzles) Object.assign(p, steps.get(p.number));
    layout = layoutBook(t, matter({ labels: { puzzle: null, answer: null } }), sections, puzzles, 'end', pageFit(t));
    const file = join(tmp, 'hints.pdf');
    writeFileSync(file, await renderPdf(layout, t, { title: 'Test Book', author: 'An Author', date: '2026-05-01' }));
    pdf = await readPdf(file);
  }, 60_000);

  it('hints the first step beyond singles of every puzzle harder than medium, on the page its label names', () => {
    const hinted = puzzles.filter((p) => p.bucket !== 'easy' && p.bucket !== 'medium');
    expect(hinted.length).toBeGreaterThan(3);
    for (const p of puzzles) {
      const label = layout.pages.flatMap((pg) => (pg.kind === 'puzzles' ? pg.boxes : [])).find((b) => b.number === p.number)!.label;
      const ref = /hint p\. (\d+)/.exec(label);
      if (!hinted.includes(p)) {
        expect(ref, `puzzle ${p.number} (${p.bucket})`).toBeNull();
        continue;
      }
      expect(ref, label).not.toBeNull();
      const page = Number(ref![1]);
      // The hint's line, read back from the page the label names: the puzzle's name (in the heading's bold font), then the hint.
      const items = pdf.pages[page - 1];
      const bold = items.find((i) => i.str === 'Hints')?.font;
      const at = items.findIndex((i) => i.str.trim() === `Puzzle ${p.number}` && i.font === bold);
      expect(at, `Puzzle ${p.number} on p. ${page}`).toBeGreaterThanOrEqual(0);
      const line = items.slice(at + 1).filter((i) => Math.abs(i.y - items[at].y) < 1).map((i) => i.str).join('');
      const step = stepsOf(p.puzzle).find((s) => !SINGLES.has(s.technique))!;
      // The grader's step: the hint names its technique where it looks for a pattern, and its digit when it is about one.
      if (line.startsWith('Look for')) expect(line.toLowerCase()).toContain(techniqueLabel(step.technique).split(' (')[0].toLowerCase());
      const digits = step.pattern?.digits ?? [];
      if (digits.length === 1) expect(line).toContain(String(digits[0]));
      expect(line.trim()).toBe(`${hintText(step)}.`);
    }
  });

  it('lists the Hints part in the contents, before the solutions', () => {
    const contents = layout.pages.find((p) => p.kind === 'contents')!;
    const entries = contents.kind === 'contents' ? contents.entries : [];
    const hints = entries.find((e) => e.title === 'Hints')!;
    const solutions = entries.find((e) => e.title === 'Solutions')!;
    expect(layout.pages[hints.page - 1].kind).toBe('hints');
    expect(hints.page).toBeLessThan(solutions.page);
    expect(textOf(pdf, hints.page)).toContain('Hints');
  });

  it('walks through every step of the puzzle asked for, in the grader\'s order, after the solutions', () => {
    const p = puzzles.find((x) => x.number === walked)!;
    const from = layout.walkthroughPageOf!.get(walked)!;
    const pages = layout.pages.filter((pg) => pg.kind === 'steps');
    expect(pages[0].number).toBe(from);
    expect(from).toBeGreaterThan(Math.max(...[...layout.pageOf.values()].map((x) => x.answerPage)));
    const printed = pages.map((pg) => textOf(pdf, pg.number)).join(' ');
    expect(printed).toContain(`Puzzle ${walked}, step by step`);
    // Each step in order: a single as "r1c2 = 5", any other as its sentence; one diagram for each step beyond singles.
    let at = 0;
    let diagrams = 0;
    for (const s of stepsOf(p.puzzle)) {
      const want = SINGLES.has(s.technique) ? `${cellName(s.place[0][0])} = ${s.place[0][1]} (` : s.explain.slice(1, 40);
      const found = printed.indexOf(want, at);
      expect(found, `${s.technique}: ${want}`).toBeGreaterThanOrEqual(0);
      at = found + want.length;
      if (!SINGLES.has(s.technique)) diagrams++;
    }
    expect(pages.flatMap((pg) => (pg.kind === 'steps' ? pg.blocks.filter((b) => b.diagram) : [])).length).toBe(diagrams);
  });
});

describe('hints with the solutions after each section', () => {
  it('puts a section\'s hints after its puzzles and before its solutions, each listed in the contents', () => {
    const t = loadTemplate('trade-6x9');
    const puzzles = [...graded('test/fixtures/puzzles/se-rated-40.tsv', 2, 0, 1), ...graded('test/fixtures/se-rated/er-4-to-7.5.tsv', 3, 1, 3)];
    const steps = bookSteps(puzzles, { hints: true, walkthrough: [], levels: DEFAULT_LEVELS, heading: '' });
    for (const p of puzzles) Object.assign(p, steps.get(p.number));
    const sections = [
      { title: 'Medium', bucket: 'medium' },
      { title: 'Hard', bucket: 'hard' },
    ];
    const layout = layoutBook(t, matter({ labels: { puzzle: null, answer: null } }), sections, puzzles, 'section', pageFit(t));
    const kinds = layout.pages.map((p) => (p.kind === 'steps' || p.kind === 'hints' || p.kind === 'puzzles' || p.kind === 'answers' ? `${p.kind}:${p.header.split(' · ')[1]}` : p.kind));
    const hints = kinds.indexOf('hints:Hints: Hard');
    expect(kinds.filter((k) => k.startsWith('hints'))).toEqual(['hints:Hints: Hard']);
    expect(kinds.lastIndexOf('puzzles:Hard')).toBeLessThan(hints);
    expect(kinds.indexOf('answers:Solutions: Hard')).toBeGreaterThan(hints);
    const contents = layout.pages.find((p) => p.kind === 'contents');
    expect(contents?.kind === 'contents' && contents.entries.find((e) => e.title === 'Hints: Hard')?.page).toBe(hints + 1);
    for (const p of puzzles.filter((x) => x.section === 1)) expect(layout.hintPageOf!.get(p.number)).toBe(hints + 1);
  });
});

describe('job keys', () => {
  const job = (more: string) => {
    const file = join(tmp, `job-${Math.random().toString(36).slice(2)}.yaml`);
    writeFileSync(file, `name: t\ntitle: T\nseed: 1\nsections:\n  - { title: A, bucket: hard, count: 4 }\n${more}`);
    return file;
  };
  it('reads hints and walkthrough', () => {
    const j = loadJob(job('hints: true\nwalkthrough: [2, 4]\n'));
    expect(j.hints).toBe(true);
    expect(j.walkthrough).toEqual([2, 4]);
    expect(loadJob(job('')).hints).toBe(false);
  });
  it('refuses a walkthrough of a puzzle the book does not have, naming file, line and field', () => {
    const file = job('walkthrough: [2, 7]\n');
    expect(() => loadJob(file)).toThrow(UserError);
    expect(() => loadJob(file)).toThrow(new RegExp(`${file.replace(/[.]/g, '\\.')}:6:\\d+ walkthrough\\[1\\]: puzzle 7 is not in the book`));
  });
  it('takes hints and walkthroughs in a book in another language (they are worded in it)', () => {
    const j = loadJob(job('locale: de\nhints: true\nwalkthrough: [2]\n'));
    expect(j.hints).toBe(true);
    expect(j.walkthrough).toEqual([2]);
  });
});
