/**
 * A small grading loop for technique tests: Sudoku Explainer's basic producers in its order,
 * apply the first step found, ER = the largest step rating.
 */
import { readFileSync } from 'node:fs';
import { parseGrid, type Grid } from '../../src/core/grid.js';
import { Candidates } from '../../src/grader/candidates.js';
import type { Step, Technique } from '../../src/grader/technique.js';
import { TECHNIQUES } from '../../src/grader/registry.js';

/** The basic producers: the registry (Sudoku Explainer's order) without strong links, wings, loops, BUG and chains. */
const BASIC = new Set([
  'hidden-single', 'direct-pointing', 'direct-claiming', 'direct-hidden-pair', 'naked-single', 'direct-hidden-triple',
  'pointing', 'claiming', 'naked-pair', 'x-wing', 'hidden-pair', 'naked-triple', 'swordfish', 'hidden-triple',
  'naked-quad', 'jellyfish', 'hidden-quad',
]);
export const SE_BASIC_ORDER: readonly Technique[] = TECHNIQUES.filter((t) => BASIC.has(t.name));

export interface SeRun {
  solved: boolean;
  er: number;
  steps: Step[];
}

export function gradeSeBasic(puzzle: Grid, order: readonly Technique[] = SE_BASIC_ORDER): SeRun {
  const s = Candidates.fromPuzzle(puzzle);
  const steps: Step[] = [];
  let er = 0;
  for (;;) {
    if (s.isSolved()) return { solved: true, er, steps };
    let step: Step | null = null;
    for (const t of order) {
      step = t.find(s);
      if (step) {
        er = Math.max(er, step.rating ?? t.weight);
        break;
      }
    }
    if (!step) return { solved: false, er, steps };
    steps.push(step);
    for (const [c, d] of step.place) s.place(c, d);
    for (const [c, d] of step.eliminate) s.eliminate(c, d);
  }
}

/** (puzzle, ER) pairs of a fixture file: puzzle<TAB>ER lines, `#` lines skipped. */
export function loadRated(path: string): { puzzle: Grid; text: string; er: number }[] {
  return readFileSync(new URL(`../fixtures/${path}`, import.meta.url), 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '' && !l.startsWith('#'))
    .map((l) => {
      const [text, er] = l.split('\t');
      return { puzzle: parseGrid(text), text, er: Number(er) };
    });
}
