/**
 * Book layout: pure geometry, no PDF. Pages, and on each page the boxes of its puzzle grids
 * or answer keys, in points with the origin at the top left of the page.
 *
 *   front matter: title | copyright | contents | introduction | difficulty | how to play
 *   per section:  opener (right-hand page) | puzzle pages | answer pages (answers: section)
 *   answers part: opener (right-hand page) | answer pages                 (answers: end)
 *   blank pages:  with openers on, before any opener, the contents or the introduction
 *                 that would fall on a left-hand page; with openers off, none; at the end until the page count is a multiple of the signature (at
 *                 least 2), ruled "Notes" pages instead when the job asks for them
 *
 * Page n is a right-hand (recto) page when n is odd. Only puzzle and answer pages carry a
 * running header and a page number. Every word printed comes from the catalogue (`strings`)
 * and what the book says about itself from book-text.ts. The renderer draws exactly this, and
 * tests read the PDF back with the same geometry.
 */
import { difficultyBand } from '../grader/bands.js';
import { bookFacts, DIFFICULTY_DEFAULTS, rules, scaleKey, scaleNote, scaleWord, sectionLevel, starText, type DifficultyConfig, type ScaleNote } from './book-text.js';
import { catalogue, fill, plural, type Locale, type Strings } from './i18n/index.js';
import { UserError } from '../core/errors.js';
import type { Grid2, Template } from './templates.js';
import type { Geometry } from '../geometry/geometry.js';
import type { DigitStyle } from './kind-grid.js';
import { kindExample, type SectionKind } from './kind-text.js';
import { workedExample, type WorkedExample } from './worked-example.js';
import type { StepBlock } from './book-steps.js';
import { sentence } from './technique-text.js';
import type { ChapterPlan } from './workbook.js';
import { stepSentence } from '../grader/step-words.js';
import type { Step } from '../grader/technique.js';

export interface BookPuzzle {
  number: number;
  section: number;
  bucket: string;
  /** null: beyond the grader's work limit (harder than every rated puzzle). */
  rating: number | null;
  puzzle: string;
  solution: string;
  /** The one-line hint of its first step beyond singles, printed in the Hints part (`hints: true`). */
  hint?: string;
  /** Its walkthrough (`walkthrough: [...]`), printed in the Walkthroughs part. */
  walkthrough?: StepBlock[];
  /** A puzzle of another kind or size: its grid (`puzzle` and `solution` then hold N² cells, digits then A-G). */
  geometry?: Geometry;
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
  /** A grid of another kind or size (kind-grid.ts draws it), and how its digits beyond 9 print. */
  geometry?: Geometry;
  digits?: DigitStyle;
  /** An answer key of a killer: its digits without the cages. */
  noCages?: boolean;
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
  | { kind: 'contents'; number: number; title: string; entries: ContentsEntry[] }
  | { kind: 'text'; number: number; title: string; paragraphs: string[] }
  | { kind: 'scale'; number: number; title: string; note: ScaleNote }
  | {
      kind: 'how-to-play';
      number: number;
      title: string;
      rules: string[];
      /** The difficulty key ("★ gentle", ...) when the book has no difficulty page but its labels rate. */
      key: { before: string; items: string[] } | null;
      example: { title: string; text: string; box: GridBox } | null;
    }
  | { kind: 'blank'; number: number }
  | { kind: 'notes'; number: number; title: string }
  /** `level`: the section's difficulty ("★ to ★★") when its labels show one; empty otherwise. */
  | { kind: 'section'; number: number; title: string; subtitle: string; level?: string }
  | { kind: 'puzzles' | 'answers'; number: number; header: string; boxes: GridBox[] }
  /** Hints: one entry a puzzle ("Puzzle 12" in bold, then its hint); `title` on the part's first page only. */
  | { kind: 'hints'; number: number; header: string; title: string; entries: HintEntry[] }
  /** Steps (walkthroughs, workbook chapters, practice, their answers): headings, paragraphs, and positions with their diagrams. */
  | { kind: 'steps'; number: number; header: string; blocks: StepBlock[] };

export interface HintEntry {
  /** "Puzzle 12" */
  label: string;
  /** "Look for an X-wing on 7 in rows 2 and 8." */
  text: string;
}

export interface SectionInfo {
  title: string;
  bucket: string;
  /** A workbook chapter: its page, practice positions and answers with the key steps (workbook.ts). */
  chapter?: ChapterPlan;
  /** Puzzles of another kind or size; absent: 9x9 classic. */
  kind?: SectionKind;
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
    /** The difficulty note (the five bands, what each needs, the sections' ranges); default on. */
    difficulty?: boolean;
  };
  /** Opener pages for sections and for the answers part. */
  openers: boolean;
  /** The page count is made a multiple of this (2, 4, 8, 16 or 32). */
  signature: number;
  /** Label templates; null: the catalogue's ("Puzzle {number} · solution p. {answerPage}"). */
  labels: { puzzle: string | null; answer: string | null };
  /** How difficulty is shown (stars on or off, the job's words, per puzzle or per section). */
  difficulty?: DifficultyConfig;
  /** Ruled "Notes" pages instead of the blank pages at the end. */
  notes?: boolean;
  /** Every printed word; catalogue('en') when absent. */
  strings?: Strings;
  locale?: Locale;
  /** How digits beyond 9 print in 12x12 and 16x16 grids (default letters). */
  digits?: DigitStyle;
}

