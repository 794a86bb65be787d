import { describe, expect, it } from 'vitest';
import { formatGrid, type Grid } from '../../src/core/grid.js';
import { deriveSeed } from '../../src/core/rng.js';
import { makePuzzle } from '../../src/generator/make.js';
import { Candidates } from '../../src/grader/candidates.js';
import { applyStep, gradePuzzle, gradeUnique, levelTechniques, runTechniques, emptyLog, type GradeResult } from '../../src/grader/grade.js';
import { DEFAULT_LEVELS, levelRatingCeiling, levelRatingFloor } from '../../src/grader/levels.js';
import { techniqueByName, TECHNIQUES } from '../../src/grader/registry.js';
import { loadSet } from '../helpers/data.js';

function solvesWith(puzzle: Grid, levelIndex: number): boolean {
  return runTechniques(Candidates.fromPuzzle(puzzle), levelTechniques(DEFAULT_LEVELS[levelIndex]), emptyLog(), false);
}

/** Each puzzle is graded with its steps once; the soundness and bucket tests share the result. */
const withSteps = new Map<string, GradeResult>();
function gradeWithSteps(p: Grid): GradeResult {
  const key = formatGrid(p);
  let r = withSteps.get(key);
  if (!r) withSteps.set(key, (r = gradePuzzle(p, { steps: true })));
  return r;
}

// The first 300 of the 17-clue slice: easy, medium and hard puzzles, about 20,000 steps.
const CLUE17 = loadSet('17clue.txt', 300);
// Every 24th puzzle of the top1465 slice: hard puzzles needing wings, fish, uniqueness and chains.
const TOP = loadSet('top1465.txt', 12, 24);

describe('grading soundness', () => {
  it("never places a wrong digit or removes a solution digit, over 370 puzzles from easy to hard (nested chains: chaining/nested-soundness.test.ts)", () => {
    const puzzles: Grid[] = [
      ...CLUE17,
      ...TOP,
      ...Array.from({ length: 60 }, (_, i) => makePuzzle({ fill: 'diagonal', dig: 'remove', symmetry: 'none' }, deriveSeed('sound', i)).puzzle),
    ];
    let steps = 0;
    const used = new Set<string>();
    // Wrong steps are collected rather than asserted one by one (tens of thousands of checks).
    const wrong: string[] = [];
    for (const p of puzzles) {
      const r = gradeWithSteps(p);
      expect(r.bucket).not.toBe('invalid');
      const solution = r.solution!;
      const s = Candidates.fromPuzzle(p);
      for (const step of r.steps!) {
        const bad = step.place.some(([c, d]) => String(d) !== solution[c]) || step.eliminate.some(([c, d]) => String(d) === solution[c]);
        if (bad || step.place.length + step.eliminate.length === 0) wrong.push(`${step.explain} in ${r.puzzle}`);
        applyStep(s, step);
        used.add(step.technique);
        steps++;
      }
      if (r.bucket !== 'beyond') expect(formatGrid(s.values)).toBe(solution);
    }
    expect(wrong).toEqual([]);
    expect(puzzles.length).toBeGreaterThan(370);
    expect(steps).toBeGreaterThan(20_000);
    // The sets exercise most techniques on real puzzles.
    expect(used.size).toBeGreaterThanOrEqual(TECHNIQUES.length - 8);
  }, 240_000);
});

describe('buckets', () => {
  const sample = [...CLUE17, ...TOP.slice(6)];
  // Graded without steps, last puzzle first: the comparison with the step-by-step grades (made
  // first to last) shows that neither the order nor asking for steps changes a grade.
  const graded = [...sample].reverse().map((p) => ({ p, r: gradePuzzle(p) })).reverse();

  it('easy puzzles are solved by singles alone', () => {
    const easy = graded.filter((g) => g.r.bucket === 'easy');
    expect(easy.length).toBeGreaterThan(50);
    for (const { p, r } of easy) {
      expect(solvesWith(p, 0)).toBe(true);
      // A single is open at every step, so SE's path never needs more than a naked single (2.3).
      expect(r.rating).toBeLessThanOrEqual(2.3);
    }
  });

  it('medium puzzles are not solved by singles, and are solved by the medium set', () => {
    const medium = graded.filter((g) => g.r.bucket === 'medium');
    expect(medium.length).toBeGreaterThan(50);
    for (const { p } of medium) {
      expect(solvesWith(p, 0)).toBe(false);
      expect(solvesWith(p, 1)).toBe(true);
    }
  });

  it('hard, expert and master puzzles need more than the medium set; beyond puzzles are the unrated ones', () => {
    const harder = graded.filter((g) => ['hard', 'expert', 'master'].includes(g.r.bucket));
    expect(harder.length).toBeGreaterThan(10);
    for (const { p, r } of harder) {
      expect(solvesWith(p, 1)).toBe(false);
      expect(r.rating).not.toBeNull();
    }
    for (const { r } of graded) expect(r.bucket === 'beyond').toBe(r.rating === null);
  });

  it("every rated puzzle's ER lies within its bucket's floor and ceiling (levelRatingFloor, levelRatingCeiling)", () => {
    const seen = new Set<string>();
    for (const { r } of graded) {
      const index = DEFAULT_LEVELS.findIndex((l) => l.bucket === r.bucket);
      if (index < 0) continue;
      seen.add(r.bucket);
      expect(r.rating!).toBeGreaterThanOrEqual(levelRatingFloor(DEFAULT_LEVELS, index) - 1e-9);
      const ceiling = levelRatingCeiling(DEFAULT_LEVELS[index]);
      if (ceiling !== null) expect(r.rating!).toBeLessThanOrEqual(ceiling + 1e-9);
    }
    expect([...seen].sort()).toEqual(['easy', 'expert', 'hard', 'master', 'medium']);
  });

  it('ER is the largest step rating, EP the largest up to the first placement, ED the first step; beyond has no rating', () => {
    for (const { p, r } of graded) {
      const steps = gradeWithSteps(p).steps!;
      if (r.rating === null) {
        expect(r.bucket).toBe('beyond');
        expect(r.ep).toBeNull();
        expect(r.ed).toBeNull();
        expect(r.stopped).toMatch(/./);
        continue;
      }
      const ratings = steps.map((s) => s.rating!);
      expect(r.rating).toBe(Math.max(0, ...ratings));
      expect(r.ed).toBe(ratings[0] ?? 0);
      const firstPlace = steps.findIndex((s) => s.place.length > 0);
      expect(r.ep).toBe(Math.max(...ratings.slice(0, firstPlace + 1)));
      if (r.hardest) expect(steps.find((s) => s.rating === r.rating)!.technique).toBe(r.hardest);
    }
  });

  it('the grade depends only on the puzzle', () => {
    for (const { p, r } of graded) {
      const { steps, ...rest } = gradeWithSteps(p);
      expect(steps!.length).toBeGreaterThan(0);
      expect(rest).toEqual(r);
    }
    const { bucket } = gradeUnique(sample[0]);
    expect(bucket).toBe(graded[0].r.bucket);
  });

  it('reports puzzles without exactly one solution as invalid, never graded', () => {
    const multi = gradePuzzle(loadSet('serg_benchmark_multisolution.txt', 1)[0]);
    expect(multi).toMatchObject({ bucket: 'invalid', solutions: 2, solution: null, techniques: {} });
    const none = new Uint8Array(81);
    none.set([1, 2, 3, 4, 5, 6, 7, 8], 0);
    none[17] = 9;
    expect(gradePuzzle(none)).toMatchObject({ bucket: 'invalid', solutions: 0 });
  });
});
