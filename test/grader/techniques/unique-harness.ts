/**
 * Shared by the uniqueness technique tests: reading the fixture positions, and a small solving
 * loop that runs techniques in Sudoku Explainer's order (singles, intersections, subsets, fish,
 * turbot fish, XY and XYZ wings, then unique loops, quads, BUG), applying the first step found.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseGrid } from '../../../src/core/grid.js';
import { solveUnique } from '../../../src/solver/solver.js';
import { Candidates } from '../../../src/grader/candidates.js';
import { emptyLog, runTechniques, workContext } from '../../../src/grader/grade.js';
import type { Step, Technique } from '../../../src/grader/technique.js';
import { TECHNIQUES } from '../../../src/grader/registry.js';

export const FIXTURES = fileURLToPath(new URL('../../fixtures/se-rated/', import.meta.url));

/** The registry's techniques before unique loops: Sudoku Explainer's order. */
export const BEFORE_UNIQUE_LOOPS: readonly Technique[] = TECHNIQUES.slice(0, TECHNIQUES.findIndex((t) => t.name === 'unique-loop'));

/** ... through BUG. */
export const THROUGH_BUG: readonly Technique[] = TECHNIQUES.slice(0, TECHNIQUES.findIndex((t) => t.name === 'bug') + 1);

/** "=5" for a placed 5, "147" for candidates 1, 4, 7; 81 of them separated by commas. */
export function parsePosition(text: string): Candidates {
  const tokens = text.split(',');
  if (tokens.length !== 81) throw new Error(`position needs 81 cells, found ${tokens.length}`);
  const values = new Uint8Array(81);
  const cands = new Uint16Array(81);
  tokens.forEach((t, c) => {
    if (t.startsWith('=')) values[c] = Number(t.slice(1));
    else for (const ch of t) cands[c] |= 1 << (Number(ch) - 1);
  });
  return new Candidates(values, cands);
}

export interface PositionCase {
  kind: string;
  position: string;
  rating: number | null;
  technique: string;
  /** "r5c5-7" = 7 leaves r5c5, sorted. */
  eliminate: string[];
}

export function readPositions(): PositionCase[] {
  return readFileSync(FIXTURES + 'unique-positions.tsv', 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '' && !l.startsWith('#'))
    .map((l) => {
      const [kind, position, rating, technique, elims] = l.split('\t');
      return { kind, position, rating: rating === '-' ? null : Number(rating), technique, eliminate: elims ? elims.split(' ').sort() : [] };
    });
}

/** A step's eliminations as sorted "r5c5-7" strings. */
export function elimNames(step: Step): string[] {
  return step.eliminate.map(([c, d]) => `r${Math.floor(c / 9) + 1}c${(c % 9) + 1}-${d}`).sort();
}

/** Puzzles of a fixture file (first field of each line). */
export function readPuzzles(file: string): string[] {
  return readFileSync(FIXTURES + file, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '' && !l.startsWith('#'))
    .map((l) => l.split('\t')[0].trim());
}

export interface Audit {
  /** Steps of the watched technique, by step.technique + rating. */
  fired: Record<string, number>;
  /** Descriptions of steps that removed a solution digit or placed a wrong one. */
  wrong: string[];
}

/**
 * Solve each puzzle with `order`, checking every step of `watched` against the solution;
 * stops a puzzle when nothing applies.
 */
export function auditSteps(puzzles: readonly string[], order: readonly Technique[], watched: readonly Technique[], audit: Audit): void {
  for (const p of puzzles) {
    const r = solveUnique(parseGrid(p));
    if (!('solution' in r)) throw new Error(`fixture puzzle without a unique solution: ${p}`);
    const solution = r.solution;
    const s = Candidates.fromPuzzle(parseGrid(p));
    s.unique = true;
    runTechniques(s, order, emptyLog(), false, workContext(), (step, used) => {
      if (!watched.includes(used)) return;
      const key = `${step.technique} ${step.rating}`;
      audit.fired[key] = (audit.fired[key] ?? 0) + 1;
      if (step.place.length + step.eliminate.length === 0) audit.wrong.push(`empty step: ${step.explain}`);
      for (const [c, d] of step.eliminate) if (solution[c] === d) audit.wrong.push(`${p}: ${step.explain}`);
      for (const [c, d] of step.place) if (solution[c] !== d) audit.wrong.push(`${p}: ${step.explain}`);
    });
  }
}
