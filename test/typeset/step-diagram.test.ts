import { createWriteStream, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import PDFDocument from 'pdfkit';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseGrid } from '../../src/core/grid.js';
import { Candidates } from '../../src/grader/candidates.js';
import { applyStep, gradePuzzle } from '../../src/grader/grade.js';
import {
  dynamicForcingChain,
  dynamicForcingChainPlus,
  forcingChainCycle,
  multipleForcingChain,
  nestedForcingChain,
  nestedMultipleForcingChain,
  nishio,
} from '../../src/grader/chaining/producers.js';
import { CHAINING_NAMES, TECHNIQUES } from '../../src/grader/registry.js';
import type { CellDigit, Step, Technique } from '../../src/grader/technique.js';
import { openFont } from '../../src/typeset/fonts.js';
import { diagramGeometry, diagramSvg, drawDiagram, type DiagramInput } from '../../src/typeset/step-diagram.js';
import { fontFile } from '../../src/typeset/templates.js';
import { loadState } from '../grader/chaining/fixtures.js';
import { fixturePuzzles, patternSources } from '../grader/pattern-check.js';
import { sePositions } from '../grader/se-positions.js';
import { runCli } from '../helpers/cli.js';
import { readPdf } from '../helpers/pdf.js';
import { blackOnlyProblems, contentStreams } from './pdf-ops.js';

const tmp = mkdtempSync(join(tmpdir(), 'sp-diagram-'));
const key = ([c, d]: CellDigit) => `${c}:${d}`;
const sorted = (xs: string[]) => [...xs].sort();

/** Positions and steps of graded paths (givens: the puzzle's clues). */
function pathInputs(puzzle: string): DiagramInput[] {
  const grid = parseGrid(puzzle);
  const s = Candidates.fromPuzzle(grid);
  const out: DiagramInput[] = [];
  for (const step of gradePuzzle(grid, { steps: true }).steps ?? []) {
    out.push({ values: s.values.slice(), cands: s.cands.slice(), step, givens: grid });
    applyStep(s, step);
  }
  return out;
}

/** One step of every technique of the registry up to level 3 of the nested chains. */
function oneOfEach(paths: DiagramInput[]): Map<string, DiagramInput> {
  const byTechnique = new Map<string, DiagramInput>();
  const chains: [Technique, string, number][] = [
    [forcingChainCycle, 'y-cycle', 0],
    [nishio, 'nishio', 0],
    [multipleForcingChain, 'region-forcing-chain', 0],
    [dynamicForcingChain, 'dynamic-cell-forcing-chain', 0],
    [dynamicForcingChainPlus, 'dynamic-plus-region-forcing-chain', 1],
    [nestedForcingChain, 'nested-region-forcing-chain-cycle', 2],
    [nestedMultipleForcingChain, 'nested-region-forcing-chain', 3],
  ];
  for (const [t, state, maxLevel] of chains) {
    const s = loadState(state);
    const step = t.find(s, { work: 0, maxWork: 50_000_000, maxLevel });
    if (step) byTechnique.set(t.name, { values: s.values, cands: s.cands, step });
  }
  const wings = ['vwxyz-wing', 'uvwxyz-wing', 'tuvwxyz-wing', 'aligned-pair-exclusion', 'aligned-triplet-exclusion', 'three-strong-links', 'four-strong-links'].flatMap((n) =>
    sePositions(n).map((p) => ({ values: p.state.values, cands: p.state.cands })),
  );
  const positions = [...paths, ...wings];
  for (const t of TECHNIQUES) {
    if (CHAINING_NAMES.includes(t.name) || byTechnique.has(t.name)) continue;
    for (const p of positions) {
      const s = new Candidates(p.values.slice(), p.cands.slice());
      s.unique = true;
      const step = t.find(s);
      if (step) {
        byTechnique.set(t.name, { values: p.values, cands: p.cands, step });
        break;
      }
    }
  }
  return byTechnique;
}

