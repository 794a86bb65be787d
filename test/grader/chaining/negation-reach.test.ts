/**
 * The test nested searches ask before building a link graph (negation-reach.ts): whether some
 * statement reaches its own negation. Checked against the link graph's own reachable sets on
 * grids like the inner grids of nested chains (hard puzzles' candidates with some struck), and
 * where it says no, the single-chain producer (chains and loops) must find nothing.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseGrid } from '../../../src/core/grid.js';
import { Candidates } from '../../../src/grader/candidates.js';
import { LinkGraph } from '../../../src/grader/chaining/link-graph.js';
import { NegationReach } from '../../../src/grader/chaining/negation-reach.js';
import { techniqueByName } from '../../../src/grader/registry.js';
import { solve } from '../../../src/solver/solver.js';

const PUZZLES = readFileSync(new URL('../../fixtures/se-rated/forum-hardest.tsv', import.meta.url), 'utf8')
  .split('\n')
  .filter((l) => l && !l.startsWith('#'))
  .map((l) => l.split('\t')[0]);

/** Whether some candidate's "on" reaches its "off" or its "off" its "on" in the full link graph. */
function graphSays(g: LinkGraph, cands: Uint16Array): boolean {
  g.build(cands);
  for (let p = 0; p < 729; p++) {
    if (!(cands[(p / 9) | 0] & (1 << p % 9))) continue;
    if (g.reaches(p * 2 + 1, p * 2) || g.reaches(p * 2, p * 2 + 1)) return true;
  }
  return false;
}

describe('negation reach', () => {
  it('agrees with the link graph and where no statement reaches its negation no single chain or loop exists', () => {
    const test = new NegationReach();
    const graph = new LinkGraph();
    const unary = techniqueByName('forcing-chain-cycle')!;
    let seed = 12345;
    const next = (n: number): number => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return (seed >>> 8) % n;
    };
    let yes = 0;
    let no = 0;
    for (const line of PUZZLES) {
      const puzzle = parseGrid(line);
      const solution = solve(puzzle)!;
      const start = Candidates.fromPuzzle(puzzle);
      for (let trial = 0; trial < 30; trial++) {
        const state = start.clone();
        // Strike some candidates the solution does not use, as an outer chain's run does.
        const strikes = trial === 0 ? 0 : 1 + next(12);
        for (let k = 0; k < strikes; k++) {
          const cell = next(81);
          const others = state.cands[cell] & ~(1 << (solution[cell] - 1));
          if (!others) continue;
          const bits = [...Array(9).keys()].filter((v) => others & (1 << v));
          state.cands[cell] &= ~(1 << bits[next(bits.length)]);
        }
        const said = test.anyNegation(state.cands);
        expect(test.work).toBeGreaterThan(0);
        expect(said).toBe(graphSays(graph, state.cands));
        if (said) yes++;
        else {
          no++;
          state.unique = true;
          expect(unary.find(state)).toBeNull();
        }
      }
    }
    // Both answers occur on these grids.
    expect(yes).toBeGreaterThan(10);
    expect(no).toBeGreaterThan(10);
  });
});
