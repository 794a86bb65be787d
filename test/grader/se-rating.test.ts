import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseGrid } from '../../src/core/grid.js';
import { Candidates } from '../../src/grader/candidates.js';
import { applyStep, gradePuzzle } from '../../src/grader/grade.js';

/** Puzzles with the ER, EP and ED Sudoku Explainer gives them (fixtures README: se-rated/heldout.tsv). */
function read(name: string) {
  return readFileSync(new URL(`../fixtures/se-rated/${name}`, import.meta.url), 'utf8')
    .split('\n')
    .filter((l) => l && !l.startsWith('#'))
    .map((l) => {
      const [puzzle, er, ep, ed] = l.split('\t');
      return { line: l, puzzle, er: Number(er), ep: Number(ep), ed: Number(ed) };
    });
}
const rows = read('heldout.tsv');
// 150 of the 570, covering every ER band, every ER, EP and ED value and every technique met on
// them; `node bench/rating.mjs --file test/fixtures/se-rated/heldout.tsv` checks all 570.
const sample = read('heldout-sample.tsv');

describe("Sudoku Explainer's three ratings", () => {
  it('spans the scale: singles to dynamic forcing chains', () => {
    expect(rows.length).toBe(570);
    expect(Math.min(...rows.map((r) => r.er))).toBeLessThanOrEqual(1.2);
    expect(Math.max(...rows.map((r) => r.er))).toBeGreaterThanOrEqual(9.3);
  });

  it('the sample is drawn from the held-out set and covers every ER band and every ER, EP and ED value in it', () => {
    const all = new Set(rows.map((r) => r.line));
    expect(sample.length).toBe(150);
    for (const r of sample) expect(all.has(r.line), r.line).toBe(true);
    for (const key of ['er', 'ep', 'ed'] as const) expect(new Set(sample.map((r) => r[key]))).toEqual(new Set(rows.map((r) => r[key])));
    expect(new Set(sample.map((r) => Math.floor(r.er)))).toEqual(new Set([1, 2, 3, 4, 5, 6, 7, 8, 9]));
  });

  it('gives ER, EP and ED equal to SE on puzzles it was not developed on, with every step sound', () => {
    const wrong: string[] = [];
    const unsound: string[] = [];
    let steps = 0;
    for (const r of sample) {
      const g = gradePuzzle(parseGrid(r.puzzle), { steps: true });
      if (g.rating !== r.er || g.ep !== r.ep || g.ed !== r.ed) wrong.push(`${r.puzzle}: SE ${r.er}/${r.ep}/${r.ed}, ours ${g.rating}/${g.ep}/${g.ed}`);
      const s = Candidates.fromPuzzle(parseGrid(r.puzzle));
      for (const step of g.steps!) {
        if (step.place.some(([c, d]) => String(d) !== g.solution![c]) || step.eliminate.some(([c, d]) => String(d) === g.solution![c])) unsound.push(`${step.explain} in ${r.puzzle}`);
        applyStep(s, step);
        steps++;
      }
      expect(s.values.join('')).toBe(g.solution);
    }
    expect(wrong).toEqual([]);
    expect(unsound).toEqual([]);
    expect(steps).toBeGreaterThan(9_000);
  }, 240_000);
});
