/**
 * Book layout: pure geometry, no PDF. Pages, and on each page the boxes of its puzzle grids
 * or answer keys, in points with the origin at the top left of the page.
 *
 *   front matter: title | copyright | contents | introduction | how to play
 *   per section:  opener (right-hand page) | puzzle pages | answer pages (answers: section)
 *   answers part: opener (right-hand page) | answer pages                 (answers: end)
 *   blank pages:  before any opener that would fall on a left-hand page, and at the end
 *                 until the page count is a multiple of the signature (at least 2)
 *
 * Page n is a right-hand (recto) page when n is odd. Only puzzle and answer pages carry a
 * running header and a page number. The renderer draws exactly this, and tests read the PDF
 * back with the same geometry.
 */
import { difficultyBand } from '../grader/bands.js';
import type { Template } from './templates.js';
import { workedExample, type WorkedExample } from './worked-example.js';

export interface BookPuzzle {
  number: number;
  section: number;
  bucket: string;
  /** null: beyond the grader's work limit (harder than every rated puzzle). */
  rating: number | null;
  puzzle: string;
  solution: string;
}

export interface GridBox {
  number: number;
  /** Top-left corner and side of the 9x9 grid. */
  x: number;
  y: number;
  size: number;
  /** Label above the grid ("Puzzle 12") and the top of its line. */
  label: string;
  labelY: number;
  labelSize: number;
  labelBold: boolean;
  puzzle: string;
  /** Set on answer keys: the digits to fill in. */
  solution?: string;
  /** A cell to shade (the worked example). */
  shade?: number;
}

export interface DailyPage {
  kind: 'daily';
  number: number;
  title: string;
  dateLine: string;
  /** The puzzle's number ("No. 412"), set flush right above the grid, at the label's height; empty: none. */
  puzzleNo: { text: string; right: number; y: number };
  /** The rules in one sentence: beside the previous day's solution, or under the grid when there is none. */
  rules: { text: string; x: number; y: number; width: number; height: number };
  box: GridBox;
  /** The previous day's solutions shown on this page: usually one, none on the first day. */
  previous: { label: string; box: GridBox }[];
  /** The copyright line at the foot of the page, centred; empty: none. */
  copyright: { text: string; y: number; size: number };
}

export interface ContentsEntry {
  title: string;
  page: number;
}

export type Page =
  | DailyPage
  | { kind: 'title'; number: number; title: string; subtitle: string; author: string }
  | { kind: 'copyright'; number: number; lines: string[] }
  | { kind: 'contents'; number: number; entries: ContentsEntry[] }
  | { kind: 'text'; number: number; title: string; paragraphs: string[] }
  | { kind: 'how-to-play'; number: number; rules: string[]; example: { text: string; box: GridBox } | null }
  | { kind: 'blank'; number: number }
  | { kind: 'section'; number: number; title: string; subtitle: string }
  | { kind: 'puzzles' | 'answers'; number: number; header: string; boxes: GridBox[] };

export interface SectionInfo {
  title: string;
  bucket: string;
}

/** What a job says about the book around its puzzles (JobConfig has these fields). */
export interface BookMatter {
  title: string;
  subtitle: string;
  author: string;
  /** YYYY-MM-DD (the year goes on the copyright page). */
  date: string;
  front: {
    titlePage: boolean;
    /** Text of the copyright/imprint page; null: no such page. */
    copyright: string | null;
    howToPlay: boolean;
    contents: boolean;
    /** Text of an introduction page (paragraphs split on blank lines); null: none. */
    introduction: string | null;
  };
  /** Opener pages for sections and for the answers part. */
  openers: boolean;
  /** The page count is made a multiple of this (2, 4, 8, 16 or 32). */
  signature: number;
  labels: { puzzle: string; answer: string };
}

export interface BookLayout {
  pageSize: [number, number];
  pages: Page[];
  /** page (1-based) of each puzzle and of its answer key, by puzzle number. */
  pageOf: Map<number, { page: number; answerPage: number }>;
}

/** Placeholders a label template may use. */
export const LABEL_FIELDS = ['number', 'section', 'word', 'stars', 'rating'] as const;

export const UNIQUE_LINE = 'Every puzzle in this book has exactly one solution, found by logic alone; each was checked by computer.';

export const RULES = [
  'Fill every empty cell with a digit from 1 to 9 so that each row, each column and each of the nine 3×3 boxes holds every digit exactly once.',
  'The digits printed in the grid are the clues: they are given and never change. ' + 'You never need to guess: every puzzle has exactly one solution, and each empty cell can be filled by reasoning from the digits already there.',
  'The puzzles grow harder through the book; the solutions are at the back. A pencil helps: note the digits a cell could still take.',
];

