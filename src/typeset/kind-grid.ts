/**
 * A grid of any kind and size (4x4 to 16x16: classic, X, jigsaw, killer), drawn into a PDF
 * (drawKindGrid) or as a standalone SVG (kindGridSvg). Both draw the same picture from one
 * list of shapes (kindGridShapes):
 *
 * - thin cell lines; thick lines where neighbouring cells lie in different boxes or jigsaw
 *   regions; the outer frame over everything;
 * - X diagonals: the cells of both main diagonals shaded in a light tint of black;
 * - killer cages: dashed outlines inset from the cell borders, the cage's sum small in the
 *   top-left corner of its first cell (on a white patch that breaks the dashes), digits set
 *   a little smaller so digits and sums never collide;
 * - givens bold in black, other digits (an answer key's) regular in a tint of black;
 * - digits beyond 9 as letters A-G (`digits: 'letters'`, the default) or as 10-16 (`'numbers'`).
 *
 * Black ink only in the PDF: DeviceCMYK with C = M = Y = 0.
 */
import type { Geometry } from '../geometry/geometry.js';
import { digitChar } from '../geometry/geometry.js';
import { DIGIT_HEIGHT } from './render-svg.js';
import { LINE_DEFAULTS, type Template } from './templates.js';

/** How digits beyond 9 print: A-G, or 10-16. */
export type DigitStyle = 'letters' | 'numbers';
export const DIGIT_STYLES: readonly DigitStyle[] = ['letters', 'numbers'];

type Cmyk = readonly [number, number, number, number];

export interface KindGridOptions {
  /** The puzzle's clues: these cells print bold in black; the rest of `values` regular. Omitted: every value is a given. */
  givens?: Uint8Array;
  digits?: DigitStyle;
  /** Line weights (points in a PDF; px at the SVG's size). Default: the print defaults. */
  lines?: Template['lines'];
  /** Ink of the digits that are not givens (default 75% black). */
  filled?: Cmyk;
  /** A cell to shade as the diagonals are (the worked example's). */
  shade?: number;
  /** false: no killer cages nor sums (an answer key, where only the digits matter). Default true. */
  cages?: boolean;
}

/** The printed text of digit `d` (1..16). */
export function digitText(d: number, style: DigitStyle = 'letters'): string {
  return style === 'numbers' ? String(d) : digitChar(d);
}

