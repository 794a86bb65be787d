/**
 * Step diagrams: one picture of any graded step, for books (pdfkit) and the web (SVG), from
 * one drawing model. `diagramModel` turns a position and its step into a list of primitives
 * (rectangles, lines, curves, circles, polygons, digits), each in tints of black and tagged
 * with what it shows; two small back-ends draw that list, so the PDF and the SVG show the
 * same thing at the same places.
 *
 * What is drawn, bottom to top: the units of the pattern in a faint tint, its cells in a
 * darker one; the grid; placed digits large (givens bold); every candidate in a 3 x 3
 * mini-grid of its cell, the pattern's candidates ringed and bold, eliminated ones grey and
 * crossed out, a placement as a black disc with the digit in white; chain links as curves
 * between candidates (strong solid, weak dashed) with an arrowhead at the candidate they lead
 * to, ending at its ring so no digit is hidden.
 *
 * SVG elements carry data attributes: data-role (pattern | eliminated | placed | link),
 * data-cell and data-digit (cell 0-80, digit 1-9; a pattern cell's tint has no digit), and for
 * links data-from and data-to ("cell:digit") and data-strong.
 */
import type { CellDigit, Step } from '../grader/technique.js';
import { DIGIT_HEIGHT } from './render-svg.js';

export interface DiagramInput {
  values: Uint8Array;
  cands: Uint16Array;
  step: Step;
  givens?: Uint8Array;
}

export type DiagramRole = 'pattern' | 'eliminated' | 'placed' | 'link';

/** What a primitive shows, for the SVG's data attributes. */
export interface DiagramData {
  role?: DiagramRole;
  cell?: number;
  digit?: number;
  from?: CellDigit;
  to?: CellDigit;
  strong?: boolean;
}

/** Ink: the share of black, 0 (paper) to 1 (solid black). */
export type DiagramPrimitive = { data?: DiagramData } & (
  | { kind: 'rect'; x: number; y: number; w: number; h: number; fill: number }
  | { kind: 'line'; x1: number; y1: number; x2: number; y2: number; width: number; ink: number; dash?: number[] }
  | { kind: 'curve'; x1: number; y1: number; qx: number; qy: number; x2: number; y2: number; width: number; ink: number; dash?: number[] }
  | { kind: 'circle'; cx: number; cy: number; r: number; fill: number | null; stroke: number | null; width: number }
  | { kind: 'polygon'; points: number[]; fill: number }
  | { kind: 'text'; cx: number; cy: number; size: number; text: string; bold: boolean; ink: number }
);

export interface DiagramOptions {
  /** Large print: heavier lines and bigger candidates. */
  largePrint?: boolean;
}

/** Tints of black used by the diagrams. */
export const DIAGRAM_INK = { unit: 0.07, cell: 0.2, eliminated: 0.7, line: 1 } as const;

/** Where things are in a diagram of side `size`: the grid's inset, a cell's side, a candidate's centre. */
export function diagramGeometry(size: number, opts: DiagramOptions = {}) {
  const border = size * (opts.largePrint ? 0.012 : 0.01);
  const pad = border / 2;
  const cell = (size - 2 * pad) / 9;
  const mini = cell / 3;
  return {
    pad,
    cell,
    mini,
    border,
    cellX: (c: number) => pad + (c % 9) * cell,
    cellY: (c: number) => pad + Math.floor(c / 9) * cell,
    /** Centre of candidate d in cell c. */
    cand: (c: number, d: number): [number, number] => [pad + (c % 9) * cell + (((d - 1) % 3) + 0.5) * mini, pad + Math.floor(c / 9) * cell + (Math.floor((d - 1) / 3) + 0.5) * mini],
    /** Radius of a candidate's ring. */
    ring: mini * 0.5,
  };
}

const UNIT_CELLS: number[][] = [
  ...Array.from({ length: 9 }, (_, r) => Array.from({ length: 9 }, (_, k) => r * 9 + k)),
  ...Array.from({ length: 9 }, (_, c) => Array.from({ length: 9 }, (_, k) => k * 9 + c)),
  ...Array.from({ length: 9 }, (_, b) => Array.from({ length: 9 }, (_, k) => (Math.floor(b / 3) * 3 + Math.floor(k / 3)) * 9 + (b % 3) * 3 + (k % 3))),
];

