/**
 * An audit report as a PDF (pdfkit vector drawing, black ink only), laid out before it is
 * drawn (auditPdfPlan): the renderer adds exactly the planned pages and sets every text at an
 * explicit position, in one line or within a measured box, so pdfkit never breaks a page.
 *
 *   page 1:  summary, the first problem lines with their line numbers, puzzles per bucket,
 *            a rating histogram on a numeric ER axis (bins of RATING_BIN, empty bins kept),
 *            puzzles per clue count (every count from the fewest to the most)
 *   page 2+: the techniques as horizontal bars in Sudoku Explainer's order (puzzles needing
 *            each one / using it), as many rows a page as fit, continued on the next page
 *            under the same heading marked "(continued)"; then the input label against our
 *            bucket as a table, below the last rows when it fits there, else on a page of its own
 */
import PDFDocument from 'pdfkit';
import type { AuditReport } from '../audit/audit.js';
import { TECHNIQUE_NAMES } from '../grader/registry.js';
import { fontFile } from './templates.js';
import { BUCKETS } from '../grader/levels.js';

type Doc = InstanceType<typeof PDFDocument>;
type Colour = PDFKit.Mixins.ColorValue;

const W = 612;
const H = 792;
const M = 54;
/** The lowest a text baseline or a drawing may reach. */
export const AUDIT_BOTTOM = H - M;
/** Black ink and tints of it (CMYK, 0-100). */
const INK = [0, 0, 0, 100] as unknown as Colour;
const BAR = [0, 0, 0, 65] as unknown as Colour;
const BAR_LIGHT = [0, 0, 0, 25] as unknown as Colour;
const RULE = [0, 0, 0, 40] as unknown as Colour;
/** Problem lines listed on the first page. */
export const PDF_PROBLEM_LINES = 12;
/** Width of a rating histogram bin, in ER. */
export const RATING_BIN = 0.5;

/** The technique chart's geometry: heading and legend above the rows, the axis name below. */
const TECH_HEAD = 34;
const TECH_ROW = 16;
const TECH_FOOT = 26;
/** Rows of the technique chart a page holds. */
export const TECH_ROWS_PER_PAGE = Math.floor((AUDIT_BOTTOM - M - TECH_HEAD - TECH_FOOT) / TECH_ROW);
/** The label table's geometry: heading and column heads, then rows; the least worth starting below a chart. */
const TABLE_HEAD = 36;
const TABLE_ROW = 14;
const TABLE_FOOT = 20;
const TABLE_MIN = TABLE_HEAD + 3 * TABLE_ROW + TABLE_FOOT;

export type AuditPage =
  | { kind: 'summary' }
  /** Rows [from, to) of the technique chart; the label table below them when `table`. */
  | { kind: 'techniques'; from: number; to: number; continued: boolean; table: boolean }
  | { kind: 'table' };

/**
 * The registry technique a step name is a form of, for names the registry does not list
 * (steps name what fired more precisely: a full house, a skyscraper, a unique rectangle of
 * type 2, a region forcing chain, ...); null when unknown.
 */
export function stepFamily(name: string): string | null {
  if (TECHNIQUE_NAMES.includes(name)) return name;
  const rules: [RegExp, string][] = [
    [/^full-house$/, 'hidden-single'],
    [/^(skyscraper|two-string-kite)|turbot/, 'turbot-fish'],
    [/^unique-(rectangle|loop)/, 'unique-loop'],
    [/^bug-/, 'bug'],
    [/^(x|y|xy)-(cycle|chain)$|^aic$/, 'forcing-chain-cycle'],
    [/^nested-.*forcing-chain$/, 'nested-forcing-chain'],
    [/^dynamic-plus-.*forcing-chain$/, 'dynamic-forcing-chain-plus'],
    [/^dynamic-.*forcing-chain$/, 'dynamic-forcing-chain'],
    [/^nishio-/, 'nishio'],
    [/forcing-chain$/, 'multiple-forcing-chain'],
  ];
  const hit = rules.find(([re, t]) => re.test(name) && TECHNIQUE_NAMES.includes(t));
  return hit ? hit[1] : null;
}

/**
 * The techniques charted (every one some puzzle uses), in Sudoku Explainer's order: the
 * registry's, each step name the registry does not list right after the technique it is a
 * form of (unknown names last, in the report's order).
 */
