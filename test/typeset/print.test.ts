import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { emptyReport } from '../../src/audit/audit.js';
import { dailyEntry, difficultyLabel, type DailyPuzzle } from '../../src/daily/daily.js';
import { DEFAULTS, loadJob } from '../../src/pipeline/job.js';
import { kdpCheck, kdpMinInner } from '../../src/typeset/kdp.js';
import { formatLabel, gridSlots, GUTTER, layoutBook, layoutDailyPage, type Page } from '../../src/typeset/layout.js';
import { renderPdf } from '../../src/typeset/render-pdf.js';
import { PDF_PROBLEM_LINES, renderAuditPdf } from '../../src/typeset/render-report-pdf.js';
import { puzzleSvg, DIGIT_HEIGHT } from '../../src/typeset/render-svg.js';
import { loadTemplate, templateNames, type Template } from '../../src/typeset/templates.js';
import { workedExample } from '../../src/typeset/worked-example.js';
import { readPdf, type PdfContent } from '../helpers/pdf.js';
import { blackOnlyProblems, colourOps, contentStreams, lineWidths } from './pdf-ops.js';
import { bookPuzzles, matter, PUZZLES, SECTIONS } from './books.js';

const tmp = mkdtempSync(join(tmpdir(), 'sp-print-'));

const folioed = (p: Page) => p.kind === 'puzzles' || p.kind === 'answers';
const text = (pdf: PdfContent, n: number) => pdf.pages[n - 1].map((t) => t.str);