/** The primitives of a step's diagram, `size` points (or px) square, top left at (0, 0). */
export function diagramModel(input: DiagramInput, size: number, opts: DiagramOptions = {}): DiagramPrimitive[] {
  const { values, cands, step, givens } = input;
  const g = diagramGeometry(size, opts);
  const { cell, mini } = g;
  const p = step.pattern ?? { cells: [], candidates: [] };
  const out: DiagramPrimitive[] = [];
  const key = (c: number, d: number) => c * 9 + d - 1;
  const marked = new Set(p.candidates.map(([c, d]) => key(c, d)));
  const gone = new Set(step.eliminate.map(([c, d]) => key(c, d)));
  const placed = new Set(step.place.map(([c, d]) => key(c, d)));
  const k = opts.largePrint ? 1.25 : 1;

  // Tints: the pattern's units, then its cells.
  const tinted = new Set<number>();
  for (const u of p.units ?? []) for (const c of UNIT_CELLS[u]) tinted.add(c);
  for (const c of p.cells) tinted.delete(c);
  for (const c of [...tinted].sort((a, b) => a - b)) out.push({ kind: 'rect', x: g.cellX(c), y: g.cellY(c), w: cell, h: cell, fill: DIAGRAM_INK.unit });
  for (const c of p.cells) out.push({ kind: 'rect', x: g.cellX(c), y: g.cellY(c), w: cell, h: cell, fill: DIAGRAM_INK.cell, data: { role: 'pattern', cell: c } });

  // The grid: cell lines, box lines, the border.
  const side = 9 * cell;
  for (let i = 1; i < 9; i++) {
    const w = (i % 3 === 0 ? size * 0.006 : size * 0.0022) * k;
    const at = g.pad + i * cell;
    out.push({ kind: 'line', x1: at, y1: g.pad, x2: at, y2: g.pad + side, width: w, ink: DIAGRAM_INK.line });
    out.push({ kind: 'line', x1: g.pad, y1: at, x2: g.pad + side, y2: at, width: w, ink: DIAGRAM_INK.line });
  }
  for (const [x1, y1, x2, y2] of [
    [0, g.pad, size, g.pad],
    [0, g.pad + side, size, g.pad + side],
    [g.pad, 0, g.pad, size],
    [g.pad + side, 0, g.pad + side, size],
  ])
    out.push({ kind: 'line', x1, y1, x2, y2, width: g.border, ink: DIAGRAM_INK.line });

  // Placed digits, large.
  for (let c = 0; c < 81; c++) {
    if (!values[c]) continue;
    const given = givens ? givens[c] !== 0 : true;
    out.push({ kind: 'text', cx: g.cellX(c) + cell / 2, cy: g.cellY(c) + cell / 2, size: cell * 0.62, text: String(values[c]), bold: given, ink: given ? 1 : 0.8 });
  }

  // Candidates.
  const fs = mini * (opts.largePrint ? 0.95 : 0.9);
  const strike = Math.max(mini * 0.1, 0.5) * k;
  for (let c = 0; c < 81; c++) {
    if (values[c]) continue;
    for (let d = 1; d <= 9; d++) {
      if (!(cands[c] & (1 << (d - 1)))) continue;
      const [x, y] = g.cand(c, d);
      const id = key(c, d);
      if (placed.has(id)) {
        out.push({ kind: 'circle', cx: x, cy: y, r: g.ring * 1.05, fill: 1, stroke: null, width: 0, data: { role: 'placed', cell: c, digit: d } });
        out.push({ kind: 'text', cx: x, cy: y, size: fs, text: String(d), bold: true, ink: 0 });
      } else if (gone.has(id)) {
        // Struck through by one slash, the digit still readable beside it.
        out.push({ kind: 'text', cx: x, cy: y, size: fs, text: String(d), bold: false, ink: DIAGRAM_INK.eliminated });
        const h = mini * 0.42;
        out.push({ kind: 'line', x1: x - h, y1: y + h, x2: x + h, y2: y - h, width: strike, ink: 1, data: { role: 'eliminated', cell: c, digit: d } });
      } else if (marked.has(id)) {
        out.push({ kind: 'circle', cx: x, cy: y, r: g.ring, fill: 0, stroke: 1, width: strike * 0.8, data: { role: 'pattern', cell: c, digit: d } });
        out.push({ kind: 'text', cx: x, cy: y, size: fs, text: String(d), bold: true, ink: 1 });
      } else {
        out.push({ kind: 'text', cx: x, cy: y, size: fs, text: String(d), bold: false, ink: 0.85 });
      }
    }
  }

  // Chain links: curves bowed to one side so they pass beside the candidates between their
  // ends, ending at the rings, an arrowhead at the candidate each leads to.
  const width = Math.max(mini * 0.09, 0.45) * k;
  for (const link of p.links ?? []) {
    const [x1, y1] = g.cand(...link.from);
    const [x2, y2] = g.cand(...link.to);
    const dx = x2 - x1;
    const dy = y2 - y1;
    const len = Math.hypot(dx, dy);
    if (len === 0) continue;
    // Bowed towards the middle of the grid (of the cell, for a link inside one cell), so that
    // curves stay inside it; short links bow more, to leave room for the arrowhead.
    const bow = len < cell ? len * 0.6 : Math.min(len * 0.18, cell * 0.7);
    const [mx, my] = link.from[0] === link.to[0] ? [g.cellX(link.from[0]) + cell / 2, g.cellY(link.from[0]) + cell / 2] : [size / 2, size / 2];
    const off = (k: number) => Math.hypot((x1 + x2) / 2 - (dy / len) * bow * k - mx, (y1 + y2) / 2 + (dx / len) * bow * k - my);
    const side = off(1) <= off(-1) ? 1 : -1;
    const qx = (x1 + x2) / 2 - (dy / len) * bow * side;
    const qy = (y1 + y2) / 2 + (dx / len) * bow * side;
    // Start and end on the rings, along the curve's tangents there.
    const t1 = Math.hypot(qx - x1, qy - y1);
    const t2 = Math.hypot(x2 - qx, y2 - qy);
    const sx = x1 + ((qx - x1) / t1) * g.ring;
    const sy = y1 + ((qy - y1) / t1) * g.ring;
    const ux = (x2 - qx) / t2;
    const uy = (y2 - qy) / t2;
    const ex = x2 - ux * g.ring;
    const ey = y2 - uy * g.ring;
    const head = mini * 0.42 * k;
    const bx = ex - ux * head;
    const by = ey - uy * head;
    const data: DiagramData = { role: 'link', from: link.from, to: link.to, strong: link.strong };
    out.push({ kind: 'curve', x1: sx, y1: sy, qx, qy, x2: bx, y2: by, width, ink: 1, dash: link.strong ? undefined : [mini * 0.32, mini * 0.22], data });
    out.push({ kind: 'polygon', points: [ex, ey, bx - uy * head * 0.45, by + ux * head * 0.45, bx + uy * head * 0.45, by - ux * head * 0.45], fill: 1 });
  }
  return out;
}

