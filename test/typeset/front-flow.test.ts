/**
 * The layout counts what it renders: front matter that needs more room flows to more pages,
 * counted before any page is numbered, and the PDF read back has exactly the layout's pages,
 * page numbers and page references.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadJob } from '../../src/pipeline/job.js';
import { flowParagraphs, layoutBook, type BookLayout, type Page } from '../../src/typeset/layout.js';
import { pageFit, renderPdf } from '../../src/typeset/render-pdf.js';
import { loadTemplate, type Template } from '../../src/typeset/templates.js';
import { readPdf, type PdfContent } from '../helpers/pdf.js';
import { bookPuzzles, matter, SECTIONS } from './books.js';

const tmp = mkdtempSync(join(tmpdir(), 'sp-front-flow-'));

/** About 17 KB of introduction in twelve paragraphs, one of them longer than a page. */
const LONG_INTRO = Array.from({ length: 12 }, (_, i) =>
  Array.from({ length: i === 5 ? 160 : 12 }, (_, k) => `Sentence ${k + 1} of paragraph ${i + 1} tells the reader about the book.`).join(' '),
).join('\n\n');

const squeezed = (pdf: PdfContent, n: number) => pdf.pages[n - 1].map((t) => t.str).join('').replace(/\s+/g, '');

async function rendered(name: string, t: Template, layout: BookLayout): Promise<PdfContent> {
  const file = join(tmp, `${name}.pdf`);
  writeFileSync(file, await renderPdf(layout, t, { title: 'Test Book', author: 'An Author', date: '2026-05-01' }));
  return readPdf(file);
}

/** Every promise the layout makes, checked against the PDF a reader opens. */
function expectLayoutMatchesPdf(layout: BookLayout, pdf: PdfContent): void {
  expect(pdf.pages.length).toBe(layout.pages.length);
  expect(layout.pages.length % 2).toBe(0);
  for (const page of layout.pages) {
    // Openers on right-hand pages.
    if (page.kind === 'section') expect(page.number % 2).toBe(1);
    // The printed page number, at the foot of puzzle and solution pages, is the layout's.
    if (page.kind === 'puzzles' || page.kind === 'answers') {
      const foot = pdf.pages[page.number - 1].reduce((a, b) => (b.y > a.y ? b : a));
      expect(foot.str).toBe(String(page.number));
    }
  }
  // Each puzzle's label on the page the layout says, and its solution's on its answer page.
  for (const [n, at] of layout.pageOf) {
    expect(squeezed(pdf, at.page)).toContain(`Puzzle${n}`);
    expect(squeezed(pdf, at.answerPage)).toContain(`Solution${n}`);
  }
  // The contents' page numbers: each entry's page holds what the entry names.
  const entries = layout.pages.flatMap((p) => (p.kind === 'contents' ? p.entries : []));
  expect(entries.length).toBeGreaterThan(0);
  const contentsText = layout.pages.filter((p) => p.kind === 'contents').map((p) => squeezed(pdf, p.number)).join('');
  for (const e of entries) {
    expect(contentsText).toContain(`${e.title.replace(/\s+/g, '')}`);
    const target: Page = layout.pages[e.page - 1];
    expect(target.kind).not.toBe('blank');
  }
}

