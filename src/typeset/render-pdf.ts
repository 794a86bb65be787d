/**
 * Draws a BookLayout with pdfkit. Vector grids at print weights (the template's cell, box and
 * border lines), digits centred in an embedded font; answer keys show clues in bold black and
 * filled digits in regular 75% black. Black ink only. Metadata and creation date come from the job, so the same job gives
 * the same bytes.
 */
import PDFDocument from 'pdfkit';
import { UserError } from '../core/errors.js';
import { openFont } from './fonts.js';
import type { BookLayout, GridBox, Page, PageFit } from './layout.js';
import { bandHeight, bodySize, leftMargin } from './layout.js';
import { fontFile, type Template } from './templates.js';
import type { StepPosition } from './book-steps.js';
import { drawDiagram } from './step-diagram.js';
import { drawKindGrid } from './kind-grid.js';
import { charDigit, type Geometry } from '../geometry/geometry.js';

export interface PdfInfo {
  title: string;
  author: string;
  subject?: string;
  /** YYYY-MM-DD */
  date: string;
}

/**
 * Black ink only: every colour is DeviceCMYK with C = M = Y = 0 (pdfkit takes 0-100), greys
 * as tints of black. Filled-in answer digits stay at 75% black, well above the 60% a printer
 * needs for legible small type.
 */
export const INK = [0, 0, 0, 100] as const;
export const FILLED = [0, 0, 0, 75] as const;
export const SHADE = [0, 0, 0, 15] as const;
/** Ruled lines of a notes page. */
export const RULE = [0, 0, 0, 40] as const;
type Cmyk = readonly [number, number, number, number];
export const ink = (c: Cmyk) => [...c] as unknown as PDFKit.Mixins.ColorValue;

export type Doc = InstanceType<typeof PDFDocument>;

/** Vertical position for text so that digits of size `fs` are centred on `cy`. */
function centredTop(doc: Doc, fs: number, cy: number): number {
  const font = (doc as unknown as { _font: { ascender: number; capHeight?: number } })._font;
  // Some fonts carry no cap height; digits are about 0.73 em tall in DejaVu Sans.
  const cap = Number.isFinite(font.capHeight) ? font.capHeight! : 729;
  return cy + (cap / 1000) * fs * 0.5 - (font.ascender / 1000) * fs;
}

/** `filled`: the ink of filled-in answer digits (FILLED in books; the daily page prints them in INK). */
export function drawGrid(doc: Doc, box: GridBox, t: Template, filled: Cmyk = FILLED): void {
  if (box.geometry) return drawKindBox(doc, box, box.geometry, t, filled);
  const cell = box.size / 9;
  const { x, y, size } = box;
  if (box.shade !== undefined) {
    doc.rect(x + (box.shade % 9) * cell, y + Math.floor(box.shade / 9) * cell, cell, cell).fill(ink(SHADE));
  }
  doc.lineCap('butt').strokeColor(ink(INK));
  // Cell lines, then box lines over them, then the border over everything.
  for (const [weight, which] of [
    [t.lines.cell, [1, 2, 4, 5, 7, 8]],
    [t.lines.box, [3, 6]],
  ] as const) {
    doc.lineWidth(weight);
    for (const i of which) {
      doc.moveTo(x + i * cell, y).lineTo(x + i * cell, y + size);
      doc.moveTo(x, y + i * cell).lineTo(x + size, y + i * cell);
    }
    doc.stroke();
  }
  doc.lineWidth(t.lines.border).lineJoin('miter').rect(x, y, size, size).stroke();
  const fs = cell * 0.62;
  for (let i = 0; i < 81; i++) {
    const clue = box.puzzle[i] !== '.';
    const digit = clue ? box.puzzle[i] : box.solution?.[i];
    if (!digit || digit === '.') continue;
    doc.font(clue ? 'bold' : 'regular').fontSize(fs).fillColor(ink(clue ? INK : filled));
    const cx = x + (i % 9) * cell + cell / 2;
    const cy = y + Math.floor(i / 9) * cell + cell / 2;
    const w = doc.widthOfString(digit);
    doc.text(digit, cx - w / 2, centredTop(doc, fs, cy), { lineBreak: false });
  }
  drawBoxLabel(doc, box, t);
}

/** The label over a grid, made smaller where it would run wider than its grid. */
function drawBoxLabel(doc: Doc, box: GridBox, t: Template): void {
  const font = box.labelBold ? 'bold' : 'regular';
  if (box.label) drawLabel(doc, box.label, box.x, box.labelY, font, fitSize(doc, box.label, font, box.labelSize, box.size, t.fontSizes.label));
}