describe('book structure', () => {
  it.each([
    ['letter-4up', 'end', [5, 3, 2]],
    ['trade-6x9', 'section', [5, 3, 2]],
    ['a4-2up', 'end', [7, 1, 4]],
    ['large-print', 'section', [3, 2, 1]],
  ] as const)('%s, answers %s: openers and the answers part on right-hand pages, even page count', (name, answers, sizes) => {
    const t = loadTemplate(name);
    const layout = layoutBook(t, matter(), SECTIONS, bookPuzzles([...sizes]), answers);
    const pages = layout.pages;
    expect(pages.length % 2).toBe(0);
    pages.forEach((p, i) => expect(p.number).toBe(i + 1));
    const openers = pages.filter((p) => p.kind === 'section');
    expect(openers.map((p) => (p as { title: string }).title)).toEqual([...SECTIONS.map((s) => s.title), ...(answers === 'end' ? ['Solutions'] : [])]);
    for (const p of openers) expect(p.number % 2).toBe(1);
    // Per-section answers follow their puzzles at once, on either side.
    const firstAnswers = pages.filter((p, i) => p.kind === 'answers' && pages[i - 1].kind !== 'answers');
    for (const p of firstAnswers) expect(['puzzles', 'section']).toContain(pages[p.number - 2].kind);
    // The front matter in order, the title on page 1 and the copyright on its back.
    expect(pages.slice(0, 2).map((p) => p.kind)).toEqual(['title', 'copyright']);
    const contents = pages.find((p) => p.kind === 'contents')!;
    expect(contents.number % 2).toBe(1);
    // Every contents entry points at the page it names.
    for (const e of (contents as { entries: { title: string; page: number }[] }).entries) {
      const p = pages[e.page - 1];
      if (e.title === 'How to play') expect(p.kind).toBe('how-to-play');
      else if (e.title === 'Introduction') expect(p.kind).toBe('text');
      else if (e.title === 'Difficulty') expect(p.kind).toBe('scale');
      else if (p.kind === 'section') expect(p.title).toBe(e.title);
      else expect(p.kind === 'answers' ? p.header.split(' · ')[1] : '').toBe(e.title);
    }
    // Every puzzle once on a puzzle page and once on an answer page.
    const seen = pages.flatMap((p) => (p.kind === 'puzzles' ? p.boxes.map((b) => b.number) : []));
    expect(seen).toEqual(bookPuzzles([...sizes]).map((p) => p.number));
  });

  it('switches parts off: no openers, no front matter but the title, page count a multiple of the signature', () => {
    const t = loadTemplate('a4-2up');
    const m = matter({ openers: false, signature: 8, front: { titlePage: true, copyright: null, howToPlay: false, contents: false, introduction: null, difficulty: false } });
    const layout = layoutBook(t, m, SECTIONS, bookPuzzles([6, 6, 2]), 'end');
    expect(layout.pages.filter((p) => p.kind === 'section')).toEqual([]);
    expect(layout.pages.filter((p) => ['copyright', 'contents', 'how-to-play', 'text', 'scale'].includes(p.kind))).toEqual([]);
    expect(layout.pages.length % 8).toBe(0);
    // 1 title + 7 puzzle pages; without openers the answers follow at once (9-11); blanks to 16.
    expect(layout.pages.map((p) => p.kind).join(' ')).toBe(['title', ...Array(7).fill('puzzles'), ...Array(3).fill('answers'), ...Array(5).fill('blank')].join(' '));
    // The same with an even number of puzzle pages: no blank before the answers, only at the end.
    const even = layoutBook(t, m, SECTIONS, bookPuzzles([6, 6, 4]), 'end');
    expect(even.pages.map((p) => p.kind).join(' ')).toBe(['title', ...Array(8).fill('puzzles'), ...Array(3).fill('answers'), ...Array(4).fill('blank')].join(' '));
    // Notes pages instead of the trailing blanks, in the contents when there is one.
    const notes = layoutBook(t, { ...m, notes: true, front: { ...m.front, contents: true } }, SECTIONS, bookPuzzles([6, 6, 4]), 'end');
    expect(notes.pages.map((p) => p.kind).join(' ')).toBe(['title', 'contents', ...Array(8).fill('puzzles'), ...Array(3).fill('answers'), ...Array(3).fill('notes')].join(' '));
    const entries = (notes.pages[1] as { entries: { title: string; page: number }[] }).entries;
    expect(entries.at(-1)).toEqual({ title: 'Notes', page: 14 });
  });

  it('fills labels from templates: number, section, band word and stars, rating; unrated puzzles work', () => {
    expect(formatLabel('Puzzle {number}', { number: 12, rating: 2.6 }, 'Fiendish')).toBe('Puzzle 12');
    expect(formatLabel('{section} {number} · {word} {stars} {rating}', { number: 3, rating: 4.4 }, 'Fiendish')).toBe('Fiendish 3 · tough ★★★★ 4.4');
    expect(formatLabel('{section} {number} · {word} {stars} {rating}', { number: 3, rating: 4.5 }, 'Fiendish')).toBe('Fiendish 3 · fiendish ★★★★★ 4.5');
    expect(formatLabel('{number} {word} {stars} {rating}', { number: 4, rating: null }, 'X')).toBe('4 fiendish ★★★★★ unrated');
    expect(formatLabel('Puzzle {number} · solution p. {answerPage}', { number: 4, rating: 1 }, 'X', { answerPage: 54 })).toBe('Puzzle 4 · solution p. 54');
    // Stars off: words only; the job's own words.
    const d = { stars: false, words: { fiendish: 'devilish' }, by: 'puzzle' as const };
    expect(formatLabel('{number} {word} {stars}', { number: 4, rating: 5.1 }, 'X', { difficulty: d })).toBe('4 devilish');
    expect(difficultyLabel(1.2)).toBe('★☆☆☆☆  gentle (1 to 5 stars)');
    expect(DEFAULTS.labels.puzzle).toBeNull();
  });
});

