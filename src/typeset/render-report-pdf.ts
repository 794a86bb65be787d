/**
 * An audit report as a two-page PDF (pdfkit vector drawing, black ink only).
 *
 *   page 1: summary, the first problem lines with their line numbers, bar charts of puzzles
 *           per bucket, per rating and per clue count (axes named, every bar's value shown)
 *   page 2: techniques (puzzles needing each one / using it), the input label against our
 *           bucket as a table
 */
import PDFDocument from 'pdfkit';
import type { AuditReport } from '../audit/audit.js';
import { fontFile } from './templates.js';
import { BUCKETS } from '../grader/levels.js';

type Doc = InstanceType<typeof PDFDocument>;
type Colour = PDFKit.Mixins.ColorValue;

const W = 612;
const H = 792;
const M = 54;
/** Black ink and tints of it (CMYK, 0-100). */
const INK = [0, 0, 0, 100] as unknown as Colour;
const BAR = [0, 0, 0, 65] as unknown as Colour;
const BAR_LIGHT = [0, 0, 0, 25] as unknown as Colour;
const RULE = [0, 0, 0, 40] as unknown as Colour;
/** Problem lines listed on the first page. */
export const PDF_PROBLEM_LINES = 12;

function barChart(doc: Doc, title: string, data: [string, number][], y: number, height: number, xAxis: string): number {
  doc.font('bold').fontSize(12).fillColor(INK).text(title, M, y, { lineBreak: false });
  const top = y + 26;
  const left = M + 34;
  const width = W - M - left;
  const max = Math.max(1, ...data.map(([, v]) => v));
  const slot = width / Math.max(1, data.length);
  const barW = Math.max(2, slot * 0.7);
  doc.lineWidth(0.75).strokeColor(INK).moveTo(left, top).lineTo(left, top + height).lineTo(left + width, top + height).stroke();
  doc.font('regular').fontSize(7).fillColor(INK);
  // Ticks at 0 and at the tallest bar's top.
  doc.moveTo(left - 3, top + 12).lineTo(left, top + 12).stroke();
  doc.text(String(max), M, top + 12 - 3.5, { width: 28, align: 'right', lineBreak: false });
  doc.text('0', M, top + height - 3.5, { width: 28, align: 'right', lineBreak: false });
  // The y axis: puzzles, written up the axis.
  doc.save().rotate(-90, { origin: [M - 8, top + height / 2] });
  doc.text('puzzles', M - 8 - 20, top + height / 2 - 4, { width: 40, align: 'center', lineBreak: false });
  doc.restore();
  const valueSize = 6.5;
  const labelEvery = data.length <= 30 ? 1 : Math.ceil(data.length / 30);
  data.forEach(([label, v], i) => {
    const h = (v / max) * (height - 12);
    const x = left + i * slot + (slot - barW) / 2;
    if (h > 0) doc.rect(x, top + height - h, barW, h).fill(BAR);
    doc.fillColor(INK).font('regular').fontSize(7);
    if (i % labelEvery === 0) doc.text(label, x - 10, top + height + 3, { width: barW + 20, align: 'center', lineBreak: false });
    // The value above its bar; turned upright when wider than the bar's slot.
    doc.fontSize(valueSize);
    const s = String(v);
    const sw = doc.widthOfString(s);
    if (sw <= slot - 1) doc.text(s, x + barW / 2 - sw / 2, top + height - h - valueSize - 1, { lineBreak: false });
    else {
      const cx = x + barW / 2;
      const base = top + height - h - 2;
      doc.save().rotate(-90, { origin: [cx, base] });
      doc.text(s, cx, base - valueSize * 0.45, { lineBreak: false });
      doc.restore();
    }
  });
  doc.font('regular').fontSize(8).fillColor(INK).text(xAxis, left, top + height + 14, { width, align: 'center', lineBreak: false });
  return top + height + 34;
}

/** Two horizontal bars a row (needed, used) with the technique names on the left. */
function techniqueChart(doc: Doc, data: [string, number, number][], y: number): number {
  doc.font('bold').fontSize(12).fillColor(INK).text('Puzzles using each technique, and needing it', M, y, { lineBreak: false });
  doc.font('regular').fontSize(8);
  const legendY = y + 18;
  doc.rect(M, legendY, 9, 7).fill(BAR);
  doc.fillColor(INK).text('puzzles needing it (their hardest technique)', M + 13, legendY - 0.5, { lineBreak: false });
  doc.rect(M + 230, legendY, 9, 7).fill(BAR_LIGHT);
  doc.fillColor(INK).text('puzzles whose solving path uses it', M + 243, legendY - 0.5, { lineBreak: false });
  const labelW = 110;
  const left = M + labelW;
  const width = W - M - left - 40;
  const max = Math.max(1, ...data.map(([, , used]) => used));
  let row = legendY + 16;
  for (const [label, needed, used] of data) {
    doc.fillColor(INK).fontSize(8).text(label, M, row + 2, { width: labelW - 6, align: 'right', lineBreak: false });
    const wu = (used / max) * width;
    const wn = (needed / max) * width;
    doc.rect(left, row, Math.max(0.5, wu), 6).fill(BAR_LIGHT);
    doc.rect(left, row + 6, Math.max(0.5, wn), 6).fill(BAR);
    doc.fillColor(INK).fontSize(6.5).text(String(used), left + wu + 3, row - 0.5, { lineBreak: false });
    doc.text(String(needed), left + wn + 3, row + 6, { lineBreak: false });
    row += 16;
  }
  doc.strokeColor(INK).lineWidth(0.75).moveTo(left, legendY + 14).lineTo(left, row).stroke();
  doc.fillColor(INK).fontSize(8).text('puzzles', left, row + 3, { width, align: 'center', lineBreak: false });
  return row + 26;
}

