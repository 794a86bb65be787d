/**
 * Soundness on real puzzles: solve with singles, intersections, subsets and fish, then the
 * strong-link, wing and aligned-exclusion producers in Sudoku Explainer's order, and check
 * every step of those producers against the puzzle's solution.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseGrid } from '../../../src/core/grid.js';
import { solve } from '../../../src/solver/solver.js';
import { Candidates } from '../../../src/grader/candidates.js';
import { emptyLog, runTechniques, workContext } from '../../../src/grader/grade.js';
import type { Technique } from '../../../src/grader/technique.js';
import { alignedPairExclusion, alignedTripletExclusion } from '../../../src/grader/techniques/aligned-exclusion.js';
import { claiming } from '../../../src/grader/techniques/claiming.js';
import { hiddenPair } from '../../../src/grader/techniques/hidden-pair.js';
import { hiddenQuad } from '../../../src/grader/techniques/hidden-quad.js';
import { hiddenSingle } from '../../../src/grader/techniques/hidden-single.js';
import { hiddenTriple } from '../../../src/grader/techniques/hidden-triple.js';
import { jellyfish } from '../../../src/grader/techniques/jellyfish.js';
import { nakedPair } from '../../../src/grader/techniques/naked-pair.js';
import { nakedQuad } from '../../../src/grader/techniques/naked-quad.js';
import { nakedSingle } from '../../../src/grader/techniques/naked-single.js';
import { nakedTriple } from '../../../src/grader/techniques/naked-triple.js';
import { pointing } from '../../../src/grader/techniques/pointing.js';
import { fourStrongLinks, threeStrongLinks, turbotFish } from '../../../src/grader/techniques/strong-links.js';
import { swordfish } from '../../../src/grader/techniques/swordfish.js';
import { tuvwxyzWing, uvwxyzWing, vwxyzWing, wxyzWing } from '../../../src/grader/techniques/wxyz-wing.js';
import { xWing } from '../../../src/grader/techniques/x-wing.js';
import { xyWing } from '../../../src/grader/techniques/xy-wing.js';
import { xyzWing } from '../../../src/grader/techniques/xyz-wing.js';

const OURS: Technique[] = [turbotFish, xyWing, xyzWing, threeStrongLinks, wxyzWing, fourStrongLinks, vwxyzWing, alignedPairExclusion, uvwxyzWing, tuvwxyzWing, alignedTripletExclusion];
const ORDER: Technique[] = [
  hiddenSingle, pointing, nakedSingle, claiming, nakedPair, xWing, hiddenPair, nakedTriple, swordfish, hiddenTriple,
  turbotFish, xyWing, xyzWing, nakedQuad, jellyfish, hiddenQuad, threeStrongLinks, wxyzWing, fourStrongLinks,
  vwxyzWing, alignedPairExclusion, uvwxyzWing, tuvwxyzWing, alignedTripletExclusion,
];

function fixture(name: string): string[] {
  const text = readFileSync(fileURLToPath(new URL(`../../fixtures/se-rated/${name}`, import.meta.url)), 'utf8');
  return text.split('\n').filter((l) => l.trim() !== '').map((l) => l.split('\t')[0].trim());
}

/** Runs ORDER on each puzzle; returns how often each of our producers fired, checking each step. */
function run(puzzles: string[]): Map<string, number> {
  const fired = new Map(OURS.map((t) => [t.name, 0]));
  for (const line of puzzles) {
    const puzzle = parseGrid(line);
    const solution = solve(puzzle)!;
    const s = Candidates.fromPuzzle(puzzle);
    runTechniques(s, ORDER, emptyLog(), false, workContext(), (step, by) => {
      if (!fired.has(by.name)) return;
      fired.set(by.name, fired.get(by.name)! + 1);
      expect(step.eliminate.length, step.explain).toBeGreaterThan(0);
      for (const [c, d] of step.eliminate) expect(solution[c], `${line}: ${step.explain}`).not.toBe(d);
      expect(step.rating).toBeGreaterThanOrEqual(by.weight);
    });
    expect(s.isBroken()).toBe(false);
  }
  return fired;
}

describe('strong links, wings and aligned exclusion on real puzzles', () => {
  it('never remove a solution digit (Sudoku Exchange ER 4.0-7.5 slice)', () => {
    const fired = run(fixture('er-4-to-7.5.tsv'));
    // Each common producer is met on this slice, so the check above is not vacuous.
    for (const name of ['turbot-fish', 'xy-wing', 'xyz-wing', 'three-strong-links', 'wxyz-wing', 'vwxyz-wing']) expect(fired.get(name), name).toBeGreaterThan(0);
  });
  it('never remove a solution digit (top1465 slice)', () => {
    const fired = run(fixture('top1465-slice.txt'));
    expect([...fired.values()].reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
  });
});
