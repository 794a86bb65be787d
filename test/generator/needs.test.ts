import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { formatGrid, parseGrid } from '../../src/core/grid.js';
import { hasSymmetry } from '../../src/core/symmetry.js';
import { gradePuzzle, gradeUnique } from '../../src/grader/grade.js';
import { Candidates } from '../../src/grader/candidates.js';
import { practicePosition } from '../../src/grader/practice.js';
import { Rng, deriveSeed } from '../../src/core/rng.js';
import { DEFAULT_LEVELS } from '../../src/grader/levels.js';
import { TECHNIQUE_NAMES } from '../../src/grader/registry.js';
import { excess, makeNeedsCandidate, makeNeedsPuzzle, meetsNeeds, needsRefusal, pathFacts, pathFactsFrom, solvedBySingles, type PathRest } from '../../src/generator/needs.js';
import { countSolutions, settledOrUnique, solvedByPropagation } from '../../src/solver/solver.js';
import { runCli, runCliAsync } from '../helpers/cli.js';

/** Whether a step's own name (as `grade` lists it in `techniques` and `hardest`) is one of the technique's. */
const STEP_OF: Record<string, (step: string) => boolean> = {
  'x-wing': (s) => s === 'x-wing',
  swordfish: (s) => s === 'swordfish',
  jellyfish: (s) => s === 'jellyfish',
  'xy-wing': (s) => s === 'xy-wing',
  'xyz-wing': (s) => s === 'xyz-wing',
  'wxyz-wing': (s) => s === 'wxyz-wing',
  'unique-loop': (s) => /^unique-(rectangle|loop)-type-\d$/.test(s),
  bug: (s) => /^bug-type-\d$/.test(s),
  'aligned-pair-exclusion': (s) => s === 'aligned-pair-exclusion',
};

/** A puzzle printed by the generator, graded again from its text by the normal grader. */
function regrade(text: string) {
  const grid = parseGrid(text);
  return { grid, count: countSolutions(grid, 2), graded: gradePuzzle(grid), path: pathFacts(grid) };
}

function expectNeeds(text: string, technique: string, hardest: boolean): void {
  const { count, graded, path } = regrade(text);
  expect(count).toBe(1);
  expect(graded.rating).not.toBeNull();
  const steps = Object.keys(graded.techniques).filter(STEP_OF[technique]);
  expect(steps.length, `${technique} in ${JSON.stringify(graded.techniques)}`).toBeGreaterThan(0);
  expect(meetsNeeds(path, { technique, hardest })).toBe(true);
  if (hardest) {
    expect(STEP_OF[technique](graded.hardest ?? ''), `hardest ${graded.hardest}`).toBe(true);
    expect(path.hardest).toBe(technique);
  }
}

