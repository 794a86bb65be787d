/**
 * Hints from a player's position, as the page's Web Worker computes them: the grader's next
 * step from the digits the player placed (known right) and, where they wrote centre marks
 * that keep the solution, their own candidates. Pure and DOM-free, so the CLI's grader and the
 * page give the same step for the same position.
 */
import { parseGrid } from '../core/grid.js';
import { Candidates } from '../grader/candidates.js';
import { gradePuzzle, workContext } from '../grader/grade.js';
import { TECHNIQUES } from '../grader/registry.js';
import type { Step } from '../grader/technique.js';

/** What the page sends: the puzzle, the player's right digits, their centre marks (9-bit masks). */
export interface Position {
  /** 81 characters, "." or "0" for an empty cell. */
  puzzle: string;
  /** The player's digits (0: none), each already known to match the solution. */
  values: number[];
  /** Centre marks per cell as a 9-bit mask (bit d-1 for digit d); 0: no marks, every candidate. */
  marks: number[];
}

/** The candidate state of a position: the clues and digits placed, narrowed by the player's marks. */
export function positionState(pos: Position): Candidates {
  const grid = parseGrid(pos.puzzle);
  for (let c = 0; c < 81; c++) if (grid[c] === 0 && pos.values[c]) grid[c] = pos.values[c];
  const state = Candidates.fromPuzzle(grid);
  // The clues have one solution, and the digits added agree with it.
  state.unique = true;
  for (let c = 0; c < 81; c++) if (state.values[c] === 0 && pos.marks[c]) state.cands[c] &= pos.marks[c];
  return state;
}

/** The first step the grader takes from `state`: the first technique, cheapest first, that finds one. */
export function nextStep(state: Candidates): Step | null {
  const ctx = workContext();
  for (const t of TECHNIQUES) {
    if (t.needsUniqueness && !state.unique) continue;
    const step = t.find(state, ctx);
    if (step) return { ...step, rating: step.rating ?? t.weight };
    if (ctx.stopped) return null;
  }
  return null;
}

/** The grader's whole path for a puzzle (the walkthrough after solving). */
export function walkthrough(puzzle: string): Step[] {
  return gradePuzzle(parseGrid(puzzle), { steps: true }).steps ?? [];
}