describe('rendered book', () => {
  const t = loadTemplate('letter-4up');
  const puzzles = bookPuzzles([5, 3, 2]);
  const layout = layoutBook(t, matter(), SECTIONS, puzzles, 'end');
  const file = join(tmp, 'book.pdf');
  let pdf: PdfContent;
  beforeAll(async () => {
    writeFileSync(file, await renderPdf(layout, t, { title: 'Test Book', author: 'An Author', date: '2026-05-01' }));
    pdf = await readPdf(file);
  }, 60_000);

  it('has the pages of the layout, page numbers only on puzzle and answer pages', () => {
    expect(pdf.pages.length).toBe(layout.pages.length);
    for (const p of layout.pages) {
      const strs = text(pdf, p.number);
      // The footer band: a page number there on puzzle and answer pages only.
      const footer = pdf.pages[p.number - 1].filter((i) => i.y > t.pageSize[1] - t.margins.bottom - t.fontSizes.header * 2.5).map((i) => i.str);
      expect(footer).toEqual(folioed(p) ? [String(p.number)] : []);
      if (!folioed(p)) expect(pdf.pages[p.number - 1].filter((i) => i.y < t.margins.top + t.fontSizes.header * 2)).toEqual([]);
      if (p.kind === 'blank') expect(strs).toEqual([]);
    }
  });

  it('prints the front matter: title, copyright with the one-solution line, contents, rules and a worked example', () => {
    expect(text(pdf, 1).join(' ')).toContain('Test Book');
    expect(text(pdf, 2).join(' ')).toMatch(/© 2026 An Author\..*exactly one solution/);
    const contents = layout.pages.find((p) => p.kind === 'contents')!;
    const c = text(pdf, contents.number).join(' ');
    for (const s of ['Contents', 'How to play', 'Gentle', 'Steady', 'Fiendish', 'Solutions']) expect(c).toContain(s);
    const how = layout.pages.find((p) => p.kind === 'how-to-play')!;
    expect(text(pdf, how.number).join(' ')).toMatch(/How to play.*each row, each column.*A worked example.*shaded cell/);
  });

  it('labels puzzles from the template, and answer keys in bold, larger, as "Solution N"', () => {
    const first = layout.pages.find((p) => p.kind === 'puzzles')!;
    expect(text(pdf, first.number)).toContain(formatLabel('Puzzle {number} {stars}', puzzles[0], 'Gentle'));
    const answers = layout.pages.find((p) => p.kind === 'answers')!;
    const items = pdf.pages[answers.number - 1];
    const label = items.find((i) => i.str === 'Solution 1')!;
    expect(label).toBeDefined();
    // Bold: the same font as the clues of the answer grids, which are bold.
    const box = answers.kind === 'answers' ? answers.boxes[0] : null;
    const clueCell = [...box!.puzzle].findIndex((c) => c !== '.');
    const cell = box!.size / 9;
    const clue = items.find((i) => Math.abs(i.x + i.width / 2 - (box!.x + (clueCell % 9) * cell + cell / 2)) < cell / 2 && Math.abs(i.y - (box!.y + Math.floor(clueCell / 9) * cell + cell / 2)) < cell / 2)!;
    expect(label.font).toBe(clue.font);
    const filledCell = [...box!.puzzle].findIndex((c) => c === '.');
    const filled = items.find((i) => Math.abs(i.x + i.width / 2 - (box!.x + (filledCell % 9) * cell + cell / 2)) < cell / 2 && Math.abs(i.y - (box!.y + Math.floor(filledCell / 9) * cell + cell / 2)) < cell / 2)!;
    expect(label.font).not.toBe(filled.font);
    expect(box!.labelSize).toBeGreaterThan(t.fontSizes.label);
  });

  it('uses black ink only: no RGB colour anywhere, every colour with C = M = Y = 0', () => {
    expect(blackOnlyProblems(file)).toEqual([]);
  });

  it('draws cell, box and border lines at the template weights (cell lines at least 0.75 pt)', () => {
    const widths = new Set(lineWidths(contentStreams(file)));
    expect(t.lines.cell).toBeGreaterThanOrEqual(0.75);
    expect(widths).toEqual(new Set([t.lines.cell, t.lines.box, t.lines.border]));
    expect(t.lines.box).toBeCloseTo(3 * t.lines.cell, 5);
    expect(t.lines.border).toBeGreaterThan(t.lines.box);
  });
});

describe('grids fill the page', () => {
  it.each(templateNames().filter((n) => n !== 'newspaper'))('%s: grids in the text block, one gutter across and down, no room to grow', (name) => {
    const t = loadTemplate(name);
    for (const [per, label] of [
      [t.puzzlesPerPage, t.fontSizes.label],
      [t.answersPerPage, t.fontSizes.label * 1.2],
    ] as const) {
      for (const n of [1, 2]) {
        const slots = gridSlots(t, n, per, label);
        const left = n % 2 ? t.margins.inner : t.margins.outer;
        const right = t.pageSize[0] - (n % 2 ? t.margins.outer : t.margins.inner);
        for (const s of slots) {
          expect(s.x).toBeGreaterThanOrEqual(left - 1e-6);
          expect(s.x + s.size).toBeLessThanOrEqual(right + 1e-6);
          expect(s.labelY).toBeGreaterThanOrEqual(t.margins.top);
          expect(s.y + s.size).toBeLessThanOrEqual(t.pageSize[1] - t.margins.bottom);
        }
        const gapX = per.columns > 1 ? slots[1].x - slots[0].x - slots[0].size : null;
        const gapY = per.rows > 1 ? slots[per.columns].labelY - (slots[0].y + slots[0].size) : null;
        for (const g of [gapX, gapY]) if (g !== null) expect(g).toBeCloseTo(slots[0].size * GUTTER, 5);
        // The grid is as large as the limiting direction allows (to the point).
        const areaW = right - left;
        const across = per.columns * slots[0].size + (per.columns - 1) * slots[0].size * GUTTER;
        const band = t.fontSizes.header * 2.5;
        const areaH = t.pageSize[1] - t.margins.top - t.margins.bottom - 2 * band;
        const down = per.rows * (slots[0].size + label * 1.6) + (per.rows - 1) * slots[0].size * GUTTER;
        expect(Math.min(areaW - across, areaH - down)).toBeLessThan(per.columns + per.rows + 1);
      }
    }
  });

  it('6x9: the grid is as wide as the 4.5 in text block', () => {
    const t = loadTemplate('trade-6x9');
    expect(gridSlots(t, 1, t.puzzlesPerPage, t.fontSizes.label)[0].size).toBe(324);
  });
});