describe('puzzles that need a technique', () => {
  it.each(['x-wing', 'xy-wing', 'xyz-wing', 'wxyz-wing', 'swordfish', 'jellyfish', 'unique-loop', 'bug'])('%s: every puzzle is unique and its graded path uses it', (technique) => {
    const p = makeNeedsPuzzle({ fill: 'diagonal', dig: 'remove', symmetry: 'none' }, { technique, hardest: false }, `needs-${technique}`);
    expectNeeds(formatGrid(p.puzzle), technique, false);
  });

  it.each(['x-wing', 'swordfish', 'jellyfish', 'xy-wing', 'xyz-wing', 'wxyz-wing', 'unique-loop', 'bug'])('%s as the hardest step: the graded path has no step rated above it', (technique) => {
    const p = makeNeedsPuzzle({ fill: 'diagonal', dig: 'remove', symmetry: 'rotational' }, { technique, hardest: true }, `needs-hardest-${technique}`);
    expect(hasSymmetry(p.puzzle, 'rotational')).toBe(true);
    expectNeeds(formatGrid(p.puzzle), technique, true);
  });

  it('candidates beyond two (the order of clues given back toward a BUG): one at a BUG+1 position, more earlier on the path, never more with a clue placed', () => {
    const options = { fill: 'diagonal', dig: 'remove', symmetry: 'none' } as const;
    const types = new Set<string>();
    for (let k = 0; k < 3; k++) {
      const p = makeNeedsPuzzle(options, { technique: 'bug', hardest: false }, `needs-excess-${k}`);
      const at = practicePosition(p.puzzle, 'bug');
      expect(at).not.toBeNull();
      const { cands, values, step } = at!;
      types.add(step.technique);
      const here = excess(cands, [], p.solution);
      if (step.technique === 'bug-type-1') expect(here).toBe(1);
      else expect(here).toBeGreaterThan(0);
      const start = Candidates.fromPuzzle(p.puzzle);
      expect(excess(start.cands, [], p.solution)).toBeGreaterThan(here);
      for (let c = 0; c < 81; c++) if (values[c] === 0) expect(excess(cands, [c], p.solution)).toBeLessThanOrEqual(here);
    }
    expect(types.size).toBeGreaterThan(0);
  });

  it('aligned-pair-exclusion: digging that stalls gets clues back until a puzzle needs it (a seed known to hit; 1 candidate in 64 does)', () => {
    const needs = { technique: 'aligned-pair-exclusion', hardest: false };
    const c = makeNeedsCandidate({ fill: 'diagonal', dig: 'remove', symmetry: 'none' }, needs, new Rng(deriveSeed('apeC', 'needs:aligned-pair-exclusion:11')), DEFAULT_LEVELS, null);
    expect(meetsNeeds(c.path, needs)).toBe(true);
    expectNeeds(formatGrid(c.puzzle), 'aligned-pair-exclusion', false);
  });

  it('bug, any use: digging uses the techniques up to the BUG only, so no candidate\'s path takes a later one', () => {
    const upTo = TECHNIQUE_NAMES.slice(0, TECHNIQUE_NAMES.indexOf('bug') + 1);
    const needs = { technique: 'bug', hardest: false };
    let hits = 0;
    for (let j = 0; j < 8; j++) {
      const c = makeNeedsCandidate({ fill: 'diagonal', dig: 'remove', symmetry: 'none' }, needs, new Rng(deriveSeed('needs-steer', j)), DEFAULT_LEVELS, null);
      expect(c.path.solved).toBe(true);
      expect(c.path.uses.filter((t) => !upTo.includes(t))).toEqual([]);
      expect(pathFacts(c.puzzle)).toEqual(c.path);
      if (meetsNeeds(c.path, needs)) hits++;
    }
    expect(hits).toBeGreaterThan(0);
  });

  it('the same seed gives the same puzzle, rework rounds and all', () => {
    const make = () => makeNeedsPuzzle({ fill: 'diagonal', dig: 'remove', symmetry: 'none' }, { technique: 'wxyz-wing', hardest: true }, 'needs-again');
    const [a, b] = [make(), make()];
    expect(formatGrid(a.puzzle)).toBe(formatGrid(b.puzzle));
    expect([a.seed, a.attempts]).toEqual([b.seed, b.attempts]);
  });

  it('singles alone solving a puzzle tell a graded path of singles only (the cheap test digging asks first)', () => {
    const p = makeNeedsPuzzle({ fill: 'diagonal', dig: 'remove', symmetry: 'none' }, { technique: 'x-wing', hardest: false }, 'needs-singles');
    expect(solvedBySingles(p.puzzle)).toBe(false);
    // Clues given back one by one, in cell order: from the x-wing puzzle to the full grid.
    const singlesOnly = new Set(['hidden-single', 'direct-pointing', 'direct-claiming', 'direct-hidden-pair', 'naked-single']);
    const grid = p.puzzle.slice();
    const seen = { singles: 0, more: 0 };
    const memo = new Map<string, PathRest>();
    for (let c = 0; c < 81; c++) {
      if (grid[c] !== 0) continue;
      grid[c] = p.solution[c];
      const path = pathFacts(grid);
      // The same facts when the path past its first hidden singles is shared with earlier puzzles.
      const shared = pathFactsFrom(grid, memo);
      expect({ ...shared, uses: [...shared.uses].sort() }).toEqual({ ...path, uses: [...path.uses].sort() });
      const beyond = path.uses.filter((t) => !singlesOnly.has(t));
      if (solvedBySingles(grid)) {
        seen.singles++;
        expect(path.solved).toBe(true);
        expect(beyond, formatGrid(grid)).toEqual([]);
      } else {
        seen.more++;
        // Singles stuck: the grader needs more than singles (a direct technique or later).
        expect(path.uses.some((t) => t !== 'hidden-single' && t !== 'naked-single'), formatGrid(grid)).toBe(true);
      }
    }
    expect(seen.singles).toBeGreaterThan(0);
    expect(seen.more).toBeGreaterThan(0);
    // Some puzzles met a position already graded.
    expect(memo.size).toBeLessThan(seen.singles + seen.more);
  });

  it('singles and locked candidates solving a puzzle (the solver without a guess) tell a unique puzzle whose path goes no further than claiming', () => {
    const options = { fill: 'diagonal', dig: 'remove', symmetry: 'none' } as const;
    const upToClaiming = new Set(['hidden-single', 'direct-pointing', 'direct-claiming', 'direct-hidden-pair', 'naked-single', 'direct-hidden-triple', 'pointing', 'claiming']);
    const seen = { settled: 0, lockedUsed: 0, more: 0 };
    const grids: Uint8Array[] = [];
    for (const technique of ['xyz-wing', 'pointing']) {
      const p = makeNeedsPuzzle(options, { technique, hardest: true }, `needs-locked-${technique}`);
      // The puzzle with one clue more, each blank cell in turn, and with clues given back one by one.
      for (let c = 0; c < 81; c++) if (p.puzzle[c] === 0) grids.push(Object.assign(p.puzzle.slice(), { [c]: p.solution[c] }));
      for (let c = 0, g = p.puzzle.slice(); c < 81; c++) if (g[c] === 0) grids.push((g = Object.assign(g.slice(), { [c]: p.solution[c] })));
    }
    for (const grid of grids) {
      if (!solvedByPropagation(grid)) {
        seen.more++;
        continue;
      }
      seen.settled++;
      expect(countSolutions(grid, 2)).toBe(1);
      const path = pathFacts(grid);
      expect(path.solved).toBe(true);
      expect(path.uses.filter((t) => !upToClaiming.has(t)), formatGrid(grid)).toEqual([]);
      if (!solvedBySingles(grid)) seen.lockedUsed++;
    }
    expect(seen.settled).toBeGreaterThan(0);
    expect(seen.more).toBeGreaterThan(0);
    // Some of them singles alone do not solve: locked candidates were needed.
    expect(seen.lockedUsed).toBeGreaterThan(0);
  });

  it('one solver call tells a blank settled by propagation, else unique or not, as the two tests apart do', () => {
    const p = makeNeedsPuzzle({ fill: 'diagonal', dig: 'remove', symmetry: 'none' }, { technique: 'x-wing', hardest: false }, 'needs-verdict');
    const rng = new Rng('needs-verdict');
    const seen = new Map<string, number>();
    // Blanks of the puzzle and of puzzles with clues given back, one cell and a rotational pair at a time.
    for (let k = 0; k < 40; k++) {
      const grid = p.puzzle.slice();
      for (const c of rng.shuffle([...Array(81).keys()]).slice(0, k)) grid[c] = p.solution[c];
      for (let c = 0; c < 81; c++) {
        if (grid[c] === 0) continue;
        const orbit = k % 2 === 0 || grid[80 - c] === 0 || c === 40 ? [c] : [c, 80 - c];
        const blank = grid.slice();
        for (const o of orbit) blank[o] = 0;
        const verdict = settledOrUnique(blank, orbit, p.solution);
        const expected = solvedByPropagation(blank) ? 'settled' : countSolutions(blank, 2) === 1;
        expect(verdict).toBe(expected);
        seen.set(String(verdict), (seen.get(String(verdict)) ?? 0) + 1);
      }
    }
    expect([...seen.keys()].sort()).toEqual(['false', 'settled', 'true']);
  });

  it("a candidate's bucket, ratings, counts and path come from one run, the same as gradeUnique's and pathFacts'", () => {
    const options = { fill: 'diagonal', dig: 'remove', symmetry: 'none' } as const;
    for (const [technique, bucket] of [['xy-wing', null], ['unique-loop', 'hard'], ['bug', null]] as const) {
      for (let j = 0; j < 2; j++) {
        const c = makeNeedsCandidate(options, { technique, hardest: false }, new Rng(deriveSeed('needs-one-run', `${technique}:${j}`)), DEFAULT_LEVELS, bucket, 10);
        const { bucket: graded, log } = gradeUnique(c.puzzle, { levels: DEFAULT_LEVELS });
        expect([c.bucket, c.rating, c.hardest, c.techniques]).toEqual([graded, log.solved ? log.rating : null, log.hardest, log.counts]);
        expect(c.path).toEqual(pathFacts(c.puzzle));
      }
    }
  });

  it('a puzzle that does not need the technique is told apart', () => {
    // An easy puzzle: singles only.
    const easy = makeNeedsPuzzle({ fill: 'diagonal', dig: 'remove', symmetry: 'none' }, { technique: 'hidden-single', hardest: true }, 'needs-easy');
    const path = pathFacts(easy.puzzle);
    expect(meetsNeeds(path, { technique: 'x-wing', hardest: false })).toBe(false);
    expect(meetsNeeds(path, { technique: 'hidden-single', hardest: true })).toBe(true);
    expect(gradePuzzle(easy.puzzle).bucket).toBe('easy');
  });
});

