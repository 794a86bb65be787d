import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { formatGrid, parseGrid } from '../../src/core/grid.js';
import { cellName } from '../../src/core/units.js';
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

  it("take Sudoku Explainer's steps in its order: same rating at every step, same single placed", () => {
    const lines = readFileSync(new URL('../fixtures/se-rated/basic-steps.tsv', import.meta.url), 'utf8')
      .split('\n')
      .filter((l) => l.trim() !== '' && !l.startsWith('#'));
    expect(lines.length).toBeGreaterThanOrEqual(16);
    for (const line of lines) {
      const [text, expected] = line.split('\t');
      const ours = gradeSeBasic(parseGrid(text)).steps.map((st) =>
        /single|full-house/.test(st.technique) ? `${st.rating!.toFixed(1)}:${cellName(st.place[0][0])}=${st.place[0][1]}` : st.rating!.toFixed(1),
      );
      expect(ours.join(' '), text).toBe(expected);
    }
  });
});