/** A label template filled in: "Puzzle {number}" → "Puzzle 12". */
export function formatLabel(template: string, p: { number: number; rating: number | null }, section: string): string {
  const band = difficultyBand(p.rating);
  const fields: Record<(typeof LABEL_FIELDS)[number], string> = {
    number: String(p.number),
    section,
    word: band.word,
    stars: '★'.repeat(band.stars),
    rating: p.rating === null ? 'unrated' : p.rating.toFixed(1),
  };
  return template.replace(/\{(\w+)\}/g, (all, k: string) => (k in fields ? fields[k as keyof typeof fields] : all)).trim();
}

/** Left margin of page n (1-based): the inner (binding) margin on odd pages. */
export function leftMargin(t: Template, n: number): number {
  return n % 2 === 1 ? t.margins.inner : t.margins.outer;
}

/** Height reserved for the running header and the footer. */
export function bandHeight(t: Template): number {
  return t.fontSizes.header * 2.5;
}

/** Gutter between neighbouring grids, as a share of the grid's side. */
export const GUTTER = 0.08;

export interface Slot {
  x: number;
  y: number;
  size: number;
  labelY: number;
}

/**
 * Grid slots on page n: grids as large as the text block allows with one gutter (GUTTER of
 * the side) between neighbours across and down, the whole block centred in the text block.
 */
export function gridSlots(t: Template, n: number, per: { columns: number; rows: number }, labelSize: number): Slot[] {
  const [w, h] = t.pageSize;
  const band = bandHeight(t);
  const areaW = w - t.margins.inner - t.margins.outer;
  const areaTop = t.margins.top + band;
  const areaH = h - t.margins.top - t.margins.bottom - 2 * band;
  const labelH = labelSize * 1.6;
  const { columns: c, rows: r } = per;
  const size = Math.floor(Math.min(areaW / (c + (c - 1) * GUTTER), (areaH - r * labelH) / (r + (r - 1) * GUTTER)));
  const gutter = size * GUTTER;
  const blockW = c * size + (c - 1) * gutter;
  const blockH = r * (labelH + size) + (r - 1) * gutter;
  const x0 = leftMargin(t, n) + (areaW - blockW) / 2;
  const y0 = areaTop + (areaH - blockH) / 2;
  const slots: Slot[] = [];
  for (let row = 0; row < r; row++) {
    for (let col = 0; col < c; col++) {
      const top = y0 + row * (labelH + size + gutter);
      slots.push({ x: x0 + col * (size + gutter), y: top + labelH, size, labelY: top });
    }
  }
  return slots;
}

/** Size of answer-key labels: bold and larger than the digits' neighbours, so never read as a digit. */
export const answerLabelSize = (t: Template) => t.fontSizes.label * 1.2;

function gridBoxes(t: Template, n: number, items: BookPuzzle[], answer: boolean, book: BookMatter, sections: SectionInfo[]): GridBox[] {
  const per = answer ? t.answersPerPage : t.puzzlesPerPage;
  const labelSize = answer ? answerLabelSize(t) : t.fontSizes.label;
  const slots = gridSlots(t, n, per, labelSize);
  return items.map((p, i) => {
    const s = slots[i];
    const label = formatLabel(answer ? book.labels.answer : book.labels.puzzle, p, sections[p.section]?.title ?? '');
    return { number: p.number, x: s.x, y: s.y, size: s.size, label, labelY: s.labelY, labelSize, labelBold: answer, puzzle: p.puzzle, ...(answer ? { solution: p.solution } : {}) };
  });
}

function chunks<T>(xs: T[], n: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < xs.length; i += n) out.push(xs.slice(i, i + n));
  return out;
}

/** Paragraphs of a job text: split on blank lines, lines inside a paragraph joined. */
export function paragraphs(text: string): string[] {
  return text
    .split(/\n\s*\n/)
    .map((p) => p.replace(/\s*\n\s*/g, ' ').trim())
    .filter(Boolean);
}

/** The worked example's grid on the how-to-play page: centred in the lower part of the text block. */
function exampleBox(t: Template, n: number, puzzle: string, cell: number): GridBox {
  const [w, h] = t.pageSize;
  const areaW = w - t.margins.inner - t.margins.outer;
  const size = Math.floor(Math.min(areaW * 0.6, (h - t.margins.top - t.margins.bottom) * 0.38));
  const x = leftMargin(t, n) + (areaW - size) / 2;
  const y = h - t.margins.bottom - bandHeight(t) - size;
  return { number: 0, x, y, size, label: '', labelY: y, labelSize: t.fontSizes.label, labelBold: false, puzzle, shade: cell };
}