describe('front matter measured before pagination', () => {
  const t = loadTemplate('letter-4up');
  const puzzles = bookPuzzles([4, 4, 4]);

  it('a 17 KB introduction flows to more pages, counted: the PDF has the layout pages and references', async () => {
    const m = matter({ front: { ...matter().front, introduction: LONG_INTRO } });
    const layout = layoutBook(t, m, SECTIONS, puzzles, 'end', pageFit(t));
    const intro = layout.pages.filter((p) => p.kind === 'text');
    expect(intro.length).toBeGreaterThanOrEqual(3);
    const pdf = await rendered('long-intro', t, layout);
    expectLayoutMatchesPdf(layout, pdf);
    // Every word of the introduction is printed, once, in order.
    const printed = intro.map((p) => squeezed(pdf, p.number)).join('');
    const words = LONG_INTRO.replace(/\s+/g, '');
    expect(printed).toContain(words.slice(0, 200));
    expect(printed).toContain(words.slice(-200));
    expect(printed.length).toBeGreaterThanOrEqual(words.length);
    // The heading once, on the first page of the introduction.
    expect(printed.split('Introduction').length - 1).toBe(1);
  });

  it('without measuring, the same introduction would spill: the renderer refuses a PDF that differs from its layout', async () => {
    const m = matter({ front: { ...matter().front, introduction: LONG_INTRO } });
    const layout = layoutBook(t, m, SECTIONS, puzzles, 'end');
    await expect(renderPdf(layout, t, { title: 'x', author: 'x', date: '2026-05-01' })).rejects.toThrow(/pages where the layout has/);
  });

  it('a contents too long for one page continues on the next, in large print too', async () => {
    for (const name of ['letter-4up', 'large-print']) {
      const tt = loadTemplate(name);
      const sections = Array.from({ length: 24 }, (_, i) => ({ title: `Section number ${i + 1}`, bucket: 'easy' }));
      const many = bookPuzzles(Array.from({ length: 24 }, () => 1));
      const layout = layoutBook(tt, matter({ front: { ...matter().front, difficulty: false } }), sections, many, 'section', pageFit(tt));
      const contents = layout.pages.filter((p) => p.kind === 'contents');
      expect(contents.length).toBeGreaterThanOrEqual(2);
      expectLayoutMatchesPdf(layout, await rendered(`contents-${name}`, tt, layout));
    }
  });

  it('a difficulty note with more sections than its page holds leaves the list of sections to the openers', () => {
    const sections = Array.from({ length: 52 }, (_, i) => ({ title: `Week ${i + 1}`, bucket: 'easy' }));
    const layout = layoutBook(t, matter(), sections, bookPuzzles(Array.from({ length: 52 }, () => 1)), 'end', pageFit(t));
    const scale = layout.pages.find((p) => p.kind === 'scale');
    expect(scale?.kind === 'scale' && scale.note.sections).toEqual([]);
    const few = layoutBook(t, matter(), SECTIONS, puzzles, 'end', pageFit(t)).pages.find((p) => p.kind === 'scale');
    expect(few?.kind === 'scale' && few.note.sections.length).toBe(3);
  });

  it('a copyright text longer than its page is refused with the limit, not spilled', () => {
    const m = matter({ front: { ...matter().front, copyright: LONG_INTRO } });
    expect(() => layoutBook(t, m, SECTIONS, puzzles, 'end', pageFit(t))).toThrow(/the copyright page \(front.copyright, \d+ characters\) does not fit on its page/);
  });

  it('flows whole paragraphs where it can and cuts a long one between words', () => {
    const fits = (ps: string[]) => ps.join(' ').split(' ').length <= 5;
    expect(flowParagraphs(['a b', 'c d', 'e f g h i j k l'], fits)).toEqual([['a b', 'c d'], ['e f g h i'], ['j k l']]);
    expect(flowParagraphs([], fits)).toEqual([[]]);
  });
});

describe('titles the title page cannot hold', () => {
  const job = readFileSync('test/fixtures/jobs/small.yaml', 'utf8');
  const withTitle = (title: string) => {
    const file = join(tmp, `title-${title.length}.yaml`);
    writeFileSync(file, job.replace('title: "Small Test Book"', `title: "${title}"`));
    return file;
  };

  it('a 375-character title is refused at load, with the field and the length', () => {
    const file = withTitle('Sudoku Puzzles '.repeat(30).slice(0, 374) + '!');
    expect(() => loadJob(file)).toThrow(/title-375\.yaml:2:\d+ title: the title page cannot hold this title, subtitle and author \(375, 0 and 11 characters\); shorten them/);
  });

  it('a 100 KB title is refused at once', () => {
    const file = withTitle('x'.repeat(100_000));
    expect(() => loadJob(file)).toThrow(/the title page cannot hold this title/);
  });

  it('a title that fits is taken', () => {
    expect(loadJob(withTitle('Sudoku for the Whole Family: 120 Puzzles')).title).toBe('Sudoku for the Whole Family: 120 Puzzles');
  });
});
