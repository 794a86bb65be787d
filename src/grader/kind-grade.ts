/**
 * Grading a puzzle of another kind or size than 9x9 classic (which keeps this folder's
 * grader and Sudoku Explainer's ratings): by the geometry grader (SE-like ratings, the
 * kind's own buckets: src/geometry/rate.ts). The result has the fields of a 9x9 grade;
 * the steps of other kinds stay the geometry grader's, put in words by the caller
 * (kind-step-words.ts with a catalogue).
 */
import { formatCells, type Geometry } from '../geometry/geometry.js';
import type { GeometryStep } from '../geometry/grader.js';
import { bucketOfKind, rateKind, techniqueCounts } from '../geometry/rate.js';
import { solveUnique } from '../geometry/solver.js';
import type { GradeResult } from './grade.js';
import { BEYOND, INVALID } from './levels.js';

export interface KindGradeResult extends Omit<GradeResult, 'steps'> {
  steps?: GeometryStep[];
}

/** The grade of a puzzle of a geometry other than 9x9 classic. */
export function gradeKind(g: Geometry, puzzle: Uint8Array, withSteps: boolean): KindGradeResult {
  const text = formatCells(puzzle);
  const r = solveUnique(g, puzzle);
  if (!('solution' in r)) return { puzzle: text, solution: null, bucket: INVALID, rating: null, ep: null, ed: null, hardest: null, techniques: {}, solutions: r.count };
  const rated = rateKind(g, puzzle);
  const techniques = techniqueCounts(rated.steps);
  const result: KindGradeResult = { puzzle: text, solution: formatCells(r.solution), bucket: BEYOND, rating: null, ep: null, ed: null, hardest: rated.hardest, techniques };
  if (rated.solved) {
    const ratings = rated.steps.map((s) => s.rating ?? 0);
    const firstPlace = rated.steps.findIndex((s) => s.placements.length > 0);
    result.rating = rated.rating;
    result.ep = firstPlace < 0 ? rated.rating : Math.max(...ratings.slice(0, firstPlace + 1));
    result.ed = ratings.length ? ratings[0] : rated.rating;
    result.bucket = bucketOfKind(g.kind, g.size, rated.rating) ?? BEYOND;
  } else {
    result.stopped = 'no technique of the geometry grader applies';
  }
  if (withSteps) result.steps = rated.steps;
  return result;
}
