/**
 * The only pdfkit file: draws a BookLayout. Vector grids (thin cell lines, thick box lines),
 * digits centred in an embedded font; answer keys show clues in bold black and filled
 * digits in regular grey. Metadata and creation date come from the job, so the same job gives
 * the same bytes.
 */
import PDFDocument from 'pdfkit';
import type { BookLayout, GridBox, Page } from './layout.js';
import { bandHeight, leftMargin } from './layout.js';
import { fontFile, type Template } from './templates.js';

export interface PdfInfo {
  title: string;
  author: string;
  subject?: string;
  /** YYYY-MM-DD */
  date: string;
}

const INK = '#000000';
const FILLED = '#6b6b6b';

type Doc = InstanceType<typeof PDFDocument>;

/** Vertical position for text so that digits of size `fs` are centred on `cy`. */
function centredTop(doc: Doc, fs: number, cy: number): number {
  const font = (doc as unknown as { _font: { ascender: number; capHeight?: number } })._font;
  // Some fonts carry no cap height; digits are about 0.73 em tall in DejaVu Sans.
  const cap = Number.isFinite(font.capHeight) ? font.capHeight! : 729;
  return cy + (cap / 1000) * fs * 0.5 - (font.ascender / 1000) * fs;
}

function drawGrid(doc: Doc, box: GridBox, t: Template): void {
  const cell = box.size / 9;
  doc.lineCap('square');
  for (let i = 0; i <= 9; i++) {
    const thick = i % 3 === 0;
    doc.lineWidth(thick ? Math.max(1.5, box.size / 150) : Math.max(0.4, box.size / 700)).strokeColor(INK);
    doc.moveTo(box.x + i * cell, box.y).lineTo(box.x + i * cell, box.y + box.size).stroke();
    doc.moveTo(box.x, box.y + i * cell).lineTo(box.x + box.size, box.y + i * cell).stroke();
  }
  const fs = cell * 0.62;
  for (let i = 0; i < 81; i++) {
    const clue = box.puzzle[i] !== '.';
    const digit = clue ? box.puzzle[i] : box.solution?.[i];
    if (!digit) continue;
    doc.font(clue ? 'bold' : 'regular').fontSize(fs).fillColor(clue ? INK : FILLED);
    const cx = box.x + (i % 9) * cell + cell / 2;
    const cy = box.y + Math.floor(i / 9) * cell + cell / 2;
    const w = doc.widthOfString(digit);
    doc.text(digit, cx - w / 2, centredTop(doc, fs, cy), { lineBreak: false });
  }
  doc.font('regular').fontSize(t.fontSizes.label).fillColor(INK);
  doc.text(box.label, box.x, box.labelY, { lineBreak: false });
}

function drawBands(doc: Doc, page: Page & { header: string; number: number }, t: Template): void {
  const [w, h] = t.pageSize;
  const left = leftMargin(t, page.number);
  const width = w - t.margins.inner - t.margins.outer;
  doc.font('regular').fontSize(t.fontSizes.header).fillColor(INK);
  doc.text(page.header, left, t.margins.top, { width, align: 'center', lineBreak: false });
  doc.text(String(page.number), left, h - t.margins.bottom - bandHeight(t) / 2, { width, align: 'center', lineBreak: false });
}

function drawPage(doc: Doc, page: Page, t: Template): void {
  const [w, h] = t.pageSize;
  if (page.kind === 'daily') {
    const width = w - t.margins.inner - t.margins.outer;
    doc.font('bold').fontSize(t.fontSizes.title).fillColor(INK);
    doc.text(page.title, t.margins.inner, t.margins.top, { width, align: 'center', lineBreak: false });
    doc.font('regular').fontSize(t.fontSizes.heading);
    doc.text(page.dateLine, t.margins.inner, t.margins.top + t.fontSizes.title * 1.4, { width, align: 'center', lineBreak: false });
    drawGrid(doc, page.box, t);
    if (page.previous) drawGrid(doc, page.previous.box, t);
    return;
  }
  if (page.kind === 'title') {
    doc.font('bold').fontSize(t.fontSizes.title).fillColor(INK);
    doc.text(page.title, t.margins.inner, h * 0.32, { width: w - t.margins.inner - t.margins.outer, align: 'center' });
    doc.font('regular').fontSize(t.fontSizes.heading * 0.7);
    if (page.subtitle) doc.moveDown(0.6).text(page.subtitle, { width: w - t.margins.inner - t.margins.outer, align: 'center' });
    if (page.author) doc.moveDown(1.5).text(page.author, { width: w - t.margins.inner - t.margins.outer, align: 'center' });
    return;
  }
  if (page.kind === 'section') {
    const left = leftMargin(t, page.number);
    const width = w - t.margins.inner - t.margins.outer;
    doc.font('bold').fontSize(t.fontSizes.heading).fillColor(INK);
    doc.text(page.title, left, h * 0.4, { width, align: 'center' });
    doc.font('regular').fontSize(t.fontSizes.heading * 0.55).moveDown(0.5).text(page.subtitle, { width, align: 'center' });
    doc.fontSize(t.fontSizes.header).text(String(page.number), left, h - t.margins.bottom - bandHeight(t) / 2, { width, align: 'center', lineBreak: false });
    return;
  }
  drawBands(doc, page, t);
  for (const box of page.boxes) drawGrid(doc, box, t);
}

/** Render the book to PDF bytes. */
export async function renderPdf(layout: Pick<BookLayout, 'pageSize' | 'pages'>, t: Template, info: PdfInfo, fontDir?: string): Promise<Buffer> {
  const date = new Date(`${info.date}T00:00:00Z`);
  const doc = new PDFDocument({
    size: layout.pageSize,
    margin: 0,
    autoFirstPage: false,
    info: { Title: info.title, Author: info.author, Subject: info.subject ?? '', Creator: 'sudoku-press', Producer: 'sudoku-press', CreationDate: date, ModDate: date },
  });
  doc.registerFont('regular', fontFile(t.fonts.regular, fontDir));
  doc.registerFont('bold', fontFile(t.fonts.bold, fontDir));
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve, reject) => {
    doc.on('end', () => resolve());
    doc.on('error', reject);
  });
  for (const page of layout.pages) {
    doc.addPage({ size: layout.pageSize, margin: 0 });
    drawPage(doc, page, t);
  }
  doc.end();
  await done;
  return Buffer.concat(chunks);
}