/** A straight line from (x1, y1) to (x2, y2). */
export interface Segment {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

export interface KindGridShapes {
  size: number;
  cell: number;
  lines: Template['lines'];
  /** Shaded cells (X diagonals): top-left corners, each `cell` square. */
  shaded: { x: number; y: number }[];
  /** The cell of `shade` (the worked example's), top-left corner; in a darker tint where diagonals are shaded too. */
  marked: { x: number; y: number; dark: boolean } | null;
  /** Thin lines between cells of one region. */
  thin: Segment[];
  /** Thick lines between regions (box or jigsaw borders), inside the frame. */
  thick: Segment[];
  /** Cage outlines (dashed), their width and dash pattern. */
  cages: Segment[];
  cageLine: number;
  dash: [number, number];
  /** Cage sums: text with its top-left corner, font size, and the white patch behind it. */
  sums: { text: string; x: number; y: number; fs: number; patch: { x: number; y: number; w: number; h: number } }[];
  /** Digits centred on (cx, cy). */
  digits: { text: string; cx: number; cy: number; given: boolean }[];
  digitSize: number;
}

/** Share of a cell between a cage's outline and the cell's border. */
const CAGE_INSET = 0.1;
/** Size of a cage sum, as a share of the cell. */
const SUM_SIZE = 0.25;
/** Largest cage sum, in points (or px). */
const MAX_SUM_SIZE = 11;

/**
 * The shapes of a grid `size` wide with its top-left corner at (x, y). `sumWidth` measures a
 * cage sum in the font it will be set in (an estimate when none is given).
 */
export function kindGridShapes(
  g: Geometry,
  values: Uint8Array,
  box: { x: number; y: number; size: number },
  opts: KindGridOptions = {},
  sumWidth: (text: string, fs: number) => number = (t, fs) => t.length * fs * 0.64,
): KindGridShapes {
  const n = g.size;
  const { x, y, size } = box;
  const cell = size / n;
  const lines = opts.lines ?? LINE_DEFAULTS;
  const at = (r: number, c: number) => g.regions[r * n + c];
  const shaded: { x: number; y: number }[] = [];
  if (g.diagonals) {
    for (let k = 0; k < n; k++) {
      shaded.push({ x: x + k * cell, y: y + k * cell });
      if (n - 1 - k !== k) shaded.push({ x: x + (n - 1 - k) * cell, y: y + k * cell });
    }
  }
  const shade = opts.shade;
  const marked = shade === undefined ? null : { x: x + (shade % n) * cell, y: y + Math.floor(shade / n) * cell, dark: g.diagonals };
  // Lines between cells, in runs: along each inner grid line, consecutive edges of one kind
  // (same region on both sides: thin; different regions: thick) make one segment.
  const thin: Segment[] = [];
  const thick: Segment[] = [];
  for (let i = 1; i < n; i++) {
    for (const vertical of [true, false]) {
      let start = 0;
      for (let k = 1; k <= n; k++) {
        const border = (j: number) => (vertical ? at(j, i - 1) !== at(j, i) : at(i - 1, j) !== at(i, j));
        if (k < n && border(k) === border(start)) continue;
        const seg = vertical
          ? { x1: x + i * cell, y1: y + start * cell, x2: x + i * cell, y2: y + k * cell }
          : { x1: x + start * cell, y1: y + i * cell, x2: x + k * cell, y2: y + i * cell };
        (border(start) ? thick : thin).push(seg);
        start = k;
      }
    }
  }
  const killer = g.cages.length > 0 && opts.cages !== false;
  // Inset: a share of the cell, and clear of the frame's inner half.
  const d = Math.max(cell * CAGE_INSET, lines.border / 2 + 0.4);
  const cages = killer ? cageOutlines(g, x, y, cell, d) : [];
  const sums: KindGridShapes['sums'] = [];
  // Small in its corner, also in the large cells of a children's book or large print.
  const sumFs = Math.min(cell * SUM_SIZE, MAX_SUM_SIZE);
  for (const cage of killer ? g.cages : []) {
    const first = Math.min(...cage.cells);
    const text = String(cage.sum);
    const cx = x + (first % n) * cell + d * 0.55;
    const cy = y + Math.floor(first / n) * cell + d * 0.55;
    const w = sumWidth(text, sumFs);
    const h = sumFs * DIGIT_HEIGHT;
    sums.push({ text, x: cx, y: cy, fs: sumFs, patch: { x: cx - sumFs * 0.08, y: cy - sumFs * 0.08, w: w + sumFs * 0.16, h: h + sumFs * 0.16 } });
  }
  const style = opts.digits ?? 'letters';
  const twoChars = style === 'numbers' && n > 9;
  // Killer digits a little smaller, clear of the sum in the corner; two-character digits to fit their cell.
  const digitSize = cell * (twoChars ? (killer ? 0.42 : 0.46) : killer ? 0.52 : 0.62);
  const digits: KindGridShapes['digits'] = [];
  for (let i = 0; i < g.cellCount; i++) {
    const v = values[i];
    if (!v) continue;
    const cx = x + (i % n) * cell + cell / 2;
    // In a killer cage's first cell, the digit sits a little lower and to the right, away from the sum.
    const nudge = killer && sums.length && g.cages[g.cageOf[i]]?.cells.every((c) => c >= i) ? cell * 0.04 : 0;
    digits.push({ text: digitText(v, style), cx: cx + nudge, cy: y + Math.floor(i / n) * cell + cell / 2 + nudge, given: opts.givens ? opts.givens[i] !== 0 : true });
  }
  return { size, cell, lines, shaded, marked, thin, thick, cages, cageLine: lines.cell, dash: [cell * 0.07, cell * 0.05], sums, digits, digitSize };
}

/**
 * The outlines of every cage, inset by `d`: for each open side of a cell (its
 * neighbour there is in another cage), a line along the side, which reaches into the next
 * cell of the cage where the outline runs on straight, and stops short or turns where it
 * meets a corner; collinear pieces joined so the dashes run on.
 */
function cageOutlines(g: Geometry, x0: number, y0: number, cell: number, d: number): Segment[] {
  const n = g.size;
  const same = (cage: number, r: number, c: number) => r >= 0 && c >= 0 && r < n && c < n && g.cageOf[r * n + c] === cage;
  const raw: Segment[] = [];
  for (let i = 0; i < g.cellCount; i++) {
    const k = g.cageOf[i];
    if (k < 0) continue;
    const r = Math.floor(i / n);
    const c = i % n;
    const left = x0 + c * cell;
    const top = y0 + r * cell;
    const right = left + cell;
    const bottom = top + cell;
    // The end of a side along its direction: before the corner (convex), at the cell's edge
    // (runs on into the neighbour), or past it to the neighbour's inset line (concave).
    const end = (sideOpen: (dr: number, dc: number) => boolean, alongR: number, alongC: number, edge: number, sign: number) => {
      if (!same(k, r + alongR, c + alongC)) return edge - sign * d;
      return sideOpen(alongR, alongC) ? edge : edge + sign * d;
    };
    if (!same(k, r - 1, c)) {
      const open = (ar: number, ac: number) => !same(k, r - 1 + ar, c + ac);
      raw.push({ x1: end(open, 0, -1, left, -1), y1: top + d, x2: end(open, 0, 1, right, 1), y2: top + d });
    }
    if (!same(k, r + 1, c)) {
      const open = (ar: number, ac: number) => !same(k, r + 1 + ar, c + ac);
      raw.push({ x1: end(open, 0, -1, left, -1), y1: bottom - d, x2: end(open, 0, 1, right, 1), y2: bottom - d });
    }
    if (!same(k, r, c - 1)) {
      const open = (ar: number, ac: number) => !same(k, r + ar, c - 1 + ac);
      raw.push({ x1: left + d, y1: end(open, -1, 0, top, -1), x2: left + d, y2: end(open, 1, 0, bottom, 1) });
    }
    if (!same(k, r, c + 1)) {
      const open = (ar: number, ac: number) => !same(k, r + ar, c + 1 + ac);
      raw.push({ x1: right - d, y1: end(open, -1, 0, top, -1), x2: right - d, y2: end(open, 1, 0, bottom, 1) });
    }
  }
  return joinCollinear(raw);
}

/** Pieces on one line that meet end to start, joined (pieces come left to right, top to bottom). */
function joinCollinear(segs: Segment[]): Segment[] {
  const eps = 1e-6;
  const key = (s: Segment) => (s.y1 === s.y2 ? `h${s.y1.toFixed(4)}` : `v${s.x1.toFixed(4)}`);
  const groups = new Map<string, Segment[]>();
  for (const s of segs) {
    const list = groups.get(key(s)) ?? [];
    list.push(s);
    groups.set(key(s), list);
  }
  const out: Segment[] = [];
  for (const list of groups.values()) {
    const horizontal = list[0].y1 === list[0].y2;
    const from = (s: Segment) => (horizontal ? s.x1 : s.y1);
    const to = (s: Segment) => (horizontal ? s.x2 : s.y2);
    list.sort((a, b) => from(a) - from(b));
    let cur = { ...list[0] };
    for (const s of list.slice(1)) {
      if (Math.abs(from(s) - to(cur)) < eps) {
        if (horizontal) cur.x2 = s.x2;
        else cur.y2 = s.y2;
      } else {
        out.push(cur);
        cur = { ...s };
      }
    }
    out.push(cur);
  }
  return out;
}

// ---- PDF ----

const INK: Cmyk = [0, 0, 0, 100];
const FILLED: Cmyk = [0, 0, 0, 75];
/** The X diagonals' tint. */
export const DIAGONAL_SHADE: Cmyk = [0, 0, 0, 15];
/** The worked example's cell in a grid whose diagonals are shaded: darker, so it stands out from them. */
export const MARK_ON_DIAGONALS: Cmyk = [0, 0, 0, 35];
const PAPER: Cmyk = [0, 0, 0, 0];
const colour = (c: Cmyk) => [...c] as unknown as PDFKit.Mixins.ColorValue;

/** The doc's registered 'regular' and 'bold' fonts, or the standard Helvetica when it has none. */
function fontNames(doc: PDFKit.PDFDocument): { regular: string; bold: string } {
  const registered = (doc as unknown as { _registeredFonts?: Record<string, unknown> })._registeredFonts ?? {};
  return registered.bold && registered.regular ? { regular: 'regular', bold: 'bold' } : { regular: 'Helvetica', bold: 'Helvetica-Bold' };
}

/** Vertical position for text so that digits of size `fs` are centred on `cy`. */
function centredTop(doc: PDFKit.PDFDocument, fs: number, cy: number): number {
  const font = (doc as unknown as { _font: { ascender: number; capHeight?: number } })._font;
  const cap = Number.isFinite(font.capHeight) && font.capHeight! > 0 ? font.capHeight! : DIGIT_HEIGHT * 1000;
  return cy + (cap / 1000) * fs * 0.5 - (font.ascender / 1000) * fs;
}

/** Text whose cap top is at y (cage sums). */
function capTop(doc: PDFKit.PDFDocument, fs: number, y: number): number {
  const font = (doc as unknown as { _font: { ascender: number; capHeight?: number } })._font;
  const cap = Number.isFinite(font.capHeight) && font.capHeight! > 0 ? font.capHeight! : DIGIT_HEIGHT * 1000;
  return y + (cap / 1000) * fs - (font.ascender / 1000) * fs;
}

function strokeSegments(doc: PDFKit.PDFDocument, segs: Segment[]): void {
  if (!segs.length) return;
  for (const s of segs) doc.moveTo(s.x1, s.y1).lineTo(s.x2, s.y2);
  doc.stroke();
}

/** A grid of any kind into a PDF, its top-left corner and side in `box`. */
export function drawKindGrid(doc: PDFKit.PDFDocument, g: Geometry, values: Uint8Array, box: { x: number; y: number; size: number }, opts: KindGridOptions = {}): void {
  const fonts = fontNames(doc);
  const shapes = kindGridShapes(g, values, box, opts, (text, fs) => doc.font(fonts.regular).fontSize(fs).widthOfString(text));
  const { cell, lines } = shapes;
  doc.save();
  for (const s of shapes.shaded) doc.rect(s.x, s.y, cell, cell);
  if (shapes.shaded.length) doc.fill(colour(DIAGONAL_SHADE));
  const m = shapes.marked;
  if (m) doc.rect(m.x, m.y, cell, cell).fill(colour(m.dark ? MARK_ON_DIAGONALS : DIAGONAL_SHADE));
  doc.strokeColor(colour(INK)).lineCap('butt');
  // Cages first, the white patches of their sums over the dashes, then the grid's lines over both.
  if (shapes.cages.length) {
    doc.lineWidth(shapes.cageLine).dash(shapes.dash[0], { space: shapes.dash[1] });
    strokeSegments(doc, shapes.cages);
    doc.undash();
  }
  for (const s of shapes.sums) doc.rect(s.patch.x, s.patch.y, s.patch.w, s.patch.h);
  if (shapes.sums.length) doc.fill(colour(PAPER));
  doc.lineWidth(lines.cell);
  strokeSegments(doc, shapes.thin);
  // Region borders with square ends, so that corners of jigsaw regions close.
  doc.lineWidth(lines.box).lineCap('square');
  strokeSegments(doc, shapes.thick);
  doc.lineCap('butt').lineWidth(lines.border).lineJoin('miter').rect(box.x, box.y, box.size, box.size).stroke();
  for (const s of shapes.sums) {
    doc.font(fonts.regular).fontSize(s.fs).fillColor(colour(INK));
    doc.text(s.text, s.x, capTop(doc, s.fs, s.y), { lineBreak: false });
  }
  const fs = shapes.digitSize;
  for (const dgt of shapes.digits) {
    doc.font(dgt.given ? fonts.bold : fonts.regular).fontSize(fs).fillColor(colour(dgt.given ? INK : (opts.filled ?? FILLED)));
    const w = doc.widthOfString(dgt.text);
    doc.text(dgt.text, dgt.cx - w / 2, centredTop(doc, fs, dgt.cy), { lineBreak: false });
  }
  doc.restore();
}

// ---- SVG ----

const f2 = (v: number) => v.toFixed(2);
const FONTS = 'DejaVu Sans, Helvetica, Arial, sans-serif';

/** A CMYK tint of black as the sRGB grey it prints as. */
function grey(c: Cmyk): string {
  const v = Math.round(255 * (1 - c[3] / 100))
    .toString(16)
    .padStart(2, '0');
  return `#${v}${v}${v}`;
}

/** The same grid as a standalone SVG, `size` px square (default 360); line weights in px. */
export function kindGridSvg(g: Geometry, values: Uint8Array, opts: KindGridOptions & { size?: number; title?: string } = {}): string {
  const size = opts.size ?? 360;
  const scale = size / 360;
  const lines = opts.lines ?? { cell: 1 * scale, box: 3 * scale, border: 4 * scale };
  const pad = lines.border / 2 + 1;
  const side = size - 2 * pad;
  const s = kindGridShapes(g, values, { x: pad, y: pad, size: side }, { ...opts, lines });
  const seg = (l: Segment) => `M${f2(l.x1)} ${f2(l.y1)}H${f2(l.x2)}V${f2(l.y2)}`;
  const path = (segs: Segment[], attrs: string) => (segs.length ? `<path d="${segs.map(seg).join('')}" ${attrs}/>` : '');
  const parts: string[] = [];
  parts.push(`<rect width="${size}" height="${size}" fill="#fff"/>`);
  if (s.shaded.length) parts.push(`<g fill="${grey(DIAGONAL_SHADE)}">${s.shaded.map((r) => `<rect x="${f2(r.x)}" y="${f2(r.y)}" width="${f2(s.cell)}" height="${f2(s.cell)}"/>`).join('')}</g>`);
  if (s.marked) parts.push(`<rect x="${f2(s.marked.x)}" y="${f2(s.marked.y)}" width="${f2(s.cell)}" height="${f2(s.cell)}" fill="${grey(s.marked.dark ? MARK_ON_DIAGONALS : DIAGONAL_SHADE)}"/>`);
  if (s.cages.length) parts.push(`<g stroke="#000" fill="none">${path(s.cages, `stroke-width="${f2(s.cageLine)}" stroke-dasharray="${f2(s.dash[0])} ${f2(s.dash[1])}"`)}</g>`);
  if (s.sums.length) parts.push(`<g fill="#fff">${s.sums.map((m) => `<rect x="${f2(m.patch.x)}" y="${f2(m.patch.y)}" width="${f2(m.patch.w)}" height="${f2(m.patch.h)}"/>`).join('')}</g>`);
  parts.push(
    `<g stroke="#000" fill="none">` +
      path(s.thin, `stroke-width="${f2(lines.cell)}" stroke-linecap="butt"`) +
      path(s.thick, `stroke-width="${f2(lines.box)}" stroke-linecap="square"`) +
      `<rect x="${f2(pad)}" y="${f2(pad)}" width="${f2(side)}" height="${f2(side)}" stroke-width="${f2(lines.border)}"/>` +
      `</g>`,
  );
  if (s.sums.length) {
    parts.push(
      `<g font-family="${FONTS}" font-size="${f2(s.sums[0].fs)}" fill="#000">` +
        s.sums.map((m) => `<text x="${f2(m.x)}" y="${f2(m.y + m.fs * DIGIT_HEIGHT)}">${m.text}</text>`).join('') +
        `</g>`,
    );
  }
  const drop = (s.digitSize * DIGIT_HEIGHT) / 2;
  const text = (list: typeof s.digits) => list.map((d) => `<text x="${f2(d.cx)}" y="${f2(d.cy + drop)}" text-anchor="middle">${d.text}</text>`).join('');
  const givens = s.digits.filter((d) => d.given);
  const filled = s.digits.filter((d) => !d.given);
  parts.push(`<g font-family="${FONTS}" font-size="${f2(s.digitSize)}">`);
  if (givens.length) parts.push(`<g font-weight="bold" fill="#000">${text(givens)}</g>`);
  if (filled.length) parts.push(`<g fill="${grey(opts.filled ?? FILLED)}">${text(filled)}</g>`);
  parts.push(`</g>`);
  const title = opts.title ? `<title>${opts.title.replace(/[<&>"]/g, (c) => `&#${c.charCodeAt(0)};`)}</title>` : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">${title}${parts.join('')}</svg>\n`;
}
