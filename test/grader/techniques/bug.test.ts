import { describe, expect, it } from 'vitest';
import { parseGrid } from '../../../src/core/grid.js';
import { Candidates } from '../../../src/grader/candidates.js';
import { bivalueUniversalGrave } from '../../../src/grader/techniques/bug.js';
import { uniqueLoops } from '../../../src/grader/techniques/unique-loops.js';
import { auditSteps, elimNames, parsePosition, readPositions, readPuzzles, THROUGH_BUG, type Audit } from './unique-harness.js';

// A 17-clue puzzle (from the 17-clue list; test/fixtures/data/17clue.txt has a slice) and the position its solving path reaches:
// every empty cell has two candidates except r3c1 {2,6,7}, and 7 has three places in row 3,
// column 1 and box 1.
const PUZZLE = '................12..3..4.........3.......1.5..6..7.8.......5.....48.3....2.....76';
const SOLUTION = '952186743486537912713294685247958361839641257165372894691725438574863129328419576';
const BUG_PLUS_ONE = [
  '=9,15,25,12,=8,67,67,=4,=3',
  '=4,=8,67,=5,=3,67,=9,=1,=2',
  '267,17,=3,12,=9,=4,67,=8,=5',
  '27,=4,27,=9,=5,=8,=3,=6,=1',
  '=8,=3,=9,=6,=4,=1,=2,=5,=7',
  '15,=6,15,=3,=7,=2,=8,=9,=4',
  '16,=9,16,=7,=2,=5,=4,=3,=8',
  '57,57,=4,=8,=6,=3,=1,=2,=9',
  '=3,=2,=8,=4,=1,=9,=5,=7,=6',
].join(',');

describe('BUG: hand-checked positions', () => {
  it('type 1: the one cell with three candidates keeps the digit that breaks the grave (5.6)', () => {
    expect(bivalueUniversalGrave.needsUniqueness).toBe(true);
    const s = parsePosition(BUG_PLUS_ONE);
    const step = bivalueUniversalGrave.find(s)!;
    expect(step.technique).toBe('bug-type-1');
    expect(step.rating).toBe(5.6);
    expect(elimNames(step)).toEqual(['r3c1-2', 'r3c1-6']);
    expect(SOLUTION[18]).toBe('7');
    // The step does not change the state it looks at.
    expect(s.cands[18]).toBe(0b1100010);
  });

  it('does not fire while cells have many candidates, nor on a grave broken by no cell', () => {
    expect(bivalueUniversalGrave.find(Candidates.fromPuzzle(parseGrid(PUZZLE)))).toBeNull();
    const s = parsePosition(BUG_PLUS_ONE);
    s.eliminate(18, 7); // r3c1 {2,6}: no cell holds an extra digit any more, there is nothing to find
    expect(bivalueUniversalGrave.find(s)).toBeNull();
  });

  it('no unique rectangle or loop comes before it in this position', () => {
    expect(uniqueLoops.find(parsePosition(BUG_PLUS_ONE))).toBeNull();
  });
});

describe('BUG: positions from real solving paths, as Sudoku Explainer reports them', () => {
  const cases = readPositions().filter((c) => c.technique.startsWith('bug') || c.technique === 'none');
  it.each(cases.map((c) => [c.kind, c] as const))('%s', (_kind, c) => {
    const step = bivalueUniversalGrave.find(parsePosition(c.position));
    if (c.technique === 'none') {
      expect(step).toBeNull();
      return;
    }
    expect(step).not.toBeNull();
    expect(step!.technique).toBe(c.technique);
    expect(step!.rating).toBe(c.rating);
    expect(elimNames(step!)).toEqual(c.eliminate);
  });
});

describe('BUG on real puzzles', () => {
  it('every step removes only candidates that are not the solution digit', () => {
    const audit: Audit = { fired: {}, wrong: [] };
    const puzzles = [PUZZLE, ...readPuzzles('unique-er-4.5-7.tsv'), ...readPuzzles('unique-top1465.txt')];
    auditSteps(puzzles, THROUGH_BUG, [bivalueUniversalGrave], audit);
    expect(audit.wrong).toEqual([]);
    expect(audit.fired['bug-type-1 5.6']).toBeGreaterThan(0);
  });
});
