/** Grading puzzles on worker threads (`grade --workers`): one puzzle string in, its grade out. */
import { parseGrid } from '../core/grid.js';
import { defineTask } from '../workers/task.js';
import { gradePuzzle, type GradeLimits } from './grade.js';

export interface GradeInput {
  puzzle: string;
  steps: boolean;
  limits?: GradeLimits;
  /** Where the puzzle comes from, for messages: "puzzles.txt: line 12". */
  where: string;
}

export const gradeTask = defineTask(
  import.meta.url,
  'gradeTask',
  (input: GradeInput) => gradePuzzle(parseGrid(input.puzzle), { steps: input.steps, limits: input.limits }),
  (input) => `${input.where} (${input.puzzle})`,
);
