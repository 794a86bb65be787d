/**
 * A small grading loop for technique tests: Sudoku Explainer's basic producers in its order,
 * apply the first step found, ER = the largest step rating.
 */
import { readFileSync } from 'node:fs';
import { parseGrid, type Grid } from '../../src/core/grid.js';
import { Candidates } from '../../src/grader/candidates.js';
import type { Step, Technique } from '../../src/grader/technique.js';
import { claiming } from '../../src/grader/techniques/claiming.js';
import { directClaiming } from '../../src/grader/techniques/direct-claiming.js';
import { directHiddenPair } from '../../src/grader/techniques/direct-hidden-pair.js';
import { directHiddenTriple } from '../../src/grader/techniques/direct-hidden-triple.js';
import { directPointing } from '../../src/grader/techniques/direct-pointing.js';
import { hiddenPair } from '../../src/grader/techniques/hidden-pair.js';
import { hiddenQuad } from '../../src/grader/techniques/hidden-quad.js';
import { hiddenSingle } from '../../src/grader/techniques/hidden-single.js';
import { hiddenTriple } from '../../src/grader/techniques/hidden-triple.js';
import { jellyfish } from '../../src/grader/techniques/jellyfish.js';
import { nakedPair } from '../../src/grader/techniques/naked-pair.js';
import { nakedQuad } from '../../src/grader/techniques/naked-quad.js';
import { nakedSingle } from '../../src/grader/techniques/naked-single.js';
import { nakedTriple } from '../../src/grader/techniques/naked-triple.js';
import { pointing } from '../../src/grader/techniques/pointing.js';
import { swordfish } from '../../src/grader/techniques/swordfish.js';
import { xWing } from '../../src/grader/techniques/x-wing.js';

/** Sudoku Explainer's order, without the producers built elsewhere (turbot fish, wings, loops). */
export const SE_BASIC_ORDER: readonly Technique[] = [
  hiddenSingle,
  directPointing,
  directClaiming,
  directHiddenPair,
  nakedSingle,
  directHiddenTriple,
  pointing,
  claiming,
  nakedPair,
  xWing,
  hiddenPair,
  nakedTriple,
  swordfish,
  hiddenTriple,
  nakedQuad,
  jellyfish,
  hiddenQuad,
];

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
