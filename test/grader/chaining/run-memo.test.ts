import { describe, expect, it } from 'vitest';
import { parseGrid } from '../../../src/core/grid.js';
import { Candidates } from '../../../src/grader/candidates.js';
import { dynamicForcingChainPlus, nestedForcingChain, nestedMultipleForcingChain } from '../../../src/grader/chaining/producers.js';
import { useRunMemos } from '../../../src/grader/chaining/run-memo.js';
import { emptyLog, runTechniques, workContext } from '../../../src/grader/grade.js';
import { TECHNIQUES } from '../../../src/grader/registry.js';
import type { FindContext, Step, Technique } from '../../../src/grader/technique.js';
import { loadPuzzles, loadState } from './fixtures.js';

/**
 * The memos of the chaining engine (run-memo.ts: what the level-1 rules and the nested searches
 * found on a run's grid) change the time only: with them, without them, and with them already
 * holding the searches of an earlier grading, every step and the work spent are the same (so a
 * work limit stops a puzzle at the same point whatever was graded before in the process).
 */
function stepKey(s: Step | null): unknown {
  return s && [s.technique, s.rating, s.place, s.eliminate, s.explain];
}

/** The producer's step on a state and the work it spent, with memos on or off. */
function findWith(memos: boolean, t: Technique, state: Candidates, maxLevel: number): { step: unknown; work: number } {
  useRunMemos(memos);
  try {
    const ctx: FindContext = { work: 0, maxWork: 1e9, maxLevel };
    const step = stepKey(t.find(state.clone(), ctx));
    return { step, work: ctx.work };
  } finally {
    useRunMemos(true);
  }
}

/** A whole puzzle's steps and work, every technique, with memos on or off. */
function gradeWith(memos: boolean, puzzle: string, maxNestedWork?: number): { steps: unknown[]; work: number; stopped?: string } {
  useRunMemos(memos);
  try {
    const ctx = workContext(maxNestedWork === undefined ? {} : { maxNestedWork });
    const state = Candidates.fromPuzzle(parseGrid(puzzle));
    state.unique = true;
    const log = emptyLog();
    runTechniques(state, TECHNIQUES, log, true, ctx);
    return { steps: log.steps.map(stepKey), work: ctx.work, stopped: log.stopped };
  } finally {
    useRunMemos(true);
  }
}

describe('the chaining memos change no result', () => {
  for (const [t, level, name] of [
    [dynamicForcingChainPlus, 1, 'nested-region-forcing-chain-cycle'],
    [nestedForcingChain, 2, 'nested-region-forcing-chain'],
    [nestedMultipleForcingChain, 3, 'nested-region-forcing-chain'],
  ] as const) {
    it(`${t.name} on ${name}: the same step and work without the memos, with them, and with them warm`, () => {
      const state = loadState(name);
      const off = findWith(false, t, state, level);
      const cold = findWith(true, t, state, level);
      const warm = findWith(true, t, state, level);
      // Level 1 finds nothing here (the state is before a nested chain), but asks its rules.
      if (level > 1) expect(off.step).not.toBeNull();
      expect(off.work).toBeGreaterThan(0);
      expect(cold).toEqual(off);
      expect(warm).toEqual(off);
    });
  }

  it('nested-multiple-forcing-chain after nested-forcing-chain on the same state (its single-chain searches memoised): the same step and work', () => {
    const state = loadState('nested-region-forcing-chain-cycle');
    const off = findWith(false, nestedMultipleForcingChain, state, 3);
    findWith(true, nestedForcingChain, state, 2);
    expect(findWith(true, nestedMultipleForcingChain, state, 3)).toEqual(off);
  });

  // The third puzzle of forum_hardest_1106.txt: dynamic forcing chains (+) and nested ones.
  const puzzle = loadPuzzles('forum-hardest.txt')[2];

  it('grades a forum puzzle to the same steps and work with the memos and without', () => {
    const off = gradeWith(false, puzzle);
    expect(off.stopped).toBeUndefined();
    expect(off.steps.some((s) => (s as [string])[0].startsWith('nested-'))).toBe(true);
    expect(gradeWith(true, puzzle)).toEqual(off);
  });

  it('stops a forum puzzle at a nested work limit at the same step, even with the memos holding its searches', () => {
    // The memos hold this puzzle's searches already (graded above, or graded here first).
    gradeWith(true, puzzle, 1_000_000);
    const on = gradeWith(true, puzzle, 1_000_000);
    const off = gradeWith(false, puzzle, 1_000_000);
    expect(off.stopped).toMatch(/nested forcing chain work limit/);
    // Where the work stands when stopped may differ (a search from the memo is paid at once).
    expect(on.steps).toEqual(off.steps);
    expect(on.stopped).toBe(off.stopped);
  });
});