export function chartedTechniques(r: AuditReport): [string, number, number][] {
  const rank = (name: string) => {
    const family = stepFamily(name);
    return family === null ? TECHNIQUE_NAMES.length : TECHNIQUE_NAMES.indexOf(family) + (family === name ? 0 : 0.5);
  };
  return Object.entries(r.techniques)
    .filter(([, v]) => v.used > 0 || v.needed > 0)
    .map(([t, v], i) => ({ row: [t, v.needed, v.used] as [string, number, number], key: rank(t), i }))
    .sort((a, b) => a.key - b.key || a.i - b.i)
    .map((x) => x.row);
}

/** The pages of the audit PDF, before anything is drawn. */
export function auditPdfPlan(r: AuditReport): AuditPage[] {
  const pages: AuditPage[] = [{ kind: 'summary' }];
  const rows = chartedTechniques(r).length;
  let y = M;
  for (let from = 0; from < Math.max(1, rows); from += TECH_ROWS_PER_PAGE) {
    const to = Math.min(rows, from + TECH_ROWS_PER_PAGE);
    pages.push({ kind: 'techniques', from, to, continued: from > 0, table: false });
    y = M + TECH_HEAD + (to - from) * TECH_ROW + TECH_FOOT;
  }
  const last = pages[pages.length - 1] as Extract<AuditPage, { kind: 'techniques' }>;
  if (AUDIT_BOTTOM - y >= TABLE_MIN) last.table = true;
  else pages.push({ kind: 'table' });
  return pages;
}

/** `s` cut to fit `width` at the current font and size, ending in an ellipsis when cut. */
function fitText(doc: Doc, s: string, width: number): string {
  if (doc.widthOfString(s) <= width) return s;
  let n = s.length;
  while (n > 0 && doc.widthOfString(`${s.slice(0, n)}…`) > width) n--;
  return `${s.slice(0, n)}…`;
}

/** One line of text at (x, y), never wrapped or carried to another page. */
function line(doc: Doc, s: string, x: number, y: number, opts: { width?: number; align?: 'left' | 'right' | 'center' } = {}): void {
  doc.text(opts.width !== undefined ? fitText(doc, s, opts.width) : s, x, y, { ...opts, lineBreak: false });
}

/** The y axis: a line, ticks at 0 and at the tallest bar's top, and its name written upwards. */
function yAxis(doc: Doc, left: number, top: number, height: number, max: number): void {
  doc.lineWidth(0.75).strokeColor(INK).moveTo(left, top).lineTo(left, top + height).stroke();
  doc.font('regular').fontSize(7).fillColor(INK);
  doc.moveTo(left - 3, top + 12).lineTo(left, top + 12).stroke();
  line(doc, String(max), M, top + 12 - 3.5, { width: 28, align: 'right' });
  line(doc, '0', M, top + height - 3.5, { width: 28, align: 'right' });
  doc.save().rotate(-90, { origin: [M - 8, top + height / 2] });
  line(doc, 'puzzles', M - 8 - 20, top + height / 2 - 4, { width: 40, align: 'center' });
  doc.restore();
}

/** A bar's value above it; turned upright when wider than the room across. */
function barValue(doc: Doc, v: number, cx: number, barTop: number, room: number): void {
  const size = 6.5;
  doc.fillColor(INK).font('regular').fontSize(size);
  const s = String(v);
  const sw = doc.widthOfString(s);
  if (sw <= room - 1) line(doc, s, cx - sw / 2, barTop - size - 1);
  else {
    const base = barTop - 2;
    doc.save().rotate(-90, { origin: [cx, base] });
    line(doc, s, cx, base - size * 0.45);
    doc.restore();
  }
}

/** Chart heading, axes and x-axis name; returns the plot area. */
function chartFrame(doc: Doc, title: string, y: number, height: number, max: number, xAxis: string): { top: number; left: number; width: number; next: number } {
  doc.font('bold').fontSize(12).fillColor(INK);
  line(doc, title, M, y);
  const top = y + 26;
  const left = M + 34;
  const width = W - M - left;
  yAxis(doc, left, top, height, max);
  doc.lineWidth(0.75).strokeColor(INK).moveTo(left, top + height).lineTo(left + width, top + height).stroke();
  doc.font('regular').fontSize(8).fillColor(INK);
  line(doc, xAxis, left, top + height + 14, { width, align: 'center' });
  return { top, left, width, next: top + height + 34 };
}

