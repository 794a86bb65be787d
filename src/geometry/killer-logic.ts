/**
 * How far a person's logic gets on a killer puzzle, fast: every deduction of a set of
 * techniques applied until none is left (the closure), without recording a path. The
 * techniques only ever take candidates away, so the closure does not depend on the order:
 * the grader's path with the same techniques solves a puzzle exactly when the closure does.
 * Killer making asks this many times a puzzle (src/geometry/killer.ts).
 *
 * Levels, by the SE-like ratings of the grader's table (src/geometry/grader.ts and
 * src/geometry/cage-rules.ts):
 * - 0: singles and cage combinations (cage in a unit too): every technique rated up to 2.5;
 * - 1: + locked candidates, cage pointing and claiming, innies and outies over one unit: every
 *   technique up to 2.9;
 * - 2: + cage splits and innies and outies over several units (up to 3.6; the subsets, fish
 *   and wings of the same ratings are not used: a closure of level 2 that solves proves a
 *   rating of 3.6 at most).
 */
import type { Geometry } from './geometry.js';
import { applyStep, startPosition, stepRating, type GeometryPosition, type GeometryStep, type GeometryTechniqueDef } from './grader.js';
import { CAGE_SCANS, type CageTechnique } from './cage-rules.js';
import { digitOfBit, loneDigits, POP16 } from './solver.js';

export type LogicLevel = 0 | 1 | 2;

/** The highest SE-like rating of each level's techniques. */
export const LEVEL_MAX_RATING: readonly number[] = [2.5, 2.9, 3.6];

/** The cage scans cheap enough to go back to singles after (the rest run in one sweep). */
const CHEAP = 3;

const SCANS_OF_LEVEL: readonly (readonly CageTechnique[])[] = LEVEL_MAX_RATING.map((max) => CAGE_SCANS.filter((t) => t.rating <= max));

/** Place digit d in cell c: struck from its peers. */
function place(g: Geometry, pos: GeometryPosition, c: number, d: number): void {
  pos.values[c] = d;
  pos.cands[c] = 0;
  const bit = ~(1 << (d - 1));
  for (let k = g.peerStart[c]; k < g.peerStart[c + 1]; k++) pos.cands[g.peers[k]] &= bit;
}

/** Naked and hidden singles until there are none: true when something was placed. */
function singles(g: Geometry, pos: GeometryPosition): boolean {
  const { values, cands } = pos;
  const n = g.size;
  let any = false;
  for (let again = true; again; ) {
    again = false;
    for (let c = 0; c < g.cellCount; c++) {
      if (values[c] === 0 && POP16[cands[c]] === 1) {
        place(g, pos, c, digitOfBit(cands[c]));
        again = true;
      }
    }
    for (let u = 0, base = 0; u < g.unitCount; u++, base += n) {
      let h = loneDigits(cands, g.unitCells, base, n);
      while (h) {
        const b = h & -h;
        h ^= b;
        for (let k = 0; k < n; k++) {
          const c = g.unitCells[base + k];
          if (cands[c] & b) {
            place(g, pos, c, digitOfBit(b));
            break;
          }
        }
        again = true;
      }
    }
    if (again) any = true;
  }
  return any;
}

/** Locked candidates between every two overlapping units: true when candidates went. */
function locked(g: Geometry, pos: GeometryPosition): boolean {
  const cands = pos.cands;
  let any = false;
  for (const ov of g.overlaps) {
    let mShared = 0;
    let mA = 0;
    let mB = 0;
    for (let k = 0; k < ov.shared.length; k++) mShared |= cands[ov.shared[k]];
    for (let k = 0; k < ov.restA.length; k++) mA |= cands[ov.restA[k]];
    for (let k = 0; k < ov.restB.length; k++) mB |= cands[ov.restB[k]];
    const fromB = mShared & ~mA & mB;
    const fromA = mShared & ~mB & mA;
    if (fromB) for (let k = 0; k < ov.restB.length; k++) cands[ov.restB[k]] &= ~fromB;
    if (fromA) for (let k = 0; k < ov.restA.length; k++) cands[ov.restA[k]] &= ~fromA;
    if (fromA || fromB) any = true;
  }
  return any;
}

/** The closure of a level's techniques from a position (changed in place): whether every cell is placed. */
export function closeLogic(g: Geometry, pos: GeometryPosition, level: LogicLevel): boolean {
  const scans = SCANS_OF_LEVEL[level];
  let changed = false;
  const apply = (step: GeometryStep): boolean => {
    applyStep(g, pos, step);
    changed = true;
    return false;
  };
  for (;;) {
    singles(g, pos);
    if (level >= 1 && locked(g, pos)) continue;
    changed = false;
    // The cheapest first; back to singles as soon as a technique gave something. Each scan
    // looks again only at the patterns whose cells changed since it last started (the cage
    // rules' memo of the position).
    for (let i = 0; i < scans.length; i++) {
      scans[i].scan(g, pos, apply);
      if (changed && i < CHEAP) break;
    }
    if (!changed) break;
  }
  return pos.values.every((v) => v !== 0);
}

/** Whether a level's techniques solve `puzzle` (and so prove it unique). */
export function logicSolves(g: Geometry, puzzle: Uint8Array, level: LogicLevel): boolean {
  return closeLogic(g, startPosition(g, puzzle), level);
}

/** Where a logical solve with a grader's table ends past a level's closure: solved or stuck, and its hardest step past the closure (0: none). */
export interface PastClosure {
  solved: boolean;
  rating: number;
  technique: string | null;
}

/**
 * A logical solve with `techniques` (a grader's table in rating order) from a position closed
 * under a level's rules (changed in place): the table's first step rated past the level, then
 * the level's closure again, until none is left. The level's rules only take candidates away,
 * so their closure is where the grader's path stands before each of its steps rated past them:
 * the solve takes the path's steps of those ratings, one for one, and ends where the path ends.
 */
export function solvePastClosure(g: Geometry, pos: GeometryPosition, level: LogicLevel, techniques: readonly GeometryTechniqueDef[]): PastClosure {
  const top = LEVEL_MAX_RATING[level];
  const out: PastClosure = { solved: false, rating: 0, technique: null };
  for (;;) {
    if (pos.values.every((v) => v !== 0)) {
      out.solved = true;
      return out;
    }
    let step: GeometryStep | null = null;
    for (let i = 0; i < techniques.length && !step; i++) {
      const t = techniques[i];
      if (t.rating <= top) continue;
      step = t.find(g, pos);
      if (step) {
        const rating = stepRating(step, t);
        if (rating > out.rating) {
          out.rating = rating;
          out.technique = step.technique;
        }
      }
    }
    if (!step) return out;
    applyStep(g, pos, step);
    closeLogic(g, pos, level);
  }
}
