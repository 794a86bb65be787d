/**
 * Grading with a chosen technique list for technique tests (the grader's own loop): Sudoku
 * Explainer's basic producers in its order, apply the first step found, ER = the largest step rating.
 */
import { readFileSync } from 'node:fs';
import { parseGrid, type Grid } from '../../src/core/grid.js';
import { Candidates } from '../../src/grader/candidates.js';
import { emptyLog, runTechniques } from '../../src/grader/grade.js';
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
  const log = emptyLog();
  const solved = runTechniques(Candidates.fromPuzzle(puzzle), order, log, true);
  return { solved, er: log.rating, steps: log.steps };
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
