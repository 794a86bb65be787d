/**
 * Whole puzzles on Sudoku Explainer's terms: its basic producers, then the strong links, wings
 * and aligned exclusion in its order, give the ER its serate prints, on puzzles whose serate
 * path needs no other producer (no uniqueness loops, BUG or chains).
 */
import { describe, expect, it } from 'vitest';
import type { Technique } from '../../../src/grader/technique.js';
import { alignedPairExclusion, alignedTripletExclusion } from '../../../src/grader/techniques/aligned-exclusion.js';
import { fourStrongLinks, threeStrongLinks, turbotFish } from '../../../src/grader/techniques/strong-links.js';
import { tuvwxyzWing, uvwxyzWing, vwxyzWing, wxyzWing } from '../../../src/grader/techniques/wxyz-wing.js';
import { xyWing } from '../../../src/grader/techniques/xy-wing.js';
import { xyzWing } from '../../../src/grader/techniques/xyz-wing.js';
import { gradeSeBasic, loadRated, SE_BASIC_ORDER } from '../se-basic-loop.js';

const names = SE_BASIC_ORDER.map((t) => t.name);
const afterTriple = names.indexOf('hidden-triple') + 1;
const afterQuad = names.indexOf('hidden-quad') + 1;
const ORDER: Technique[] = [
  ...SE_BASIC_ORDER.slice(0, afterTriple),
  turbotFish,
  xyWing,
  xyzWing,
  ...SE_BASIC_ORDER.slice(afterTriple, afterQuad),
  threeStrongLinks,
  wxyzWing,
  fourStrongLinks,
  vwxyzWing,
  alignedPairExclusion,
  uvwxyzWing,
  tuvwxyzWing,
  alignedTripletExclusion,
  ...SE_BASIC_ORDER.slice(afterQuad),
];

describe('strong links, wings and aligned exclusion in the rating loop', () => {
  it("reproduce serate's ER on every fixture puzzle", () => {
    expect(afterTriple).toBeGreaterThan(0);
    expect(afterQuad).toBeGreaterThan(afterTriple);
    const rated = loadRated('se-rated/wings-er.tsv');
    expect(rated.length).toBeGreaterThanOrEqual(40);
    const wrong = rated.filter((r) => {
      const run = gradeSeBasic(r.puzzle, ORDER);
      return !run.solved || run.er !== r.er;
    });
    expect(wrong.map((r) => r.text)).toEqual([]);
  });
});
