import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseGrid } from '../../src/core/grid.js';
import { Candidates } from '../../src/grader/candidates.js';
import { applyStep, gradePuzzle } from '../../src/grader/grade.js';

/** Puzzles with the ER, EP and ED Sudoku Explainer gives them (fixtures README: se-rated/heldout.tsv). */
const rows = readFileSync(new URL('../fixtures/se-rated/heldout.tsv', import.meta.url), 'utf8')
  .split('\n')
  .filter((l) => l && !l.startsWith('#'))
  .map((l) => {
    const [puzzle, er, ep, ed] = l.split('\t');
    return { puzzle, er: Number(er), ep: Number(ep), ed: Number(ed) };
  });

describe("Sudoku Explainer's three ratings", () => {
  it('spans the scale: singles to dynamic forcing chains', () => {
    expect(rows.length).toBe(570);
    expect(Math.min(...rows.map((r) => r.er))).toBeLessThanOrEqual(1.2);
    expect(Math.max(...rows.map((r) => r.er))).toBeGreaterThanOrEqual(9.3);
  });

  it('gives ER, EP and ED equal to SE on puzzles it was not developed on, with every step sound', () => {
    const wrong: string[] = [];
    let steps = 0;
    for (const r of rows) {
      const g = gradePuzzle(parseGrid(r.puzzle), { steps: true });
      if (g.rating !== r.er || g.ep !== r.ep || g.ed !== r.ed) wrong.push(`${r.puzzle}: SE ${r.er}/${r.ep}/${r.ed}, ours ${g.rating}/${g.ep}/${g.ed}`);
      const s = Candidates.fromPuzzle(parseGrid(r.puzzle));
      for (const step of g.steps!) {
        for (const [c, d] of step.place) expect(String(d), step.explain).toBe(g.solution![c]);
        for (const [c, d] of step.eliminate) expect(String(d), step.explain).not.toBe(g.solution![c]);
        applyStep(s, step);
        steps++;
      }
      expect(s.values.join('')).toBe(g.solution);
    }
    expect(wrong).toEqual([]);
    expect(steps).toBeGreaterThan(20_000);
  }, 240_000);
});