/** data-role elements of an SVG: [role, cell, digit] (digit -1 for none) and the links. */
function svgMarks(svg: string) {
  const marks: { role: string; cell: number; digit: number }[] = [];
  const links: { from: string; to: string; strong: boolean }[] = [];
  for (const m of svg.matchAll(/<(\w+)[^>]*data-role="(\w+)"[^>]*>/g)) {
    const el = m[0];
    const attr = (name: string) => /"([^"]*)"/.exec(el.split(` ${name}=`)[1] ?? '')?.[1];
    if (m[2] === 'link') links.push({ from: attr('data-from')!, to: attr('data-to')!, strong: attr('data-strong') === 'true' });
    else marks.push({ role: m[2], cell: Number(attr('data-cell')), digit: attr('data-digit') === undefined ? -1 : Number(attr('data-digit')) });
  }
  return { marks, links };
}

function expectSvgMarksStep(input: DiagramInput): void {
  const svg = diagramSvg(input, { size: 300 });
  const { marks, links } = svgMarks(svg);
  const { step } = input;
  const p = step.pattern!;
  const of = (role: string, withDigit: boolean) => sorted(marks.filter((m) => m.role === role && (m.digit >= 0) === withDigit).map((m) => (withDigit ? `${m.cell}:${m.digit}` : `${m.cell}`)));
  const placedKeys = new Set(step.place.map(key));
  expect(of('pattern', false), step.explain).toEqual(sorted(p.cells.map(String)));
  expect(of('pattern', true), step.explain).toEqual(sorted(p.candidates.map(key).filter((k) => !placedKeys.has(k))));
  expect(of('eliminated', true), step.explain).toEqual(sorted(step.eliminate.map(key)));
  expect(of('placed', true), step.explain).toEqual(sorted(step.place.map(key)));
  expect(links, step.explain).toEqual((p.links ?? []).map((l) => ({ from: key(l.from), to: key(l.to), strong: l.strong })));
  // Greys only: every colour has equal red, green and blue.
  const colours = [...svg.matchAll(/(?:fill|stroke)="#([0-9a-f]{6})"/g)].map((m) => m[1]);
  expect(colours.length).toBeGreaterThan(81);
  expect(colours.filter((hex) => hex.slice(0, 2) !== hex.slice(2, 4) || hex.slice(2, 4) !== hex.slice(4, 6))).toEqual([]);
}

const PATHS = patternSources().flatMap(pathInputs);

describe('step diagrams (SVG)', () => {
  it('mark exactly the pattern cells and candidates, the eliminations, placements and links of every step of graded paths', () => {
    // Every step beyond singles, and one single in ten.
    const singles = /^(full-house|hidden-single|naked-single)$/;
    const some = PATHS.filter((input, i) => !singles.test(input.step.technique) || i % 10 === 0);
    expect(some.length).toBeGreaterThan(200);
    for (const input of some) expectSvgMarksStep(input);
  });

  it('render a step of every technique of the registry', () => {
    const each = oneOfEach(PATHS);
    const missing = TECHNIQUES.filter((t) => t.weight < 10.5 && !each.has(t.name)).map((t) => t.name);
    expect(missing).toEqual([]);
    for (const input of each.values()) expectSvgMarksStep(input);
  });

  it('draw chains with strong links solid and weak links dashed, each with an arrowhead', () => {
    const chain = PATHS.find((i) => /cycle|^aic$|chain/.test(i.step.technique))!;
    const svg = diagramSvg(chain, { size: 360 });
    const paths = [...svg.matchAll(/<path [^>]*data-role="link"[^>]*>/g)].map((m) => m[0]);
    expect(paths.length).toBe(chain.step.pattern!.links!.length);
    for (const [k, l] of chain.step.pattern!.links!.entries()) expect(paths[k].includes('stroke-dasharray'), paths[k]).toBe(!l.strong);
    expect([...svg.matchAll(/<polygon /g)].length).toBe(paths.length);
  });
});

