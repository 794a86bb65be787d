/**
 * The KDP cover: one sheet with the back cover on the left, the spine, and the front cover on
 * the right, 0.125 in bleed all round (geometry from kdp.ts). Black ink only, like the
 * interior. The front carries title, subtitle, author and a grid motif (the book's first
 * puzzle); the spine the title and author when the book is thick enough; the back its text,
 * a small grid, and an empty area at the bottom right where KDP prints the barcode.
 */
import type { GridBox } from './layout.js';
import { paragraphs } from './layout.js';
import { type CoverGeometry, PT_PER_IN } from './kdp.js';
import { drawGrid, ink, INK, pdfBytes, type Doc, type PdfInfo } from './render-pdf.js';
import type { Template } from './templates.js';

export interface CoverText {
  title: string;
  subtitle: string;
  author: string;
  back: string;
  /** Puzzles (81 characters) drawn as motifs: the front's and the back's. */
  motif: string;
  backMotif: string;
}

const PAPER = [0, 0, 0, 0] as const;

/** The barcode area KDP keeps on the back cover: 2 x 1.2 in, 0.25 in from the trim's bottom and spine-side edges. */
export function barcodeArea(g: CoverGeometry): { x: number; y: number; width: number; height: number } {
  const width = 2 * PT_PER_IN;
  const height = 1.2 * PT_PER_IN;
  return { x: g.spineX - 0.25 * PT_PER_IN - width, y: g.bleed + g.trim[1] - 0.25 * PT_PER_IN - height, width, height };
}

function motifBox(puzzle: string, x: number, y: number, size: number): GridBox {
  return { number: 0, x, y, size, label: '', labelY: y, labelSize: 1, labelBold: false, puzzle };
}

function drawCover(doc: Doc, g: CoverGeometry, t: Template, c: CoverText): void {
  const [w, h] = g.trim;
  const safe = 0.375 * PT_PER_IN;
  // Front: a black band with the title reversed out of it, the grid motif, the author.
  const fx = g.frontX;
  const bandH = g.bleed + h * 0.34;
  doc.rect(fx, 0, w + g.bleed, bandH).fill(ink(INK));
  const width = w - 2 * safe;
  const titleSize = Math.min(w * 0.1, 44);
  doc.font('bold').fontSize(titleSize).fillColor(ink(PAPER));
  const titleH = doc.heightOfString(c.title, { width, align: 'center' });
  doc.text(c.title, fx + safe, g.bleed + h * 0.17 - titleH / 2, { width, align: 'center' });
  if (c.subtitle) {
    doc.font('regular').fontSize(titleSize * 0.42).fillColor(ink(PAPER));
    doc.text(c.subtitle, fx + safe, bandH - titleSize * 1.1, { width, align: 'center' });
  }
  const motif = Math.floor(Math.min(w * 0.62, h * 0.42));
  const motifY = bandH + (h * 0.56 - motif) / 2;
  drawGrid(doc, motifBox(c.motif, fx + (w - motif) / 2, motifY, motif), t);
  if (c.author) {
    doc.font('bold').fontSize(titleSize * 0.45).fillColor(ink(INK));
    doc.text(c.author, fx + safe, g.bleed + h - safe - titleSize * 0.6, { width, align: 'center', lineBreak: false });
  }

  // Spine: title and author along it, reading top to bottom, with clearance on both sides.
  if (g.spineText) {
    const size = Math.min(g.spine - 2 * 0.0625 * PT_PER_IN, 18) * 0.7;
    doc.save();
    doc.rotate(90, { origin: [g.spineX + g.spine / 2, g.bleed + h / 2] });
    doc.font('bold').fontSize(size).fillColor(ink(INK));
    const line = c.author ? `${c.title}   ·   ${c.author}` : c.title;
    const lw = doc.widthOfString(line);
    doc.text(line, g.spineX + g.spine / 2 - lw / 2, g.bleed + h / 2 - size * 0.62, { lineBreak: false });
    doc.restore();
  }

  // Back: a thin band, the text, a small grid, the barcode area left empty.
  const bx = g.bleed;
  doc.rect(0, 0, g.spineX, g.bleed + h * 0.06).fill(ink(INK));
  let y = g.bleed + h * 0.06 + safe;
  doc.font('bold').fontSize(titleSize * 0.5).fillColor(ink(INK)).text(c.title, bx + safe, y, { width });
  y = doc.y + titleSize * 0.4;
  doc.font('regular').fontSize(Math.max(9, titleSize * 0.3));
  for (const para of paragraphs(c.back)) {
    doc.text(para, bx + safe, y, { width, lineGap: 2 });
    y = doc.y + 8;
  }
  const bar = barcodeArea(g);
  const small = Math.floor(Math.min(w * 0.3, bar.y - y - safe));
  if (small > 40) drawGrid(doc, motifBox(c.backMotif, bx + safe, bar.y + bar.height - small, small), t);
}

/** The cover as PDF bytes. */
export function renderCover(g: CoverGeometry, t: Template, text: CoverText, info: PdfInfo, fontDir?: string): Promise<Buffer> {
  return pdfBytes(
    [g.width, g.height],
    t,
    info,
    (doc) => {
      doc.addPage({ size: [g.width, g.height], margin: 0 });
      drawCover(doc, g, t, text);
    },
    fontDir,
  );
}