describe('generate --needs', () => {
  it('prints puzzles that need the technique, the same for 0 and 2 workers, with the hit rate on stderr', async () => {
    const args = ['generate', '--needs', 'xy-wing', '-n', '3', '--seed', 'cli-needs', '--format', 'jsonl'];
    const [a, b] = await Promise.all([runCliAsync([...args, '--workers', '0']), runCliAsync([...args, '--workers', '2'])]);
    expect(a.status, a.stderr).toBe(0);
    expect(b.status, b.stderr).toBe(0);
    expect(b.stdout).toBe(a.stdout);
    const rows = a.stdout.trim().split('\n').map((l) => JSON.parse(l));
    expect(rows).toHaveLength(3);
    for (const r of rows) {
      expectNeeds(r.puzzle, 'xy-wing', false);
      expect(regrade(r.puzzle).graded.rating).toBe(r.rating);
    }
    expect(a.stderr).toMatch(/^generate: 3 puzzles that need xy-wing from \d+ candidates, seed cli-needs; hit rate \d+% \(\d+ of \d+ candidates dug toward xy-wing needed it\)\n$/);
  });

  it('--needs-hardest: the technique is the hardest step of every puzzle', () => {
    const r = runCli(['generate', '--needs', 'unique-loop', '--needs-hardest', '-n', '2', '--seed', 'cli-hardest', '--format', 'jsonl', '--workers', '0']);
    expect(r.status, r.stderr).toBe(0);
    for (const line of r.stdout.trim().split('\n')) expectNeeds(JSON.parse(line).puzzle, 'unique-loop', true);
  });

  it('an unknown technique is refused with the valid names, in one line', () => {
    const r = runCli(['generate', '--needs', 'x-wign', '-n', '1']);
    expect(r.status).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^sudoku-press: --needs: unknown technique "x-wign" \(expected one of hidden-single, .*x-wing, .*bug, .*\)\n$/);
  });

  it('a technique no graded path can use is refused up front with the reason', () => {
    const r = runCli(['generate', '--needs', 'direct-claiming', '-n', '1']);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/^sudoku-press: --needs: cannot ask for direct-claiming: no graded path uses it: /);
    expect(r.stderr.split('\n').filter(Boolean)).toHaveLength(1);
  });

  it('chains nested deeper than the limits let the grader go are refused with the reason', () => {
    const deep = { technique: 'doubly-nested-forcing-chain', hardest: false };
    expect(needsRefusal(deep, { maxLevel: 3 })).toMatch(/nested to level 4, deeper than the grader goes \(level 3\)/);
    expect(needsRefusal(deep, { maxLevel: 4 })).toBeNull();
  });

  it('--needs-hardest without --needs is an error', () => {
    const r = runCli(['generate', '--needs-hardest', '-n', '1']);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/--needs-hardest: .*give --needs <technique> too/);
  });
});

