import { describe, expect, it } from 'vitest';
import { alignedPairExclusion, alignedTripletExclusion } from '../../../src/grader/techniques/aligned-exclusion.js';
import { blank, cands, expectStep } from '../helpers.js';
import { expectSeAgreement } from '../se-positions.js';

/** r1c1 {1,2,3} and r2c4 {1,2}, both seen by r1c5 {1,3} and r2c2 {2,3}. */
const pairPosition = () => cands(cands(cands(cands(blank(), 'r1c1', [1, 2, 3]), 'r2c4', [1, 2]), 'r1c5', [1, 3]), 'r2c2', [2, 3]);

describe('aligned pair exclusion', () => {
  it('removes a candidate every filling of the pair rules out, rated 6.2', () => {
    // The first pair in order is r1c1 with r1c2 (open, seen by both excluders too): r1c2 = 3
    // leaves r1c1 = 1 (empties r1c5), 2 (empties r2c2) or 3 (same row): 3 leaves r1c2.
    const step = alignedPairExclusion.find(pairPosition());
    expectStep(step, 'aligned-pair-exclusion', { eliminate: [['r1c2', 3]] });
    expect(step!.rating).toBe(6.2);
  });
  it('does not fire with a single common excluder', () => {
    expect(alignedPairExclusion.find(cands(pairPosition(), 'r2c2', [2, 3, 4, 5]))).toBeNull();
  });
  it("gives Sudoku Explainer's first hint on recorded positions", () => expectSeAgreement(alignedPairExclusion));
});

describe('aligned triplet exclusion', () => {
  it('removes a candidate every filling of three cells rules out, rated 7.5', () => {
    // r1c1 {1,4}, r1c2 {2,4}, r1c3 {3,4} seen by r1c4 {1,2,3}, r2c1 {1,2,4}, r2c2 {1,3,4}:
    // only 4-2-3 fills them without emptying an excluder.
    let s = cands(cands(cands(blank(), 'r1c1', [1, 4]), 'r1c2', [2, 4]), 'r1c3', [3, 4]);
    s = cands(cands(cands(s, 'r1c4', [1, 2, 3]), 'r2c1', [1, 2, 4]), 'r2c2', [1, 3, 4]);
    const step = alignedTripletExclusion.find(s);
    expectStep(step, 'aligned-triplet-exclusion', {
      eliminate: [
        ['r1c1', 1],
        ['r1c2', 4],
        ['r1c3', 4],
      ],
    });
    expect(step!.rating).toBe(7.5);
  });
  it('does not fire without excluders', () => {
    let s = blank();
    for (const c of ['r1c1', 'r1c2', 'r1c3']) s = cands(s, c, [1, 2, 3, 4]);
    expect(alignedTripletExclusion.find(s)).toBeNull();
  });
  it("gives Sudoku Explainer's first hint on recorded positions", () => expectSeAgreement(alignedTripletExclusion));
});
