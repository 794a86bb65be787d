import { describe, expect, it } from 'vitest';
import { clueCount, kindGeometry, type Geometry } from '../../src/geometry/geometry.js';
import { applyStep, findStep, startPosition, techniquesFor, type GeometryPosition, type GeometryStep } from '../../src/geometry/grader.js';
import { CAGE_TECHNIQUES, sumOptions } from '../../src/geometry/cage-rules.js';
import { makeKindPuzzle } from '../../src/geometry/make.js';
import { techniqueName } from '../../src/grader/step-words.js';
import { walkSoundPath } from '../helpers/geometry-path.js';
import { languageCatalogue, LOCALES } from '../../src/typeset/i18n/index.js';

/** Singles, locked candidates, subsets and the cage rules: the grader's table without fish, wings and chains. */
const BASIC = /^(hidden-single|naked-single|pointing|claiming|(naked|hidden)-(pair|triple|quad))$/;

/** The first step of those techniques, cheapest first (the grader's order), or null. */
function nextStep(g: Geometry, pos: GeometryPosition): GeometryStep | null {
  return findStep(g, pos, techniquesFor(g).filter((t) => BASIC.test(t.name) || CAGE_TECHNIQUES.includes(t)));
}

const CASES: { size: number; diagonals: boolean; count: number }[] = [
  { size: 4, diagonals: false, count: 12 },
  { size: 6, diagonals: false, count: 10 },
  { size: 9, diagonals: false, count: 6 },
  { size: 9, diagonals: true, count: 3 },
];

describe('killer cage reasoning', () => {
  const used = new Set<string>();
  let solved9 = 0;
  let unaided9 = 0;
  for (const { size, diagonals, count } of CASES) {
    it(`is sound on ${size}x${size} killer${diagonals ? '-X' : ''}: every placement matches the solution, no elimination strikes it`, () => {
      for (let s = 0; s < count; s++) {
        const p = makeKindPuzzle({ kind: 'killer', size, symmetry: 'none', diagonals }, `cage rules ${size} ${diagonals} ${s}`);
        const g = p.geometry;
        // The cage sums are the solution's.
        for (const cage of g.cages) expect(cage.cells.reduce((t, c) => t + p.solution[c], 0)).toBe(cage.sum);
        const pos = walkSoundPath(p, used, nextStep);
        const done = pos.values.every((v) => v !== 0);
        if (size === 9 && !diagonals && clueCount(p.puzzle) === 0) {
          unaided9++;
          if (done) solved9++;
        }
      }
    });
  }

  it('solves most 9x9 killers without givens with singles, cage rules and subsets, and uses every cage rule', () => {
    expect(unaided9).toBeGreaterThan(0);
    expect(solved9 / unaided9).toBeGreaterThan(0.5);
    for (const t of ['cage-combination', 'cage-in-unit', 'big-cage-combination', 'cage-pointing', 'cage-claiming', 'innies-outies']) expect([...used]).toContain(t);
  });
});

