/**
 * Book layout: pure geometry, no PDF. Pages, and on each page the boxes of its puzzle grids
 * or answer keys, in points with the origin at the top left of the page.
 *
 *   page: title | section title | puzzles (header, grids with labels, footer) | answers
 *
 * The renderer draws exactly this, and tests read the PDF back with the same geometry.
 */
import type { Template } from './templates.js';

export interface BookPuzzle {
  number: number;
  section: number;
  bucket: string;
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
  /** Label above the grid ("12 · medium · 2.6") and its baseline-free top. */
  label: string;
  labelY: number;
  puzzle: string;
  /** Set on answer keys: the digits to fill in. */
  solution?: string;
}

export interface DailyPage {
  kind: 'daily';
  number: number;
  title: string;
  dateLine: string;
  box: GridBox;
  previous: { label: string; box: GridBox } | null;
}

export type Page =
  | DailyPage
  | { kind: 'title'; title: string; subtitle: string; author: string }
  | { kind: 'section'; title: string; subtitle: string; number: number }
  | { kind: 'puzzles' | 'answers'; header: string; number: number; boxes: GridBox[] };

export interface SectionInfo {
  title: string;
  bucket: string;
}

export interface BookLayout {
  pageSize: [number, number];
  pages: Page[];
  /** page (1-based) of each puzzle and of its answer key, by puzzle number. */
  pageOf: Map<number, { page: number; answerPage: number }>;
}

/** Left margin of page n (1-based): the inner (binding) margin on odd pages. */
export function leftMargin(t: Template, n: number): number {
  return n % 2 === 1 ? t.margins.inner : t.margins.outer;
}

/** Height reserved for the running header and the footer. */
export function bandHeight(t: Template): number {
  return t.fontSizes.header * 2.5;
}

function gridBoxes(t: Template, n: number, per: { columns: number; rows: number }, items: BookPuzzle[], answer: boolean): GridBox[] {
  const [w, h] = t.pageSize;
  const band = bandHeight(t);
  const left = leftMargin(t, n);
  const areaW = w - t.margins.inner - t.margins.outer;
  const areaH = h - t.margins.top - t.margins.bottom - 2 * band;
  const slotW = areaW / per.columns;
  const slotH = areaH / per.rows;
  const labelH = t.fontSizes.label * 1.8;
  const size = Math.floor(Math.min(slotW * 0.9, (slotH - labelH) * 0.92) / 9) * 9;
  return items.map((p, i) => {
    const col = i % per.columns;
    const row = Math.floor(i / per.columns);
    const x = left + col * slotW + (slotW - size) / 2;
    const top = t.margins.top + band + row * slotH + (slotH - size - labelH) / 2;
    const label = answer ? `${p.number}` : `${p.number} · ${p.bucket} · ${p.rating === null ? 'beyond' : p.rating.toFixed(1)}`;
    return { number: p.number, x, y: top + labelH, size, label, labelY: top, puzzle: p.puzzle, ...(answer ? { solution: p.solution } : {}) };
  });
}

function chunks<T>(xs: T[], n: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < xs.length; i += n) out.push(xs.slice(i, i + n));
  return out;
}

/** Lay out a book: title page, then per section a title page and its puzzles, answer keys at the end or after each section. */
export function layoutBook(
  t: Template,
  book: { title: string; subtitle: string; author: string },
  sections: SectionInfo[],
  puzzles: BookPuzzle[],
  answers: 'end' | 'section',
): BookLayout {
  const pages: Page[] = [{ kind: 'title', title: book.title, subtitle: book.subtitle, author: book.author }];
  const pageOf = new Map<number, { page: number; answerPage: number }>();
  const perPuzzle = t.puzzlesPerPage.columns * t.puzzlesPerPage.rows;
  const perAnswer = t.answersPerPage.columns * t.answersPerPage.rows;
  const addAnswers = (items: BookPuzzle[], header: string) => {
    for (const group of chunks(items, perAnswer)) {
      const n = pages.length + 1;
      pages.push({ kind: 'answers', header, number: n, boxes: gridBoxes(t, n, t.answersPerPage, group, true) });
      for (const p of group) pageOf.get(p.number)!.answerPage = n;
    }
  };
  sections.forEach((s, si) => {
    const items = puzzles.filter((p) => p.section === si);
    pages.push({ kind: 'section', title: s.title, subtitle: `${items.length} ${s.bucket} puzzles`, number: pages.length + 1 });
    for (const group of chunks(items, perPuzzle)) {
      const n = pages.length + 1;
      pages.push({ kind: 'puzzles', header: `${book.title} · ${s.title}`, number: n, boxes: gridBoxes(t, n, t.puzzlesPerPage, group, false) });
      for (const p of group) pageOf.set(p.number, { page: n, answerPage: 0 });
    }
    if (answers === 'section') addAnswers(items, `Answers · ${s.title}`);
  });
  if (answers === 'end') {
    pages.push({ kind: 'section', title: 'Answers', subtitle: `${puzzles.length} solutions`, number: pages.length + 1 });
    addAnswers(puzzles, `${book.title} · Answers`);
  }
  return { pageSize: t.pageSize, pages, pageOf };
}

/** The page count the template arithmetic predicts (for tests and reports). */
export function expectedPageCount(t: Template, sectionSizes: number[], answers: 'end' | 'section'): number {
  const perPuzzle = t.puzzlesPerPage.columns * t.puzzlesPerPage.rows;
  const perAnswer = t.answersPerPage.columns * t.answersPerPage.rows;
  const total = sectionSizes.reduce((a, b) => a + b, 0);
  let pages = 1 + sectionSizes.reduce((s, n) => s + 1 + Math.ceil(n / perPuzzle), 0);
  pages += answers === 'end' ? 1 + Math.ceil(total / perAnswer) : sectionSizes.reduce((s, n) => s + Math.ceil(n / perAnswer), 0);
  return pages;
}

export interface DailyEntry {
  /** "Tuesday 1 December 2026" */
  dateLine: string;
  /** "medium · 2.8" */
  label: string;
  puzzle: string;
  previous: { label: string; puzzle: string; solution: string } | null;
}

/**
 * A newspaper page: title and date at the top, the day's puzzle across the column, and the
 * previous day's solution small underneath.
 */
export function layoutDailyPage(t: Template, title: string, e: DailyEntry, number: number): DailyPage {
  const [w, h] = t.pageSize;
  const width = w - t.margins.inner - t.margins.outer;
  const top = t.margins.top + t.fontSizes.title * 1.4 + t.fontSizes.heading * 1.6;
  const labelH = t.fontSizes.label * 1.8;
  const prevSpace = e.previous ? Math.min(h * 0.3, 140) : 0;
  const size = Math.floor(Math.min(width, h - top - labelH - t.margins.bottom - prevSpace) / 9) * 9;
  const box: GridBox = { number, x: t.margins.inner + (width - size) / 2, y: top + labelH, size, label: e.label, labelY: top, puzzle: e.puzzle };
  let previous: DailyPage['previous'] = null;
  if (e.previous) {
    const pTop = box.y + size + t.fontSizes.label;
    const pSize = Math.floor((h - t.margins.bottom - pTop - labelH) / 9) * 9;
    previous = {
      label: e.previous.label,
      box: { number, x: t.margins.inner + (width - pSize) / 2, y: pTop + labelH, size: pSize, label: e.previous.label, labelY: pTop, puzzle: e.previous.puzzle, solution: e.previous.solution },
    };
  }
  return { kind: 'daily', number, title, dateLine: e.dateLine, box, previous };
}
