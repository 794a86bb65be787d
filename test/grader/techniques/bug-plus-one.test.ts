import { describe, expect, it } from 'vitest';
import { parseGrid } from '../../../src/core/grid.js';
import { Candidates } from '../../../src/grader/candidates.js';
import { applyStep, gradeUnique } from '../../../src/grader/grade.js';
import { bugPlusOne } from '../../../src/grader/techniques/bug-plus-one.js';
import { expectStep } from '../helpers.js';

// A 17-clue puzzle (../shared/data/17clue.txt) whose solving path reaches a BUG+1 state.
const PUZZLE = parseGrid('................12..3..4.........3.......1.5..6..7.8.......5.....48.3....2.....76');
const SOLUTION = '952186743486537912713294685247958361839641257165372894691725438574863129328419576';

function stateBeforeBug(): Candidates {
  const { log } = gradeUnique(PUZZLE, { steps: true });
  const s = Candidates.fromPuzzle(PUZZLE);
  for (const step of log.steps) {
    if (step.technique === 'bug-plus-one') return s;
    applyStep(s, step);
  }
  throw new Error('no BUG+1 step on this path');
}

describe('BUG+1', () => {
  it('places the digit that appears three times in the row of the one three-candidate cell', () => {
    const s = stateBeforeBug();
    // The state really is a BUG+1: one empty cell with three candidates, all others two.
    const counts = [...s.cands.keys()].filter((c) => s.values[c] === 0).map((c) => s.cands[c].toString(2).replace(/0/g, '').length);
    expect(counts.filter((n) => n === 3).length).toBe(1);
    expect(counts.every((n) => n === 2 || n === 3)).toBe(true);
    expectStep(bugPlusOne.find(s), 'bug-plus-one', { place: [['r3c1', 7]] });
    expect(SOLUTION[2 * 9 + 0]).toBe('7');
  });
  it('does not fire while cells have more candidates', () => {
    expect(bugPlusOne.find(Candidates.fromPuzzle(PUZZLE))).toBeNull();
  });
});
