/**
 * The technique workbook: chapters planned from real puzzles (fixtures that need the chapter's
 * technique), laid out and rendered as the book command does, read back from the PDF; one
 * small book made end to end; the job's checks.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatGrid, parseGrid } from '../../src/core/grid.js';
import { gradePuzzle } from '../../src/grader/grade.js';
import type { Step } from '../../src/grader/technique.js';
import { loadJob } from '../../src/pipeline/job.js';
import type { BookEntry } from '../../src/pipeline/run.js';
import { solve } from '../../src/solver/solver.js';
import { layoutBook, type BookLayout, type BookPuzzle, type SectionInfo } from '../../src/typeset/layout.js';
import { pageFit, renderPdf } from '../../src/typeset/render-pdf.js';
import { sentence, techniqueAbout, WORKBOOK_LOCALES } from '../../src/typeset/technique-text.js';
import { TECHNIQUE_NAMES } from '../../src/grader/registry.js';
import { LOCALES } from '../../src/typeset/i18n/index.js';
import { loadTemplate } from '../../src/typeset/templates.js';
import { planChapter, techniqueRating } from '../../src/typeset/workbook.js';
import { runCliAsync } from '../helpers/cli.js';
import { readPdf, type PdfContent } from '../helpers/pdf.js';
import { matter } from './books.js';

const tmp = mkdtempSync(join(tmpdir(), 'sp-workbook-'));
const FIXTURE = readFileSync('test/fixtures/se-rated/er-4-to-7.5.tsv', 'utf8')
  .split('\n')
  .filter((l) => l && !l.startsWith('#'))
  .map((l) => l.split('\t')[0]);
const textOf = (pdf: PdfContent, n: number) => pdf.pages[n - 1].map((t) => t.str).join(' ').replace(/\s+/g, ' ');

/** The grader's first step of a technique in a puzzle, found afresh from its full step log. */
function firstStepOf(puzzle: string, technique: string): Step {
  return gradePuzzle(parseGrid(puzzle), { steps: true }).steps!.find((s) => s.technique === technique)!;
}

/** The first `n` fixture puzzles whose graded path uses `technique`. */
function using(technique: string, n: number): string[] {
  return FIXTURE.filter((p) => technique in gradePuzzle(parseGrid(p)).techniques).slice(0, n);
}

