/** Helpers shared by technique files: who sees whom, combinations, unit lookups. */
import { BOX_OF, COL_OF, PEER_CELLS, ROW_OF, UNITS } from '../../core/units.js';
import { POPCOUNT } from '../../core/digits.js';
import type { Candidates } from '../candidates.js';
import { describeEliminations, type CellDigit, type Step } from '../technique.js';

/** SEES[a * 81 + b] = 1 when cells a and b share a unit (a != b). */
const SEES: Uint8Array = (() => {
  const t = new Uint8Array(81 * 81);
  for (let a = 0; a < 81; a++) for (let k = a * 20; k < a * 20 + 20; k++) t[a * 81 + PEER_CELLS[k]] = 1;
  return t;
})();

export function sees(a: number, b: number): boolean {
  return SEES[a * 81 + b] === 1;
}

/** Candidate `digit` in every cell (outside `cells`) that sees all of `cells`: what a pattern removes. */
export function eliminationsSeenByAll(s: Candidates, cells: readonly number[], digit: number): CellDigit[] {
  const bit = 1 << (digit - 1);
  const out: CellDigit[] = [];
  for (let c = 0; c < 81; c++) {
    if (!(s.cands[c] & bit) || cells.includes(c)) continue;
    if (cells.every((x) => sees(c, x))) out.push([c, digit]);
  }
  return out;
}

/** An elimination step whose sentence is `what` followed by the candidates it removes. */
export function eliminationStep(technique: string, eliminate: CellDigit[], what: string): Step {
  return { technique, place: [], eliminate, explain: `${what}: ${describeEliminations(eliminate)}` };
}

/** Empty cells with exactly two candidates (bivalue cells), in cell order. */
export function bivalueCells(s: Candidates): number[] {
  const out: number[] = [];
  for (let c = 0; c < 81; c++) if (POPCOUNT[s.cands[c]] === 2) out.push(c);
  return out;
}

/**
 * Strong links of a digit: for each cell, the other place of the digit in every unit where
 * the digit has exactly two places (one of the two must hold it).
 */
export function conjugatePairs(s: Candidates, digit: number): Map<number, number[]> {
  const links = new Map<number, number[]>();
  for (const unit of UNITS) {
    const places = s.cellsWith(unit, digit);
    if (places.length !== 2) continue;
    const [a, b] = places;
    links.set(a, [...(links.get(a) ?? []), b]);
    links.set(b, [...(links.get(b) ?? []), a]);
  }
  return links;
}

/** All k-element subsets of `items`, in lexicographic order. */
export function* combinations<T>(items: readonly T[], k: number, start = 0, chosen: T[] = []): Generator<T[]> {
  if (chosen.length === k) {
    yield chosen.slice();
    return;
  }
  for (let i = start; i <= items.length - (k - chosen.length); i++) {
    chosen.push(items[i]);
    yield* combinations(items, k, i + 1, chosen);
    chosen.pop();
  }
}

export const ROWS = UNITS.slice(0, 9);
export const COLS = UNITS.slice(9, 18);
export const BOXES = UNITS.slice(18, 27);
/** Boxes first (where people look first), then rows, then columns. */
export const UNITS_BOX_FIRST = [...BOXES.map((_, i) => 18 + i), ...ROWS.map((_, i) => i), ...COLS.map((_, i) => 9 + i)];

export const rowOf = (c: number) => ROW_OF[c];
export const colOf = (c: number) => COL_OF[c];
export const boxOf = (c: number) => BOX_OF[c];
