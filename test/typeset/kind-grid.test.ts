import { createWriteStream, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import { Geometry, type Cage } from '../../src/geometry/geometry.js';
import { drawKindGrid, kindGridSvg, type KindGridOptions } from '../../src/typeset/kind-grid.js';
import { fontFile, LINE_DEFAULTS } from '../../src/typeset/templates.js';
import { readPdf, type TextItem } from '../helpers/pdf.js';
import { blackOnlyProblems, contentStreams } from './pdf-ops.js';

const tmp = mkdtempSync(join(tmpdir(), 'sp-kind-grid-'));
const BOX = { x: 100, y: 120, size: 240 };

/** One grid drawn on a page of its own, uncompressed; the file's name. */
async function drawn(name: string, g: Geometry, values: Uint8Array, opts: KindGridOptions = {}): Promise<string> {
  const file = join(tmp, `${name}.pdf`);
  const doc = new PDFDocument({ size: [440, 480], margin: 0, compress: false });
  doc.registerFont('regular', fontFile('DejaVuSans'));
  doc.registerFont('bold', fontFile('DejaVuSans-Bold'));
  const out = createWriteStream(file);
  doc.pipe(out);
  drawKindGrid(doc, g, values, BOX, opts);
  doc.end();
  await new Promise((ok) => out.on('finish', ok));
  return file;
}

interface Stroke {
  width: number;
  dashed: boolean;
  segs: [number, number, number, number][];
}

/** Every stroked path of the page: its line width, whether dashed, and its straight pieces (m ... l). */
function strokes(file: string): Stroke[] {
  const out: Stroke[] = [];
  let width = 1;
  let dashed = false;
  let segs: Stroke['segs'] = [];
  let at: [number, number] = [0, 0];
  for (const s of contentStreams(file)) {
    for (const line of s.split('\n')) {
      const t = line.trim().split(/\s+/);
      const op = t[t.length - 1];
      if (op === 'w') width = Number(t[0]);
      else if (op === 'd') dashed = !line.startsWith('[]');
      else if (op === 'm') at = [Number(t[0]), Number(t[1])];
      else if (op === 'l') {
        segs.push([at[0], at[1], Number(t[0]), Number(t[1])]);
        at = [Number(t[0]), Number(t[1])];
      } else if (op === 'S') {
        out.push({ width, dashed, segs });
        segs = [];
      } else if (op === 'f' || op === 'n') segs = [];
    }
  }
  return out;
}

/** The cell edges (unit steps of the grid) a set of straight pieces covers, as "v c r" / "h r c" keys. */
function edgesOf(segs: Stroke['segs'], n: number): Set<string> {
  const cell = BOX.size / n;
  const edges = new Set<string>();
  for (const [x1, y1, x2, y2] of segs) {
    if (x1 === x2) {
      const c = Math.round((x1 - BOX.x) / cell);
      for (let r = Math.round((Math.min(y1, y2) - BOX.y) / cell); r < Math.round((Math.max(y1, y2) - BOX.y) / cell); r++) edges.add(`v ${c} ${r}`);
    } else {
      const r = Math.round((y1 - BOX.y) / cell);
      for (let c = Math.round((Math.min(x1, x2) - BOX.x) / cell); c < Math.round((Math.max(x1, x2) - BOX.x) / cell); c++) edges.add(`h ${r} ${c}`);
    }
  }
  return edges;
}

/** The inner edges between cells whose regions differ (expected thick) and those between cells of one region. */
function regionEdges(regions: string, n: number): { thick: Set<string>; thin: Set<string> } {
  const thick = new Set<string>();
  const thin = new Set<string>();
  for (let r = 0; r < n; r++)
    for (let c = 0; c < n; c++) {
      if (c > 0) (regions[r * n + c] !== regions[r * n + c - 1] ? thick : thin).add(`v ${c} ${r}`);
      if (r > 0) (regions[r * n + c] !== regions[(r - 1) * n + c] ? thick : thin).add(`h ${r} ${c}`);
    }
  return { thick, thin };
}

const jigsawRegions = 'AAAB' + 'ACBB' + 'CCDB' + 'CDDD';
const jigsaw4 = () => new Geometry({ kind: 'jigsaw', size: 4, regions: Uint8Array.from(jigsawRegions, (ch) => ch.charCodeAt(0) - 65) });

/** Text items whose centre falls in cell i. */
function inCell(items: TextItem[], i: number, n: number): TextItem[] {
  const cell = BOX.size / n;
  const left = BOX.x + (i % n) * cell;
  const top = BOX.y + Math.floor(i / n) * cell;
  return items.filter((t) => t.x + t.width / 2 > left && t.x + t.width / 2 < left + cell && t.y - t.size * 0.36 > top && t.y - t.size * 0.36 < top + cell);
}

describe('grids of every kind in a PDF', () => {
  it('jigsaw: thick lines exactly where neighbouring cells lie in different regions, thin lines elsewhere, the frame around', async () => {
    const g = jigsaw4();
    const file = await drawn('jigsaw', g, new Uint8Array(16));
    const all = strokes(file);
    const byWidth = (w: number) => edgesOf(all.filter((s) => s.width === w && !s.dashed).flatMap((s) => s.segs), 4);
    const want = regionEdges(jigsawRegions, 4);
    expect(byWidth(LINE_DEFAULTS.box)).toEqual(want.thick);
    expect(byWidth(LINE_DEFAULTS.cell)).toEqual(want.thin);
    // The frame: a rectangle the size of the grid at the border weight.
    const s = contentStreams(file).join('\n');
    expect(s).toMatch(new RegExp(`${LINE_DEFAULTS.border} w[\\s\\S]*${BOX.x} ${BOX.y} ${BOX.size} ${BOX.size} re`));
    expect(blackOnlyProblems(file)).toEqual([]);
  });

  it('classic 6x6: box lines every 2 rows and 3 columns', async () => {
    const g = new Geometry({ kind: 'classic', size: 6, box: [2, 3] });
    const file = await drawn('six', g, new Uint8Array(36));
    const thick = edgesOf(strokes(file).filter((s) => s.width === LINE_DEFAULTS.box).flatMap((s) => s.segs), 6);
    const regions = Array.from(g.regions, (r) => String.fromCharCode(65 + r)).join('');
    expect(thick).toEqual(regionEdges(regions, 6).thick);
    expect([...thick].filter((e) => e.startsWith('v')).map((e) => e.split(' ')[1])).toEqual(Array(6).fill('3'));
  });

  it('X: the cells of both diagonals shaded in a light tint of black, nothing else', async () => {
    const g = new Geometry({ kind: 'x', size: 4, box: [2, 2] });
    const file = await drawn('x', g, new Uint8Array(16));
    const s = contentStreams(file).join('\n');
    const cell = BOX.size / 4;
    const rects = [...s.matchAll(/^([\d.]+) ([\d.]+) ([\d.]+) ([\d.]+) re$/gm)].map((m) => m.slice(1).map(Number)).filter((r) => r[2] === cell);
    const cells = rects.map(([x, y]) => Math.round((y - BOX.y) / cell) * 4 + Math.round((x - BOX.x) / cell)).sort((a, b) => a - b);
    expect(cells).toEqual([0, 3, 5, 6, 9, 10, 12, 15]);
    expect(s).toMatch(/\/DeviceCMYK cs\s+0 0 0 0\.15 scn\s+f/);
    expect(blackOnlyProblems(file)).toEqual([]);
  });

  it('killer: dashed outlines inset inside every cage border and never between two cells of one cage; sums small in the first cell\'s corner, clear of the digits', async () => {
    const cages: Cage[] = [
      { sum: 3, cells: [0, 1] },
      { sum: 12, cells: [2, 3, 7] },
      { sum: 8, cells: [4, 8, 9] },
      { sum: 5, cells: [5, 6] },
      { sum: 13, cells: [10, 11, 14, 15] },
      { sum: 9, cells: [12, 13] },
    ];
    const g = new Geometry({ kind: 'killer', size: 4, box: [2, 2], cages });
    const solution = Uint8Array.from([1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1]);
    const givens = new Uint8Array(16);
    givens[10] = 4;
    const file = await drawn('killer', g, solution, { givens });
    const dashed = strokes(file).filter((s) => s.dashed).flatMap((s) => s.segs);
    expect(dashed.length).toBeGreaterThan(0);
    const cell = BOX.size / 4;
    const near = cell / 4;
    /** Whether a dashed piece runs inside cell i, parallel to its side and within a quarter cell of it, through the side's middle. */
    const covered = (i: number, side: 'top' | 'bottom' | 'left' | 'right') => {
      const left = BOX.x + (i % 4) * cell;
      const top = BOX.y + Math.floor(i / 4) * cell;
      const mid = side === 'top' || side === 'bottom' ? left + cell / 2 : top + cell / 2;
      const line = { top, bottom: top + cell, left, right: left + cell }[side];
      const inward = side === 'top' || side === 'left' ? 1 : -1;
      return dashed.some(([x1, y1, x2, y2]) => {
        if (side === 'top' || side === 'bottom') return y1 === y2 && (y1 - line) * inward > 0 && (y1 - line) * inward < near && Math.min(x1, x2) < mid && Math.max(x1, x2) > mid;
        return x1 === x2 && (x1 - line) * inward > 0 && (x1 - line) * inward < near && Math.min(y1, y2) < mid && Math.max(y1, y2) > mid;
      });
    };
    for (let i = 0; i < 16; i++) {
      const r = Math.floor(i / 4);
      const c = i % 4;
      const next = { top: r > 0 ? i - 4 : -1, bottom: r < 3 ? i + 4 : -1, left: c > 0 ? i - 1 : -1, right: c < 3 ? i + 1 : -1 };
      for (const side of ['top', 'bottom', 'left', 'right'] as const) {
        const open = next[side] < 0 || g.cageOf[next[side]] !== g.cageOf[i];
        expect(covered(i, side), `cell ${i} ${side}`).toBe(open);
      }
    }
    const items = (await readPdf(file)).pages[0];
    const digitSize = Math.max(...items.map((t) => t.size));
    for (const cage of cages) {
      const first = Math.min(...cage.cells);
      const sum = inCell(items, first, 4).find((t) => t.str === String(cage.sum) && t.size < digitSize / 2);
      expect(sum, `sum ${cage.sum}`).toBeDefined();
      // In the top-left quarter of the cell, and above the digit's top.
      const left = BOX.x + (first % 4) * cell;
      const top = BOX.y + Math.floor(first / 4) * cell;
      expect(sum!.x - left).toBeLessThan(cell / 4);
      expect(sum!.y - top).toBeLessThan(cell / 3);
      const digit = inCell(items, first, 4).find((t) => t.size === digitSize)!;
      expect(digit.str).toBe(String(solution[first]));
      expect(sum!.y).toBeLessThan(digit.y - digit.size * 0.73);
    }
    // The given bold, the other digits regular.
    const fontOf = (i: number) => inCell(items, i, 4).find((t) => t.size === digitSize)!.font;
    expect(fontOf(10)).not.toBe(fontOf(0));
    expect(new Set([0, 1, 2, 3, 15].map(fontOf)).size).toBe(1);
    expect(blackOnlyProblems(file)).toEqual([]);
    // An answer key's way: the digits alone, at the size of other grids' digits.
    const plain = await drawn('killer-plain', g, solution, { givens, cages: false });
    expect(strokes(plain).filter((s) => s.dashed)).toEqual([]);
    const plainItems = (await readPdf(plain)).pages[0];
    expect(plainItems.map((t) => t.str).join('')).toBe(Array.from(solution).join(''));
    expect(Math.min(...plainItems.map((t) => t.size))).toBeGreaterThan(digitSize);
  });

  it('16x16: digits beyond 9 as letters A-G by default, as 10-16 with digits: numbers, each centred in its cell', async () => {
    const g = new Geometry({ kind: 'classic', size: 16, box: [4, 4] });
    const row = Uint8Array.from({ length: 256 }, (_, i) => (i < 16 ? i + 1 : 0));
    for (const [style, want] of [
      ['letters', ['1', '2', '3', '4', '5', '6', '7', '8', '9', 'A', 'B', 'C', 'D', 'E', 'F', 'G']],
      ['numbers', Array.from({ length: 16 }, (_, k) => String(k + 1))],
    ] as const) {
      const file = await drawn(`giant-${style}`, g, row, { digits: style });
      const items = (await readPdf(file)).pages[0];
      expect(Array.from({ length: 16 }, (_, i) => inCell(items, i, 16).map((t) => t.str).join(''))).toEqual(want);
      // Two-character numbers fit inside their cells.
      const cell = BOX.size / 16;
      for (const t of items) expect(t.width).toBeLessThan(cell * 0.9);
    }
  });
});

describe('the SVG twin', () => {
  it('draws the same region borders, cages, sums and digits', () => {
    const g = new Geometry({ kind: 'killer', size: 4, box: [2, 2], diagonals: true, cages: [{ sum: 3, cells: [0, 1] }, { sum: 7, cells: [2, 3, 7] }, { sum: 30, cells: [4, 5, 6, 8, 9, 10, 11, 12, 13, 14, 15] }] });
    const solution = Uint8Array.from([1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1]);
    const svg = kindGridSvg(g, solution, { size: 360, givens: Uint8Array.from([1, ...Array(15).fill(0)]) });
    const texts = [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]);
    expect(texts.slice(0, 3)).toEqual(['3', '7', '30']);
    expect(texts.slice(3)).toEqual(Array.from(solution, String));
    expect(svg).toMatch(/stroke-dasharray/);
    expect(svg.match(/<rect x="[^"]*" y="[^"]*" width="[^"]*" height="[^"]*"\/>/g)!.length).toBeGreaterThanOrEqual(7 + 3);
    expect(svg).toContain('font-weight="bold" fill="#000"><text');
    // Jigsaw region borders: the thick path's pieces cover exactly the region edges.
    const j = kindGridSvg(jigsaw4(), new Uint8Array(16), { size: 360 });
    const thick = /<path d="([^"]*)" stroke-width="3.00" stroke-linecap="square"\/>/.exec(j)![1];
    const pad = 4 / 2 + 1;
    const cell = (360 - 2 * pad) / 4;
    const edges = new Set<string>();
    for (const m of thick.matchAll(/M([\d.]+) ([\d.]+)H([\d.]+)V([\d.]+)/g)) {
      const [x1, y1, x2, y2] = m.slice(1).map((v) => (Number(v) - pad) / cell);
      if (Math.abs(x1 - x2) < 1e-3) for (let r = Math.round(y1); r < Math.round(y2); r++) edges.add(`v ${Math.round(x1)} ${r}`);
      else for (let c = Math.round(x1); c < Math.round(x2); c++) edges.add(`h ${Math.round(y1)} ${c}`);
    }
    expect(edges).toEqual(regionEdges(jigsawRegions, 4).thick);
  });
});