/** A grid of another kind or size, and its label. */
function drawKindBox(doc: Doc, box: GridBox, g: Geometry, t: Template, filled: Cmyk): void {
  const cells = (s: string) => Uint8Array.from(s, (ch) => Math.max(0, charDigit(ch)));
  const givens = cells(box.puzzle);
  drawKindGrid(doc, g, box.solution ? cells(box.solution) : givens, box, { givens, digits: box.digits, lines: t.lines, filled, shade: box.shade, cages: !box.noCages });
  drawBoxLabel(doc, box, t);
}

/** The label's size, made smaller (not below the template's label size) where it would run wider than its grid. */
function fitSize(doc: Doc, label: string, font: 'regular' | 'bold', size: number, width: number, least: number): number {
  doc.font(font).fontSize(size);
  const w = doc.widthOfString(label);
  return w <= width ? size : Math.max(Math.min(size, least), Math.floor(((size * width) / w) * 2) / 2);
}

/** The width drawLabel gives a label: characters the font lacks measured in the symbols font. */
export function labelWidth(doc: Doc, label: string, font: 'regular' | 'bold', size: number): number {
  let w = 0;
  for (const r of labelRuns(doc, label, font)) w += doc.font(r.symbols ? 'symbols' : font).fontSize(size).widthOfString(r.text);
  return w;
}

/** A label split into runs the text font has and runs it lacks (set in the symbols font). */
function labelRuns(doc: Doc, label: string, font: 'regular' | 'bold'): { text: string; symbols: boolean }[] {
  doc.font(font);
  const has = (ch: string) => (doc as unknown as { _font: { font?: { hasGlyphForCodePoint?(c: number): boolean } } })._font.font?.hasGlyphForCodePoint?.(ch.codePointAt(0)!) ?? true;
  const runs: { text: string; symbols: boolean }[] = [];
  for (const ch of label) {
    const symbols = ch.trim() !== '' && !has(ch);
    const last = runs[runs.length - 1];
    if (last && last.symbols === symbols) last.text += ch;
    else runs.push({ text: ch, symbols });
  }
  return runs;
}

/**
 * A label in one line. Runs of characters the font lacks (the stars ★ ☆ in a serif face, say)
 * are set in the bundled DejaVu Sans, registered as 'symbols', which has them.
 */
export function drawLabel(doc: Doc, label: string, x: number, y: number, font: 'regular' | 'bold', size: number): void {
  doc.font(font).fontSize(size).fillColor(ink(INK));
  let cx = x;
  for (const r of labelRuns(doc, label, font)) {
    doc.font(r.symbols ? 'symbols' : font).fontSize(size);
    doc.text(r.text, cx, y, { lineBreak: false });
    cx += doc.widthOfString(r.text);
  }
}

function textWidth(t: Template, n: number): { left: number; width: number } {
  return { left: leftMargin(t, n), width: t.pageSize[0] - t.margins.inner - t.margins.outer };
}

function drawBands(doc: Doc, page: { header: string; number: number }, t: Template): void {
  const h = t.pageSize[1];
  const { left, width } = textWidth(t, page.number);
  doc.font('regular').fontSize(t.fontSizes.header).fillColor(ink(INK));
  doc.text(page.header, left, t.margins.top, { width, align: 'center', lineBreak: false });
  doc.text(String(page.number), left, h - t.margins.bottom - bandHeight(t) / 2, { width, align: 'center', lineBreak: false });
}


/**
 * Items (a difficulty key: "★ gentle", "★★ easy", ...) set one after another with a wide gap,
 * starting a new line where the next would run past `width`; stars in the symbols font when
 * the text font lacks them (drawLabel). Returns the y under the last line.
 */
function drawItems(doc: Doc, items: string[], x: number, y: number, width: number, size: number): number {
  const gap = size * 1.5;
  let cx = x;
  for (const item of items) {
    const w = labelWidth(doc, item, 'regular', size);
    if (cx > x && cx + w > x + width) {
      cx = x;
      y += size * 1.6;
    }
    drawLabel(doc, item, cx, y, 'regular', size);
    cx += w + gap;
  }
  return y + size * 1.6;
}