const BUCKET_ORDER: readonly string[] = BUCKETS;

function orderedBuckets(r: AuditReport): string[] {
  const seen = new Set([...Object.keys(r.buckets), ...Object.values(r.confusion).flatMap((m) => Object.keys(m))]);
  return [...BUCKET_ORDER.filter((b) => seen.has(b)), ...[...seen].filter((b) => !BUCKET_ORDER.includes(b)).sort()];
}

/** The input label against our bucket, as a table; as many rows as fit above `bottom`. */
function confusionTable(doc: Doc, r: AuditReport, y: number, bottom: number): number {
  doc.font('bold').fontSize(12).fillColor(INK).text('Input label against bucket', M, y, { lineBreak: false });
  const labels = Object.keys(r.confusion);
  if (labels.length === 0) {
    doc.font('regular').fontSize(9).text('The input carries no labels (text after the puzzle on its line).', M, y + 20, { lineBreak: false });
    return y + 40;
  }
  const cols = orderedBuckets(r);
  const labelW = 150;
  const colW = Math.min(70, (W - 2 * M - labelW) / (cols.length + 1));
  const rowH = 14;
  let row = y + 22;
  doc.font('bold').fontSize(8.5);
  doc.text('label (input)', M, row, { width: labelW - 6, lineBreak: false });
  cols.forEach((c, i) => doc.text(c, M + labelW + i * colW, row, { width: colW - 6, align: 'right', lineBreak: false }));
  doc.text('total', M + labelW + cols.length * colW, row, { width: colW - 6, align: 'right', lineBreak: false });
  row += rowH;
  doc.lineWidth(0.75).strokeColor(INK).moveTo(M, row - 3).lineTo(M + labelW + (cols.length + 1) * colW, row - 3).stroke();
  doc.font('regular');
  let shown = 0;
  for (const l of labels) {
    if (row + rowH > bottom) break;
    const counts = cols.map((c) => r.confusion[l][c] ?? 0);
    doc.fillColor(INK).text(l.length > 28 ? `${l.slice(0, 27)}…` : l, M, row, { width: labelW - 6, lineBreak: false });
    counts.forEach((n, i) => doc.text(String(n), M + labelW + i * colW, row, { width: colW - 6, align: 'right', lineBreak: false }));
    doc.text(String(counts.reduce((a, b) => a + b, 0)), M + labelW + cols.length * colW, row, { width: colW - 6, align: 'right', lineBreak: false });
    row += rowH;
    shown++;
    doc.lineWidth(0.3).strokeColor(RULE).moveTo(M, row - 3).lineTo(M + labelW + (cols.length + 1) * colW, row - 3).stroke();
  }
  if (shown < labels.length) doc.fontSize(8).text(`(${labels.length - shown} more labels in the JSON and CSV reports)`, M, row + 2, { lineBreak: false });
  return row + 20;
}

export async function renderAuditPdf(r: AuditReport, date: Date): Promise<Buffer> {
  const doc = new PDFDocument({ size: [W, H], margin: 0, autoFirstPage: false, info: { Title: 'Difficulty audit', Creator: 'sudoku-press', Producer: 'sudoku-press', CreationDate: date, ModDate: date } });
  doc.registerFont('regular', fontFile('DejaVuSans'));
  doc.registerFont('bold', fontFile('DejaVuSans-Bold'));
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve, reject) => {
    doc.on('end', () => resolve());
    doc.on('error', reject);
  });
  doc.addPage();
  doc.font('bold').fontSize(20).fillColor(INK).text('Difficulty audit', M, M);
  doc.font('regular').fontSize(9).text(r.files.join(', '), M, M + 28, { width: W - 2 * M });
  const p = r.problems;
  doc.fontSize(10).text(
    `${r.total} lines, ${r.valid} valid puzzles. Problems: ${p.malformed} malformed, ${p.unsolvable} without solution, ${p.multiple} with several, ` +
      `${p.notMinimal} not minimal, ${p.duplicates} duplicates.`,
    M,
    M + 46,
    { width: W - 2 * M },
  );
  // The first problem lines, with file and line number.
  let y = doc.y + 10;
  const problemCount = Object.values(p).reduce((a, b) => a + b, 0);
  const listed = r.problemLines.slice(0, PDF_PROBLEM_LINES);
  doc.font('bold').fontSize(10).text(problemCount ? `Problem lines (the first ${listed.length} of ${problemCount})` : 'Problem lines: none', M, y, { lineBreak: false });
  y += 15;
  doc.font('regular').fontSize(8);
  for (const l of listed) {
    doc.text(`${l.file}: line ${l.line}: ${l.problem}: ${l.detail}`, M + 8, y, { width: W - 2 * M - 8, lineBreak: false, ellipsis: true });
    y += 10.5;
  }
  y += 12;
  const buckets = Object.entries(r.buckets).sort((a, b) => BUCKET_ORDER.indexOf(a[0]) - BUCKET_ORDER.indexOf(b[0]));
  const chartH = Math.max(50, Math.min(90, (H - M - y) / 3 - 60));
  y = barChart(doc, 'Puzzles per bucket', buckets, y, chartH, 'bucket');
  y = barChart(doc, 'Puzzles per rating', Object.entries(r.ratings), y, chartH, 'rating (Sudoku Explainer ER)');
  barChart(doc, 'Puzzles per clue count', Object.entries(r.clues), y, chartH, 'clues');
  doc.addPage();
  const used = Object.entries(r.techniques).filter(([, v]) => v.used > 0);
  y = techniqueChart(doc, used.map(([t, v]) => [t, v.needed, v.used]), M);
  confusionTable(doc, r, y, H - M);
  doc.end();
  await done;
  return Buffer.concat(chunks);
}
