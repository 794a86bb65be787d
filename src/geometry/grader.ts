/**
 * The first techniques of a grader for every geometry: naked and hidden singles, locked
 * candidates between any two units that share cells (box and line, jigsaw region and line,
 * diagonal and box...), naked and hidden subsets of 2 to 4 in any unit. Each step is found
 * on the pencil marks and applied; the steps are the person's path as far as these
 * techniques reach (cage sums are not used yet: on killer, only the units and the cages'
 * distinct digits). Ratings and buckets for the other kinds come later, on top of this.
 */
import type { Geometry } from './geometry.js';
import { digitOfBit, POP16 } from './solver.js';

export const GEOMETRY_TECHNIQUES = ['naked-single', 'hidden-single', 'locked-candidates', 'naked-subset', 'hidden-subset'] as const;
export type GeometryTechnique = (typeof GEOMETRY_TECHNIQUES)[number];

export interface GeometryStep {
  technique: GeometryTechnique;
  /** Digits placed: [cell, digit]. */
  placements: [number, number][];
  /** Candidates removed: [cell, digit]. */
  eliminations: [number, number][];
  /** The units the pattern lives in. */
  units: number[];
  /** The cells and digits of the pattern. */
  cells: number[];
  digits: number[];
}

/** A position: placed digits (0 empty) and the pencil marks of the empty cells. */
export interface GeometryPosition {
  values: Uint8Array;
  cands: Uint16Array;
}

const bitsOf = (m: number): number[] => {
  const out: number[] = [];
  for (let d = 1; m; d++, m >>= 1) if (m & 1) out.push(d);
  return out;
};

/** The position of a puzzle: its givens, and every digit no given peer has as candidates. */
export function startPosition(g: Geometry, puzzle: Uint8Array): GeometryPosition {
  const values = puzzle.slice();
  const cands = new Uint16Array(g.cellCount);
  for (let c = 0; c < g.cellCount; c++) {
    if (values[c] !== 0) continue;
    let m = g.full;
    for (let k = g.peerStart[c]; k < g.peerStart[c + 1]; k++) {
      const v = values[g.peers[k]];
      if (v) m &= ~(1 << (v - 1));
    }
    cands[c] = m;
  }
  return { values, cands };
}

/** Apply a step: digits placed (and struck from their peers), candidates removed. */
export function applyStep(g: Geometry, pos: GeometryPosition, step: GeometryStep): void {
  for (const [c, d] of step.eliminations) pos.cands[c] &= ~(1 << (d - 1));
  for (const [c, d] of step.placements) {
    pos.values[c] = d;
    pos.cands[c] = 0;
    for (let k = g.peerStart[c]; k < g.peerStart[c + 1]; k++) pos.cands[g.peers[k]] &= ~(1 << (d - 1));
  }
}

/** The empty cells of unit u. */
function emptyCells(g: Geometry, pos: GeometryPosition, u: number): number[] {
  return [...g.unit(u)].filter((c) => pos.values[c] === 0);
}

/** Subsets of `k` items of `items` (in order). */
function* combinations<T>(items: T[], k: number, start = 0, acc: T[] = []): Generator<T[]> {
  if (acc.length === k) {
    yield acc;
    return;
  }
  for (let i = start; i <= items.length - (k - acc.length); i++) yield* combinations(items, k, i + 1, [...acc, items[i]]);
}

function nakedSingle(g: Geometry, pos: GeometryPosition): GeometryStep | null {
  for (let c = 0; c < g.cellCount; c++) {
    if (pos.values[c] === 0 && POP16[pos.cands[c]] === 1) {
      const d = digitOfBit(pos.cands[c]);
      return { technique: 'naked-single', placements: [[c, d]], eliminations: [], units: [], cells: [c], digits: [d] };
    }
  }
  return null;
}

function hiddenSingle(g: Geometry, pos: GeometryPosition): GeometryStep | null {
  for (let u = 0; u < g.unitCount; u++) {
    const cells = emptyCells(g, pos, u);
    for (let d = 1; d <= g.size; d++) {
      const places = cells.filter((c) => pos.cands[c] & (1 << (d - 1)));
      if (places.length === 1) return { technique: 'hidden-single', placements: [[places[0], d]], eliminations: [], units: [u], cells: places, digits: [d] };
    }
  }
  return null;
}