/** The difficulty note: intro, one row per band (stars, word in bold, what it needs), the sections' ranges. */
function drawScale(doc: Doc, page: Extract<Page, { kind: 'scale' }>, t: Template): void {
  const { left, width } = textWidth(t, page.number);
  const fs = bodySize(t);
  const gap = { lineGap: fs * 0.25 };
  doc.font('bold').fontSize(t.fontSizes.heading).fillColor(ink(INK));
  doc.text(page.title, left, t.margins.top, { width });
  doc.moveDown(0.5).font('regular').fontSize(fs).text(page.note.intro, left, doc.y, { width, ...gap }).moveDown(0.8);
  // The stars in a column as wide as the widest row's stars.
  doc.font('symbols').fontSize(fs);
  const starW = Math.max(...page.note.rows.map((r) => (r.stars ? doc.widthOfString(r.stars) : 0)));
  const indent = starW > 0 ? starW + fs : 0;
  for (const r of page.note.rows) {
    const y = doc.y;
    if (r.stars) drawLabel(doc, r.stars, left, y, 'regular', fs);
    doc.font('bold').fontSize(fs).text(r.lead, left + indent, y, { width: width - indent, continued: true, ...gap });
    doc.font('regular').text(r.needs, { ...gap }).moveDown(0.5);
  }
  if (page.note.sections.length) {
    doc.moveDown(0.5).font('bold').fontSize(fs).text(page.note.sectionsTitle, left, doc.y, { width }).moveDown(0.3);
    for (const line of page.note.sections) {
      const y = doc.y;
      drawLabel(doc, line, left, y, 'regular', fs);
      doc.x = left;
      doc.y = y + fs * 1.6;
    }
  }
}

/** A notes page: its title and ruled lines, in light black, down the text block. */
function drawNotes(doc: Doc, page: Extract<Page, { kind: 'notes' }>, t: Template): void {
  const { left, width } = textWidth(t, page.number);
  const h = t.pageSize[1];
  doc.font('bold').fontSize(t.fontSizes.heading).fillColor(ink(INK));
  doc.text(page.title, left, t.margins.top, { width, lineBreak: false });
  const step = Math.max(20, bodySize(t) * 2.2);
  doc.lineWidth(t.lines.cell).strokeColor(ink(RULE));
  for (let y = t.margins.top + t.fontSizes.heading * 2.5; y <= h - t.margins.bottom; y += step) doc.moveTo(left, y).lineTo(left + width, y);
  doc.stroke().strokeColor(ink(INK));
}

/** A step's diagram in a square box; `plain`: the position and its pencil marks only, nothing of the step (an exercise). */
function drawStepDiagram(doc: Doc, at: StepPosition, box: { x: number; y: number; size: number }, t: Template, plain = false): void {
  const step = plain ? { technique: at.step.technique, place: [], eliminate: [], explain: '' } : at.step;
  drawDiagram(doc, { values: at.values, cands: at.cands, givens: at.givens, step }, box, { largePrint: bodySize(t) >= 16 });
}

/** A Hints page: the part's title on its first page, then per puzzle its label in bold and its hint. */
function drawHints(doc: Doc, page: Extract<Page, { kind: 'hints' }>, t: Template): void {
  drawBands(doc, page, t);
  const { left, width } = textWidth(t, page.number);
  const fs = bodySize(t);
  doc.x = left;
  doc.y = t.margins.top + bandHeight(t);
  if (page.title) doc.font('bold').fontSize(t.fontSizes.heading).fillColor(ink(INK)).text(page.title, left, doc.y, { width }).moveDown(0.5);
  for (const e of page.entries) {
    doc.font('bold').fontSize(fs).text(`${e.label}  `, left, doc.y, { width, continued: true, lineGap: fs * 0.25 });
    doc.font('regular').text(e.text, { lineGap: fs * 0.25 }).moveDown(0.6);
  }
}

/** Side of a step diagram with its sentence beside it: under half the text width. */
export const walkDiagramSize = (t: Template) => Math.floor((t.pageSize[0] - t.margins.inner - t.margins.outer) * 0.46);

/** Below this side (points) a diagram beside its sentence is too small for its pencil marks: it goes across the page, the sentence under it. */
const LEAST_BESIDE = 200;

/**
 * A page of steps: headings, paragraphs, and positions as diagrams with their sentence beside
 * them (on narrow pages, under them); a puzzle's solution beside the diagram of its key step.
 */