/** Bars for categories, each named under it (every k-th name when they would crowd); an empty one is a gap with its name. */
function barChart(doc: Doc, title: string, data: [string, number][], y: number, height: number, xAxis: string): number {
  const max = Math.max(1, ...data.map(([, v]) => v));
  const { top, left, width, next } = chartFrame(doc, title, y, height, max, xAxis);
  const slot = width / Math.max(1, data.length);
  const barW = Math.max(2, slot * 0.7);
  doc.font('regular').fontSize(7);
  const widest = Math.max(0, ...data.map(([label]) => doc.widthOfString(label)));
  const labelEvery = Math.max(1, Math.ceil((widest + 4) / slot));
  data.forEach(([label, v], i) => {
    const h = (v / max) * (height - 12);
    const x = left + i * slot + (slot - barW) / 2;
    if (h > 0) doc.rect(x, top + height - h, barW, h).fill(BAR);
    doc.fillColor(INK).font('regular').fontSize(7);
    if (i % labelEvery === 0) line(doc, label, x + barW / 2 - slot * labelEvery / 2, top + height + 3, { width: slot * labelEvery, align: 'center' });
    if (v > 0) barValue(doc, v, x + barW / 2, top + height - h, slot);
  });
  return next;
}

/** Rating histogram bins: [lo, lo + RATING_BIN) from the lowest rating's bin to the highest's, empty ones kept; and the unrated count. */
export function ratingBins(ratings: Record<string, number>): { bins: { lo: number; count: number }[]; beyond: number } {
  const rated = Object.entries(ratings).filter(([k]) => k !== 'beyond').map(([k, n]) => [Number(k), n] as const);
  const beyond = ratings.beyond ?? 0;
  if (rated.length === 0) return { bins: [], beyond };
  // Ratings carry one decimal: a small epsilon keeps 1.5 in the bin that starts at 1.5.
  const binOf = (er: number) => Math.floor((er + 1e-9) / RATING_BIN);
  const first = Math.min(...rated.map(([er]) => binOf(er)));
  const last = Math.max(...rated.map(([er]) => binOf(er)));
  const bins = Array.from({ length: last - first + 1 }, (_, i) => ({ lo: Math.round((first + i) * RATING_BIN * 10) / 10, count: 0 }));
  for (const [er, n] of rated) bins[binOf(er) - first].count += n;
  return { bins, beyond };
}

/** The rating histogram: bars on a numeric ER axis with a numbered tick at every bin edge; unrated puzzles as a bar of their own past a gap. */
function ratingHistogram(doc: Doc, ratings: Record<string, number>, y: number, height: number): number {
  const { bins, beyond } = ratingBins(ratings);
  const max = Math.max(1, beyond, ...bins.map((b) => b.count));
  const { top, left, width, next } = chartFrame(doc, 'Puzzles per rating', y, height, max, `rating (Sudoku Explainer ER), bins ${RATING_BIN} wide${beyond ? '; beyond: not rated within the work limit' : ''}`);
  // Slots: one a bin, and for the unrated bar a gap and a slot.
  const slots = bins.length + (beyond ? 2 : 0);
  const slot = width / Math.max(1, slots);
  const base = top + height;
  doc.font('regular').fontSize(7);
  const widest = Math.max(...[...bins.map((b) => b.lo), (bins[bins.length - 1]?.lo ?? 0) + RATING_BIN].map((v) => doc.widthOfString(v.toFixed(1))));
  const tickEvery = Math.max(1, Math.ceil((widest + 4) / slot));
  bins.forEach((b, i) => {
    const x = left + i * slot;
    const h = (b.count / max) * (height - 12);
    if (h > 0) doc.rect(x + 0.5, base - h, slot - 1, h).fill(BAR);
    if (b.count > 0) barValue(doc, b.count, x + slot / 2, base - h, slot);
  });
  // Ticks at the bin edges, numbered.
  doc.lineWidth(0.75).strokeColor(INK);
  for (let i = 0; i <= bins.length; i++) {
    const x = left + i * slot;
    doc.moveTo(x, base).lineTo(x, base + 3).stroke();
    if (i % tickEvery !== 0 || bins.length === 0) continue;
    const v = (bins[0].lo + i * RATING_BIN).toFixed(1);
    doc.fillColor(INK).font('regular').fontSize(7);
    line(doc, v, x - slot * tickEvery / 2, base + 4, { width: slot * tickEvery, align: 'center' });
  }
  if (beyond) {
    const x = left + (bins.length + 1) * slot;
    const h = (beyond / max) * (height - 12);
    doc.rect(x + 0.5, base - h, slot - 1, h).fill(BAR);
    barValue(doc, beyond, x + slot / 2, base - h, slot);
    doc.fillColor(INK).font('regular').fontSize(7);
    const w = doc.widthOfString('beyond');
    line(doc, 'beyond', Math.min(x + slot / 2 - w / 2, W - M - w), base + 4);
  }
  return next;
}

