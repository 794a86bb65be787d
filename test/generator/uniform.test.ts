import { describe, expect, it } from 'vitest';
import { isValidSolution } from '../../src/core/grid.js';
import { PERMUTATIONS_3 } from '../../src/core/perms.js';
import { Rng } from '../../src/core/rng.js';
import { bandArrangements, BOX2_CHOICES, countArrangements, fillUniform, R_MAX, shapeCount, uniformStats } from '../../src/generator/fill-uniform.js';
import { countSolutions } from '../../src/solver/solver.js';

/** Count band fillings by brute force: choose an ordering of each column's set, rows stay distinct. */
function bruteForceR(S: Int32Array): number {
  const digits = Array.from(S, (m) => [0, 1, 2, 3, 4, 5, 6, 7, 8].filter((d) => m & (1 << d)));
  const perms = PERMUTATIONS_3;
  const rows = [0, 0, 0];
  let count = 0;
  const go = (c: number) => {
    if (c === 9) {
      count++;
      return;
    }
    for (const p of perms) {
      const ds = p.map((i) => digits[c][i]);
      if (ds.some((d, r) => rows[r] & (1 << d))) continue;
      ds.forEach((d, r) => (rows[r] |= 1 << d));
      go(c + 1);
      ds.forEach((d, r) => (rows[r] &= ~(1 << d)));
    }
  };
  go(0);
  return count;
}

/** Random column sets: each stack's nine digits split at random into three columns. */
function randomSets(rng: Rng): Int32Array {
  const S = new Int32Array(9);
  for (let s = 0; s < 3; s++) {
    const p = rng.permutation(9);
    for (let c = 0; c < 3; c++) S[3 * s + c] = (1 << p[3 * c]) | (1 << p[3 * c + 1]) | (1 << p[3 * c + 2]);
  }
  return S;
}

describe('uniform fill', () => {
  it('counts band arrangements R exactly (against brute force), within [1, 1728]', () => {
    const rng = new Rng('R');
    for (let i = 0; i < 300; i++) {
      const S = randomSets(rng);
      const r = bandArrangements(S);
      expect(r).toBe(bruteForceR(S));
      expect(r).toBeGreaterThanOrEqual(1);
      expect(r).toBeLessThanOrEqual(R_MAX);
    }
    // A "pure" band (columns of stack s repeat the same three digit sets) reaches the bound.
    const pure = Int32Array.from([0b000000111, 0b000111000, 0b111000000, 0b000000111, 0b000111000, 0b111000000, 0b000000111, 0b000111000, 0b111000000]);
    expect(bandArrangements(pure)).toBe(1728);
    expect(bruteForceR(pure)).toBe(1728);
  });

  it('remembers R by shape: renamed digits give the same shape and the same R, counted afresh', () => {
    const rng = new Rng('shape');
    for (let i = 0; i < 200; i++) {
      const S = randomSets(rng);
      const r = bandArrangements(S);
      expect(r).toBe(countArrangements(S));
      const before = shapeCount();
      // Rename the digits: the same shape, so a remembered R, which must still be right.
      const p = rng.permutation(9);
      const T = S.map((m) => [0, 1, 2, 3, 4, 5, 6, 7, 8].reduce((acc, d) => (m & (1 << d) ? acc | (1 << p[d]) : acc), 0));
      expect(bandArrangements(T)).toBe(r);
      expect(countArrangements(T)).toBe(r);
      expect(shapeCount()).toBe(before);
    }
  });

  it('has 56 choices of box 2 row sets for a given box 1', () => {
    expect(BOX2_CHOICES).toBe(56);
  });

  it('makes valid grids, reproducibly', () => {
    const a = Array.from({ length: 50 }, (_, i) => fillUniform(new Rng(`u${i}`)));
    for (const g of a) expect(isValidSolution(g)).toBe(true);
    expect(Array.from(fillUniform(new Rng('u7')))).toEqual(Array.from(a[7]));
  });

  it('accepts attempts at the exact expected rate, #grids / (#bands · 56³ · 1728²) = 1.3418%', () => {
    const expected = 6670903752021072936960 / (948109639680 * 56 ** 3 * 1728 ** 2);
    const rng = new Rng('acceptance');
    uniformStats.attempts = 0;
    uniformStats.accepted = 0;
    while (uniformStats.accepted < 600) fillUniform(rng);
    const n = uniformStats.attempts;
    const rate = uniformStats.accepted / n;
    const se = Math.sqrt((expected * (1 - expected)) / n);
    expect(Math.abs(rate - expected)).toBeLessThan(4 * se);
  });

  it('reproduces the proper-puzzle probability 0.3668 within four standard errors', () => {
    const rng = new Rng('proper');
    const trials = 2500;
    let proper = 0;
    for (let t = 0; t < trials; t++) {
      const g = fillUniform(rng);
      for (let i = 0; i < 81; i++) if (rng.below(2) === 0) g[i] = 0;
      if (countSolutions(g, 2) === 1) proper++;
    }
    const p = proper / trials;
    const se = Math.sqrt((0.3668 * (1 - 0.3668)) / trials);
    expect(Math.abs(p - 0.3668)).toBeLessThan(4 * se);
  });
});
