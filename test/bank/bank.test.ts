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
import { kindFields, kindRecord } from '../../src/bank/kinds.js';
import { Geometry, solvesPuzzle, type Kind } from '../../src/geometry/geometry.js';
import { makeKindPuzzle } from '../../src/geometry/make.js';
import { squareMap } from '../../src/geometry/square.js';
import { bucketOfKind, rateKind } from '../../src/geometry/rate.js';
import { countSolutions } from '../../src/geometry/solver.js';

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

/** A bank record for a made puzzle of a kind (bucket and rating made up, as above). */
function kindBanked(kind: Kind, size: number, seed: string): GradedPuzzle {
  const m = makeKindPuzzle({ kind, size, symmetry: 'none' }, seed);
  return { ...kindFields(m.geometry, m.puzzle, m.solution), bucket: 'hard', rating: 4.2, hardest: 'naked-pair', techniques: { 'naked-pair': 1 }, grader: graderId(), seed };
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

  it('opens a bank made by the version before kinds: its puzzles read as 9x9 classic, uses kept, and it takes kinds after', () => {
    const file = join(tmp, 'v2.sqlite');
    copyFileSync(join(ROOT, 'test/fixtures/bank/schema-2.sqlite'), file);
    // Read-only first: nothing is written, the puzzles are seen as classic 9x9 all the same.
    const ro = Bank.open(file, { readOnly: true });
    expect(ro.stats()).toEqual([{ kind: 'classic', size: 9, bucket: 'hard', total: 3, used: 1, unused: 2 }]);
    ro.close();
    const b = Bank.open(file);
    const old = [...b.export()];
    expect(old.map((x) => [x.kind, x.size, x.layout, x.usedKind, x.usedRef])).toEqual([
      ['classic', 9, null, 'daily', '2026-11-20'],
      ['classic', 9, null, null, null],
      ['classic', 9, null, null, null],
    ]);
    expect(old.every((x) => x.canon === canonicalString(parseGrid(x.puzzle)))).toBe(true);
    expect(b.isUsed(old[0].canon)).toBe(true);
    expect(b.isUsed(old[0].canon, 'x', 9)).toBe(false);
    expect(b.claim({ grader: old[1].grader, bucket: 'hard' }, 5, 'book', 'b', 1).map((x) => x.canon)).toEqual([old[1].canon, old[2].canon]);
    const made = kindBanked('killer', 6, 'after upgrade');
    expect(b.add([made])).toBe(1);
    b.close();
    const db = new (createRequire(import.meta.url)('better-sqlite3'))(file, { readonly: true });
    expect(db.prepare("SELECT value FROM meta WHERE key = 'schema'").get().value).toBe('3');
    db.close();
  });

  it('keeps puzzles of every kind with their layout, unique by canonical form within a kind and size, claimed per kind', () => {
    const b = Bank.open(join(tmp, 'kinds.sqlite'));
    const made = [kindBanked('killer', 6, 'k1'), kindBanked('jigsaw', 6, 'j1'), kindBanked('classic', 6, 'c1'), kindBanked('x', 9, 'x1'), kindBanked('classic', 12, 'g1')];
    expect(b.add([...made, puzzles[0]])).toBe(6);
    // Read back: the same geometry (cages, regions), cells and solution.
    const back = [...b.export()];
    for (const [k, p] of made.entries()) {
      const r = kindRecord(back[k], 'bank');
      const m = kindRecord(p, 'made');
      expect(r.geometry.kind).toBe(p.kind);
      expect(r.geometry.cages).toEqual(m.geometry.cages);
      expect([...r.geometry.regions]).toEqual([...m.geometry.regions]);
      expect(r.geometry.diagonals).toBe(m.geometry.diagonals);
      expect(solvesPuzzle(r.geometry, r.puzzle, r.solution!)).toBe(true);
    }
    // A turned copy of the killer (cages turned with it) is a duplicate; of the jigsaw too.
    for (const p of made.slice(0, 2)) {
      const r = kindRecord(p, 'made');
      const m = squareMap(2, 6);
      const move = (a: ArrayLike<number>) => {
        const out = new Uint8Array(36);
        for (let i = 0; i < 36; i++) out[m[i]] = a[i];
        return out;
      };
      const g = p.kind === 'killer'
        ? new Geometry({ kind: 'killer', size: 6, box: r.geometry.box!, cages: r.geometry.cages.map((c) => ({ sum: c.sum, cells: c.cells.map((x) => m[x]) })) })
        : new Geometry({ kind: 'jigsaw', size: 6, regions: move(r.geometry.regions) });
      const turned = { ...p, ...kindFields(g, move(r.puzzle), move(r.solution!)) };
      expect(turned.puzzle).not.toBe(p.puzzle);
      expect(b.has(turned.canon, p.kind, 6)).toBe(true);
      expect(b.add([turned])).toBe(0);
    }
    // The same canonical string under another kind or size is another puzzle.
    expect(b.has(made[2].canon, 'classic', 6)).toBe(true);
    expect(b.has(made[2].canon, 'x', 6)).toBe(false);
    expect(b.has(made[2].canon)).toBe(false);
    // Claims take only the kind and size asked for (9x9 classic when none is named).
    const grader = made[0].grader;
    expect(b.claim({ grader, bucket: 'hard' }, 9, 'book', 'classic', 1).map((x) => x.kind)).toEqual(puzzles[0].bucket === 'hard' ? ['classic'] : []);
    const killers = b.claim({ grader, bucket: 'hard', kind: 'killer', size: 6 }, 9, 'daily', '2026-11-28', 1);
    expect(killers.map((x) => x.canon)).toEqual([made[0].canon]);
    expect(b.claim({ grader, bucket: 'hard', kind: 'killer', size: 9 }, 9, 'daily', '2026-11-29', 1)).toEqual([]);
    expect(b.isUsed(made[0].canon, 'killer', 6)).toBe(true);
    expect(b.addUsed(made[0], 'daily', '2026-11-30', 1)).toBe(false);
    expect(b.addUsed(made[1], 'daily', '2026-11-30', 1)).toBe(true);
    expect(b.usedBy('daily', '2026-11-30').map((x) => [x.kind, x.size, x.layout])).toEqual([['jigsaw', 6, made[1].layout]]);
    const stats = b.stats();
    expect(stats[0]).toMatchObject({ kind: 'classic', size: 9 });
    expect(stats.find((r) => r.kind === 'killer')).toEqual({ kind: 'killer', size: 6, bucket: 'hard', total: 1, used: 1, unused: 0 });
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

  it('fills puzzles of another kind and size, each in its bucket, reproducibly, and says which buckets the kind has', () => {
    const file = join(tmp, 'kind-fill.sqlite');
    const fill = (seed: string) => runCli(['bank', 'fill', '--kind', 'killer', '--size', '6', '--bucket', 'hard', '-n', '2', '--seed', seed, '--bank', file]);
    const r = fill('kf');
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^banked 2 6x6 killer hard puzzles from \d+ made, seed kf\n$/);
    const b = Bank.open(file, { readOnly: true });
    const banked = [...b.export()];
    b.close();
    expect(banked.map((p) => [p.kind, p.size, p.bucket])).toEqual([['killer', 6, 'hard'], ['killer', 6, 'hard']]);
    for (const p of banked) {
      const { geometry, puzzle, solution } = kindRecord(p, 'bank');
      expect(countSolutions(geometry, puzzle, 2)).toBe(1);
      expect(solvesPuzzle(geometry, puzzle, solution!)).toBe(true);
      expect(bucketOfKind('killer', 6, rateKind(geometry, puzzle).rating)).toBe('hard');
    }
    // The same seed into a new bank: the same puzzles.
    const again = join(tmp, 'kind-fill-2.sqlite');
    expect(runCli(['bank', 'fill', '--kind', 'killer', '--size', '6', '--bucket', 'hard', '-n', '2', '--seed', 'kf', '--bank', again]).status).toBe(0);
    const b2 = Bank.open(again, { readOnly: true });
    expect([...b2.export()].map((p) => p.canon)).toEqual(banked.map((p) => p.canon));
    b2.close();
    const stats = runCli(['bank', 'stats', '--bank', file]);
    expect(stats.stdout).toMatch(/^ {2}killer 6x6 hard +2 +0 +2$/m);
    const bad = runCli(['bank', 'fill', '--kind', 'killer', '--size', '12', '--bucket', 'hard', '-n', '1', '--bank', file]);
    expect(bad.status).toBe(1);
    expect(bad.stderr).toMatch(/killer comes in sizes up to 9/);
    expect(runCli(['bank', 'fill', '--kind', 'jigsaw', '--size', '6', '--bucket', 'master', '-n', '1', '--bank', file]).stderr).toMatch(/6x6 jigsaw has the buckets easy, medium, hard, expert/);
  }, 120_000);

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