describe('KDP rules', () => {
  it.each([
    [24, 0.375],
    [150, 0.375],
    [151, 0.5],
    [300, 0.5],
    [301, 0.625],
    [700, 0.75],
    [828, 0.875],
  ])('%i pages: inner margin at least %f in', (pages, inches) => {
    expect(kdpMinInner(pages)).toBe(inches);
  });

  it('errors on an inner margin below the minimum for the page count, warns outside 24-828 pages', () => {
    const t: Template = { ...loadTemplate('trade-6x9'), margins: { top: 54, bottom: 54, inner: 30, outer: 45 } };
    expect(kdpCheck(t, 120)).toEqual({ errors: [], warnings: [] });
    const big = kdpCheck(t, 200);
    expect(big.errors).toHaveLength(1);
    expect(big.errors[0]).toMatch(/layout\.margins\.inner is 30 pt .* at least 0\.5 in \(36 pt\) for a 200-page paperback \(rule: KDP inside margin by page count\)/);
    expect(kdpCheck(t, 18).warnings[0]).toMatch(/24 to 828 pages; this book has 18 \(rule: KDP page count\)/);
    expect(kdpCheck({ ...t, margins: { ...t.margins, outer: 10 } }, 100).errors[0]).toMatch(/margins\.outer .* 0\.25 in/);
  });
});

describe('worked example', () => {
  it('places a digit that the solution confirms, in an empty cell', () => {
    let found = 0;
    for (const p of PUZZLES) {
      const ex = workedExample(p.puzzle);
      if (!ex) continue;
      found++;
      expect(p.puzzle[ex.cell]).toBe('.');
      expect(p.solution[ex.cell]).toBe(ex.digit);
    }
    expect(found).toBe(PUZZLES.length);
  });
});