describe('a workbook of two chapters', () => {
  const t = loadTemplate('letter-4up');
  const chapters = [
    { title: 'X-wing', technique: 'x-wing' },
    { title: 'XY-wing', technique: 'xy-wing' },
  ];
  const puzzles: BookPuzzle[] = [];
  const sections: SectionInfo[] = [];
  let layout: BookLayout;
  let pdf: PdfContent;
  let bytes: Buffer;
  beforeAll(async () => {
    chapters.forEach((c, si) => {
      const found = using(c.technique, 5);
      const whole = found.slice(3).map((p) => {
        const g = gradePuzzle(parseGrid(p));
        const bp: BookPuzzle = { number: puzzles.length + 1, section: si, bucket: g.bucket, rating: g.rating, puzzle: formatGrid(parseGrid(p)), solution: formatGrid(solve(parseGrid(p))!) };
        puzzles.push(bp);
        return bp;
      });
      sections.push({ title: c.title, bucket: 'hard', chapter: planChapter(c.technique, found.slice(0, 3).map((puzzle) => ({ puzzle })), whole) });
    });
    layout = layoutBook(t, matter({ labels: { puzzle: null, answer: null } }), sections, puzzles, 'end', pageFit(t));
    bytes = await renderPdf(layout, t, { title: 'Workbook', author: 'An Author', date: '2026-05-01' });
    writeFileSync(join(tmp, 'workbook.pdf'), bytes);
    pdf = await readPdf(join(tmp, 'workbook.pdf'));
  }, 60_000);

  it('opens each chapter, in rising ER, with the technique, its paragraph and an example of the grader\'s step', () => {
    const contents = layout.pages.find((p) => p.kind === 'contents');
    const entries = contents?.kind === 'contents' ? contents.entries : [];
    const pages = chapters.map((c) => entries.find((e) => e.title === c.title)!.page);
    expect(pages[0]).toBeLessThan(pages[1]);
    expect(techniqueRating(chapters[0].technique)).toBeLessThan(techniqueRating(chapters[1].technique));
    chapters.forEach((c, i) => {
      const text = textOf(pdf, pages[i]);
      expect(text.startsWith(`Workbook`)).toBe(false);
      expect(text).toContain(c.title);
      expect(text).toContain(techniqueAbout(c.technique)!.slice(0, 40));
      const example = sections[i].chapter!.example;
      expect(example.step.technique).toBe(c.technique);
      expect(text).toContain(sentence(example.step.explain).slice(0, 40));
    });
  });

  it('prints practice positions whose step is the grader\'s first step of the technique, answered with that step', () => {
    sections.forEach((s, si) => {
      const ch = s.chapter!;
      expect(ch.practice.length).toBe(2);
      ch.practice.forEach((x, i) => {
        // The puzzle the position was taken from: its clues are the position's givens.
        const puzzle = Array.from(x.position.givens, (v) => (v ? String(v) : '.')).join('');
        const step = firstStepOf(puzzle, ch.technique);
        expect(x.position.step.eliminate).toEqual(step.eliminate);
        expect(x.position.step.explain).toBe(step.explain);
        expect(x.prompt).toMatch(new RegExp(`^Find the ${chapters[si].title}`));
        // The exercise shows the prompt, not the step; the answers show the step's sentence.
        const practicePage = layout.pages.find((p) => p.kind === 'steps' && p.blocks.some((b) => b.diagram === x.position && b.plain))!;
        expect(textOf(pdf, practicePage.number)).toContain(`${si + 1}.${i + 1}. ${x.prompt}`);
        expect(textOf(pdf, practicePage.number)).not.toContain(step.explain.slice(0, 30));
        const answerPage = layout.pages.find((p) => p.kind === 'steps' && p.blocks.some((b) => b.diagram === x.position && !b.plain))!;
        expect(answerPage.number).toBeGreaterThan(practicePage.number);
        expect(textOf(pdf, answerPage.number)).toContain(`${si + 1}.${i + 1}. ${sentence(step.explain).slice(0, 40)}`);
      });
    });
  });

  it('prints whole puzzles that use the technique, answered by their solution beside a diagram of the key step', () => {
    for (const p of puzzles) {
      const technique = sections[p.section].chapter!.technique;
      expect(gradePuzzle(parseGrid(p.puzzle)).techniques[technique]).toBeGreaterThan(0);
      const at = layout.pageOf.get(p.number)!;
      expect(layout.pages[at.page - 1].kind).toBe('puzzles');
      const answer = layout.pages[at.answerPage - 1];
      const block = answer.kind === 'steps' ? answer.blocks.find((b) => b.solution?.puzzle === p.puzzle) : undefined;
      expect(block, `answer of puzzle ${p.number}`).toBeDefined();
      const step = firstStepOf(p.puzzle, technique);
      expect(block!.diagram!.step.explain).toBe(step.explain);
      expect(textOf(pdf, at.answerPage)).toContain(`Puzzle ${p.number}. The key step: ${sentence(step.explain).slice(0, 40)}`);
      // The diagram is drawn: its candidates (small digits) in the right half of the block's row.
      const small = pdf.pages[at.answerPage - 1].filter((i) => /^[1-9]$/.test(i.str) && i.size < 8 && i.x > t.pageSize[0] / 2);
      expect(small.length).toBeGreaterThan(20);
      // The puzzle's label names the page of its answer.
      const label = layout.pages[at.page - 1].kind === 'puzzles' ? (layout.pages[at.page - 1] as { boxes: { number: number; label: string }[] }).boxes.find((b) => b.number === p.number)!.label : '';
      expect(label).toContain(`p. ${at.answerPage}`);
    }
  });

  it('says what a workbook is where the rules speak of the order, and renders the same bytes again', async () => {
    const howTo = layout.pages.find((p) => p.kind === 'how-to-play')!;
    expect(textOf(pdf, howTo.number)).toContain('Each chapter teaches one technique');
    expect(textOf(pdf, howTo.number)).not.toMatch(/grows easier|not in order/);
    const again = await renderPdf(layoutBook(t, matter({ labels: { puzzle: null, answer: null } }), sections, puzzles, 'end', pageFit(t)), t, { title: 'Workbook', author: 'An Author', date: '2026-05-01' });
    expect(again.equals(bytes)).toBe(true);
  });
});