describe('needs: in a book section', () => {
  const dir = mkdtempSync(join(tmpdir(), 'needs-book-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('the section gets puzzles that need the technique, in its bucket', { timeout: 180_000 }, () => {
    const job = join(dir, 'book.yaml');
    writeFileSync(
      job,
      [
        'name: needs-book',
        'title: Needs',
        'seed: needs-book-1',
        `output: ${join(dir, 'out')}`,
        'sections:',
        '  - title: X-wings',
        '    bucket: hard',
        '    count: 2',
        '    needs: x-wing',
        '  - title: XY-wings',
        '    bucket: hard',
        '    count: 1',
        '    needs: { technique: xy-wing, hardest: true }',
        '',
      ].join('\n'),
    );
    const r = runCli(['book', job, '--workers', '1']);
    expect(r.status, r.stderr).toBe(0);
    const rows = readFileSync(join(dir, 'out', 'puzzles.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l));
    expect(rows).toHaveLength(3);
    for (const p of rows) expect(p.bucket).toBe('hard');
    const xWings = rows.filter((p) => p.section === 'X-wings');
    expect(xWings).toHaveLength(2);
    for (const p of xWings) expectNeeds(p.puzzle, 'x-wing', false);
    const xyWings = rows.filter((p) => p.section === 'XY-wings');
    expect(xyWings).toHaveLength(1);
    expectNeeds(xyWings[0].puzzle, 'xy-wing', true);
    const report = JSON.parse(readFileSync(join(dir, 'out', 'report.json'), 'utf8'));
    // Candidates are counted under the technique aimed at; the second section may take one set aside by the first (its path checked).
    expect(report.candidates.aimed['x-wing'].made).toBeGreaterThanOrEqual(2);
    expect(Object.keys(report.candidates.aimed).every((k) => k === 'x-wing' || k === 'xy-wing (hardest)')).toBe(true);
  });

  it('an unknown technique is reported with file, line and field', () => {
    const job = join(dir, 'bad.yaml');
    writeFileSync(job, ['name: bad', 'title: Bad', 'seed: 1', 'sections:', '  - title: A', '    bucket: hard', '    count: 1', '    needs: x-wnig', ''].join('\n'));
    const r = runCli(['book', job]);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/bad\.yaml:8:12 sections\[0\]\.needs: unknown technique "x-wnig" \(expected one of .*\); did you mean "x-wing"\?/);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });
});
