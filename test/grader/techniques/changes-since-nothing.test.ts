import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseGrid } from '../../../src/core/grid.js';
import { Candidates } from '../../../src/grader/candidates.js';
import { applyStep, gradePuzzle } from '../../../src/grader/grade.js';
import type { Technique } from '../../../src/grader/technique.js';
import { alignedPairExclusion, alignedTripletExclusion } from '../../../src/grader/techniques/aligned-exclusion.js';
import { ChangesSinceNothing } from '../../../src/grader/techniques/changes-since-nothing.js';
import { claiming } from '../../../src/grader/techniques/claiming.js';
import { directClaiming } from '../../../src/grader/techniques/direct-claiming.js';
import { directHiddenPair } from '../../../src/grader/techniques/direct-hidden-pair.js';
import { directHiddenTriple } from '../../../src/grader/techniques/direct-hidden-triple.js';
import { directPointing } from '../../../src/grader/techniques/direct-pointing.js';
import { hiddenPair } from '../../../src/grader/techniques/hidden-pair.js';
import { hiddenQuad } from '../../../src/grader/techniques/hidden-quad.js';
import { hiddenTriple } from '../../../src/grader/techniques/hidden-triple.js';
import { jellyfish } from '../../../src/grader/techniques/jellyfish.js';
import { nakedPair } from '../../../src/grader/techniques/naked-pair.js';
import { nakedQuad } from '../../../src/grader/techniques/naked-quad.js';
import { nakedTriple } from '../../../src/grader/techniques/naked-triple.js';
import { pointing } from '../../../src/grader/techniques/pointing.js';
import { fourStrongLinks, threeStrongLinks, turbotFish } from '../../../src/grader/techniques/strong-links.js';
import { swordfish } from '../../../src/grader/techniques/swordfish.js';
import { xWing } from '../../../src/grader/techniques/x-wing.js';
import { xyWing } from '../../../src/grader/techniques/xy-wing.js';
import { xyzWing } from '../../../src/grader/techniques/xyz-wing.js';
import { tuvwxyzWing, uvwxyzWing, vwxyzWing, wxyzWing } from '../../../src/grader/techniques/wxyz-wing.js';

describe('ChangesSinceNothing', () => {
  it('knows nothing until a search found nothing', () => {
    const ch = new ChangesSinceNothing();
    expect(ch.check(new Uint16Array(81).fill(0x1ff))).toBe(false);
  });
  it('hands out the cells that lost candidates since, as three words', () => {
    const ch = new ChangesSinceNothing();
    const before = new Uint16Array(81).fill(0x1ff);
    ch.foundNothing(before);
    const after = before.slice();
    after[3] = 0x0ff;
    after[30] = 0x001;
    after[80] = 0;
    expect(ch.check(after)).toBe(true);
    expect(Array.from(ch.changed)).toEqual([1 << 3, 1 << 3, 1 << 26]);
    expect(ch.check(before)).toBe(true);
    expect(Array.from(ch.changed)).toEqual([0, 0, 0]);
  });
  it('gives up on a state with a candidate the remembered one lacked, or after forget', () => {
    const ch = new ChangesSinceNothing();
    const before = new Uint16Array(81).fill(0x0ff);
    ch.foundNothing(before);
    const other = before.slice();
    other[40] = 0x100;
    expect(ch.check(other)).toBe(false);
    ch.forget();
    expect(ch.check(before)).toBe(false);
  });
});

// Sukaku Explainer-rated puzzles of ER 7.2-7.3 (test/fixtures/se-rated/heldout.tsv).
const PUZZLES = readFileSync(new URL('../../fixtures/se-rated/heldout.tsv', import.meta.url), 'utf8')
  .split('\n')
  .filter((l) => l && !l.startsWith('#'))
  .map((l) => l.split('\t'))
  .filter(([, er]) => Number(er) >= 7.2 && Number(er) <= 7.3)
  .slice(0, 4)
  .map(([p]) => p);

const PRODUCERS: Technique[] = [
  directPointing,
  directClaiming,
  directHiddenPair,
  directHiddenTriple,
  pointing,
  claiming,
  nakedPair,
  hiddenPair,
  nakedTriple,
  hiddenTriple,
  nakedQuad,
  hiddenQuad,
  xWing,
  swordfish,
  jellyfish,
  turbotFish,
  xyWing,
  xyzWing,
  threeStrongLinks,
  fourStrongLinks,
  wxyzWing,
  vwxyzWing,
  uvwxyzWing,
  tuvwxyzWing,
  alignedPairExclusion,
  alignedTripletExclusion,
];

/** A solved state: nothing to find, and no later state is a subset of it, so the next search is a full one. */
const SOLVED = new Candidates(new Uint8Array(81).fill(1), new Uint16Array(81));

/** The step a producer finds from scratch (no memory of earlier searches). */
function fresh(t: Technique, s: Candidates): string {
  expect(t.find(SOLVED)).toBeNull();
  return JSON.stringify(t.find(s));
}

describe('searches that skip what is as it was when they last found nothing', () => {
  it('find the same step as a search from scratch, on states that lose candidates one by one', () => {
    expect(PUZZLES.length).toBe(4);
    let seed = 7;
    const random = (n: number) => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return seed % n;
    };
    let compared = 0;
    let found = 0;
    for (const p of PUZZLES) {
      const graded = gradePuzzle(parseGrid(p), { steps: true });
      const s = Candidates.fromPuzzle(parseGrid(p));
      s.unique = true;
      for (const [i, step] of graded.steps!.entries()) {
        applyStep(s, step);
        if (i % 3 !== 0) continue;
        // From this state, a few ever smaller ones (random removals, sound or not).
        const t = s.clone();
        const seen: string[][] = [];
        const states: Candidates[] = [];
        for (let round = 0; round < 3; round++) {
          states.push(t.clone());
          seen.push(PRODUCERS.map((tech) => JSON.stringify(tech.find(t))));
          for (let k = 0; k < 2; k++) {
            const c = random(81);
            const m = t.cands[c];
            if (m & (m - 1)) t.cands[c] &= ~(m & -m);
          }
        }
        for (const [r, state] of states.entries()) {
          for (const [j, tech] of PRODUCERS.entries()) {
            const expected = fresh(tech, state);
            expect(seen[r][j], `${tech.name} on ${p}, step ${i}, round ${r}`).toBe(expected);
            compared++;
            if (expected !== 'null') found++;
          }
        }
      }
    }
    // The comparison covers both outcomes.
    expect(compared).toBeGreaterThan(300);
    expect(found).toBeGreaterThan(20);
  });
});
