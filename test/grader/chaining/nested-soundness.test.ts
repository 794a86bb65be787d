import { describe, expect, it } from 'vitest';
import { parseGrid } from '../../../src/core/grid.js';
import { applyStep } from '../../../src/grader/grade.js';
import { TECHNIQUES } from '../../../src/grader/registry.js';
import type { FindContext } from '../../../src/grader/technique.js';
import { solveUnique } from '../../../src/solver/solver.js';
import { cheapTechniques, loadPuzzles, loadState, runChecked } from './fixtures.js';

const NESTED = TECHNIQUES.filter((t) => t.name.includes('nested'));

describe('nested forcing chains: soundness', () => {
  it('every step from a nested position of a forum puzzle to its end agrees with the solution', () => {
    const puzzle = loadPuzzles('forum-hardest.txt')[0];
    const r = solveUnique(parseGrid(puzzle));
    if (!('solution' in r)) throw new Error('fixture puzzle is not proper');
    const solution = r.solution;
    const state = loadState('nested-region-forcing-chain');
    for (let c = 0; c < 81; c++) if (state.values[c]) expect(state.values[c]).toBe(solution[c]);
    const ctx: FindContext = { work: 0, maxWork: 50_000_000, maxLevel: 3 };
    let nested = 0;
    let steps = 0;
    while (!state.isSolved() && steps < 200) {
      let step = null;
      let by = '';
      for (const t of TECHNIQUES) {
        step = t.find(state, ctx);
        if (step) {
          by = t.name;
          break;
        }
      }
      expect(step).not.toBeNull();
      for (const [c, d] of step!.place) expect(solution[c]).toBe(d);
      for (const [c, d] of step!.eliminate) expect(solution[c]).not.toBe(d);
      if (by.includes('nested')) nested++;
      applyStep(state, step!);
      steps++;
    }
    expect(state.isSolved()).toBe(true);
    expect(nested).toBeGreaterThan(0);
  });
  it('every nested step of a second forum puzzle agrees with the solution, up to the work limit', () => {
    const chaining = TECHNIQUES.filter((t) => t.weight >= 6.5);
    const watched = new Set(NESTED.map((t) => t.name));
    const producers = [...cheapTechniques(new Set(chaining.map((t) => t.name))), ...chaining];
    const r = runChecked(loadPuzzles('forum-hardest.txt')[2], producers, watched, { work: 0, maxWork: 4_000_000, maxLevel: 3 });
    expect(r.wrong).toEqual([]);
    expect(r.checked).toBeGreaterThan(0);
  });
});