/** Lay out a book (see the top of this file). */
export function layoutBook(t: Template, book: BookMatter, sections: SectionInfo[], puzzles: BookPuzzle[], answers: 'end' | 'section'): BookLayout {
  const pages: Page[] = [];
  const pageOf = new Map<number, { page: number; answerPage: number }>();
  const perPuzzle = t.puzzlesPerPage.columns * t.puzzlesPerPage.rows;
  const perAnswer = t.answersPerPage.columns * t.answersPerPage.rows;
  const next = () => pages.length + 1;
  const toRecto = () => {
    if (next() % 2 === 0) pages.push({ kind: 'blank', number: next() });
  };
  const contents: ContentsEntry[] = [];

  const f = book.front;
  if (f.titlePage) pages.push({ kind: 'title', number: next(), title: book.title, subtitle: book.subtitle, author: book.author });
  if (f.copyright !== null) pages.push({ kind: 'copyright', number: next(), lines: [...paragraphs(f.copyright), UNIQUE_LINE] });
  if (f.contents) {
    toRecto();
    pages.push({ kind: 'contents', number: next(), entries: contents });
  }
  if (f.introduction !== null) {
    toRecto();
    pages.push({ kind: 'text', number: next(), title: 'Introduction', paragraphs: paragraphs(f.introduction) });
  }
  if (f.howToPlay) {
    const n = next();
    const first = puzzles[0];
    const ex = first ? workedExample(first.puzzle) : null;
    pages.push({
      kind: 'how-to-play',
      number: n,
      rules: RULES,
      example: ex && first ? { text: ex.text, box: { ...exampleBox(t, n, first.puzzle, ex.cell), solution: withDigit(first.puzzle, ex) } } : null,
    });
    if (f.contents) contents.push({ title: 'How to play', page: n });
  }

  const addAnswers = (items: BookPuzzle[], header: string) => {
    for (const group of chunks(items, perAnswer)) {
      const n = next();
      pages.push({ kind: 'answers', header, number: n, boxes: gridBoxes(t, n, group, true, book, sections) });
      for (const p of group) pageOf.get(p.number)!.answerPage = n;
    }
  };
  sections.forEach((s, si) => {
    const items = puzzles.filter((p) => p.section === si);
    if (book.openers) {
      toRecto();
      pages.push({ kind: 'section', title: s.title, subtitle: `${items.length} puzzle${items.length === 1 ? '' : 's'}`, number: next() });
    }
    contents.push({ title: s.title, page: next() - (book.openers ? 1 : 0) });
    for (const group of chunks(items, perPuzzle)) {
      const n = next();
      pages.push({ kind: 'puzzles', header: `${book.title} · ${s.title}`, number: n, boxes: gridBoxes(t, n, group, false, book, sections) });
      for (const p of group) pageOf.set(p.number, { page: n, answerPage: 0 });
    }
    if (answers === 'section') {
      toRecto();
      contents.push({ title: `Solutions: ${s.title}`, page: next() });
      addAnswers(items, `Solutions · ${s.title}`);
    }
  });
  if (answers === 'end') {
    toRecto();
    contents.push({ title: 'Solutions', page: next() });
    if (book.openers) pages.push({ kind: 'section', title: 'Solutions', subtitle: `${puzzles.length} solution${puzzles.length === 1 ? '' : 's'}`, number: next() });
    addAnswers(puzzles, `${book.title} · Solutions`);
  }
  const signature = Math.max(2, book.signature);
  while (pages.length % signature !== 0) pages.push({ kind: 'blank', number: next() });
  return { pageSize: t.pageSize, pages, pageOf };
}

function withDigit(puzzle: string, ex: WorkedExample): string {
  return puzzle.slice(0, ex.cell) + ex.digit + puzzle.slice(ex.cell + 1);
}

export interface DailyEntry {
  /** "Tuesday 1 December 2026" */
  dateLine: string;
  /** "★★★☆☆  moderate (1 to 5 stars)" */
  label: string;
  /** "No. 412"; empty or absent: none. */
  number?: string;
  /** "© 2026 The Daily Sudoku"; empty or absent: none. */
  copyright?: string;
  /** The rules sentence (no digits, so it never reads as part of a grid). */
  rules?: string;
  puzzle: string;
  /**
   * The previous day's solutions to show: the one of the same slot, and on the day's last
   * slot also those of the previous day's later slots (a day with fewer puzzles than the one before).
   */
  previous: { label: string; puzzle: string; solution: string }[];
}

