/**
 * The web edition's data for a day of another kind or size (node side, when the page is made):
 * the grid's layout with its cage outlines as the printed grid draws them, and the geometry
 * grader's path from the clues in the page's language, which the page's hints and
 * walkthrough show (the browser runs no grader for these days).
 */
import { digitChar, type Geometry } from '../geometry/geometry.js';
import type { GeometryStep } from '../geometry/grader.js';
import { regionLetters } from '../geometry/json.js';
import { rateKind } from '../geometry/rate.js';
import { kindCellWord, kindStepSentence, kindUnitWord } from '../grader/kind-step-words.js';
import { capital, say, techniqueName, withArticle, type Words } from '../grader/step-words.js';
import { kindGridShapes } from '../typeset/kind-grid.js';
import type { WebLayout, WebStep } from './day-data.js';

/** Width of a cell in the layout's outlines. */
const CELL = 100;
/** The cell the shapes are made at: a printed cell's size (the sums' largest size is a quarter of it), scaled up to CELL. */
const PRINT_CELL = 44;

const round = (v: number) => Math.round((v * CELL) / PRINT_CELL * 10) / 10;

export function webLayout(g: Geometry): WebLayout {
  const n = g.size;
  const shapes = kindGridShapes(g, new Uint8Array(g.cellCount), { x: 0, y: 0, size: n * PRINT_CELL });
  return {
    kind: g.kind,
    size: n,
    box: g.box ? [g.box[0], g.box[1]] : null,
    regions: regionLetters(g.regions),
    diagonals: g.diagonals,
    cages: g.cages.map((c) => ({ sum: c.sum, cells: [...c.cells] })),
    cageLines: shapes.cages.map((s) => [round(s.x1), round(s.y1), round(s.x2), round(s.y2)]),
    dash: [round(shapes.dash[0]), round(shapes.dash[1])],
    sums: shapes.sums.map((s) => ({ text: s.text, x: round(s.x), y: round(s.y), fs: round(s.fs), patch: [round(s.patch.x), round(s.patch.y), round(s.patch.w), round(s.patch.h)] })),
  };
}

/** Where to look for a step, no full stop: "Look at row 3 for 7", "Look for a cage combination". */
export function kindStepHint(w: Words, g: Geometry, step: GeometryStep): string {
  const name = techniqueName(w, step.technique);
  const vars = { technique: name, aTechnique: withArticle(w, name) };
  const t = step.technique;
  const unit = step.units.length ? kindUnitWord(w, g, step.units[0]) : '';
  const digit = step.digits.length ? digitChar(step.digits[0]) : '';
  const cell = step.cells.length ? kindCellWord(w, g, step.cells[0]) : '';
  let text: string;
  if (t === 'hidden-single' && unit && digit) text = say(w, 'step.hint.hiddenSingle', { ...vars, unit, digit });
  else if (t === 'naked-single' && step.placements.length) text = say(w, 'step.hint.nakedSingle', { ...vars, cell: kindCellWord(w, g, step.placements[0][0]) });
  else if ((t === 'pointing' || t === 'claiming') && unit && digit) text = say(w, 'step.hint.intersection', { ...vars, unit, digit });
  else if (/^(naked|hidden)-(pair|triple|quad)$/.test(t) && unit) text = say(w, 'step.hint.unit', { ...vars, unit });
  else if (/^xyz?-wing$/.test(t) && cell) text = say(w, 'step.hint.pivot', { ...vars, cell });
  else text = say(w, 'step.hint.any', vars);
  return capital(text);
}

/** The grader's path from the clues, each step worded in the page's language. */
export function webSteps(w: Words, g: Geometry, puzzle: Uint8Array): WebStep[] {
  return rateKind(g, puzzle).steps.map((s) => ({
    technique: s.technique,
    rating: s.rating ?? 0,
    place: s.placements.map(([c, d]) => [c, d] as [number, number]),
    eliminate: s.eliminations.map(([c, d]) => [c, d] as [number, number]),
    units: [...s.units],
    cells: [...s.cells],
    hint: kindStepHint(w, g, s),
    sentence: kindStepSentence(w, g, s),
  }));
}
