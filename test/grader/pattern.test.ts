import { describe, expect, it } from 'vitest';
import { parseGrid } from '../../src/core/grid.js';
import { Candidates } from '../../src/grader/candidates.js';
import { applyStep, gradePuzzle } from '../../src/grader/grade.js';
import { TECHNIQUES } from '../../src/grader/registry.js';
import type { FindContext, Step, Technique } from '../../src/grader/technique.js';
import { loadState } from './chaining/fixtures.js';
import { sePositions } from './se-positions.js';
import { patternProblems, patternSources, shapeProblems } from './pattern-check.js';

/** Every step of the puzzle's graded path with the position it was found in. */
function positions(puzzle: string): { state: Candidates; step: Step; solution: string }[] {
  const grid = parseGrid(puzzle);
  const result = gradePuzzle(grid, { steps: true });
  const state = Candidates.fromPuzzle(grid);
  state.unique = true;
  const out: { state: Candidates; step: Step; solution: string }[] = [];
  for (const step of result.steps ?? []) {
    out.push({ state: state.clone(), step, solution: result.solution! });
    applyStep(state, step);
  }
  return out;
}

const SOURCES = patternSources();

const NESTED = ['nested-region-forcing-chain-cycle', 'nested-region-forcing-chain'];

describe('step patterns', () => {
  const all = SOURCES.flatMap(positions);
  const seen = new Set(all.map((p) => p.step.technique));

  it('every step of the graded paths has a pattern of candidates of its position, apart from its eliminations, near them', () => {
    expect(all.length).toBeGreaterThan(1000);
    const problems = all.flatMap(({ state, step }) => [...patternProblems(state, step), ...shapeProblems(step)]);
    expect(problems.slice(0, 10)).toEqual([]);
  });

  it('the paths reach singles, subsets, fish, wings, strong links, uniqueness and chains', () => {
    for (const name of ['full-house', 'hidden-single', 'naked-single', 'pointing', 'claiming', 'naked-pair', 'hidden-pair', 'x-wing', 'xy-wing', 'turbot-fish', 'unique-rectangle-type-1', 'bug-type-1']) {
      expect(seen, name).toContain(name);
    }
    expect([...seen].some((t) => t.endsWith('-cycle') || t.includes('chain'))).toBe(true);
  });

  it('chains carry their links in order, strong after weak, in a chain of candidates', () => {
    const chains = all.filter(({ step }) => /-cycle$|^(x-chain|y-chain|aic)$/.test(step.technique));
    expect(chains.length).toBeGreaterThan(0);
    for (const { step } of chains) {
      const links = step.pattern!.links!;
      expect(links.length, step.explain).toBeGreaterThan(1);
      // Each link starts where the one before ended, and strong and weak links alternate.
      for (let k = 1; k < links.length; k++) {
        expect(links[k].from, step.explain).toEqual(links[k - 1].to);
        expect(links[k].strong, step.explain).not.toBe(links[k - 1].strong);
      }
    }
  });

  it('every technique of the registry fills a sound pattern where it finds a step', () => {
    const ctx = (maxLevel: number): FindContext => ({ work: 0, maxWork: 50_000_000, maxLevel });
    const states: Candidates[] = [
      ...all.map((p) => p.state),
      ...['y-cycle', 'forcing-xy-chain', 'nishio', 'region-forcing-chain', 'dynamic-cell-forcing-chain', 'dynamic-double-forcing-chain', 'dynamic-plus-region-forcing-chain', 'nested-region-forcing-chain-cycle', 'nested-region-forcing-chain'].map(loadState),
      ...['uvwxyz-wing', 'tuvwxyz-wing', 'aligned-triplet-exclusion', 'four-strong-links'].flatMap((name) => sePositions(name).map((p) => p.state)),
    ];
    for (const s of states) s.unique = true;
    const covered: string[] = [];
    const tryOn = (t: Technique, list: Candidates[], maxLevel = 3): boolean => {
      for (const s of list) {
        const step = t.find(s, ctx(maxLevel));
        if (!step) continue;
        expect([...patternProblems(s, step), ...shapeProblems(step)]).toEqual([]);
        return true;
      }
      return false;
    };
    // The chains are costly: try them on the states before chaining steps and the fixtures only.
    const chainy = states.filter((_, i) => i >= all.length || all[i].step.technique.includes('chain') || all[i].step.technique.endsWith('cycle'));
    for (const t of TECHNIQUES) {
      if (t.weight >= 9.5) {
        // Nested chains of levels 2 and 3 (the default limit), on the states before the first
        // nested chains of the forum's hardest; level 4 builds its steps the same way.
        if (t.weight < 10.5 && tryOn(t, NESTED.map(loadState))) covered.push(t.name);
        continue;
      }
      if (tryOn(t, t.weight >= 6.5 ? chainy : states)) covered.push(t.name);
    }
    expect(TECHNIQUES.filter((t) => t.weight < 10.5 && !covered.includes(t.name)).map((t) => t.name)).toEqual([]);
  });
});