describe('step diagrams (PDF)', () => {
  const file = join(tmp, 'diagrams.pdf');
  const SIZE = 170; // about 60 mm: four to a Letter page
  const boxes = [0, 1, 2, 3].map((i) => ({ x: 54 + (i % 2) * 260, y: 80 + Math.floor(i / 2) * 300, size: SIZE }));
  const inputs = [
    PATHS.find((i) => i.step.technique === 'x-wing') ?? PATHS.find((i) => i.step.technique === 'pointing')!,
    PATHS.find((i) => i.step.technique === 'hidden-pair') ?? PATHS.find((i) => i.step.technique === 'naked-pair')!,
    PATHS.find((i) => /cycle|^aic$/.test(i.step.technique))!,
    PATHS.find((i) => i.step.place.length > 0 && i.step.technique !== 'hidden-single')!,
  ];

  beforeAll(async () => {
    const doc = new PDFDocument({ size: [612, 792], margin: 0, font: null as unknown as string });
    doc.registerFont('regular', openFont(fontFile('DejaVuSans')) as unknown as string);
    doc.registerFont('bold', openFont(fontFile('DejaVuSans-Bold')) as unknown as string);
    const done = new Promise<void>((resolve) => doc.pipe(createWriteStream(file)).on('finish', () => resolve()));
    inputs.forEach((input, i) => drawDiagram(doc, input, boxes[i]));
    doc.end();
    await done;
  });

  it('black ink only', () => {
    expect(blackOnlyProblems(file)).toEqual([]);
  });

  it('tint exactly the pattern cells and strike exactly the eliminations, where they are on the page', () => {
    const ops = drawnOps(contentStreams(file).join('\n'));
    const g = diagramGeometry(SIZE);
    inputs.forEach((input, i) => {
      const b = boxes[i];
      const inBox = (x: number, y: number) => x >= b.x && x <= b.x + SIZE && y >= b.y && y <= b.y + SIZE;
      const cellAt = (x: number, y: number) => Math.floor((y - b.y - g.pad) / g.cell) * 9 + Math.floor((x - b.x - g.pad) / g.cell);
      const tinted = ops.rects.filter((r) => Math.abs(r.k - 0.2) < 1e-6 && inBox(r.x + 1, r.y + 1)).map((r) => cellAt(r.x + r.w / 2, r.y + r.h / 2));
      expect(sorted(tinted.map(String)), input.step.explain).toEqual(sorted(input.step.pattern!.cells.map(String)));
      // Strikes: the diagonal straight lines; their middle is the struck candidate's centre.
      const struck = ops.lines
        .filter((l) => l.x1 !== l.x2 && l.y1 !== l.y2 && inBox(l.x1, l.y1))
        .map((l) => {
          const [mx, my] = [(l.x1 + l.x2) / 2, (l.y1 + l.y2) / 2];
          const c = cellAt(mx, my);
          const d = Math.floor((my - b.y - g.cellY(c)) / g.mini) * 3 + Math.floor((mx - b.x - g.cellX(c)) / g.mini) + 1;
          return `${c}:${d}`;
        });
      expect(sorted(struck), input.step.explain).toEqual(sorted(input.step.eliminate.map(key)));
    });
  });

  it('print the candidates, the pattern ones and placements in bold, at their places', async () => {
    const pdf = await readPdf(file);
    const g = diagramGeometry(SIZE);
    inputs.forEach((input, i) => {
      const b = boxes[i];
      const small = pdf.pages[0].filter((t) => t.size < g.mini && t.x >= b.x && t.x <= b.x + SIZE && t.y >= b.y && t.y <= b.y + SIZE);
      // Every candidate once (the reader joins neighbours of one font into one item).
      const digits = (items: { str: string }[]) => items.map((t) => t.str.replace(/\s/g, '')).join('');
      let count = 0;
      for (let c = 0; c < 81; c++) for (let m = input.cands[c]; m; m &= m - 1) count++;
      expect(digits(small).length).toBe(count);
      const bold = small.filter((t) => t.font === boldFont(small));
      const expected = [...new Set([...input.step.pattern!.candidates.map(key), ...input.step.place.map(key)])];
      expect(sorted(digits(bold).split('')), input.step.explain).toEqual(sorted(expected.map((k) => k.split(':')[1])));
      for (const t of bold) {
        // The first digit of an item: its cell is where the item starts.
        const cx = t.x + g.mini * 0.3 - b.x;
        const cy = t.y - b.y - (t.size * 0.729) / 2;
        const c = Math.floor((cy - g.pad) / g.cell) * 9 + Math.floor((cx - g.pad) / g.cell);
        expect(expected, input.step.explain).toContain(`${c}:${t.str[0]}`);
      }
    });
  });
});

/** The font of the bold candidates: of the two the candidates use, the rarer (most candidates are plain). */
function boldFont(small: { font: string }[]): string {
  const count = new Map<string, number>();
  for (const t of small) count.set(t.font, (count.get(t.font) ?? 0) + 1);
  const fonts = [...count].sort((x, y) => x[1] - y[1]);
  return fonts.length === 2 ? fonts[0][0] : '';
}

