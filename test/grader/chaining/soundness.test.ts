import { describe, expect, it } from 'vitest';
import {
  dynamicForcingChain,
  dynamicForcingChainPlus,
  forcingChainCycle,
  multipleForcingChain,
  nishio,
} from '../../../src/grader/chaining/producers.js';
import { cheapTechniques, loadPuzzles, runChecked } from './fixtures.js';

const CHAINING = [forcingChainCycle, nishio, multipleForcingChain, dynamicForcingChain, dynamicForcingChainPlus];
const WATCHED = new Set(CHAINING.map((t) => t.name));
const PRODUCERS = [...cheapTechniques(WATCHED), ...CHAINING];

describe('chaining soundness on real puzzles', () => {
  it('every chaining step of twelve rated puzzles (ER 7.0-9.1) agrees with the solution, and all are solved', () => {
    let checked = 0;
    for (const p of loadPuzzles('se-rated-7-9.tsv')) {
      const r = runChecked(p, PRODUCERS, WATCHED, { work: 0, maxWork: 50_000_000, maxLevel: 1 });
      expect(r.wrong).toEqual([]);
      expect(r.solved).toBe(true);
      checked += r.checked;
    }
    expect(checked).toBeGreaterThan(20);
  });
  it('every chaining step on some of the hardest known puzzles agrees with the solution, up to the work limit', () => {
    let checked = 0;
    for (const p of loadPuzzles('forum-hardest.txt')) {
      const r = runChecked(p, PRODUCERS, WATCHED, { work: 0, maxWork: 100_000, maxLevel: 1 });
      expect(r.wrong).toEqual([]);
      checked += r.checked;
    }
    expect(checked).toBeGreaterThan(0);
  });
});