describe('the sum rule and combinations on a known position', () => {
  // 4x4: cages of row 1 (2+1 = 3 at r1c1-r1c2, and r1c3 with r2c3 = 3+4 = 7) leave r1c4 alone.
  const solution = Uint8Array.from([2, 1, 3, 4, 3, 4, 1, 2, 1, 2, 4, 3, 4, 3, 2, 1]);
  const cages = [
    { cells: [0, 1], sum: 3 },
    { cells: [2, 6], sum: 4 },
    { cells: [3, 7], sum: 6 },
    { cells: [4, 5], sum: 7 },
    { cells: [8, 12], sum: 5 },
    { cells: [9, 13], sum: 5 },
    { cells: [10, 11], sum: 7 },
    { cells: [14, 15], sum: 3 },
  ];
  const g = kindGeometry('killer', 4, { cages });
  for (const cage of cages) expect(cage.cells.reduce((t, c) => t + solution[c], 0)).toBe(cage.sum);
  const tech = (name: string) => CAGE_TECHNIQUES.find((t) => t.name === name)!;

  it('a 2-cell cage of sum 3 keeps 1 and 2 only', () => {
    const pos = startPosition(g, new Uint8Array(16));
    const s = tech('cage-combination').find(g, pos)!;
    expect(s.technique).toBe('cage-combination');
    expect(s.cells).toEqual([0, 1]);
    expect(s.eliminations.sort()).toEqual([
      [0, 3],
      [0, 4],
      [1, 3],
      [1, 4],
    ]);
  });

  it('a cage in a row takes its digits from the rest of the row', () => {
    const pos = startPosition(g, new Uint8Array(16));
    const s = tech('cage-in-unit').find(g, pos)!;
    expect(s.units).toEqual([0]);
    expect(s.digits).toEqual([1, 2]);
    expect(s.eliminations).toContainEqual([2, 1]);
    expect(s.eliminations).toContainEqual([3, 2]);
  });

  it('the innies of a row: r1c3 + r1c4 = 10 - 3, so 3 and 4', () => {
    // The cage r1c1-r1c2 (3) lies in row 1; the cages of r1c3 and r1c4 stick out into row 2.
    const pos = startPosition(g, new Uint8Array(16));
    const s = tech('innies-outies').find(g, pos)!;
    expect(s.technique).toBe('innies-outies');
    expect(s.cells).toEqual([2, 3]);
    expect(s.eliminations.sort()).toEqual([
      [2, 1],
      [2, 2],
      [3, 1],
      [3, 2],
    ]);
  });

  it('sumOptions: signed sums with peers distinct, and the digits every assignment uses', () => {
    // r1c1 + r1c2 = 3 (same row): 1 and 2 both required.
    const a = sumOptions(g, [0, 1], [15, 15], null, 3)!;
    expect(a.allowed).toEqual([3, 3]);
    expect(a.required).toBe(3);
    // r1c1 - r4c4 = 3 (not peers): 4 - 1 only.
    const b = sumOptions(g, [0, 15], [15, 15], [1, -1], 3)!;
    expect(b.allowed).toEqual([8, 1]);
    // r1c1 + r1c2 = 2 cannot be made with distinct digits; r1c1 + r4c4 = 2 can (1 + 1).
    expect(sumOptions(g, [0, 1], [15, 15], null, 2)).toBeNull();
    expect(sumOptions(g, [0, 15], [15, 15], null, 2)!.allowed).toEqual([1, 1]);
    // With 4 required, 3 + 4 = 7 is the only way to 7 in a row.
    expect(sumOptions(g, [0, 1], [15, 15], null, 7, 8)!.allowed).toEqual([12, 12]);
  });

  it('sumOptions of distinct cells (a cage, a row) agrees with trying every assignment', () => {
    const g9 = kindGeometry('killer', 9);
    let found = 0;
    let none = 0;
    for (let t = 0; t < 3000; t++) {
      // A small deterministic walk over cell counts, candidates, sums and required digits.
      const k = 1 + (t % 5);
      const masks = Array.from({ length: k }, (_, i) => 1 + ((t * 97 + i * 331 + ((t * i) % 89)) % 511));
      const target = k + ((t * 13) % (8 * k));
      const must = t % 3 === 0 ? 1 << (t % 9) : 0;
      const allowed = new Array<number>(k).fill(0);
      let required = -1;
      let any = false;
      const pick: number[] = [];
      const go = (i: number, used: number, sum: number): void => {
        if (i === k) {
          if (sum !== target || (used & must) !== must) return;
          any = true;
          for (let j = 0; j < k; j++) allowed[j] |= pick[j];
          required &= used;
          return;
        }
        for (let d = 1; d <= 9; d++) {
          const b = 1 << (d - 1);
          if (!(masks[i] & b) || used & b) continue;
          pick[i] = b;
          go(i + 1, used | b, sum + d);
        }
      };
      go(0, 0, 0);
      const got = sumOptions(g9, Array.from({ length: k }, (_, i) => i), masks, null, target, must);
      if (!any) {
        none++;
        expect(got, `case ${t}`).toBeNull();
      } else {
        found++;
        expect(got, `case ${t}`).toEqual({ allowed, required });
      }
    }
    expect(found).toBeGreaterThan(100);
    expect(none).toBeGreaterThan(100);
  });
});

