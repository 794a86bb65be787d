/**
 * Step diagrams as SVG files for the CLI (`grade --steps --diagrams DIR`, `practice --svg DIR`):
 * a puzzle's diagrams are written together (temporary names, then renamed).
 */
import type { Grid } from '../core/grid.js';
import { writeOutputSet, type OutputFile } from '../core/output-set.js';
import { Candidates } from '../grader/candidates.js';
import { applyStep } from '../grader/grade.js';
import type { Step } from '../grader/technique.js';
import { diagramSvg, type DiagramInput } from '../typeset/step-diagram.js';

const SINGLES = new Set(['full-house', 'hidden-single', 'naked-single']);

/** "<puzzle#>-<step#>-<technique>.svg", numbers from 1. */
export function diagramName(puzzle: number, step: number, technique: string): string {
  return `${puzzle}-${step}-${technique}.svg`;
}

/** The position before each step of a graded path beyond singles, with its step number. */
export function pathDiagrams(grid: Grid, steps: readonly Step[]): { n: number; input: DiagramInput }[] {
  const s = Candidates.fromPuzzle(grid);
  const out: { n: number; input: DiagramInput }[] = [];
  steps.forEach((step, i) => {
    if (!SINGLES.has(step.technique)) out.push({ n: i + 1, input: { values: s.values.slice(), cands: s.cands.slice(), step, givens: grid } });
    applyStep(s, step);
  });
  return out;
}

/** Write the diagrams of puzzle number `puzzle` into `dir`. */
export function writeDiagrams(dir: string, puzzle: number, diagrams: readonly { n: number; input: DiagramInput }[]): void {
  if (diagrams.length === 0) return;
  const files: OutputFile[] = diagrams.map(({ n, input }) => ({ name: diagramName(puzzle, n, input.step.technique), data: diagramSvg(input) }));
  writeOutputSet(dir, files, { what: `diagrams of puzzle ${puzzle}` });
}