const f2 = (n: number) => n.toFixed(2);
const grey = (ink: number) => {
  const v = Math.round(255 * (1 - ink))
    .toString(16)
    .padStart(2, '0');
  return `#${v}${v}${v}`;
};
const FONTS = 'DejaVu Sans, Helvetica, Arial, sans-serif';

function dataAttributes(d: DiagramData | undefined): string {
  if (!d) return '';
  let out = '';
  if (d.role) out += ` data-role="${d.role}"`;
  if (d.cell !== undefined) out += ` data-cell="${d.cell}"`;
  if (d.digit !== undefined) out += ` data-digit="${d.digit}"`;
  if (d.from) out += ` data-from="${d.from[0]}:${d.from[1]}"`;
  if (d.to) out += ` data-to="${d.to[0]}:${d.to[1]}"`;
  if (d.strong !== undefined) out += ` data-strong="${d.strong}"`;
  return out;
}

/** The diagram as a standalone SVG, `size` px square (default 360). */
export function diagramSvg(input: DiagramInput, opts: { size?: number; largePrint?: boolean } = {}): string {
  const size = opts.size ?? 360;
  const parts: string[] = [];
  for (const p of diagramModel(input, size, opts)) {
    const a = dataAttributes(p.data);
    switch (p.kind) {
      case 'rect':
        parts.push(`<rect x="${f2(p.x)}" y="${f2(p.y)}" width="${f2(p.w)}" height="${f2(p.h)}" fill="${grey(p.fill)}"${a}/>`);
        break;
      case 'line':
        parts.push(
          `<line x1="${f2(p.x1)}" y1="${f2(p.y1)}" x2="${f2(p.x2)}" y2="${f2(p.y2)}" stroke="${grey(p.ink)}" stroke-width="${f2(p.width)}"${p.dash ? ` stroke-dasharray="${p.dash.map(f2).join(' ')}"` : ''}${a}/>`,
        );
        break;
      case 'curve':
        parts.push(
          `<path d="M${f2(p.x1)} ${f2(p.y1)}Q${f2(p.qx)} ${f2(p.qy)} ${f2(p.x2)} ${f2(p.y2)}" fill="none" stroke="${grey(p.ink)}" stroke-width="${f2(p.width)}"${p.dash ? ` stroke-dasharray="${p.dash.map(f2).join(' ')}"` : ''}${a}/>`,
        );
        break;
      case 'circle':
        parts.push(
          `<circle cx="${f2(p.cx)}" cy="${f2(p.cy)}" r="${f2(p.r)}" fill="${p.fill === null ? 'none' : grey(p.fill)}"${p.stroke === null ? '' : ` stroke="${grey(p.stroke)}" stroke-width="${f2(p.width)}"`}${a}/>`,
        );
        break;
      case 'polygon':
        parts.push(`<polygon points="${p.points.map(f2).join(' ')}" fill="${grey(p.fill)}"${a}/>`);
        break;
      case 'text':
        parts.push(
          `<text x="${f2(p.cx)}" y="${f2(p.cy + (p.size * DIGIT_HEIGHT) / 2)}" font-size="${f2(p.size)}" text-anchor="middle" fill="${grey(p.ink)}"${p.bold ? ' font-weight="bold"' : ''}${a}>${p.text}</text>`,
        );
        break;
    }
  }
  const title = `${input.step.technique}: ${input.step.explain}`.replace(/[<&>"]/g, (c) => `&#${c.charCodeAt(0)};`);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}" font-family="${FONTS}" stroke-linecap="butt">` +
    `<title>${title}</title><rect width="${size}" height="${size}" fill="#fff"/>${parts.join('')}</svg>\n`
  );
}

/** pdfkit's CMYK (0-100) for a tint of black. */
const cmyk = (ink: number) => [0, 0, 0, Math.round(ink * 1000) / 10] as unknown as PDFKit.Mixins.ColorValue;

/**
 * Draw the diagram on a pdfkit page in `box` (points), black ink only. Digits are set in the
 * document's fonts registered as 'regular' and 'bold' (as every book registers them).
 */
export function drawDiagram(doc: PDFKit.PDFDocument, input: DiagramInput, box: { x: number; y: number; size: number }, opts: DiagramOptions = {}): void {
  doc.save();
  doc.translate(box.x, box.y);
  doc.lineCap('butt');
  for (const p of diagramModel(input, box.size, opts)) {
    switch (p.kind) {
      case 'rect':
        doc.rect(p.x, p.y, p.w, p.h).fill(cmyk(p.fill));
        break;
      case 'line':
      case 'curve':
        doc.lineWidth(p.width).strokeColor(cmyk(p.ink));
        if (p.dash) doc.dash(p.dash[0], { space: p.dash[1] });
        else doc.undash();
        doc.moveTo(p.x1, p.y1);
        if (p.kind === 'curve') doc.quadraticCurveTo(p.qx, p.qy, p.x2, p.y2);
        else doc.lineTo(p.x2, p.y2);
        doc.stroke();
        doc.undash();
        break;
      case 'circle':
        doc.circle(p.cx, p.cy, p.r);
        if (p.fill !== null && p.stroke !== null) doc.lineWidth(p.width).fillAndStroke(cmyk(p.fill), cmyk(p.stroke));
        else if (p.fill !== null) doc.fill(cmyk(p.fill));
        else if (p.stroke !== null) doc.lineWidth(p.width).stroke(cmyk(p.stroke));
        break;
      case 'polygon':
        doc.polygon(...pairsOf(p.points)).fill(cmyk(p.fill));
        break;
      case 'text': {
        doc.font(p.bold ? 'bold' : 'regular').fontSize(p.size).fillColor(cmyk(p.ink));
        const w = doc.widthOfString(p.text);
        const font = (doc as unknown as { _font: { ascender: number } })._font;
        // Centred on (cx, cy): the baseline half a digit height below the centre.
        const top = p.cy + (p.size * DIGIT_HEIGHT) / 2 - (font.ascender / 1000) * p.size;
        doc.text(p.text, p.cx - w / 2, top, { lineBreak: false });
        break;
      }
    }
  }
  doc.restore();
}

function pairsOf(xs: number[]): [number, number][] {
  const out: [number, number][] = [];
  for (let i = 0; i < xs.length; i += 2) out.push([xs[i], xs[i + 1]]);
  return out;
}