/** Every clue count from the fewest to the most, empty ones kept. */
function clueSeries(clues: Record<string, number>): [string, number][] {
  const ks = Object.keys(clues).map(Number).filter(Number.isFinite);
  if (ks.length === 0) return [];
  const lo = Math.min(...ks);
  return Array.from({ length: Math.max(...ks) - lo + 1 }, (_, i) => [String(lo + i), clues[String(lo + i)] ?? 0]);
}

/** Rows [from, to) of the technique chart: two horizontal bars a row (used, needed) with the names on the left. */
function techniqueChart(doc: Doc, data: [string, number, number][], page: Extract<AuditPage, { kind: 'techniques' }>): number {
  const y = M;
  doc.font('bold').fontSize(12).fillColor(INK);
  line(doc, `Puzzles using each technique, and needing it${page.continued ? ' (continued)' : ''}`, M, y);
  doc.font('regular').fontSize(8);
  const legendY = y + 18;
  doc.rect(M, legendY, 9, 7).fill(BAR);
  doc.fillColor(INK);
  const needText = 'puzzles needing it (their hardest technique)';
  line(doc, needText, M + 13, legendY - 0.5);
  const usedX = M + 13 + doc.widthOfString(needText) + 20;
  doc.rect(usedX, legendY, 9, 7).fill(BAR_LIGHT);
  doc.fillColor(INK);
  line(doc, 'puzzles whose solving path uses it', usedX + 13, legendY - 0.5);
  if (data.length === 0) {
    line(doc, 'No valid puzzle: no technique to chart.', M, y + TECH_HEAD);
    return y + TECH_HEAD + TECH_FOOT;
  }
  // The name column as wide as the widest name (all pages alike), at most 40% of the width.
  doc.fontSize(8);
  const labelW = Math.min((W - 2 * M) * 0.4, Math.max(...data.map(([t]) => doc.widthOfString(t))) + 8);
  const left = M + labelW;
  const max = Math.max(1, ...data.map(([, needed, used]) => Math.max(needed, used)));
  doc.fontSize(6.5);
  const numW = doc.widthOfString(String(max)) + 6;
  const width = W - M - left - numW;
  let row = y + TECH_HEAD;
  for (const [label, needed, used] of data.slice(page.from, page.to)) {
    doc.fillColor(INK).font('regular').fontSize(8);
    line(doc, label, M, row + 2, { width: labelW - 8, align: 'right' });
    const wu = (used / max) * width;
    const wn = (needed / max) * width;
    doc.rect(left, row, Math.max(0.5, wu), 6).fill(BAR_LIGHT);
    doc.rect(left, row + 6, Math.max(0.5, wn), 6).fill(BAR);
    doc.fillColor(INK).fontSize(6.5);
    line(doc, String(used), left + wu + 3, row - 0.5);
    line(doc, String(needed), left + wn + 3, row + 6);
    row += TECH_ROW;
  }
  doc.strokeColor(INK).lineWidth(0.75).moveTo(left, y + TECH_HEAD - 2).lineTo(left, row).stroke();
  doc.fillColor(INK).fontSize(8);
  line(doc, 'puzzles', left, row + 3, { width, align: 'center' });
  return row + TECH_FOOT;
}

const BUCKET_ORDER: readonly string[] = BUCKETS;

function orderedBuckets(r: AuditReport): string[] {
  const seen = new Set([...Object.keys(r.buckets), ...Object.values(r.confusion).flatMap((m) => Object.keys(m))]);
  return [...BUCKET_ORDER.filter((b) => seen.has(b)), ...[...seen].filter((b) => !BUCKET_ORDER.includes(b)).sort()];
}