function drawSteps(doc: Doc, page: Extract<Page, { kind: 'steps' }>, t: Template): void {
  drawBands(doc, page, t);
  const { left, width } = textWidth(t, page.number);
  const fs = bodySize(t);
  const gap = fs;
  doc.y = t.margins.top + bandHeight(t);
  for (const b of page.blocks) {
    if (b.heading) {
      doc.font('bold').fontSize(t.fontSizes.heading).fillColor(ink(INK)).text(b.text, left, doc.y, { width }).moveDown(0.4);
      continue;
    }
    if (!b.diagram) {
      doc.font('regular').fontSize(fs).fillColor(ink(INK)).text(b.text, left, doc.y, { width, lineGap: fs * 0.2 }).moveDown(0.6);
      continue;
    }
    let size = walkDiagramSize(t);
    const top = doc.y + fs * 0.2;
    const narrow = size < LEAST_BESIDE;
    if (b.wide || (narrow && !b.solution)) {
      // As wide as the page allows under the text above it, leaving room for two lines of sentence.
      const room = t.pageSize[1] - t.margins.bottom - bandHeight(t) - top - fs * 4;
      const side = Math.floor(Math.min(width * (narrow ? 0.9 : 0.8), Math.max(size, room)));
      size = side;
      drawStepDiagram(doc, b.diagram, { x: left + (width - side) / 2, y: top, size: side }, t, b.plain);
      doc.font('regular').fontSize(fs).fillColor(ink(INK)).text(b.text, left, top + side + fs * 0.6, { width, lineGap: fs * 0.2 });
    } else if (b.solution) {
      // A puzzle's solution, and beside it the diagram of its key step (on narrow pages the larger of the two); the sentence under both.
      const grid = narrow ? Math.floor(width * 0.36) : size;
      size = narrow ? Math.floor(width * 0.6) : size;
      drawGrid(doc, { number: 0, x: left, y: top, size: grid, label: '', labelY: top, labelSize: t.fontSizes.label, labelBold: false, puzzle: b.solution.puzzle, solution: b.solution.solution }, t);
      drawStepDiagram(doc, b.diagram, { x: left + width - size, y: top, size }, t, b.plain);
      doc.font('regular').fontSize(fs).fillColor(ink(INK)).text(b.text, left, top + size + fs * 0.6, { width, lineGap: fs * 0.2 });
    } else {
      drawStepDiagram(doc, b.diagram, { x: left, y: top, size }, t, b.plain);
      doc.font('regular').fontSize(fs).fillColor(ink(INK)).text(b.text, left + size + gap, top, { width: width - size - gap, lineGap: fs * 0.2 });
    }
    doc.x = left;
    doc.y = Math.max(doc.y, top + size) + fs;
  }
}

