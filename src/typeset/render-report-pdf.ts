/** An audit report as a PDF with bar charts (pdfkit vector drawing). */
import PDFDocument from 'pdfkit';
import type { AuditReport } from '../audit/audit.js';
import { fontFile } from './templates.js';

type Doc = InstanceType<typeof PDFDocument>;

const W = 612;
const H = 792;
const M = 54;

function barChart(doc: Doc, title: string, data: [string, number][], y: number, height: number): number {
  doc.font('bold').fontSize(12).fillColor('#000').text(title, M, y);
  const top = y + 32;
  const left = M + 30;
  const width = W - M - left;
  const max = Math.max(1, ...data.map(([, v]) => v));
  const slot = width / Math.max(1, data.length);
  const barW = Math.max(2, slot * 0.7);
  doc.lineWidth(0.5).strokeColor('#000').moveTo(left, top + height).lineTo(left + width, top + height).stroke();
  doc.font('regular').fontSize(7);
  doc.text(String(max), M, top - 3, { width: 26, align: 'right' });
  doc.text('0', M, top + height - 4, { width: 26, align: 'right' });
  data.forEach(([label, v], i) => {
    const h = (v / max) * height;
    const x = left + i * slot + (slot - barW) / 2;
    doc.rect(x, top + height - h, barW, h).fill('#4a6fa5');
    doc.fillColor('#000');
    if (data.length <= 30 || i % Math.ceil(data.length / 30) === 0) doc.text(label, x - 10, top + height + 3, { width: barW + 20, align: 'center', lineBreak: false });
    if (data.length <= 12) doc.text(String(v), x - 10, top + height - h - 10, { width: barW + 20, align: 'center', lineBreak: false });
  });
  return top + height + 30;
}

/** Horizontal bars with the labels on the left: for long labels such as technique names. */
function hBarChart(doc: Doc, title: string, data: [string, number][], y: number): number {
  doc.font('bold').fontSize(12).fillColor('#000').text(title, M, y);
  const labelW = 110;
  const left = M + labelW;
  const width = W - M - left - 40;
  const max = Math.max(1, ...data.map(([, v]) => v));
  let row = y + 22;
  doc.font('regular').fontSize(8);
  for (const [label, v] of data) {
    doc.fillColor('#000').text(label, M, row + 1, { width: labelW - 6, align: 'right', lineBreak: false });
    const w = (v / max) * width;
    doc.rect(left, row, Math.max(0.5, w), 10).fill('#4a6fa5');
    doc.fillColor('#000').text(String(v), left + w + 4, row + 1, { lineBreak: false });
    row += 14;
  }
  return row + 20;
}

const BUCKET_ORDER = ['easy', 'medium', 'hard', 'beyond'];

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
  doc.font('bold').fontSize(20).text('Difficulty audit', M, M);
  doc.font('regular').fontSize(9).text(r.files.join(', '), M, M + 28, { width: W - 2 * M });
  const p = r.problems;
  doc.fontSize(10).text(
    `${r.total} lines, ${r.valid} valid puzzles. Problems: ${p.malformed} malformed, ${p.unsolvable} without solution, ${p.multiple} with several, ` +
      `${p.notMinimal} not minimal, ${p.duplicates} duplicates.`,
    M,
    M + 50,
    { width: W - 2 * M },
  );
  let y = M + 85;
  const buckets = Object.entries(r.buckets).sort((a, b) => BUCKET_ORDER.indexOf(a[0]) - BUCKET_ORDER.indexOf(b[0]));
  y = barChart(doc, 'Puzzles per bucket', buckets, y, 110);
  y = barChart(doc, 'Puzzles per rating', Object.entries(r.ratings), y, 110);
  y = barChart(doc, 'Puzzles per clue count', Object.entries(r.clues), y, 110);
  doc.addPage();
  const used = Object.entries(r.techniques).filter(([, v]) => v.used > 0);
  y = hBarChart(doc, 'Puzzles using each technique', used.map(([t, v]) => [t, v.used]), M);
  hBarChart(doc, 'Puzzles needing each technique (it is their hardest)', used.map(([t, v]) => [t, v.needed]), y);
  doc.end();
  await done;
  return Buffer.concat(chunks);
}
