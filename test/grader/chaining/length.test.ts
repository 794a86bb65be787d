import { describe, expect, it } from 'vitest';
import { chainDifficulty, lengthAddition, roundRating } from '../../../src/grader/chaining/potential.js';

describe('length addition', () => {
  // Complexity (potentials a deduction rests on) minus two, against thresholds 4, 6, 8, 12, 16,
  // 24, 32, 48, 64, ...: each threshold passed adds 0.1.
  const table: [number, number][] = [
    [4, 0],
    [6, 0],
    [7, 0.1],
    [8, 0.1],
    [9, 0.2],
    [10, 0.2],
    [11, 0.3],
    [14, 0.3],
    [15, 0.4],
    [18, 0.4],
    [19, 0.5],
    [26, 0.5],
    [27, 0.6],
    [34, 0.6],
    [35, 0.7],
    [50, 0.7],
    [51, 0.8],
    [66, 0.8],
    [67, 0.9],
    [98, 0.9],
    [99, 1.0],
  ];
  for (const [complexity, added] of table) {
    it(`complexity ${complexity} adds ${added}`, () => {
      expect(roundRating(lengthAddition(complexity))).toBe(added);
    });
  }
  it('adds to the base rating', () => {
    expect(roundRating(chainDifficulty(8.5, 15))).toBe(8.9);
    expect(roundRating(chainDifficulty(6.6, 6))).toBe(6.6);
  });
});