export interface BookLayout {
  pageSize: [number, number];
  pages: Page[];
  /** page (1-based) of each puzzle and of its answer key, by puzzle number. */
  pageOf: Map<number, { page: number; answerPage: number }>;
  /** page of each puzzle's hint, by puzzle number (puzzles with a hint only). */
  hintPageOf?: Map<number, number>;
  /** first page of each puzzle's walkthrough, by puzzle number. */
  walkthroughPageOf?: Map<number, number>;
}

/** Placeholders a label template may use. */
export const LABEL_FIELDS = ['number', 'section', 'word', 'stars', 'rating', 'answerPage', 'puzzlePage', 'hintPage'] as const;

/** What a label may say beyond the puzzle itself. */
export interface LabelContext {
  strings?: Strings;
  difficulty?: DifficultyConfig;
  /** The stars of the puzzle's section (difficulty by section); else the puzzle's own. */
  sectionStars?: number;
  puzzlePage?: number;
  answerPage?: number;
  /** The page of the puzzle's hint, when it has one. */
  hintPage?: number;
}

/** A label template filled in: "Puzzle {number} · solution p. {answerPage}" → "Puzzle 12 · solution p. 54". */
export function formatLabel(template: string, p: { number: number; rating: number | null }, section: string, ctx: LabelContext = {}): string {
  const s = ctx.strings ?? catalogue('en');
  const d = ctx.difficulty ?? DIFFICULTY_DEFAULTS;
  const stars = ctx.sectionStars ?? difficultyBand(p.rating).stars;
  const fields: Record<(typeof LABEL_FIELDS)[number], string> = {
    number: String(p.number),
    section,
    word: scaleWord(stars, s, d),
    stars: starText(stars, d),
    rating: p.rating === null ? s['labels.unrated'] : p.rating.toFixed(1),
    answerPage: String(ctx.answerPage ?? ''),
    puzzlePage: String(ctx.puzzlePage ?? ''),
    hintPage: String(ctx.hintPage ?? ''),
  };
  // A field with nothing to show (stars switched off) takes the space before it along.
  const shown = template.replace(/\s*\{(\w+)\}/g, (all, k: string) => (k in fields && fields[k as keyof typeof fields] === '' ? '' : all));
  return fill(shown, fields).trim();
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

/**
 * Size of the bold labels above the grids, sized to the grid: 4.5% of its side, at least the
 * template's label size (1.2 times it on answer keys) and at most 1.4 times that, to the half point.
 */
export function labelSize(t: Template, answer: boolean): number {
  const base = answer ? answerLabelSize(t) : t.fontSizes.label;
  const side = gridSlots(t, 1, answer ? t.answersPerPage : t.puzzlesPerPage, base)[0].size;
  return Math.round(Math.min(base * 1.4, Math.max(base, side * 0.045)) * 2) / 2;
}

/** A grid box waiting for its label (page references are known once every page is laid out). */
interface Pending {
  box: GridBox;
  p: BookPuzzle;
  answer: boolean;
}

/** The side of a puzzle's grid in cells. */
export const sideOf = (p: Pick<BookPuzzle, 'geometry'>) => p.geometry?.size ?? 9;

/** Least cell side (points) of a puzzle grid of 12x12 or more: 0.3 in, room to write a digit or letter. */
export const GIANT_CELL = 21.6;
/** Least cell side of a 4x4 or 6x6 puzzle grid: 0.5 in, the large cells of children's books. */
export const KIDS_CELL = 36;
/** Least cell side of an answer key of 12x12 or more. */
export const GIANT_ANSWER_CELL = 12;

/**
 * The least cell side of a grid of `n` cells a side, given the template's 9x9 cell `nine`
 * (puzzles, or answer keys): see gridsPerPage.
 */
export function leastCell(answer: boolean, n: number, nine: number): number {
  if (answer) return n > 9 ? Math.max(GIANT_ANSWER_CELL, nine * 0.6) : 0;
  return n > 9 ? GIANT_CELL : n <= 6 ? KIDS_CELL : n === 8 ? nine : 0;
}

/**
 * Grids across and down a page for grids of `n` cells a side: the template's own for 9x9;
 * for other sizes the most grids, at most the template's across and down, whose cells are
 * large enough to write in (GIANT_CELL for 12x12 and 16x16, KIDS_CELL for 4x4 and 6x6, the
 * template's 9x9 cell for 8x8; answer keys of 12x12 and 16x16 GIANT_ANSWER_CELL and 0.6 of
 * the template's 9x9 answer cell), the larger
 * grids among equal counts; one a page when even one is smaller.
 */
export function gridsPerPage(t: Template, answer: boolean, n: number): Grid2 {
  const per = answer ? t.answersPerPage : t.puzzlesPerPage;
  if (n === 9) return per;
  const size = labelSize(t, answer);
  const side = (g: Grid2) => gridSlots(t, 1, g, size)[0].size;
  const least = leastCell(answer, n, side(per) / 9);
  let best: { g: Grid2; side: number } = { g: { columns: 1, rows: 1 }, side: side({ columns: 1, rows: 1 }) };
  for (let columns = 1; columns <= per.columns; columns++) {
    for (let rows = 1; rows <= per.rows; rows++) {
      const g = { columns, rows };
      const s = side(g);
      if (s / n < least) continue;
      const count = columns * rows;
      const bestCount = best.g.columns * best.g.rows;
      if (count > bestCount || (count === bestCount && s > best.side)) best = { g, side: s };
    }
  }
  return best.g;
}

function gridBoxes(t: Template, n: number, items: BookPuzzle[], answer: boolean, pending: Pending[], digits?: DigitStyle): GridBox[] {
  const per = gridsPerPage(t, answer, sideOf(items[0]));
  const size = labelSize(t, answer);
  const slots = gridSlots(t, n, per, size);
  return items.map((p, i) => {
    const s = slots[i];
    const box: GridBox = { number: p.number, x: s.x, y: s.y, size: s.size, label: '', labelY: s.labelY, labelSize: size, labelBold: true, puzzle: p.puzzle, ...(answer ? { solution: p.solution } : {}) };
    Object.assign(box, kindBox(p, digits), answer && p.geometry?.cages.length ? { noCages: true } : {});
    pending.push({ box, p, answer });
    return box;
  });
}

/** Puzzles onto pages: runs of one grid size, each cut into pages of as many as gridsPerPage gives that size. */
function sizedChunks(t: Template, items: BookPuzzle[], answer: boolean): BookPuzzle[][] {
  const out: BookPuzzle[][] = [];
  for (let i = 0; i < items.length; ) {
    let j = i;
    while (j < items.length && sideOf(items[j]) === sideOf(items[i])) j++;
    const per = gridsPerPage(t, answer, sideOf(items[i]));
    out.push(...chunks(items.slice(i, j), per.columns * per.rows));
    i = j;
  }
  return out;
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

/** Body text size of front-matter pages: the template's `body`, else a little above the running header, 9.5 to 14 pt. */
export const bodySize = (t: Template) => t.fontSizes.body ?? Math.min(14, Math.max(9.5, t.fontSizes.header + 2));

/** About how tall paragraphs of body text set in the text block are (0.55 em a character, as the renderer sets them). */
function textHeight(t: Template, paras: string[]): number {
  const fs = bodySize(t);
  const perLine = Math.max(1, Math.floor((t.pageSize[0] - t.margins.inner - t.margins.outer) / (fs * 0.55)));
  return paras.reduce((h, p) => h + Math.ceil(p.length / perLine) * fs * 1.45 + fs * 0.85, 0);
}

/**
 * Does the worked example's grid keep cells of 1.6 times the body size under the rules and
 * the example's text? If not (large type), the example gets a page of its own.
 */
function exampleFits(t: Template, texts: string[]): boolean {
  const fs = bodySize(t);
  const block = t.pageSize[1] - t.margins.top - t.margins.bottom - bandHeight(t);
  const room = block - t.fontSizes.heading * 1.7 - fs * 3 - textHeight(t, texts);
  return room >= 9 * fs * 1.6;
}

/** The worked example's grid on the how-to-play page: centred in the lower part of the text block. */
function exampleBox(t: Template, n: number, puzzle: string, cell: number, ownPage = false): GridBox {
  const [w, h] = t.pageSize;
  const areaW = w - t.margins.inner - t.margins.outer;
  // On a page of its own (large type) the grid takes the room the rules would have had; the renderer shrinks it under a long text.
  const [across, down] = ownPage ? [0.85, 0.6] : [0.6, 0.38];
  const size = Math.floor(Math.min(areaW * across, (h - t.margins.top - t.margins.bottom) * down));
  const x = leftMargin(t, n) + (areaW - size) / 2;
  const y = h - t.margins.bottom - bandHeight(t) - size;
  return { number: 0, x, y, size, label: '', labelY: y, labelSize: t.fontSizes.label, labelBold: false, puzzle, shade: cell };
}

/** Average advance of a label's character, in em (DejaVu Sans Bold: about 0.6 for "Solution 120 · p. 123"). */
const BOLD_ADVANCE = 0.6;

/** Does a bold label of this size fit over a grid of this side? (An estimate; the renderer shrinks what still runs over.) */
export function fitsOver(label: string, size: number, side: number): boolean {
  return [...label].length * size * BOLD_ADVANCE <= side;
}

/** Stars of each section's middle puzzle (difficulty by section). */
function sectionStars(sections: SectionInfo[], puzzles: BookPuzzle[]): number[] {
  return bookFacts({ sections, answers: 'end', front: { howToPlay: false } }, puzzles).sections.map((x) => x.middle);
}

/** Lay out a book (see the top of this file). */
/**
 * Whether a page, drawn as the book draws it, fits its page (render-pdf.ts, pageFit). Given to
 * layoutBook, it lets front matter that needs more room flow to more pages, counted, and refuses
 * what cannot flow (a title page, a copyright page) with the limit; without it every front-matter
 * part is taken to fit one page.
 */
export type PageFit = (page: Page) => boolean;

/** Paragraphs split into pages that fit: whole paragraphs where they can, a long one cut between words. */
export function flowParagraphs(paras: string[], fits: (ps: string[], first: boolean) => boolean): string[][] {
  const pages: string[][] = [];
  let page: string[] = [];
  const queue = [...paras];
  while (queue.length) {
    const para = queue.shift()!;
    if (fits([...page, para], pages.length === 0)) {
      page.push(para);
      continue;
    }
    if (page.length) {
      pages.push(page);
      page = [];
      queue.unshift(para);
      continue;
    }
    // One paragraph longer than a page: the most words that fit, the rest on the next page.
    const words = para.split(' ');
    let lo = 1;
    let hi = words.length - 1;
    while (lo < hi) {
      const mid = Math.ceil((lo + hi) / 2);
      if (fits([words.slice(0, mid).join(' ')], pages.length === 0)) lo = mid;
      else hi = mid - 1;
    }
    pages.push([words.slice(0, lo).join(' ')]);
    queue.unshift(words.slice(lo).join(' '));
  }
  if (page.length || pages.length === 0) pages.push(page);
  return pages;
}

/**
 * Items (hint entries, walkthrough blocks) split into pages that fit, whole items only, in
 * order: each page takes items while `fits` says the page still fits; an item too big for an
 * empty page gets a page of its own.
 */
export function flowItems<T>(items: readonly T[], fits: (page: T[], first: boolean) => boolean): T[][] {
  const pages: T[][] = [];
  let page: T[] = [];
  for (const item of items) {
    if (page.length && !fits([...page, item], pages.length === 0)) {
      pages.push(page);
      page = [];
    }
    page.push(item);
  }
  if (page.length) pages.push(page);
  return pages;
}

/** About how many hint entries a page holds when no PageFit measures them: two lines each. */
function hintsPerPage(t: Template): number {
  const fs = bodySize(t);
  const block = t.pageSize[1] - t.margins.top - t.margins.bottom - 2 * bandHeight(t) - t.fontSizes.heading * 2;
  return Math.max(1, Math.floor(block / (fs * 1.45 * 2 + fs * 0.6)));
}

/** The most entries a contents page holds (found by fitting pages of sample entries). */
function contentsPerPage(fit: PageFit, title: string, n: number): number {
  const sample = (k: number, first: boolean): Page => ({ kind: 'contents', number: n, title: first ? title : '', entries: Array.from({ length: k }, () => ({ title: 'Solutions', page: 888 })) });
  let lo = 1;
  let hi = 400;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (fit(sample(mid, true))) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

export function layoutBook(t: Template, book: BookMatter, sections: SectionInfo[], puzzles: BookPuzzle[], answers: 'end' | 'section', fit?: PageFit): BookLayout {
  // The contents' own pages come before the pages it lists: laid out with one page, then again
  // with as many as its entries turned out to need, until the two agree.
  let contentsPages = 1;
  for (;;) {
    const { layout, contentsNeeded } = layoutWith(t, book, sections, puzzles, answers, fit, contentsPages);
    if (contentsNeeded <= contentsPages) return layout;
    contentsPages = contentsNeeded;
  }
}

function layoutWith(
  t: Template,
  book: BookMatter,
  sections: SectionInfo[],
  puzzles: BookPuzzle[],
  answers: 'end' | 'section',
  fit: PageFit | undefined,
  contentsPageCount: number,
): { layout: BookLayout; contentsNeeded: number } {
  const str = book.strings ?? catalogue('en');
  const locale = book.locale ?? 'en';
  // A step's sentence: Sudoku Explainer's own in English, worded from its pattern in the book's language otherwise.
  const stepText = (step: Step) => (locale === 'en' ? sentence(step.explain) : stepSentence(str, step));
  const difficulty = book.difficulty ?? DIFFICULTY_DEFAULTS;
  const labels = { puzzle: book.labels.puzzle ?? str['labels.puzzleWithPage'], answer: book.labels.answer ?? str['labels.answerWithPage'] };
  const facts = bookFacts({ sections, answers, front: book.front, labels, difficulty, workbook: sections.some((s) => s.chapter), digits: book.digits }, puzzles);
  const pages: Page[] = [];
  const pageOf = new Map<number, { page: number; answerPage: number }>();
  const pending: Pending[] = [];
  const next = () => pages.length + 1;
  // Right-hand starts are what openers are for: a book without them (a supplement) has no blank pages inside.
  const toRecto = () => {
    if (book.openers && next() % 2 === 0) pages.push({ kind: 'blank', number: next() });
  };
  const contents: ContentsEntry[] = [];
  const head = (part: string) => fill(str['heads.page'], { title: book.title, part });

  const f = book.front;
  const scalePage = f.difficulty !== false;
  // Pages that cannot flow over to another page must fit their one page.
  const mustFit = (page: Page, what: string) => {
    if (fit && !fit(page)) throw new UserError(`${what} does not fit on its page (${t.pageSize[0]} x ${t.pageSize[1]} pt): shorten it, or make the page or its font sizes fit`);
    pages.push(page);
  };
  if (f.titlePage) mustFit({ kind: 'title', number: next(), title: book.title, subtitle: book.subtitle, author: book.author }, `the title page (title ${[...book.title].length} characters, subtitle ${[...book.subtitle].length}, author ${[...book.author].length})`);
  if (f.copyright !== null) mustFit({ kind: 'copyright', number: next(), lines: [...paragraphs(f.copyright), str['front.unique']] }, `the copyright page (front.copyright, ${[...f.copyright].length} characters)`);
  const contentsPages: ContentsEntry[][] = [];
  let perContentsPage = Infinity;
  if (f.contents) {
    toRecto();
    perContentsPage = fit ? contentsPerPage(fit, str['front.contents'], next()) : Infinity;
    for (let i = 0; i < contentsPageCount; i++) {
      const part: ContentsEntry[] = [];
      contentsPages.push(part);
      pages.push({ kind: 'contents', number: next(), title: i === 0 ? str['front.contents'] : '', entries: part });
    }
  }
  if (f.introduction !== null) {
    toRecto();
    contents.push({ title: str['front.introduction'], page: next() });
    const title = str['front.introduction'];
    const flowed = fit ? flowParagraphs(paragraphs(f.introduction), (ps, first) => fit({ kind: 'text', number: next(), title: first ? title : '', paragraphs: ps })) : [paragraphs(f.introduction)];
    flowed.forEach((ps, i) => pages.push({ kind: 'text', number: next(), title: i === 0 ? title : '', paragraphs: ps }));
  }
  if (scalePage) {
    contents.push({ title: str['front.difficulty'], page: next() });
    // Many sections: their list gives way (each opener still gives its section's range).
    const note = scaleNote(facts, str);
    const page: Page = { kind: 'scale', number: next(), title: str['front.difficulty'], note };
    mustFit(fit && !fit(page) ? { ...page, note: { ...note, sectionsTitle: '', sections: [] } } : page, 'the difficulty page');
  }
  if (f.howToPlay) {
    const n = next();
    // A book of kinds: the first puzzle with a row or column single, named by its number.
    const worked = facts.kinds.length ? kindExample(puzzles, str, locale, book.digits) : null;
    const first = facts.kinds.length ? worked?.puzzle : puzzles[0];
    const ex = facts.kinds.length ? (worked?.ex ?? null) : first ? workedExample(first.puzzle, str, locale) : null;
    const rulesText = rules(facts, str);
    const key = !scalePage && facts.rated ? { before: str['rules.key'], items: scaleKey(str, difficulty) } : null;
    const example = (m: number, title: string, ownPage = false) => (ex && first ? { title, text: ex.text, box: { ...exampleBox(t, m, first.puzzle, ex.cell, ownPage), solution: withDigit(first.puzzle, ex), ...kindBox(first, book.digits) } } : null);
    let together = !ex || exampleFits(t, [...rulesText, ...(key ? [key.before, key.items.join('    ')] : []), str['front.workedExample'], ex.text]);
    const main: Page = { kind: 'how-to-play', number: n, title: str['front.howToPlay'], rules: rulesText, key, example: together ? example(n, str['front.workedExample']) : null };
    if (facts.kinds.length && fit && !fit(main)) {
      // The rules of many kinds and sizes: they flow over pages, the example follows on a page of its own.
      const rulesPage = (ps: string[], first: boolean, last: boolean): Page => ({ ...main, number: next(), title: first ? main.title : '', rules: ps, key: last ? key : null, example: null });
      // Measured with the key on every page (it goes on the last), so the last one holds it too.
      const flowed = flowParagraphs(rulesText, (ps, first) => fit(rulesPage(ps, first, true)));
      flowed.forEach((ps, i) => mustFit(rulesPage(ps, i === 0, i === flowed.length - 1), 'the how-to-play page'));
      together = !ex;
    } else mustFit(main, 'the how-to-play page');
    // Large type: the example on the next page, under its own heading.
    if (!together) mustFit({ kind: 'how-to-play', number: next(), title: str['front.workedExample'], rules: [], key: null, example: example(next(), '', true) }, 'the worked example page');
    contents.push({ title: str['front.howToPlay'], page: n });
  }

  const addAnswers = (items: BookPuzzle[], header: string) => {
    for (const group of sizedChunks(t, items, true)) {
      const n = next();
      pages.push({ kind: 'answers', header, number: n, boxes: gridBoxes(t, n, group, true, pending, book.digits) });
      for (const p of group) pageOf.get(p.number)!.answerPage = n;
    }
  };
  const hintPageOf = new Map<number, number>();
  // Hints: for the puzzles that have one, before their solutions; each part on a new page (a right-hand one with openers).
  const addHints = (items: BookPuzzle[], header: string, title: string, contentsTitle: string) => {
    const entries = items.filter((p) => p.hint).map((p) => ({ number: p.number, entry: { label: fill(str['hints.puzzle'], { number: p.number }), text: p.hint! } }));
    if (!entries.length) return;
    toRecto();
    contents.push({ title: contentsTitle, page: next() });
    const page = (group: typeof entries, first: boolean, n: number): Page => ({ kind: 'hints', number: n, header, title: first ? title : '', entries: group.map((e) => e.entry) });
    const per = hintsPerPage(t);
    const groups = fit ? flowItems(entries, (g, first) => fit(page(g, first, next()))) : chunks(entries, per);
    groups.forEach((g, i) => {
      const n = next();
      pages.push(page(g, i === 0, n));
      for (const e of g) hintPageOf.set(e.number, n);
    });
  };
  // Pages of steps (workbook chapters, practice, answers, walkthroughs): blocks flowed onto pages that fit; the page of each block.
  const addSteps = (blocks: StepBlock[], header: string): Map<StepBlock, number> => {
    const page = (g: StepBlock[], n: number): Page => ({ kind: 'steps', number: n, header, blocks: g });
    const groups = fit ? flowItems(blocks, (g) => fit(page(g, next()))) : [blocks];
    const at = new Map<StepBlock, number>();
    for (const g of groups) {
      const n = next();
      for (const b of g) at.set(b, n);
      pages.push(page(g, n));
    }
    return at;
  };
  const chapterNumber = (si: number) => sections.slice(0, si + 1).filter((x) => x.chapter).length;
  // A chapter's answers: each practice position's step, and each puzzle's solution beside its key step.
  const addChapterAnswers = (s: SectionInfo, si: number, items: BookPuzzle[], header: string) => {
    const ch = s.chapter!;
    const c = chapterNumber(si);
    const blocks: StepBlock[] = [{ text: fill(str['workbook.answers'], { chapter: s.title }), heading: true }];
    ch.practice.forEach((x, i) => blocks.push({ text: fill(str['workbook.exercise'], { n: `${c}.${i + 1}`, prompt: stepText(x.position.step) }), diagram: x.position }));
    const whole = items.map((p) => {
      const key = ch.keySteps.get(p.number)!;
      const block: StepBlock = { text: fill(str['workbook.keyStep'], { number: p.number, step: stepText(key.step) }), diagram: key, solution: { puzzle: p.puzzle, solution: p.solution, label: '' } };
      blocks.push(block);
      return { p, block };
    });
    const at = addSteps(blocks, header);
    for (const { p, block } of whole) pageOf.get(p.number)!.answerPage = at.get(block)!;
  };
  sections.forEach((s, si) => {
    const items = puzzles.filter((p) => p.section === si);
    if (s.chapter) {
      // A chapter opens with its page (no opener): the technique, an example, then practice positions.
      toRecto();
      const ch = s.chapter;
      const c = chapterNumber(si);
      contents.push({ title: s.title, page: next() });
      const header = head(s.title);
      addSteps(
        [
          { text: s.title, heading: true },
          ...(ch.about ? [{ text: ch.about }] : []),
          { text: `${str['workbook.example']} ${stepText(ch.example.step)}`, diagram: ch.example, wide: true },
        ],
        header,
      );
      if (ch.practice.length) {
        addSteps(
          [{ text: fill(str['workbook.practice'], { chapter: s.title }), heading: true }, ...ch.practice.map((x, i) => ({ text: fill(str['workbook.exercise'], { n: `${c}.${i + 1}`, prompt: x.prompt }), diagram: x.position, plain: true }))],
          header,
        );
      }
    } else if (book.openers) {
      toRecto();
      const level = facts.rated ? sectionLevel(facts.sections[si], str, difficulty) : '';
      pages.push({ kind: 'section', title: s.title, subtitle: plural(str, locale, 'section.count', items.length), level, number: next() });
    }
    if (!s.chapter) contents.push({ title: s.title, page: next() - (book.openers ? 1 : 0) });
    for (const group of sizedChunks(t, items, false)) {
      const n = next();
      pages.push({ kind: 'puzzles', header: head(s.title), number: n, boxes: gridBoxes(t, n, group, false, pending, book.digits) });
      for (const p of group) pageOf.set(p.number, { page: n, answerPage: 0 });
    }
    if (answers === 'section') {
      addHints(items, head(fill(str['heads.sectionHints'], { section: s.title })), fill(str['heads.sectionHints'], { section: s.title }), fill(str['contents.sectionHints'], { section: s.title }));
      // A section's solutions follow its puzzles on the next page, left or right.
      contents.push({ title: fill(str['contents.sectionSolutions'], { section: s.title }), page: next() });
      if (s.chapter) addChapterAnswers(s, si, items, head(fill(str['heads.sectionSolutions'], { section: s.title })));
      else addAnswers(items, head(fill(str['heads.sectionSolutions'], { section: s.title })));
    }
  });
  if (answers === 'end') {
    addHints(puzzles, head(str['heads.hints']), str['heads.hints'], str['contents.hints']);
    toRecto();
    contents.push({ title: str['contents.solutions'], page: next() });
    if (book.openers) pages.push({ kind: 'section', title: str['heads.solutions'], subtitle: plural(str, locale, 'answers.count', puzzles.length), number: next() });
    // A workbook's chapters answer with their steps; other sections with solution grids, in section order.
    if (sections.some((s) => s.chapter)) sections.forEach((s, si) => (s.chapter ? addChapterAnswers : (x: SectionInfo, i: number, items: BookPuzzle[], h: string) => addAnswers(items, h))(s, si, puzzles.filter((p) => p.section === si), head(str['heads.solutions'])));
    else addAnswers(puzzles, head(str['heads.solutions']));
  }
  // Walkthroughs after the solutions (they give the solutions away), each puzzle's from a new page.
  const walkthroughPageOf = new Map<number, number>();
  const walked = puzzles.filter((p) => p.walkthrough);
  if (walked.length) {
    toRecto();
    contents.push({ title: str['contents.walkthroughs'], page: next() });
    const header = head(str['heads.walkthroughs']);
    for (const p of walked) {
      walkthroughPageOf.set(p.number, next());
      addSteps(p.walkthrough!, header);
    }
  }
  const signature = Math.max(2, book.signature);
  const fillers = (signature - (pages.length % signature)) % signature;
  if (book.notes && fillers > 0) contents.push({ title: str['contents.notes'], page: next() });
  for (let i = 0; i < fillers; i++) pages.push(book.notes ? { kind: 'notes', number: next(), title: str['notes.title'] } : { kind: 'blank', number: next() });

  // The contents entries onto their pages, in order, as many a page as fit.
  const per = Math.ceil(contents.length / Math.max(1, contentsPages.length));
  contentsPages.forEach((part, i) => part.push(...contents.slice(i * per, (i + 1) * per)));

  const stars = difficulty.by === 'section' ? sectionStars(sections, puzzles) : null;
  for (const { box, p, answer } of pending) {
    const at = pageOf.get(p.number)!;
    const hintPage = answer ? undefined : hintPageOf.get(p.number);
    const ctx = { strings: str, difficulty, sectionStars: stars?.[p.section], puzzlePage: at.page, answerPage: at.answerPage, hintPage };
    const section = sections[p.section]?.title ?? '';
    // The catalogue's label names the pages of the hint and the solution where it fits over the grid, fewer where it would not.
    const own = answer ? book.labels.answer : book.labels.puzzle;
    const tries = own !== null ? [own] : answer ? [labels.answer, str['labels.answer']] : hintPage ? [str['labels.puzzleWithHint'], str['labels.puzzleHint'], str['labels.puzzle']] : [labels.puzzle, str['labels.puzzle']];
    box.label = '';
    for (const template of tries) {
      box.label = formatLabel(template, p, section, ctx);
      if (fitsOver(box.label, box.labelSize, box.size)) break;
    }
  }
  return { layout: { pageSize: t.pageSize, pages, pageOf, hintPageOf, walkthroughPageOf }, contentsNeeded: Math.ceil(contents.length / perContentsPage) };
}

/** What a grid box of a puzzle of another kind or size carries to be drawn. */
function kindBox(p: Pick<BookPuzzle, 'geometry'>, digits: DigitStyle | undefined): Partial<GridBox> {
  return p.geometry ? { geometry: p.geometry, digits: digits ?? 'letters' } : {};
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
  /** A day of another kind or size: the puzzle's geometry. */
  geometry?: Geometry;
  /**
   * The previous day's solutions to show: the one of the same slot, and on the day's last
   * slot also those of the previous day's later slots (a day with fewer puzzles than the one before).
   */
  previous: { label: string; puzzle: string; solution: string; geometry?: Geometry }[];
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
    const box: GridBox = { number, x: left + (width - size) / 2, y: top + labelH, size, label: e.label, labelY: top, labelSize: fs.label, labelBold: false, puzzle: e.puzzle, geometry: e.geometry };
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
  const box: GridBox = { number, x: left + (width - size) / 2, y: top + labelH, size, label: e.label, labelY: top, labelSize: fs.label, labelBold: false, puzzle: e.puzzle, geometry: e.geometry };
  const pTop = box.y + size + gap;
  const pX = n > 1 ? left + (width - n * pSize - (n - 1) * gap) / 2 : box.x + size - pSize;
  const rules = { text: n > 1 ? '' : rulesText, x: box.x, y: pTop + labelH, width: Math.max(0, pX - box.x - gap), height: pSize };
  const previous: DailyPage['previous'] = e.previous.map((p, i) => ({
    label: p.label,
    box: { number, x: pX + i * (pSize + gap), y: pTop + labelH, size: pSize, label: p.label, labelY: pTop, labelSize: fs.label, labelBold: true, puzzle: p.puzzle, solution: p.solution, geometry: p.geometry },
  }));
  return { kind: 'daily', number, title, dateLine: e.dateLine, puzzleNo: { text: e.number ?? '', right: box.x + size, y: top }, rules, box, previous, copyright };
}
