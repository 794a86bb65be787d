import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Bank } from '../../src/bank/bank.js';
import type { GradedPuzzle } from '../../src/core/graded-puzzle.js';
import { canonicalString } from '../../src/core/canonical.js';
import { formatGrid, parseGrid, type Grid } from '../../src/core/grid.js';
import { Rng } from '../../src/core/rng.js';
import { applyTransform, randomTransform } from '../../src/core/transform.js';
import { graderId } from '../../src/grader/grade.js';
import { solveUnique } from '../../src/solver/solver.js';
import { ROOT, runCli, runCliAsync } from '../helpers/cli.js';
import { loadSet } from '../helpers/data.js';
import { makeSchema1Bank } from '../helpers/bank.js';

const tmp = mkdtempSync(join(tmpdir(), 'sp-bank-'));

const BUCKETS = ['easy', 'medium', 'hard'];

/**
 * A bank record for a puzzle. The bank stores what it is given and never grades, so the
 * bucket and rating here are made up (a fixed rotation, cheap): grading the hard sets
 * these puzzles come from would take most of the test's time.
 */
function banked(p: Grid, i = 0): GradedPuzzle {
  const s = solveUnique(p);
  if (!('solution' in s)) throw new Error('fixture puzzle without a unique solution');
  return {
    puzzle: formatGrid(p),
    solution: formatGrid(s.solution),
    canon: canonicalString(p),
    clues: p.filter((d) => d !== 0).length,
    bucket: BUCKETS[i % 3],
    rating: 1 + (i % 9),
    hardest: 'hidden-single',
    techniques: { 'hidden-single': 3 + i },
    grader: graderId(),
    seed: 'test',
  };
}