describe('newspaper slot', () => {
  const t = loadTemplate('newspaper');
  const day = (date: string, i: number): DailyPuzzle => ({ date, weekday: 'monday', slot: 1, bucket: 'easy', rating: PUZZLES[i].er, hardest: null, puzzle: PUZZLES[i].puzzle, solution: PUZZLES[i].solution, source: 'new' });

  it('has one grid size and place on every day with the previous solution, a larger grid without, and stars', async () => {
    const first = layoutDailyPage(t, 'Daily', dailyEntry(day('2027-03-08', 0), []), 1);
    const second = layoutDailyPage(t, 'Daily', dailyEntry(day('2027-03-09', 1), [day('2027-03-08', 0)]), 2);
    const third = layoutDailyPage(t, 'Daily', dailyEntry(day('2027-03-10', 2), [day('2027-03-09', 1)]), 3);
    expect([third.box.x, third.box.y, third.box.size]).toEqual([second.box.x, second.box.y, second.box.size]);
    expect(first.box.size).toBeGreaterThan(second.box.size);
    expect(first.box.label).toMatch(/^★+☆*  \w+ \(1 to \d stars\)$/);
    // The previous solution is readable: cells of at least 12 pt (digits of 7.4 pt and more).
    expect(second.previous).toHaveLength(1);
    expect(second.previous[0].box.size / 9).toBeGreaterThanOrEqual(13);
    expect(second.previous[0].box.y + second.previous[0].box.size).toBeLessThanOrEqual(t.pageSize[1] - t.margins.bottom);
    const file = join(tmp, 'daily.pdf');
    writeFileSync(file, await renderPdf({ pageSize: t.pageSize, pages: [first, second] }, t, { title: 'd', author: 'd', date: '2027-03-08' }));
    expect(blackOnlyProblems(file)).toEqual([]);
    const pdf = await readPdf(file);
    expect(text(pdf, 2).join(' ')).toContain('Fill the grid so that every row');
    expect(text(pdf, 2).join(' ')).toContain('Solution to Mon 8 Mar');
    expect(Math.min(...lineWidths(contentStreams(file)))).toBeGreaterThanOrEqual(1);
  });

  it('a day with fewer puzzles than the day before shows the remaining solutions on its last page', async () => {
    const yesterday = [day('2027-03-13', 0), { ...day('2027-03-13', 1), slot: 2 }];
    const page = layoutDailyPage(t, 'Daily', dailyEntry(day('2027-03-14', 2), yesterday), 1);
    expect(page.previous.map((p) => p.label)).toEqual(['Solution to Sat 13 Mar (1)', 'Solution to Sat 13 Mar (2)']);
    const [a, b] = page.previous.map((p) => p.box);
    // Side by side across the column (the rules give way), not overlapping, readable, inside the margins.
    expect(a.x + a.size).toBeLessThan(b.x);
    expect(a.x).toBeGreaterThanOrEqual(t.margins.inner);
    expect(b.x + b.size).toBeLessThanOrEqual(t.pageSize[0] - t.margins.outer);
    expect(a.size / 9).toBeGreaterThanOrEqual(12);
    expect(b.y + b.size).toBeLessThanOrEqual(t.pageSize[1] - t.margins.bottom);
    expect(page.rules.text).toBe('');
    const file = join(tmp, 'daily-two.pdf');
    writeFileSync(file, await renderPdf({ pageSize: t.pageSize, pages: [page] }, t, { title: 'd', author: 'd', date: '2027-03-14' }));
    const words = text(await readPdf(file), 1).join(' ');
    expect(words).toContain('Solution to Sat 13 Mar (1)');
    expect(words).toContain('Solution to Sat 13 Mar (2)');
  });

  it('SVG: every digit has its own baseline and anchor, no dominant-baseline', () => {
    const svg = puzzleSvg(PUZZLES[0].puzzle, { title: 'x' });
    expect(svg).not.toContain('dominant-baseline');
    const texts = [...svg.matchAll(/<text x="([\d.]+)" y="([\d.]+)" text-anchor="middle">([1-9])<\/text>/g)];
    expect(texts.length).toBe([...PUZZLES[0].puzzle].filter((c) => c !== '.').length);
    const fs = Number(/font-size="([\d.]+)"/.exec(svg)![1]);
    const cell = (360 - 2 * (4 / 2 + 1)) / 9;
    // y = centre of the cell + half the digit height.
    const [, , y] = texts[0];
    const row = Math.floor([...PUZZLES[0].puzzle].findIndex((c) => c !== '.') / 9);
    expect(Number(y)).toBeCloseTo(3 + row * cell + cell / 2 + (fs * DIGIT_HEIGHT) / 2, 1);
  });
});

describe('job keys for print', () => {
  it('reads front matter, openers, signature, labels, per-section clues, lines and cover from the example jobs', () => {
    const book = loadJob('config/book.yaml');
    expect(book.sections.map((s) => s.clues)).toEqual([
      { min: 27, max: 36 },
      { min: 25, max: 30 },
      { min: 22, max: 28 },
    ]);
    // A ramp: the clue ranges' bounds fall from easy to hard.
    expect(book.labels).toEqual({ puzzle: null, answer: null });
    expect(book.layout.lines).toEqual({ cell: 0.75, box: 2.25, border: 3 });
    expect([book.cover?.paper, book.cover?.back, book.cover?.theme.name, book.cover?.largePrint]).toEqual(['white', '', 'classic', false]);
    const weekly = loadJob('config/a4-weekly.yaml');
    expect([weekly.openers, weekly.signature, weekly.cover, weekly.layout.kdp, weekly.front.copyright]).toEqual([false, 4, null, false, null]);
    const trade = loadJob('config/trade-paperback.yaml');
    expect(trade.front.introduction).toMatch(/^These puzzles start gently/);
    expect(trade.cover?.paper).toBe('cream');
  });

  it.each([
    ['labels: { puzzle: "Puzzle {numbr}" }', /:\d+:\d+ labels\.puzzle: unknown placeholder \{numbr\} .*did you mean \{number\}\?/],
    ['signature: 3', /:\d+:12 signature: expected a page multiple \(2, 4, 8, 16, 32\), got 3/],
    ['front: { contents: maybe }', /front\.contents: expected true or false, got "maybe"/],
    ['cover: { paper: glossy }', /cover\.paper: expected a paper \(white, cream\), got "glossy"/],
    ['layout: { lines: { cell: 0 } }', /layout\.lines\.cell: expected a positive number, got 0/],
  ])('rejects %s with file, line and key', (extra, message) => {
    const file = join(tmp, 'bad.yaml');
    writeFileSync(file, readFileSync('test/fixtures/jobs/small.yaml', 'utf8').replace(/\nlayout:\n {2}template: letter-4up\n/, '\n') + extra + '\n');
    expect(() => loadJob(file)).toThrow(message);
  });
});