function lockedCandidates(g: Geometry, pos: GeometryPosition): GeometryStep | null {
  for (const ov of g.overlaps) {
    for (const [from, rest, units] of [
      [ov.restA, ov.restB, ov.units],
      [ov.restB, ov.restA, [ov.units[1], ov.units[0]]],
    ] as const) {
      for (let d = 1; d <= g.size; d++) {
        const bit = 1 << (d - 1);
        const inShared = [...ov.shared].filter((c) => pos.values[c] === 0 && pos.cands[c] & bit);
        if (inShared.length === 0 || [...from].some((c) => pos.values[c] === 0 && pos.cands[c] & bit)) continue;
        const gone = [...rest].filter((c) => pos.values[c] === 0 && pos.cands[c] & bit);
        if (gone.length === 0) continue;
        return { technique: 'locked-candidates', placements: [], eliminations: gone.map((c) => [c, d]), units: [...units], cells: inShared, digits: [d] };
      }
    }
  }
  return null;
}

function nakedSubset(g: Geometry, pos: GeometryPosition): GeometryStep | null {
  for (let k = 2; k <= 4; k++) {
    for (let u = 0; u < g.unitCount; u++) {
      const cells = emptyCells(g, pos, u);
      const small = cells.filter((c) => POP16[pos.cands[c]] >= 2 && POP16[pos.cands[c]] <= k);
      for (const set of combinations(small, k)) {
        let m = 0;
        for (const c of set) m |= pos.cands[c];
        if (POP16[m] !== k) continue;
        const eliminations: [number, number][] = [];
        for (const c of cells) if (!set.includes(c)) for (const d of bitsOf(pos.cands[c] & m)) eliminations.push([c, d]);
        if (eliminations.length) return { technique: 'naked-subset', placements: [], eliminations, units: [u], cells: set, digits: bitsOf(m) };
      }
    }
  }
  return null;
}

function hiddenSubset(g: Geometry, pos: GeometryPosition): GeometryStep | null {
  for (let k = 2; k <= 4; k++) {
    for (let u = 0; u < g.unitCount; u++) {
      const cells = emptyCells(g, pos, u);
      const placesOf = (d: number) => cells.filter((c) => pos.cands[c] & (1 << (d - 1)));
      const digits = [];
      for (let d = 1; d <= g.size; d++) {
        const n = placesOf(d).length;
        if (n >= 2 && n <= k) digits.push(d);
      }
      for (const set of combinations(digits, k)) {
        const places = [...new Set(set.flatMap(placesOf))];
        if (places.length !== k) continue;
        let keep = 0;
        for (const d of set) keep |= 1 << (d - 1);
        const eliminations: [number, number][] = [];
        for (const c of places) for (const d of bitsOf(pos.cands[c] & ~keep)) eliminations.push([c, d]);
        if (eliminations.length) return { technique: 'hidden-subset', placements: [], eliminations, units: [u], cells: places.sort((a, b) => a - b), digits: set };
      }
    }
  }
  return null;
}

const FINDERS: Record<GeometryTechnique, (g: Geometry, pos: GeometryPosition) => GeometryStep | null> = {
  'naked-single': nakedSingle,
  'hidden-single': hiddenSingle,
  'locked-candidates': lockedCandidates,
  'naked-subset': nakedSubset,
  'hidden-subset': hiddenSubset,
};

/** The first step of the first technique (in GEOMETRY_TECHNIQUES' order) that has one, or null. */
export function findStep(g: Geometry, pos: GeometryPosition, techniques: readonly GeometryTechnique[] = GEOMETRY_TECHNIQUES): GeometryStep | null {
  for (const t of techniques) {
    const step = FINDERS[t](g, pos);
    if (step) return step;
  }
  return null;
}

/** The path of steps from a puzzle, as far as the techniques reach; `solved` when every cell is placed. */
export function solvePath(g: Geometry, puzzle: Uint8Array, techniques?: readonly GeometryTechnique[]): { steps: GeometryStep[]; solved: boolean; position: GeometryPosition } {
  const position = startPosition(g, puzzle);
  const steps: GeometryStep[] = [];
  for (let step = findStep(g, position, techniques); step; step = findStep(g, position, techniques)) {
    steps.push(step);
    applyStep(g, position, step);
  }
  return { steps, solved: position.values.every((v) => v !== 0), position };
}