describe('what the cage rules remember', () => {
  it('signed sums over cells some of which are peers agree with trying every assignment, asked twice', () => {
    const g9 = kindGeometry('killer', 9);
    // Cells of row 1 and column 1 and elsewhere: some pairs are peers, some not.
    const pool = [0, 1, 2, 9, 18, 40, 80, 30, 12];
    let found = 0;
    let none = 0;
    for (let t = 0; t < 2000; t++) {
      const k = 1 + (t % 4);
      const cells = Array.from({ length: k }, (_, i) => pool[(t * 7 + i * 5) % pool.length]).filter((c, i, all) => all.indexOf(c) === i);
      const masks = cells.map((_, i) => 1 + ((t * 131 + i * 257 + ((t * i) % 71)) % 511));
      const signs = cells.map((_, i) => ((t >> i) & 1 ? -1 : 1));
      const target = (t % 31) - 10;
      const allowed = new Array<number>(cells.length).fill(0);
      let required = -1;
      let any = false;
      const pick: number[] = [];
      const go = (i: number, sum: number): void => {
        if (i === cells.length) {
          if (sum !== target) return;
          any = true;
          let used = 0;
          for (let j = 0; j < cells.length; j++) (allowed[j] |= 1 << (pick[j] - 1)), (used |= 1 << (pick[j] - 1));
          required &= used;
          return;
        }
        for (let d = 1; d <= 9; d++) {
          if (!(masks[i] & (1 << (d - 1)))) continue;
          if (pick.slice(0, i).some((e, j) => e === d && g9.peers.subarray(g9.peerStart[cells[i]], g9.peerStart[cells[i] + 1]).includes(cells[j]))) continue;
          pick[i] = d;
          go(i + 1, sum + signs[i] * d);
        }
      };
      go(0, 0);
      // The second answer comes from what was remembered of the first.
      for (let again = 0; again < 2; again++) {
        const got = sumOptions(g9, cells, masks, signs, target);
        if (!any) expect(got, `case ${t}`).toBeNull();
        else expect(got, `case ${t}`).toEqual({ allowed, required });
      }
      if (any) found++;
      else none++;
    }
    expect(found).toBeGreaterThan(100);
    expect(none).toBeGreaterThan(100);
  });

  it('the grader finds the same step on a position it walked to as on a fresh copy of it', () => {
    // Each technique remembers which cages, units and regions gave nothing on a position and
    // looks again only where candidates went since: the same first step as looking everywhere.
    for (const { size, diagonals } of [
      { size: 6, diagonals: false },
      { size: 9, diagonals: false },
      { size: 9, diagonals: true },
    ]) {
      for (let s = 0; s < 3; s++) {
        const p = makeKindPuzzle({ kind: 'killer', size, symmetry: 'none', diagonals }, `cage memo ${size} ${diagonals} ${s}`);
        const g = p.geometry;
        const pos = startPosition(g, p.puzzle);
        let steps = 0;
        for (let st = findStep(g, pos); st; st = findStep(g, pos)) {
          const fresh = findStep(g, { values: pos.values.slice(), cands: pos.cands.slice() });
          expect(fresh, `${size}x${size} ${s}, step ${steps + 1}`).toEqual(st);
          applyStep(g, pos, st);
          steps++;
        }
        expect(steps).toBeGreaterThan(10);
      }
    }
  });
});

describe('the cage techniques in words', () => {
  it('every language names every cage technique', () => {
    for (const locale of LOCALES) {
      const w = languageCatalogue(locale);
      for (const t of CAGE_TECHNIQUES) expect(techniqueName(w, t.name), `${locale}: ${t.name}`).not.toMatch(/^step\./);
    }
  });
});