describe('audit PDF', () => {
  it('lists problem lines, names the axes, shows bar values and the label table, in black ink', async () => {
    const r = emptyReport(['set.txt']);
    Object.assign(r, {
      total: 120,
      valid: 100,
      problems: { malformed: 15, unsolvable: 2, multiple: 3, notMinimal: 0, duplicates: 0 },
      buckets: { easy: 61, medium: 27, hard: 12 },
      ratings: { '1.5': 40, '2.3': 21, '2.6': 27, '4.1': 12 },
      clues: { '24': 7, '26': 50, '28': 43 },
      confusion: { simple: { easy: 58, medium: 3 }, tricky: { medium: 24, hard: 12, easy: 3 } },
      problemLines: Array.from({ length: 20 }, (_, i) => ({ file: 'set.txt', line: 10 + i, problem: 'malformed' as const, detail: 'wrong length' })),
    });
    r.techniques['hidden-single'] = { needed: 40, used: 100 };
    const file = join(tmp, 'audit.pdf');
    writeFileSync(file, await renderAuditPdf(r, new Date('2026-01-01T00:00:00Z')));
    const pdf = await readPdf(file);
    expect(pdf.pages).toHaveLength(2);
    const one = text(pdf, 1).join('\n');
    expect(one).toContain(`Problem lines (the first ${PDF_PROBLEM_LINES} of 20)`);
    expect(one).toContain('set.txt: line 10: malformed: wrong length');
    expect(one).not.toContain(`line ${10 + PDF_PROBLEM_LINES}:`);
    for (const axis of ['bucket', 'clues', 'puzzles']) expect(text(pdf, 1)).toContain(axis);
    // Every bar's value is printed.
    for (const v of ['61', '27', '12', '40', '21', '50', '43', '7']) expect(text(pdf, 1)).toContain(v);
    const two = text(pdf, 2);
    expect(two).toContain('Input label against bucket');
    expect(two).toEqual(expect.arrayContaining(['simple', '58', '3', 'tricky', '24', '39']));
    expect(blackOnlyProblems(file)).toEqual([]);
  });
});

describe('ink and fonts', () => {
  it('sets answer digits no lighter than 60% black (75%), clues and text in solid black', async () => {
    const t = loadTemplate('trade-6x9');
    const m = matter({ front: { titlePage: false, copyright: null, howToPlay: false, contents: false, introduction: null } });
    const layout = layoutBook(t, m, SECTIONS, bookPuzzles([2, 2, 2]), 'section');
    const file = join(tmp, 'ink.pdf');
    writeFileSync(file, await renderPdf(layout, t, { title: 't', author: 'a', date: '2026-01-01' }));
    const blacks = new Set(colourOps(contentStreams(file)).map(([operands]) => Number(operands.split(/\s+/)[3])));
    expect([...blacks].sort()).toEqual([0.75, 1]);
  });

  it('sets the stars of a label in DejaVu Sans when the template font has none', async () => {
    const serif: Template = { ...loadTemplate('a4-2up'), fonts: { regular: 'DejaVuSerif', bold: 'DejaVuSerif-Bold' } };
    const layout = layoutBook(serif, matter({ labels: { puzzle: 'Puzzle {number} {stars}', answer: 'Solution {number}' } }), SECTIONS, bookPuzzles([2, 0, 0]), 'end');
    const file = join(tmp, 'serif.pdf');
    writeFileSync(file, await renderPdf(layout, serif, { title: 't', author: 'a', date: '2026-01-01' }));
    const raw = readFileSync(file, 'latin1');
    expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+DejaVuSans\b/);
    const pdf = await readPdf(file);
    const page = layout.pages.find((p) => p.kind === 'puzzles')!;
    const items = pdf.pages[page.number - 1];
    const star = items.find((i) => i.str.includes('★'))!;
    const label = items.find((i) => i.str.startsWith('Puzzle 1'))!;
    expect(star.font).not.toBe(label.font);
  });
});