/** Filled rectangles (with their black tint) and straight stroked lines of content streams, in page space. */
function drawnOps(stream: string) {
  const rects: { x: number; y: number; w: number; h: number; k: number }[] = [];
  const lines: { x1: number; y1: number; x2: number; y2: number }[] = [];
  // The inverse of the page's first transformation (pdfkit's flip to top-left coordinates), so
  // that points come out in those coordinates.
  let m = [1, 0, 0, -1, 0, 792];
  const stack: number[][] = [];
  let fillK = 1;
  let pending: { x: number; y: number; w: number; h: number } | null = null;
  let path: [number, number][] = [];
  let curved = false;
  const at = (x: number, y: number): [number, number] => [m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]];
  const nums: number[] = [];
  for (const tok of stream.split(/\s+/)) {
    if (/^-?[\d.]+$/.test(tok)) {
      nums.push(Number(tok));
      continue;
    }
    const a = nums.splice(0);
    if (tok === 'q') stack.push(m);
    else if (tok === 'Q') m = stack.pop()!;
    else if (tok === 'cm') {
      const [a0, b0, c0, d0, e0, f0] = a;
      m = [a0 * m[0] + b0 * m[2], a0 * m[1] + b0 * m[3], c0 * m[0] + d0 * m[2], c0 * m[1] + d0 * m[3], e0 * m[0] + f0 * m[2] + m[4], e0 * m[1] + f0 * m[3] + m[5]];
    } else if (tok === 'scn' || tok === 'k') {
      if (a.length === 4) fillK = a[3];
    } else if (tok === 're') {
      const [x1, y1] = at(a[0], a[1]);
      const [x2, y2] = at(a[0] + a[2], a[1] + a[3]);
      pending = { x: Math.min(x1, x2), y: Math.min(y1, y2), w: Math.abs(x2 - x1), h: Math.abs(y2 - y1) };
    } else if (tok === 'f' || tok === 'f*') {
      if (pending) rects.push({ ...pending, k: fillK });
      pending = null;
      path = [];
    } else if (tok === 'm') {
      path = [at(a[0], a[1])];
      curved = false;
    } else if (tok === 'l') path.push(at(a[0], a[1]));
    else if (tok === 'c' || tok === 'v' || tok === 'y') curved = true;
    else if (tok === 'S') {
      if (!curved && path.length === 2) lines.push({ x1: path[0][0], y1: path[0][1], x2: path[1][0], y2: path[1][1] });
      path = [];
    } else if (tok === 'n' || tok === 'B' || tok === 'b') path = [];
  }
  return { rects, lines };
}

describe('grade --steps --diagrams', () => {
  it('shows each step pattern in the jsonl and writes one SVG per step beyond singles, marking its pattern', () => {
    const puzzles = fixturePuzzles('se-rated/er-4-to-7.5.tsv', 10);
    const dir = join(tmp, 'grade-diagrams');
    const r = runCli(['grade', '--steps', '--diagrams', dir], puzzles.join('\n') + '\n');
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const rows = r.stdout.trim().split('\n').map((l) => JSON.parse(l) as { puzzle: string; steps: Step[] });
    const expected: string[] = [];
    rows.forEach((row, i) => {
      const grid = parseGrid(row.puzzle);
      const s = Candidates.fromPuzzle(grid);
      row.steps.forEach((step, k) => {
        expect(step.pattern!.cells.length).toBeGreaterThan(0);
        if (!/^(full-house|hidden-single|naked-single)$/.test(step.technique)) {
          const name = `${i + 1}-${k + 1}-${step.technique}.svg`;
          expected.push(name);
          // The file is the diagram of that step in the position before it.
          expect(readFileSync(join(dir, name), 'utf8')).toBe(diagramSvg({ values: s.values, cands: s.cands, step, givens: grid }));
        }
        applyStep(s, step);
      });
    });
    expect(expected.length).toBeGreaterThan(3);
    expect(sorted(readdirSync(dir))).toEqual(sorted(expected));
  });

  it('--diagrams without --steps is refused in one line', () => {
    const r = runCli(['grade', '--diagrams', join(tmp, 'none')], fixturePuzzles('se-rated/basic.tsv')[0] + '\n');
    expect(r.status).toBe(1);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toContain('--diagrams');
  });
});
