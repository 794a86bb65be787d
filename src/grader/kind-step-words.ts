/**
 * A step of the geometry grader in words and as JSON, as 9x9 steps are (src/grader/
 * step-words.ts): the same catalogue keys, with cells and units named on any size (r12c3,
 * column 14, region 5, the main diagonal) and digits past 9 as letters A-G.
 */
import { capital, say, techniqueName, type Words } from './step-words.js';
import type { StepPattern } from './technique.js';
import { digitChar, type Geometry } from '../geometry/geometry.js';
import type { GeometryStep } from '../geometry/grader.js';

type Vars = Readonly<Record<string, string | number>>;

/** "r12c3" on any size. */
export function kindCellWord(w: Words, g: Geometry, cell: number): string {
  return say(w, 'step.cell', { row: Math.floor(cell / g.size) + 1, column: (cell % g.size) + 1 });
}

/** "row 3", "column 14", "box 5", "region 5", "the main diagonal", "the anti-diagonal". */
export function kindUnitWord(w: Words, g: Geometry, u: number): string {
  const n = g.size;
  if (u < n) return say(w, 'step.row', { n: u + 1 });
  if (u < 2 * n) return say(w, 'step.column', { n: u - n + 1 });
  if (u < 3 * n) return say(w, g.box ? 'step.box' : 'step.region', { n: u - 2 * n + 1 });
  return say(w, u === 3 * n ? 'step.diagonal.main' : 'step.diagonal.anti');
}

function listWords(w: Words, items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} ${say(w, 'step.and')} ${items[items.length - 1]}`;
}

/** A fish's base units: "rows 2 and 8", "columns 1, 4 and 9", "regions 3 and 5". */
function baseWords(w: Words, g: Geometry, units: readonly number[]): string {
  const n = g.size;
  const family = Math.floor(units[0] / n);
  const key = family === 0 ? 'step.rows' : family === 1 ? 'step.columns' : 'step.regions';
  return say(w, key, { list: listWords(w, units.map((u) => String((u % n) + 1))) });
}

const cellsWord = (w: Words, g: Geometry, cells: readonly number[]) => cells.map((c) => kindCellWord(w, g, c)).join(', ');

/** The pattern of a step in a few words: "X-wing on 7 in rows 2 and 8", "hidden single in region 4". */
export function kindStepPattern(w: Words, g: Geometry, step: GeometryStep): string {
  const t = step.technique;
  const technique = techniqueName(w, t);
  const unit = step.units.length ? kindUnitWord(w, g, step.units[0]) : '';
  const digit = step.digits.length ? digitChar(step.digits[0]) : '';
  const cell = step.cells.length ? kindCellWord(w, g, step.cells[0]) : '';
  const at = (key: string, vars: Vars) => say(w, `step.at.${key}`, { technique, ...vars });
  if (t === 'hidden-single' && unit) return at('unit', { unit });
  if (t === 'naked-single') return at('none', {});
  if ((t === 'pointing' || t === 'claiming') && unit && digit) return at('digitUnit', { unit, digit });
  if (/^(naked|hidden)-(pair|triple|quad)$/.test(t) && unit) return at('digitsUnit', { unit, digits: listWords(w, step.digits.map(digitChar)) });
  if (/^(x-wing|swordfish|jellyfish)$/.test(t) && digit) return at('lines', { digit, lines: baseWords(w, g, step.units.slice(0, step.units.length / 2)) });
  if (/^xyz?-wing$/.test(t) && cell) return at('pivot', { cell });
  if (/^unique-/.test(t)) return at('digitsCells', { digits: listWords(w, step.digits.map(digitChar)), cells: cellsWord(w, g, step.cells) });
  if (/chain/.test(t) && cell && digit) return at('chain', { digit, cell });
  if (step.cells.length) return at('cells', { cells: cellsWord(w, g, step.cells), cell });
  return at('none', {});
}

/** What a step does: "7 goes in r3c5", "removes 2 from r1c1; 5 from r1c2, r1c3". */
export function kindStepResult(w: Words, g: Geometry, step: GeometryStep): string {
  const parts = step.placements.map(([c, d]) => say(w, 'step.place', { digit: digitChar(d), cell: kindCellWord(w, g, c) }));
  if (step.eliminations.length) {
    const byDigit = new Map<number, number[]>();
    for (const [c, d] of step.eliminations) byDigit.set(d, [...(byDigit.get(d) ?? []), c]);
    const list = [...byDigit].sort((a, b) => a[0] - b[0]).map(([d, cells]) => say(w, 'step.from', { digit: digitChar(d), cells: cellsWord(w, g, cells) }));
    parts.push(say(w, 'step.eliminate', { list: list.join(say(w, 'step.sep')) }));
  }
  return parts.join(say(w, 'step.sep'));
}

/** One sentence: "X-wing on 7 in rows 2 and 8: removes 7 from r5c3, r5c6." */
export function kindStepSentence(w: Words, g: Geometry, step: GeometryStep): string {
  return capital(say(w, 'step.explain', { pattern: kindStepPattern(w, g, step), result: kindStepResult(w, g, step) }));
}

/** A step as `grade --steps` prints it for 9x9 (technique, place, eliminate, explain, rating, pattern). */
export interface KindStepJson {
  technique: string;
  place: [number, number][];
  eliminate: [number, number][];
  explain: string;
  rating: number;
  pattern: StepPattern;
}

export function kindStepJson(w: Words, g: Geometry, step: GeometryStep): KindStepJson {
  return {
    technique: step.technique,
    place: step.placements,
    eliminate: step.eliminations,
    explain: kindStepSentence(w, g, step),
    rating: step.rating ?? 0,
    pattern: { cells: step.cells, candidates: [], units: step.units, digits: step.digits },
  };
}
