import { describe, expect, it } from 'vitest';
import { deriveSeed, Rng } from '../../src/core/rng.js';

describe('Rng', () => {
  it('gives the same stream for the same seed and different streams for different seeds', () => {
    const a = new Rng('job-1');
    const b = new Rng('job-1');
    const c = new Rng('job-2');
    const sa = Array.from({ length: 20 }, () => a.nextU32());
    expect(Array.from({ length: 20 }, () => b.nextU32())).toEqual(sa);
    expect(Array.from({ length: 20 }, () => c.nextU32())).not.toEqual(sa);
    expect(new Rng(7).nextU32()).toBe(new Rng('7').nextU32());
  });

  it('draws integers below n without bias (chi-square, fixed seed)', () => {
    const rng = new Rng('chi');
    for (const n of [3, 7, 9, 10]) {
      const counts = new Array(n).fill(0);
      const draws = 90_000;
      for (let i = 0; i < draws; i++) counts[rng.below(n)]++;
      const expected = draws / n;
      const chi2 = counts.reduce((s, c) => s + (c - expected) ** 2 / expected, 0);
      // 99.99th percentile of chi-square with n-1 <= 9 degrees of freedom is about 33.7.
      expect(chi2).toBeLessThan(34);
    }
  });

  it('keeps below(n) in range, and shuffles into permutations', () => {
    const rng = new Rng(1);
    for (let i = 0; i < 1000; i++) {
      const n = 1 + (i % 50);
      const x = rng.below(n);
      expect(x).toBeGreaterThanOrEqual(0);
      expect(x).toBeLessThan(n);
    }
    expect(rng.permutation(9).sort()).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('derives per-item seeds independent of each other', () => {
    expect(deriveSeed('s', 3)).toBe('s#3');
    expect(new Rng(deriveSeed('s', 3)).nextU32()).not.toBe(new Rng(deriveSeed('s', 4)).nextU32());
  });
});
