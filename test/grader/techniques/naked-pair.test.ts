import { describe, expect, it } from 'vitest';
import { nakedPair } from '../../../src/grader/techniques/naked-pair.js';
import { blank, cands, expectStep } from '../helpers.js';

describe('naked pair', () => {
  it('removes the pair digits from the rest of the row', () => {
    const s = cands(cands(blank(), 'r1c2', [2, 7]), 'r1c8', [2, 7]);
    const eliminate: [string, number][] = [];
    for (const c of [1, 3, 4, 5, 6, 7, 9]) eliminate.push([`r1c${c}`, 2], [`r1c${c}`, 7]);
    const step = nakedPair.find(s);
    expectStep(step, 'naked-pair', { eliminate });
    expect(step!.explain).toMatch(/^naked pair \{2,7\} in row 1 \(r1c2, r1c8\): removes 2 from r1c1/);
  });
  it('does not fire for two different pairs', () => {
    expect(nakedPair.find(cands(cands(blank(), 'r1c2', [2, 7]), 'r1c8', [2, 8]))).toBeNull();
  });
});
