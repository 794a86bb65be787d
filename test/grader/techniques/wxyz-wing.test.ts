import { describe, expect, it } from 'vitest';
import { tuvwxyzWing, uvwxyzWing, vwxyzWing, wxyzWing } from '../../../src/grader/techniques/wxyz-wing.js';
import { blank, cands, expectStep } from '../helpers.js';
import { expectSeAgreement } from '../se-positions.js';

/** Row 1 starts with {1,2} {2,3} {3,4}: three cells, four digits. */
const set3 = () => cands(cands(cands(blank(), 'r1c1', [1, 2]), 'r1c2', [2, 3]), 'r1c3', [3, 4]);

describe('WXYZ-wing', () => {
  it('removes z from cells seeing the bivalue cell and every set cell holding z, rated 5.5', () => {
    const step = wxyzWing.find(cands(set3(), 'r5c1', [1, 4]));
    expectStep(step, 'wxyz-wing', {
      eliminate: [
        ['r2c1', 4],
        ['r3c1', 4],
        ['r4c3', 4],
        ['r5c3', 4],
        ['r6c3', 4],
      ],
    });
    expect(step!.rating).toBe(5.5);
    expect(step!.explain).toMatch(/^WXYZ-wing: r1c1 \{1,2\}, r1c2 \{2,3\}, r1c3 \{3,4\} with r5c1 \{1,4\} linked on 1/);
  });
  it('does not fire when neither digit of the bivalue cell links to the set', () => {
    expect(wxyzWing.find(cands(set3(), 'r5c2', [1, 4]))).toBeNull();
  });
  it("gives Sudoku Explainer's first hint on recorded positions", () => expectSeAgreement(wxyzWing));
});

describe('VWXYZ-wing', () => {
  it('works with four set cells, rated by its biggest cell (6.3 for two candidates)', () => {
    const s = cands(cands(set3(), 'r1c4', [4, 5]), 'r5c1', [1, 5]);
    const step = vwxyzWing.find(s);
    expectStep(step, 'vwxyz-wing', { eliminate: [['r5c4', 5]] });
    expect(step!.rating).toBe(6.3);
  });
  it('does not fire on a three-cell set', () => {
    expect(vwxyzWing.find(cands(set3(), 'r5c1', [1, 4]))).toBeNull();
  });
  it("gives Sudoku Explainer's first hint on recorded positions", () => expectSeAgreement(vwxyzWing));
});

describe('UVWXYZ-wing and TUVWXYZ-wing', () => {
  it("give Sudoku Explainer's first hint on recorded positions", () => {
    expectSeAgreement(uvwxyzWing);
    expectSeAgreement(tuvwxyzWing);
  });
  it('rate 6.6 and 7.5', () => {
    let s = cands(cands(cands(set3(), 'r1c4', [4, 5]), 'r1c5', [5, 6]), 'r5c1', [1, 6]);
    expect(uvwxyzWing.find(s)!.rating).toBe(6.6);
    s = cands(cands(cands(cands(set3(), 'r1c4', [4, 5]), 'r1c5', [5, 6]), 'r1c6', [6, 7]), 'r5c1', [1, 7]);
    expect(tuvwxyzWing.find(s)!.rating).toBe(7.5);
    expect(tuvwxyzWing.find(set3())).toBeNull();
  });
});