/** The input label against our bucket, as a table; as many rows as fit above the bottom margin. */
function confusionTable(doc: Doc, r: AuditReport, y: number): void {
  doc.font('bold').fontSize(12).fillColor(INK);
  line(doc, 'Input label against bucket', M, y);
  const labels = Object.keys(r.confusion);
  if (labels.length === 0) {
    doc.font('regular').fontSize(9);
    line(doc, 'The input carries no labels (text after the puzzle on its line).', M, y + 20);
    return;
  }
  const cols = orderedBuckets(r);
  const labelW = 150;
  const colW = Math.min(70, (W - 2 * M - labelW) / (cols.length + 1));
  let row = y + 22;
  doc.font('bold').fontSize(8.5);
  line(doc, 'label (input)', M, row, { width: labelW - 6 });
  cols.forEach((c, i) => line(doc, c, M + labelW + i * colW, row, { width: colW - 6, align: 'right' }));
  line(doc, 'total', M + labelW + cols.length * colW, row, { width: colW - 6, align: 'right' });
  row += TABLE_ROW;
  doc.lineWidth(0.75).strokeColor(INK).moveTo(M, row - 3).lineTo(M + labelW + (cols.length + 1) * colW, row - 3).stroke();
  doc.font('regular');
  let shown = 0;
  // Room is kept for the line saying how many labels were left out.
  for (const l of labels) {
    const lastRoom = shown === labels.length - 1 ? 0 : TABLE_FOOT;
    if (row + TABLE_ROW + lastRoom > AUDIT_BOTTOM) break;
    const counts = cols.map((c) => r.confusion[l][c] ?? 0);
    doc.fillColor(INK).fontSize(8.5);
    line(doc, l, M, row, { width: labelW - 6 });
    counts.forEach((n, i) => line(doc, String(n), M + labelW + i * colW, row, { width: colW - 6, align: 'right' }));
    line(doc, String(counts.reduce((a, b) => a + b, 0)), M + labelW + cols.length * colW, row, { width: colW - 6, align: 'right' });
    row += TABLE_ROW;
    shown++;
    doc.lineWidth(0.3).strokeColor(RULE).moveTo(M, row - 3).lineTo(M + labelW + (cols.length + 1) * colW, row - 3).stroke();
  }
  doc.fillColor(INK).fontSize(8);
  if (shown < labels.length) line(doc, `(${labels.length - shown} more labels in the JSON and CSV reports)`, M, row + 2);
}

/** Title, inputs, summary and problem lines; returns where the charts start. */
function summary(doc: Doc, r: AuditReport): number {
  doc.font('bold').fontSize(20).fillColor(INK);
  line(doc, 'Difficulty audit', M, M);
  const width = W - 2 * M;
  // The input files in at most two lines, cut with an ellipsis when there are more.
  doc.font('regular').fontSize(9);
  const files = r.files.join(', ');
  const filesH = Math.min(doc.heightOfString(files, { width }), doc.currentLineHeight(true) * 2);
  doc.text(files, M, M + 28, { width, height: filesH, ellipsis: true });
  const p = r.problems;
  const text =
    `${r.total} lines, ${r.valid} valid puzzles. Problems: ${p.malformed} malformed, ${p.unsolvable} without solution, ${p.multiple} with several, ` +
    `${p.notMinimal} not minimal, ${p.duplicates} duplicates.`;
  doc.fontSize(10);
  let y = M + 28 + filesH + 6;
  const textH = doc.heightOfString(text, { width });
  doc.text(text, M, y, { width, height: textH });
  y += textH + 10;
  // The first problem lines, with file and line number.
  const problemCount = Object.values(p).reduce((a, b) => a + b, 0);
  const listed = r.problemLines.slice(0, PDF_PROBLEM_LINES);
  doc.font('bold').fontSize(10);
  line(doc, problemCount ? `Problem lines (the first ${listed.length} of ${problemCount})` : 'Problem lines: none', M, y);
  y += 15;
  doc.font('regular').fontSize(8);
  for (const l of listed) {
    line(doc, `${l.file}: line ${l.line}: ${l.problem}: ${l.detail}`, M + 8, y, { width: width - 8 });
    y += 10.5;
  }
  return y + 12;
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
  const techniques = chartedTechniques(r);
  for (const page of auditPdfPlan(r)) {
    doc.addPage();
    if (page.kind === 'summary') {
      let y = summary(doc, r);
      const buckets = Object.entries(r.buckets).sort((a, b) => BUCKET_ORDER.indexOf(a[0]) - BUCKET_ORDER.indexOf(b[0]));
      // Three charts share what is left: each takes 60 pt besides its plot.
      const chartH = Math.max(50, Math.min(90, (AUDIT_BOTTOM - y) / 3 - 60));
      y = barChart(doc, 'Puzzles per bucket', buckets, y, chartH, 'bucket');
      y = ratingHistogram(doc, r.ratings, y, chartH);
      barChart(doc, 'Puzzles per clue count', clueSeries(r.clues), y, chartH, 'clues');
    } else if (page.kind === 'techniques') {
      const y = techniqueChart(doc, techniques, page);
      if (page.table) confusionTable(doc, r, y);
    } else confusionTable(doc, r, M);
  }
  doc.end();
  await done;
  return Buffer.concat(chunks);
}
