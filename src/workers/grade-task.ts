/** Grading puzzles on a worker thread: a batch of puzzle strings in, their grades out, in order. */
import { parseGrid } from '../core/grid.js';
import { gradePuzzle, type GradeLimits, type GradeResult } from '../grader/grade.js';

export interface GradeBatch {
  puzzles: string[];
  steps: boolean;
  limits?: GradeLimits;
}

export function gradeBatch(batch: GradeBatch): GradeResult[] {
  return batch.puzzles.map((p) => gradePuzzle(parseGrid(p), { steps: batch.steps, limits: batch.limits }));
}
