import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as api from '../../src/index.js';
import { ROOT, runCli, runCliAsync } from '../helpers/cli.js';

const P1 = '..92538....8....4..1....2....5..46.2...8.1...1.63..9....1....5..8....3....79361..';
const S1 = '479253861628179543513648297835794612792861435146325978361482759984517326257936184';

describe('the public API', () => {
  it('solves, counts, grades and canonicalises strings and grids', () => {
    expect(api.solve(P1)).toEqual({ solutions: 1, solution: S1 });
    expect(api.solve('.'.repeat(81))).toEqual({ solutions: 2, solution: null });
    expect(api.countSolutions(api.parseGrid(P1))).toBe(1);
    expect(api.countSolutions('.'.repeat(81), 5)).toBe(5);
    const g = api.grade(P1, { steps: true });
    expect(g.solution).toBe(S1);
    expect(g.steps!.length).toBeGreaterThan(20);
    expect(api.BUCKETS).toContain(g.bucket);
    const turned = [...P1].reverse().join('');
    expect(api.canonicalForm(turned)).toBe(api.canonicalForm(P1));
    expect(api.canonicalForm(S1)).not.toBe(api.canonicalForm(P1));
  });

  it('generates the same unique puzzle for the same seed, and puzzles of a bucket', () => {
    const a = api.generate({ seed: 'api', symmetry: 'rotational' });
    expect(api.generate({ seed: 'api', symmetry: 'rotational' })).toEqual(a);
    expect(api.countSolutions(a.puzzle)).toBe(1);
    expect(api.hasSymmetry(api.parseGrid(a.puzzle), 'rotational')).toBe(true);
    expect(api.solve(a.puzzle).solution).toBe(a.solution);
    const easy = api.generate({ seed: 'api', bucket: 'easy' });
    expect(easy.bucket).toBe('easy');
    expect(api.grade(easy.puzzle).bucket).toBe('easy');
  });

  it('tells a book job\'s ramp: each bucket\'s rating floor and ceiling, each section\'s band, warnings for a falling ramp', () => {
    expect(api.DEFAULT_LEVELS.map((l, i) => [l.bucket, api.levelRatingFloor(api.DEFAULT_LEVELS, i), api.levelRatingCeiling(l)])).toEqual([
      ['easy', 1.0, 2.3],
      ['medium', 1.7, 4.0],
      ['hard', 3.2, 4.4],
      ['expert', 4.5, null],
      ['master', 6.5, null],
    ]);
    const job = api.loadJob('config/book.yaml');
    expect(job.sections.map((s) => api.sectionBand(s, job.levels))).toEqual([
      { min: 1.0, max: 1.5 },
      { min: 1.7, max: 3.4 },
      { min: 3.5, max: 4.4 },
    ]);
    expect(api.rampWarnings(job)).toEqual([]);
    expect(api.rampWarnings({ ...job, sections: [...job.sections].reverse() })).toHaveLength(2);
  });

  it('checks its inputs with the command line\'s messages', () => {
    const fails = (fn: () => unknown, message: string) => {
      expect(fn).toThrow(api.UserError);
      expect(fn).toThrow(message);
    };
    fails(() => api.solve('123'), 'puzzle: wrong length: expected 81 cells, got 3');
    fails(() => api.solve('55' + '.'.repeat(79)), 'puzzle: two 5s in row 1');
    fails(() => api.countSolutions(P1, 0), 'limit: expected a positive integer, got number 0');
    fails(() => api.grade(new Uint8Array(80)), 'puzzle: wrong length: expected 81 cells, got 80');
    fails(() => api.grade(P1, { limits: { maxNestedWork: 0 } }), 'limits.maxNestedWork: expected a positive integer, got number 0');
    fails(() => api.grade(Uint8Array.from({ length: 81 }, (_, i) => (i === 4 ? 12 : 0))), 'puzzle: bad value 12 in cell 4');
    fails(() => api.grade(42 as unknown as string), 'puzzle: expected an 81-character string or a Uint8Array(81), got number 42');
    fails(() => api.generate({ symmetry: 'spiral' as api.Symmetry }), 'symmetry: expected one of none, rotational, diagonal, mirror, dihedral, got string "spiral"');
    fails(() => api.generate({ bucket: 'tricky' }), 'bucket: expected one of easy, medium, hard, expert, master, beyond');
    fails(() => api.grade(P1, { levels: [{ bucket: 'easy', techniques: ['guessing'] }] }), 'levels[0].techniques[0]: expected one of hidden-single');
    fails(() => api.loadJob('no/such/job.yaml'), 'no/such/job.yaml: no such job file');
    // A Grid given in is not changed.
    const grid = api.parseGrid(P1);
    api.grade(grid);
    expect(api.formatGrid(grid)).toBe(P1);
  });

  it('runs the example in examples/ (importing the package by its name)', () => {
    const r = spawnSync(process.execPath, ['examples/quick-start.mjs'], { cwd: ROOT, encoding: 'utf8' });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const out = r.stdout;
    const puzzle = /^puzzle {4}(\S{81}) \((\d+) clues\)$/m.exec(out);
    expect(puzzle).not.toBeNull();
    expect(api.generate({ seed: 'example-1', symmetry: 'rotational' }).puzzle).toBe(puzzle![1]);
    expect(out).toContain('solutions 1\n');
    expect(out).toContain(`solution  ${api.solve(puzzle![1]).solution}\n`);
    expect(out).toMatch(/^grade {5}\w+, rating \d/m);
    expect(out).toContain('same puzzle turned: true\n');
    expect(out).toContain('error     puzzle: two 5s in row 1\n');
  });

  it('gives the puzzles of a bucket that generate --bucket and bank fill give for the same seed, whatever the workers', async () => {
    const bank = join(mkdtempSync(join(tmpdir(), 'sp-api-bucket-')), 'bank.sqlite');
    const same = ['-n', '3', '--seed', 'same', '--bucket', 'medium', '--symmetry', 'rotational'];
    const runs = await Promise.all([
      runCliAsync(['generate', ...same, '--workers', '0']),
      runCliAsync(['generate', ...same, '--workers', '2', '--format', 'jsonl']),
      runCliAsync(['bank', 'fill', ...same, '--workers', '1', '--bank', bank]),
    ]);
    for (const r of runs) expect(r.status, r.stderr).toBe(0);
    const generated = runs[0].stdout.trim().split('\n');
    expect(generated.length).toBe(3);
    expect(runs[1].stdout.trim().split('\n').map((l) => JSON.parse(l).puzzle)).toEqual(generated);
    // The bank holds the three asked for first, then what the last batch set aside.
    const banked = runCli(['bank', 'export', '--bucket', 'medium', '--bank', bank]).stdout.trim().split('\n');
    expect(banked.slice(0, 3).map((l) => l.split('\t')[0])).toEqual(generated);
    const first = api.generate({ seed: 'same', bucket: 'medium', symmetry: 'rotational' });
    expect(first.puzzle).toBe(generated[0]);
    expect([first.bucket, first.seed]).toEqual(['medium', 'same#fill:medium:0']);
    expect(api.makeBucketPuzzle({ fill: 'diagonal', dig: 'remove', symmetry: 'rotational' }, 'medium', 'same').attempts).toBe(1);
    expect(api.grade(first.puzzle).bucket).toBe('medium');
  });
});