/** Draws a page; a copyright page returns the top of its text block (set from the foot up). */
function drawPage(doc: Doc, page: Page, t: Template): number | void {
  const [w, h] = t.pageSize;
  doc.fillColor(ink(INK));
  switch (page.kind) {
    case 'daily': {
      const width = w - t.margins.inner - t.margins.outer;
      doc.font('bold').fontSize(t.fontSizes.title);
      doc.text(page.title, t.margins.inner, t.margins.top, { width, align: 'center', lineBreak: false });
      doc.font('regular').fontSize(t.fontSizes.heading);
      doc.text(page.dateLine, t.margins.inner, t.margins.top + t.fontSizes.title * 1.4, { width, align: 'center', lineBreak: false });
      drawGrid(doc, page.box, t);
      const fs = t.fontSizes.label;
      if (page.puzzleNo.text) {
        doc.font('bold').fontSize(fs).fillColor(ink(INK));
        doc.text(page.puzzleNo.text, page.puzzleNo.right - doc.widthOfString(page.puzzleNo.text), page.puzzleNo.y, { lineBreak: false });
      }
      doc.font('regular').fontSize(fs).fillColor(ink(INK));
      // Within its measured box: pdfkit never carries it over to another page.
      const r = page.rules;
      if (r.text) doc.text(r.text, r.x, r.y, { width: r.width, height: r.height, lineGap: fs * 0.2, ellipsis: true });
      // Solutions on newsprint: filled-in digits in solid black too (a screened tint breaks up).
      for (const p of page.previous) drawGrid(doc, p.box, t, INK);
      if (page.copyright.text) {
        doc.font('regular').fontSize(page.copyright.size).fillColor(ink(INK));
        doc.text(page.copyright.text, t.margins.inner, page.copyright.y, { width, align: 'center', lineBreak: false });
      }
      return;
    }
    case 'title': {
      const { left, width } = textWidth(t, page.number);
      doc.font('bold').fontSize(t.fontSizes.title);
      doc.text(page.title, left, h * 0.32, { width, align: 'center' });
      doc.font('regular').fontSize(t.fontSizes.heading * 0.7);
      if (page.subtitle) doc.moveDown(0.6).text(page.subtitle, { width, align: 'center' });
      if (page.author) doc.moveDown(1.5).text(page.author, { width, align: 'center' });
      return;
    }
    case 'copyright': {
      const { left, width } = textWidth(t, page.number);
      const fs = Math.max(8, t.fontSizes.header + 1);
      doc.font('regular').fontSize(fs);
      const gap = fs * 0.8;
      const height = page.lines.reduce((s, l) => s + doc.heightOfString(l, { width }) + gap, -gap);
      let y = h - t.margins.bottom - bandHeight(t) - height;
      for (const line of page.lines) {
        doc.text(line, left, y, { width });
        y += doc.heightOfString(line, { width }) + gap;
      }
      return h - t.margins.bottom - bandHeight(t) - height;
    }
    case 'contents': {
      const { left, width } = textWidth(t, page.number);
      doc.font('bold').fontSize(t.fontSizes.heading);
      doc.text(page.title, left, t.margins.top + h * 0.08, { width, lineBreak: false });
      const fs = bodySize(t);
      let y = t.margins.top + h * 0.08 + t.fontSizes.heading * 2.2;
      doc.font('regular').fontSize(fs);
      for (const e of page.entries) {
        const num = String(e.page);
        const numW = doc.widthOfString(num);
        const titleW = doc.widthOfString(e.title);
        doc.text(e.title, left, y, { lineBreak: false });
        doc.text(num, left + width - numW, y, { lineBreak: false });
        // Dot leaders between the title and its page number.
        const dotW = doc.widthOfString('.');
        const from = left + titleW + fs * 0.6;
        const to = left + width - numW - fs * 0.6;
        const dots = Math.max(0, Math.floor((to - from) / (dotW * 2)));
        if (dots > 0) doc.text('. '.repeat(dots).trim(), to - dots * dotW * 2 + dotW, y, { lineBreak: false });
        y += fs * 1.9;
      }
      return;
    }
    case 'text':
    case 'how-to-play': {
      const { left, width } = textWidth(t, page.number);
      const fs = bodySize(t);
      // A text that runs over to more pages has its heading on the first only.
      doc.font('bold').fontSize(t.fontSizes.heading);
      if (page.title) doc.text(page.title, left, t.margins.top, { width }).moveDown(0.5);
      else doc.y = t.margins.top;
      doc.font('regular').fontSize(fs);
      for (const para of page.kind === 'text' ? page.paragraphs : page.rules) doc.text(para, left, doc.y, { width, lineGap: fs * 0.25 }).moveDown(0.7);
      if (page.kind === 'how-to-play' && page.key) {
        doc.font('regular').fontSize(fs).text(page.key.before, left, doc.y, { width });
        doc.y = drawItems(doc, page.key.items, left, doc.y + fs * 0.3, width, fs);
        doc.x = left;
        doc.moveDown(0.5);
      }
      if (page.kind === 'how-to-play' && page.example) {
        if (page.example.title) doc.moveDown(0.3).font('bold').fontSize(fs * 1.15).text(page.example.title, left, doc.y, { width }).moveDown(0.4);
        doc.font('regular').fontSize(fs).text(page.example.text, left, doc.y, { width, lineGap: fs * 0.25 });
        // The grid sits at the foot of the text block; where the text runs long it shrinks to fit under it.
        const box = page.example.box;
        const room = box.y + box.size - (doc.y + fs * 1.5);
        const size = Math.min(box.size, Math.floor(room));
        drawGrid(doc, { ...box, size, x: box.x + (box.size - size) / 2, y: box.y + box.size - size }, t);
      }
      return;
    }
    case 'blank':
      return;
    case 'scale':
      return drawScale(doc, page, t);
    case 'notes':
      return drawNotes(doc, page, t);
    case 'hints':
      return drawHints(doc, page, t);
    case 'steps':
      return drawSteps(doc, page, t);
    case 'section': {
      const { left, width } = textWidth(t, page.number);
      doc.font('bold').fontSize(t.fontSizes.heading * 1.3);
      doc.text(page.title, left, h * 0.38, { width, align: 'center' });
      const fs = t.fontSizes.heading * 0.55;
      doc.font('regular').fontSize(fs).moveDown(0.6).text(page.subtitle, { width, align: 'center' });
      if (page.level) {
        const y = doc.y + fs * 0.6;
        drawLabel(doc, page.level, left + (width - labelWidth(doc, page.level, 'regular', fs)) / 2, y, 'regular', fs);
      }
      return;
    }
    default:
      drawBands(doc, page, t);
      for (const box of page.boxes) drawGrid(doc, box, t);
  }
}

