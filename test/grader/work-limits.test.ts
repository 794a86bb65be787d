import { describe, expect, it } from 'vitest';
import { parseGrid } from '../../src/core/grid.js';
import { gradePuzzle } from '../../src/grader/grade.js';
import { loadPuzzles } from './chaining/fixtures.js';

// serate: ER 10.3, EP 1.2, ED 1.2 (a nested region forcing chain, level 2).
const NESTED = parseGrid(loadPuzzles('forum-hardest.txt')[0]);
// serate: ER 9.3, EP 9.3, ED 7.8 (dynamic forcing chains (+), level 1): fixtures se-rated/heldout.tsv.
const LEVEL_ONE = parseGrid('4..6..3...1..2..6...8..7..19..8..5...4..5..1......2..75.....6...3..8..4......9..5');

describe('work limits', () => {
  it('the nested budget never touches a puzzle that needs no nested chains', () => {
    const r = gradePuzzle(LEVEL_ONE, { limits: { maxNestedWork: 1 } });
    expect([r.rating, r.ep, r.ed]).toEqual([9.3, 9.3, 7.8]);
  });
  it('a puzzle past the nested budget is beyond, and says which limit stopped it', () => {
    const r = gradePuzzle(NESTED, { limits: { maxNestedWork: 100_000 } });
    expect(r.bucket).toBe('beyond');
    expect(r.rating).toBeNull();
    expect(r.stopped).toBe('nested forcing chain work limit of 100000 implications');
  });
  it('a puzzle within the nested budget is rated as serate rates it', () => {
    const r = gradePuzzle(NESTED, { limits: { maxNestedWork: 10_000_000 } });
    expect([r.rating, r.ep, r.ed]).toEqual([10.3, 1.2, 1.2]);
    expect(r.hardest).toBe('nested-region-forcing-chain');
  });
});
