import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseGrid } from '../../src/core/grid.js';
import { gradePuzzle } from '../../src/grader/grade.js';

/**
 * Puzzles of the forum's hardest list with the ER, EP and ED Sudoku Explainer gives them
 * (fixtures README: se-rated/forum-hardest.tsv): dynamic forcing chains (+) and nested forcing
 * chains, graded with the default limits (every line of the fixture is rated by them).
 */
const rows = readFileSync(new URL('../fixtures/se-rated/forum-hardest.tsv', import.meta.url), 'utf8')
  .split('\n')
  .filter((l) => l && !l.startsWith('#'))
  .map((l) => {
    const [puzzle, er, ep, ed] = l.split('\t');
    return { puzzle, er: Number(er), ep: Number(ep), ed: Number(ed) };
  });

describe("Sudoku Explainer's ratings at the hard end", () => {
  it('reach past 10 (nested forcing chains)', () => {
    expect(Math.max(...rows.map((r) => r.er))).toBeGreaterThanOrEqual(10.3);
  });
  for (const r of rows) {
    it(`rates ${r.puzzle} ${r.er}/${r.ep}/${r.ed}, with every step sound`, () => {
      const g = gradePuzzle(parseGrid(r.puzzle), { steps: true });
      expect([g.rating, g.ep, g.ed]).toEqual([r.er, r.ep, r.ed]);
      for (const step of g.steps!) {
        for (const [c, d] of step.place) expect(String(d), step.explain).toBe(g.solution![c]);
        for (const [c, d] of step.eliminate) expect(String(d), step.explain).not.toBe(g.solution![c]);
      }
    }, 120_000);
  }
});
