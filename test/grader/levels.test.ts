import { describe, expect, it } from 'vitest';
import { BUCKETS, BEYOND, DEFAULT_LEVELS, levelRatingCeiling, levelRatingFloor } from '../../src/grader/levels.js';
import { CHAINING_NAMES, highestRating, TECHNIQUE_NAMES, techniqueByName } from '../../src/grader/registry.js';

const level = (bucket: string) => DEFAULT_LEVELS.find((l) => l.bucket === bucket)!;

describe('the bucket table', () => {
  it('prints each bucket with its techniques and its rating floor and ceiling', () => {
    const rows = DEFAULT_LEVELS.map((l, i) => {
      const ceiling = levelRatingCeiling(l);
      return `${l.bucket.padEnd(7)} ${String(l.techniques.length).padStart(2)} techniques  ER ${levelRatingFloor(DEFAULT_LEVELS, i).toFixed(1)} - ${ceiling === null ? 'open' : ceiling.toFixed(1)}`;
    });
    console.log(rows.join('\n'));
    expect(DEFAULT_LEVELS.map((l) => l.bucket)).toEqual(BUCKETS.filter((b) => b !== BEYOND));
    expect(DEFAULT_LEVELS.map((l) => levelRatingCeiling(l))).toEqual([2.3, 4.0, 4.4, null, null]);
    expect(DEFAULT_LEVELS.map((_, i) => levelRatingFloor(DEFAULT_LEVELS, i))).toEqual([1.0, 1.7, 3.2, 4.5, 6.5]);
  });

  it('each bucket allows everything the one before allows; master allows every technique the grader has', () => {
    for (let i = 1; i < DEFAULT_LEVELS.length; i++) {
      for (const t of DEFAULT_LEVELS[i - 1].techniques) expect(DEFAULT_LEVELS[i].techniques).toContain(t);
    }
    expect([...level('master').techniques].sort()).toEqual([...TECHNIQUE_NAMES].sort());
    for (const t of [...DEFAULT_LEVELS.flatMap((l) => l.techniques)]) expect(techniqueByName(t)).toBeDefined();
  });

  it('hard adds the basic fish and wings to medium; expert has every technique but chains; master adds the chains', () => {
    const medium = new Set(level('medium').techniques);
    expect(level('hard').techniques.filter((t) => !medium.has(t)).sort()).toEqual(['swordfish', 'turbot-fish', 'x-wing', 'xy-wing', 'xyz-wing']);
    const hard = new Set(level('hard').techniques);
    const expertAdds = level('expert').techniques.filter((t) => !hard.has(t));
    for (const t of ['unique-loop', 'naked-quad', 'hidden-quad', 'jellyfish', 'three-strong-links', 'four-strong-links', 'wxyz-wing', 'tuvwxyz-wing', 'bug', 'aligned-pair-exclusion', 'aligned-triplet-exclusion']) {
      expect(expertAdds).toContain(t);
    }
    // Every technique expert adds rates above hard's ceiling: an ER up to 4.4 is hard or easier.
    for (const t of expertAdds) expect(techniqueByName(t)!.weight).toBeGreaterThan(levelRatingCeiling(level('hard'))!);
    for (const t of CHAINING_NAMES) expect(level('expert').techniques).not.toContain(t);
    expect(level('master').techniques.filter((t) => !level('expert').techniques.includes(t)).sort()).toEqual([...CHAINING_NAMES].sort());
  });

  it('knows the highest rating of the fixed and bounded techniques up to the XYZ-wing', () => {
    expect(['x-wing', 'swordfish', 'turbot-fish', 'xy-wing', 'xyz-wing'].map(highestRating)).toEqual([3.2, 3.8, 4.3, 4.2, 4.4]);
    expect(highestRating('unique-loop')).toBeNull();
  });
});