describe('workbook jobs', () => {
  const job = (body: string) => {
    const file = join(tmp, `job-${Math.random().toString(36).slice(2)}.yaml`);
    writeFileSync(file, `name: wb\ntitle: W\nseed: wb-test-1\ndate: 2026-02-03\n${body}`);
    return file;
  };
  it('refuses chapters that fall in ER and a chapter without a technique, naming the field; takes every language', () => {
    expect(() => loadJob(job('workbook: true\nsections:\n  - { title: A, bucket: hard, needs: xy-wing, count: 1 }\n  - { title: B, bucket: hard, needs: x-wing, count: 1 }\n'))).toThrow(
      /:8:\d+ sections\[1\]\.needs: x-wing \(ER 3\.2\) comes after xy-wing \(ER 4\.2\)/,
    );
    expect(() => loadJob(job('workbook: { practice: 1 }\nsections:\n  - { title: A, bucket: hard, count: 1 }\n'))).toThrow(/sections\[0\]: a workbook chapter is about one technique/);
    // Every catalogue language has its chapter texts.
    expect(WORKBOOK_LOCALES).toEqual(LOCALES);
    for (const l of LOCALES) expect(loadJob(job(`locale: ${l}\nworkbook: true\nsections:\n  - { title: A, bucket: hard, needs: x-wing, count: 1 }\n`)).workbook).toEqual({ practice: 2 });
    expect(loadJob(job('workbook: { practice: 3 }\nsections:\n  - { title: A, bucket: hard, needs: x-wing, count: 1 }\n')).workbook).toEqual({ practice: 3 });
  });

  it('makes a small workbook end to end: its puzzles need the chapter\'s technique', async () => {
    const out = join(tmp, 'small');
    const file = job(`workbook: { practice: 1 }\nsections:\n  - { title: X-wing, bucket: hard, needs: x-wing, count: 1 }\nlayout: { template: letter-4up }\ncover: false\noutput: ${out}\n`);
    const r = await runCliAsync(['book', file, '--workers', '2']);
    expect(r.status, r.stderr).toBe(0);
    const entries = readFileSync(join(out, 'puzzles.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as BookEntry);
    expect(entries.length).toBe(1);
    for (const e of entries) expect(gradePuzzle(parseGrid(e.puzzle)).techniques['x-wing']).toBeGreaterThan(0);
    const pdf = await readPdf(join(out, 'book.pdf'));
    const all = pdf.pages.map((_, i) => textOf(pdf, i + 1)).join(' ');
    expect(all).toContain('Practice: X-wing');
    expect(all).toContain('1.1. Find the X-wing');
    expect(all).toContain('Puzzle 1. The key step: X-wing');
  }, 120_000);
});

describe('chapter texts in every workbook language', () => {
  it('has a paragraph for every technique the English table explains, in every language, with no English left', () => {
    const names = TECHNIQUE_NAMES.filter((n) => techniqueAbout(n) !== null);
    expect(names.length).toBeGreaterThan(30);
    for (const locale of WORKBOOK_LOCALES) {
      for (const n of [...names, 'full-house', 'skyscraper', 'two-string-kite']) {
        const text = techniqueAbout(n, locale);
        expect(text, `${locale} ${n}`).toBeTruthy();
        if (locale !== 'en') expect(text!.toLowerCase().match(/\b(the|and|with|from|every|cell|row|column|box|digit)\b/g), `${locale} ${n}`).toBeNull();
      }
    }
  });
});