describe('puzzle bank', () => {
  const puzzles = loadSet('top1465.txt', 40, 6).map(banked);

  it('round-trips puzzles and counts them per bucket', () => {
    const b = Bank.open(join(tmp, 'round.sqlite'));
    expect(b.add(puzzles)).toBe(40);
    const back = [...b.export()];
    expect(back.map((p) => p.puzzle)).toEqual(puzzles.map((p) => p.puzzle));
    expect(back[0]).toMatchObject({ solution: puzzles[0].solution, bucket: puzzles[0].bucket, rating: puzzles[0].rating, techniques: puzzles[0].techniques });
    const stats = b.stats();
    expect(stats.reduce((s, r) => s + r.total, 0)).toBe(40);
    expect(stats.every((r) => r.used === 0)).toBe(true);
    b.close();
    // Reopening keeps everything.
    const again = Bank.open(join(tmp, 'round.sqlite'));
    expect([...again.export()].length).toBe(40);
    again.close();
  });

  it('keeps one puzzle per equivalence class: isomorphs are duplicates', () => {
    const b = Bank.open(join(tmp, 'iso.sqlite'));
    b.add(puzzles.slice(0, 5));
    const rng = new Rng('iso');
    const isos = puzzles.slice(0, 5).map((p) => {
      const q = applyTransform(randomTransform(rng), parseGrid(p.puzzle));
      return banked(q, 0);
    });
    expect(isos.map((p) => p.puzzle)).not.toEqual(puzzles.slice(0, 5).map((p) => p.puzzle));
    expect(b.add(isos)).toBe(0);
    expect(isos.every((p) => b.has(p.canon))).toBe(true);
    b.close();
  });

  it('claims each puzzle once, and records where it went', () => {
    const b = Bank.open(join(tmp, 'claim.sqlite'));
    b.add(puzzles);
    const bucket = puzzles[0].bucket;
    const n = puzzles.filter((p) => p.bucket === bucket).length;
    const first = b.claim({ grader: graderId(), bucket }, 3, 'book', 'a', 1);
    const second = b.claim({ grader: graderId(), bucket }, n, 'book', 'b', 1);
    expect(first.length).toBe(3);
    expect(second.length).toBe(n - 3);
    expect(new Set([...first, ...second].map((p) => p.canon)).size).toBe(n);
    expect(b.claim({ grader: graderId(), bucket }, 1, 'book', 'c', 1)).toEqual([]);
    expect(b.usedBy('book', 'a').map((p) => p.usedNumber)).toEqual([1, 2, 3]);
    expect(b.release('book', 'a')).toBe(3);
    expect(b.claim({ grader: graderId(), bucket }, 5, 'book', 'c', 1).length).toBe(3);
    b.close();
  });

  it('hands a puzzle only to a job grading the same way, and keeps unrated puzzles for ranges without a maximum', () => {
    const b = Bank.open(join(tmp, 'grader.sqlite'));
    const [p, q] = puzzles.filter((x) => x.bucket === puzzles[0].bucket);
    b.add([{ ...p, grader: 'another-table' }, { ...q, rating: null }]);
    expect(b.claim({ grader: 'another-table', bucket: p.bucket }, 5, 'book', 'x', 1).map((x) => x.canon)).toEqual([p.canon]);
    expect(b.claim({ grader: graderId(), bucket: p.bucket, rating: { min: 0, max: 20 } }, 5, 'book', 'y', 1)).toEqual([]);
    const unrated = b.claim({ grader: graderId(), bucket: p.bucket, rating: { min: 5, max: Infinity } }, 5, 'book', 'y', 1);
    expect(unrated.map((x) => [x.canon, x.rating])).toEqual([[q.canon, null]]);
    b.close();
  });

  it('upgrades a schema-1 bank in place, keeping its puzzles and uses but not handing them to new jobs', () => {
    const file = join(tmp, 'v1.sqlite');
    makeSchema1Bank(file, [{ ...puzzles[0], used: ['book', 'old', 1] }, puzzles[1]]);
    const b = Bank.open(file);
    expect([...b.export()].map((x) => [x.canon, x.grader, x.usedRef])).toEqual([
      [puzzles[0].canon, 'legacy', 'old'],
      [puzzles[1].canon, 'legacy', null],
    ]);
    expect(b.claim({ grader: graderId(), bucket: puzzles[1].bucket }, 5, 'book', 'new', 1)).toEqual([]);
    expect(b.isUsed(puzzles[0].canon)).toBe(true);
    b.close();
  });

  it('refuses a damaged or foreign file with a clear error, leaving it untouched', () => {
    const garbage = join(tmp, 'garbage.sqlite');
    writeFileSync(garbage, 'this is not a database, it is a shopping list\n'.repeat(100));
    const before = readFileSync(garbage);
    const r = runCli(['bank', 'stats', '--bank', garbage]);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/garbage\.sqlite: not a usable puzzle bank \(file is not a database\)/);
    expect(readFileSync(garbage).equals(before)).toBe(true);

    // A missing file is named, and nothing is created; an empty file is refused, not rewritten.
    const missing = join(tmp, 'no-such-folder', 'typo.sqlite');
    const rm = runCli(['bank', 'stats', '--bank', missing]);
    expect(rm.status).toBe(1);
    expect(rm.stderr).toMatch(/typo\.sqlite: no such bank/);
    expect(existsSync(join(tmp, 'no-such-folder'))).toBe(false);
    const empty = join(tmp, 'empty.sqlite');
    writeFileSync(empty, '');
    expect(runCli(['bank', 'export', '--bank', empty]).stderr).toMatch(/empty\.sqlite: an empty file, not a puzzle bank/);
    expect(readFileSync(empty).length).toBe(0);

    // A real SQLite file of some other program.
    const foreign = join(tmp, 'foreign.sqlite');
    const b = Bank.open(join(tmp, 'f0.sqlite'));
    b.close();
    copyFileSync(join(tmp, 'f0.sqlite'), foreign);
    const Database = createRequire(import.meta.url)('better-sqlite3');
    const db = new Database(foreign);
    db.exec("UPDATE meta SET value = 'somebody else' WHERE key = 'app'");
    db.close();
    const foreignBefore = readFileSync(foreign);
    expect(runCli(['bank', 'stats', '--bank', foreign]).stderr).toMatch(/an SQLite file, but not a sudoku-press bank/);
    expect(readFileSync(foreign).equals(foreignBefore)).toBe(true);

    // A bank whose pages were overwritten in the middle.
    const damaged = join(tmp, 'damaged.sqlite');
    const d = Bank.open(damaged);
    d.add(loadSet('17clue.txt', 150).map(banked));
    d.close();
    const bytes = readFileSync(damaged);
    bytes.fill(0x5a, 8192, 8192 + 4096);
    writeFileSync(damaged, bytes);
    const rd = runCli(['bank', 'stats', '--bank', damaged]);
    expect(rd.status).toBe(1);
    expect(rd.stderr).toMatch(/damaged|not a usable puzzle bank/);
  });

  it('processes filling and claiming at once never corrupt it or hand out a puzzle twice', async () => {
    const file = join(tmp, 'shared.sqlite');
    // Banked beforehand so the books take everything from the bank (made-up buckets: the bank does not grade).
    const pre = Bank.open(file);
    pre.add(loadSet('17clue.txt', 24, 7).map((p, i) => ({ ...banked(p, i), bucket: i % 2 ? 'easy' : 'medium' })));
    pre.close();
    const run = (args: string[]) =>
      new Promise<{ code: number | null; out: string; err: string }>((resolve) => {
        const c = spawn(process.execPath, ['dist/cli/main.js', ...args], { cwd: ROOT, env: { ...process.env, CI: '1' } });
        let out = '';
        let err = '';
        c.stdout.on('data', (d) => (out += d));
        c.stderr.on('data', (d) => (err += d));
        c.on('exit', (code) => resolve({ code, out, err }));
      });
    const job = (name: string) => {
      const f = join(tmp, `${name}.yaml`);
      writeFileSync(f, `name: ${name}\ntitle: T\nseed: ${name}\noutput: ${join(tmp, name)}\nsections:\n  - { title: M, bucket: medium, count: 5 }\n  - { title: E, bucket: easy, count: 5 }\n`);
      return f;
    };
    const runs = await Promise.all([
      run(['book', job('x'), '--bank', file, '--workers', '1']),
      run(['bank', 'fill', '--bucket', 'easy', '-n', '4', '--seed', 'p1', '--workers', '1', '--bank', file]),
      run(['book', job('y'), '--bank', file, '--workers', '1']),
      run(['bank', 'fill', '--bucket', 'easy', '-n', '4', '--seed', 'p2', '--workers', '1', '--bank', file]),
    ]);
    for (const r of runs) expect(r.code, r.err).toBe(0);
    const b = Bank.open(file);
    const all = [...b.export()];
    const x = b.usedBy('book', 'x');
    const y = b.usedBy('book', 'y');
    expect(x.length).toBe(10);
    expect(y.length).toBe(10);
    const canons = new Set([...x, ...y].map((p) => p.canon));
    expect(canons.size).toBe(20);
    expect(new Set(all.map((p) => p.canon)).size).toBe(all.length);
    expect(all.length).toBeGreaterThanOrEqual(24 + 8);
    // The books' own lists agree with the bank.
    const listed = (name: string) => readFileSync(join(tmp, name, 'puzzles.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l).puzzle);
    expect(new Set(listed('x'))).toEqual(new Set(x.map((p) => p.puzzle)));
    expect(listed('y').some((p: string) => listed('x').includes(p))).toBe(false);
    b.close();
    expect(formatGrid(parseGrid(x[0].puzzle))).toBe(x[0].puzzle);
  }, 120_000);
});


describe('bank fill', () => {
  const fill = (bank: string, ...more: string[]) => runCliAsync(['bank', 'fill', '--bucket', 'medium', '-n', '3', '--seed', 'r', '--bank', bank, ...more]);
  const canons = (file: string) => {
    const b = Bank.open(file, { create: false });
    const all = [...b.export()].map((p) => [p.canon, p.bucket, p.seed]);
    b.close();
    return all;
  };

  it('banks the same puzzles whatever the number of workers, keeps every candidate it makes, and reports its hit rate', async () => {
    const [one, two] = await Promise.all([fill(join(tmp, 'fill-1.sqlite'), '--workers', '1'), fill(join(tmp, 'fill-2.sqlite'), '--workers', '2')]);
    expect(one.status, one.stderr).toBe(0);
    expect(two.status, two.stderr).toBe(0);
    expect(canons(join(tmp, 'fill-2.sqlite'))).toEqual(canons(join(tmp, 'fill-1.sqlite')));
    const m = /^banked 3 medium puzzles from (\d+) candidates, seed r; hit rate (\d+)% \((\d+) of (\d+) candidates aimed at medium graded medium\)/.exec(one.stdout);
    expect(m, one.stdout).not.toBeNull();
    const [made, rate, hit, aimed] = m!.slice(1).map(Number);
    expect(aimed).toBe(made);
    expect(rate).toBe(Math.round((100 * hit) / made));
    // Nothing made is lost: the medium puzzles beyond the 3 asked for are banked too.
    const banked = canons(join(tmp, 'fill-1.sqlite'));
    expect(banked.length).toBe(made);
    expect(banked.filter((p) => p[1] === 'medium').length).toBe(hit);
  });

  it('refuses a worker count past the ceiling before it makes a bank', () => {
    const file = join(tmp, 'fill-many.sqlite');
    const r = runCli(['bank', 'fill', '--bucket', 'easy', '-n', '1', '--workers', '1000', '--bank', file]);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/^sudoku-press: --workers: expected a whole number from 1 to 64/);
    expect(existsSync(file)).toBe(false);
  });

  it('stops at its budget with a clear message, keeping what it made', () => {
    const file = join(tmp, 'fill-beyond.sqlite');
    const r = runCli(['bank', 'fill', '--bucket', 'beyond', '-n', '1', '--budget', '16', '--seed', 'b', '--workers', '1', '--bank', file]);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/bank fill: found 0 of 1 beyond puzzle after 16 candidates \(16 for this fill in all\); raise --budget \(now 16\)/);
    expect(canons(file).length).toBe(16);
  });
});