/** What stops a render part-way: Ctrl-C. */
export const RENDER_INTERRUPTED = 'interrupted while rendering: nothing was written';

/**
 * A pdfkit document with the template's fonts registered (parsed once per process, see
 * fonts.ts); `draw` adds the pages and may be async (it yields between pages so Ctrl-C is
 * heard). Returns the bytes.
 */
export async function pdfBytes(size: [number, number], t: Template, info: PdfInfo, draw: (doc: Doc) => void | Promise<void>, fontDir?: string): Promise<Buffer> {
  const doc = newDoc(size, t, info, fontDir);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve, reject) => {
    doc.on('end', () => resolve());
    doc.on('error', reject);
  });
  await draw(doc);
  doc.end();
  await done;
  return Buffer.concat(chunks);
}

/** A pdfkit document with the template's fonts registered as 'regular', 'bold' and 'symbols'. */
function newDoc(size: [number, number], t: Template, info: PdfInfo, fontDir?: string): Doc {
  const date = new Date(`${info.date}T00:00:00Z`);
  const doc = new PDFDocument({
    size,
    margin: 0,
    autoFirstPage: false,
    // No default font: every text is set in a registered one, and the standard Helvetica would be parsed for nothing.
    font: null as unknown as string,
    info: { Title: info.title, Author: info.author, Subject: info.subject ?? '', Creator: 'sudoku-press', Producer: 'sudoku-press', CreationDate: date, ModDate: date },
  });
  const font = (name: string) => openFont(fontFile(name, fontDir)) as unknown as string;
  doc.registerFont('regular', font(t.fonts.regular));
  doc.registerFont('bold', font(t.fonts.bold));
  doc.registerFont('symbols', font('DejaVuSans'));
  return doc;
}

/**
 * Whether a page fits: it is drawn, exactly as the book draws it, on a scratch page that is
 * never written, and fits when its text ends inside the text block (above the bottom margin;
 * a copyright block, set from the foot up, starts below the top margin) and pdfkit did not
 * carry anything over to a page of its own. The layout asks this of front-matter pages before
 * it numbers the pages (see PageFit in layout.ts), so the book has the pages it counts.
 */
export function pageFit(t: Template, fontDir?: string): PageFit {
  let doc: Doc | null = null;
  let added = 0;
  return (page) => {
    if (!doc) {
      doc = newDoc(t.pageSize, t, { title: '', author: '', date: '2000-01-01' }, fontDir);
      doc.on('pageAdded', () => added++);
    }
    doc.addPage({ size: t.pageSize, margin: 0 });
    const before = added;
    const top = drawPage(doc, page, t);
    const [, h] = t.pageSize;
    // Pages with a running head and a page number keep their text above the footer band.
    const foot = page.kind === 'hints' || page.kind === 'steps' ? h - t.margins.bottom - bandHeight(t) : h - t.margins.bottom;
    return added === before && doc.y <= foot + 0.5 && (top === undefined || top >= t.margins.top - 0.5);
  };
}

/** Pages drawn between two looks at the signal. */
const PAGES_PER_TURN = 8;

/** Render the book to PDF bytes. An aborted `signal` stops it between pages with a UserError. */
export function renderPdf(layout: Pick<BookLayout, 'pageSize' | 'pages'>, t: Template, info: PdfInfo, fontDir?: string, signal?: AbortSignal): Promise<Buffer> {
  return pdfBytes(
    layout.pageSize,
    t,
    info,
    async (doc) => {
      let pages = 0;
      doc.on('pageAdded', () => pages++);
      for (const [i, page] of layout.pages.entries()) {
        if (signal && i % PAGES_PER_TURN === 0) {
          // Let a pending Ctrl-C reach its handler, then stop if it came.
          await new Promise((resolve) => setImmediate(resolve));
          if (signal.aborted) throw new UserError(RENDER_INTERRUPTED);
        }
        doc.addPage({ size: layout.pageSize, margin: 0 });
        drawPage(doc, page, t);
      }
      // The layout numbered these pages: a page pdfkit added by itself would shift every number after it.
      if (pages !== layout.pages.length) throw new Error(`the PDF has ${pages} pages where the layout has ${layout.pages.length}`);
    },
    fontDir,
  );
}