/** Share of the space under the date line that the day's grid takes (the rest: the previous solution). */
export const DAILY_GRID_SHARE = 0.62;

/**
 * Height the rules sentence needs in a column `width` wide at `size` pt: lines of at most
 * width / (0.6 em) characters (wider than the average character of the sans faces used),
 * at 1.4 times the size.
 */
export function dailyRulesHeight(text: string, width: number, size: number): number {
  const perLine = Math.max(1, Math.floor(width / (0.6 * size)));
  const words = text.split(/\s+/).filter(Boolean);
  let lines = words.length ? 1 : 0;
  let used = 0;
  for (const w of words) {
    if (used > 0 && used + 1 + w.length > perLine) {
      lines++;
      used = w.length;
    } else used += (used > 0 ? 1 : 0) + w.length;
  }
  return lines * size * 1.4;
}

/**
 * A newspaper page: title and date at the top, the difficulty and the puzzle's number over
 * the day's grid, the copyright line at the foot. Under the grid, the rules beside the
 * previous day's solution; with no previous solution (the first day of a new series) the grid
 * grows to the column's width and the rules run under it, so no empty frame is left. Every
 * day with a previous solution has the same grid size and place.
 */
export function layoutDailyPage(t: Template, title: string, e: DailyEntry, number: number): DailyPage {
  const [w, h] = t.pageSize;
  const left = t.margins.inner;
  const width = w - t.margins.inner - t.margins.outer;
  const fs = t.fontSizes;
  const labelH = fs.label * 1.8;
  const top = t.margins.top + fs.title * 1.4 + fs.heading * 1.6;
  const gap = fs.label;
  const footH = fs.header * 2;
  const bottom = h - t.margins.bottom - footH;
  const rulesText = e.rules ?? '';
  const copyright = { text: e.copyright ?? '', y: h - t.margins.bottom - fs.header * 1.2, size: fs.header };
  const n = e.previous.length;
  if (n === 0) {
    // No previous solution: the grid as wide as the column allows, centred across it, the rules under it.
    const rulesH = dailyRulesHeight(rulesText, width, fs.label);
    const size = Math.floor(Math.min(width, bottom - top - labelH - gap - rulesH) / 9) * 9;
    const box: GridBox = { number, x: left + (width - size) / 2, y: top + labelH, size, label: e.label, labelY: top, labelSize: fs.label, labelBold: false, puzzle: e.puzzle };
    const rules = { text: rulesText, x: box.x, y: box.y + size + gap, width: size, height: rulesH };
    return { kind: 'daily', number, title, dateLine: e.dateLine, puzzleNo: { text: e.number ?? '', right: box.x + size, y: top }, rules, box, previous: [], copyright };
  }
  // Under the date: label, grid, gap, previous label, previous grid.
  const avail = bottom - top - 2 * labelH - gap;
  const size = Math.floor(Math.min(width, avail * DAILY_GRID_SHARE) / 9) * 9;
  const one = Math.floor(Math.min(width / 2, avail - size) / 9) * 9;
  // Several previous solutions (a day with fewer puzzles than the day before) take the whole
  // row under the grid, without the rules, at the usual size when they fit.
  const pSize = n > 1 ? Math.min(one, Math.floor((width - (n - 1) * gap) / n / 9) * 9) : one;
  const box: GridBox = { number, x: left + (width - size) / 2, y: top + labelH, size, label: e.label, labelY: top, labelSize: fs.label, labelBold: false, puzzle: e.puzzle };
  const pTop = box.y + size + gap;
  const pX = n > 1 ? left + (width - n * pSize - (n - 1) * gap) / 2 : box.x + size - pSize;
  const rules = { text: n > 1 ? '' : rulesText, x: box.x, y: pTop + labelH, width: Math.max(0, pX - box.x - gap), height: pSize };
  const previous: DailyPage['previous'] = e.previous.map((p, i) => ({
    label: p.label,
    box: { number, x: pX + i * (pSize + gap), y: pTop + labelH, size: pSize, label: p.label, labelY: pTop, labelSize: fs.label, labelBold: true, puzzle: p.puzzle, solution: p.solution },
  }));
  return { kind: 'daily', number, title, dateLine: e.dateLine, puzzleNo: { text: e.number ?? '', right: box.x + size, y: top }, rules, box, previous, copyright };
}
