/**
 * Killer puzzles made to a bucket. The buckets are ranges of the SE-like rating (the
 * grader's path, src/geometry/rate.ts), and for killer they come down to which rules a
 * puzzle needs: easy, singles and cage combinations (a cage in a unit too); medium, also
 * locked candidates, cage pointing and claiming and the sum rule over one unit (innies and
 * outies); hard, also cage splits, the sum rule over several units, subsets, fish or wings.
 *
 * Easy puzzles are steered: cages are merged only while those rules still solve the puzzle,
 * so the logic proves it unique (the counting solver confirms once). Others are made as the
 * plain killer making does (merged while the counting solver proves them unique, which
 * leaves them as hard as the cages allow; for hard, merged on until few cages are left) and
 * sorted by the closures of the rules (src/geometry/killer-logic.ts), before the grader's
 * path rates the ones that can be in the bucket.
 */
import { Rng } from '../core/rng.js';
import { clueCount, type Geometry } from './geometry.js';
import { startPosition, type GeometryPosition } from './grader.js';
import { closeLogic, LEVEL_MAX_RATING, logicSolves, type LogicLevel } from './killer-logic.js';
import { checkKindOptions, geometryAndGrid, makeKiller, undoLastMerge, type KillerCriterion, type KindOptions, type KindPuzzle } from './make.js';

const EPS = 1e-9;

/**
 * Cells per cage of a puzzle made for the hard bucket: merging goes on (up to HARD_ATTEMPTS
 * tries) until the cages are this large on average (24 cages on 9x9, 11 on 6x6). The plain
 * making stops after as many tries as it has first cages, at 27 cages on 9x9 on average, and
 * a quarter of its puzzles land in hard; at 24 cages about half do (the rest mostly fall to
 * the medium rules; a tenth to no rule), and the making costs about a third more.
 */
const HARD_CELLS_PER_CAGE = 3.375;
const HARD_ATTEMPTS = 400;

/** Proven unique by a level's rules: merges stay while they solve; a given goes where they are stuck. */
export function logicCriterion(level: LogicLevel): KillerCriterion {
  return {
    accepts: (_cageId, geometry, puzzle) => logicSolves(geometry(), puzzle, level),
    stuck(_cageId: Int16Array, geometry: () => Geometry, puzzle: Uint8Array, rng: Rng): number {
      const g = geometry();
      const pos = startPosition(g, puzzle);
      if (closeLogic(g, pos, level)) return -1;
      const open: number[] = [];
      for (let c = 0; c < g.cellCount; c++) if (pos.values[c] === 0) open.push(c);
      return rng.pick(open);
    },
  };
}

/** The highest level whose rules all rate at most `rating` (-1: none). */
function levelUpTo(rating: number): number {
  let level = -1;
  LEVEL_MAX_RATING.forEach((max, l) => {
    if (max <= rating + EPS) level = l;
  });
  return level;
}

/**
 * A killer puzzle that may fall in the SE-like range [min, max] (the grader's path has the
 * last word), or null when this seed's puzzle cannot: too easy, or too hard, by the rules'
 * closures. Levels 0 and 1 hold every technique up to their top rating, so their closures
 * decide exactly; level 2 lacks the subsets, fish and wings of its ratings and decides
 * nothing about the upper end.
 */
export function makeKillerInRange(opts: KindOptions, range: { min: number; max: number }, seed: string): KillerInRange | null {
  checkKindOptions(opts);
  const rng = new Rng(seed);
  const { g, solution } = geometryAndGrid(opts, rng);
  const top = levelUpTo(range.max);
  // The easiest range: steered, merged within its rules.
  if (top === 0) {
    const { geometry, puzzle } = makeKiller(g, solution, rng, logicCriterion(0));
    return { geometry, puzzle, solution, clues: clueCount(puzzle), seed };
  }
  const below = levelUpTo(range.min - 0.05);
  // Hard and beyond: merged on until few cages are left (see HARD_CELLS_PER_CAGE).
  const merging = top >= 2 ? { attempts: HARD_ATTEMPTS, cages: Math.round(g.cellCount / HARD_CELLS_PER_CAGE) } : {};
  const made = makeKiller(g, solution, rng, undefined, merging);
  const { geometry, puzzle } = made;
  // Too easy: rules rated below the range solve it (where they leave it is kept for the rating).
  const closed = below >= 0 ? startPosition(geometry, puzzle) : null;
  if (closed && closeLogic(geometry, closed, below as LogicLevel)) return null;
  // Too hard: the level that holds every technique of the range does not solve it.
  if (top >= 0 && top <= 1 && !logicSolves(geometry, puzzle, top as LogicLevel)) return null;
  const p: KillerInRange = { geometry, puzzle, solution, clues: clueCount(puzzle), seed };
  // Kept for the rating past the medium rules (madeKillerRating), which starts from level 1.
  if (closed && below === 1) p.closed = { level: 1, position: closed };
  if (top >= 2) {
    p.split = () => {
      const split = undoLastMerge(made, g, solution);
      return split && { ...p, geometry: split, closed: undefined };
    };
  }
  return p;
}

/**
 * A killer puzzle made for a range; `split` (hard and beyond) gives the same puzzle with the
 * last merge of its cages undone, or null when none is left or the split puzzle is not
 * unique: for a puzzle the grader finds too hard (about one hard making in eight ends beyond
 * its techniques, and a split or two brings about two in five of those into the bucket, for a
 * count and a rating each instead of a whole new making).
 */
export type KillerInRange = KindPuzzle & { split?: () => KillerInRange | null; closed?: ClosedAt };

/** A puzzle's position closed under a level's rules (see solvePastClosure). */
export interface ClosedAt {
  level: LogicLevel;
  position: GeometryPosition;
}
