import { describe, expect, it } from 'vitest';
import { formatGrid } from '../../src/core/grid.js';
import { solveUnique } from '../../src/solver/solver.js';
import { gradeSeBasic, loadRated } from './se-basic-loop.js';

const rated = loadRated('se-rated/basic.tsv');

describe("Sudoku Explainer's basic producers", () => {
  it('reproduce the published ER of every fixture puzzle', () => {
    expect(rated.length).toBeGreaterThanOrEqual(80);
    const wrong = rated.filter((r) => {
      const run = gradeSeBasic(r.puzzle);
      return !run.solved || run.er !== r.er;
    });
    expect(wrong.map((r) => r.text)).toEqual([]);
  });

  it('only place solution digits and only remove non-solution digits', () => {
    const used = new Set<string>();
    for (const r of rated) {
      const solved = solveUnique(r.puzzle);
      if (!('solution' in solved)) throw new Error(`fixture puzzle without one solution: ${r.text}`);
      const solution = formatGrid(solved.solution);
      for (const step of gradeSeBasic(r.puzzle).steps) {
        used.add(step.technique);
        for (const [c, d] of step.place) expect(String(d), step.explain).toBe(solution[c]);
        for (const [c, d] of step.eliminate) expect(String(d), step.explain).not.toBe(solution[c]);
        expect(step.place.length + step.eliminate.length).toBeGreaterThan(0);
      }
    }
    // The fixture exercises the direct forms and the common indirect ones.
    for (const t of ['full-house', 'hidden-single', 'direct-pointing', 'direct-hidden-pair', 'direct-hidden-triple', 'naked-single', 'pointing', 'claiming', 'naked-pair', 'x-wing', 'hidden-pair', 'naked-triple', 'swordfish']) {
      expect(used, t).toContain(t);
    }
  });
});
