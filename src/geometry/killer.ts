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
 * leaves them as hard as the cages allow) and sorted by the closures of the rules
 * (src/geometry/killer-logic.ts), before the grader's path rates the ones that can be in
 * the bucket.
 */
import { Rng } from '../core/rng.js';
import { clueCount, type Geometry } from './geometry.js';
import { startPosition } from './grader.js';
import { closeLogic, LEVEL_MAX_RATING, logicSolves, type LogicLevel } from './killer-logic.js';
import { checkKindOptions, geometryAndGrid, makeKiller, type KillerCriterion, type KindOptions, type KindPuzzle } from './make.js';

const EPS = 1e-9;

/** Proven unique by a level's rules: merges stay while they solve; a given goes where they are stuck. */
export function logicCriterion(level: LogicLevel): KillerCriterion {
  return {
    accepts: (_cageId, geometry, puzzle) => logicSolves(geometry(), puzzle, level),
    stuck(g: Geometry, puzzle: Uint8Array, rng: Rng): number {
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
export function makeKillerInRange(opts: KindOptions, range: { min: number; max: number }, seed: string): KindPuzzle | null {
  checkKindOptions(opts);
  const rng = new Rng(seed);
  const { g, solution } = geometryAndGrid(opts, rng);
  const top = levelUpTo(range.max);
  // The easiest range: steered, merged within its rules.
  if (top === 0) {
    const { geometry, puzzle } = makeKiller(g, solution, rng, logicCriterion(0));
    return { geometry, puzzle, solution, clues: clueCount(puzzle), seed };
  }
  const { geometry, puzzle } = makeKiller(g, solution, rng);
  // Too easy: rules rated below the range solve it.
  const below = levelUpTo(range.min - 0.05);
  if (below >= 0 && logicSolves(geometry, puzzle, below as LogicLevel)) return null;
  // Too hard: the level that holds every technique of the range does not solve it.
  if (top >= 0 && top <= 1 && !logicSolves(geometry, puzzle, top as LogicLevel)) return null;
  return { geometry, puzzle, solution, clues: clueCount(puzzle), seed };
}
