import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Bank, type BankPuzzle } from '../../src/bank/bank.js';
import { canonicalString } from '../../src/core/canonical.js';
import { formatGrid, parseGrid } from '../../src/core/grid.js';
import { Rng } from '../../src/core/rng.js';
import { applyTransform, randomTransform } from '../../src/core/transform.js';
import { gradePuzzle, graderId } from '../../src/grader/grade.js';
import { ROOT, runCli } from '../helpers/cli.js';
import { loadSet } from '../helpers/data.js';

const tmp = mkdtempSync(join(tmpdir(), 'sp-bank-'));

function banked(p: ReturnType<typeof loadSet>[number]): BankPuzzle {
  const g = gradePuzzle(p);
  return { ...g, grader: graderId(), solution: g.solution!, canon: canonicalString(p), clues: [...g.puzzle].filter((c) => c !== '.').length, seed: 'test' };
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
      return banked(q);
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
    const req = createRequire(import.meta.url);
    const Database = req('better-sqlite3') as typeof import('better-sqlite3');
    const db = new Database(file);
    db.exec(`CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
      INSERT INTO meta VALUES ('app', 'sudoku-press bank'), ('schema', '1');
      CREATE TABLE puzzles (id INTEGER PRIMARY KEY, puzzle TEXT NOT NULL, solution TEXT NOT NULL, canon TEXT NOT NULL UNIQUE,
        bucket TEXT NOT NULL, rating REAL NOT NULL, hardest TEXT, techniques TEXT NOT NULL, clues INTEGER NOT NULL,
        fill TEXT, dig TEXT, symmetry TEXT, seed TEXT, created TEXT NOT NULL,
        used_kind TEXT, used_ref TEXT, used_number INTEGER, used_at TEXT);`);
    const ins = db.prepare(`INSERT INTO puzzles (puzzle, solution, canon, bucket, rating, hardest, techniques, clues, created, used_kind, used_ref, used_number)
      VALUES (?, ?, ?, ?, 2.6, NULL, '{}', ?, 'then', ?, ?, ?)`);
    ins.run(puzzles[0].puzzle, puzzles[0].solution, puzzles[0].canon, puzzles[0].bucket, puzzles[0].clues, 'book', 'old', 1);
    ins.run(puzzles[1].puzzle, puzzles[1].solution, puzzles[1].canon, puzzles[1].bucket, puzzles[1].clues, null, null, null);
    db.close();
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
    d.add(loadSet('17clue.txt', 400).map(banked));
    d.close();
    const bytes = readFileSync(damaged);
    bytes.fill(0x5a, 8192, 8192 + 4096);
    writeFileSync(damaged, bytes);
    const rd = runCli(['bank', 'stats', '--bank', damaged]);
    expect(rd.status).toBe(1);
    expect(rd.stderr).toMatch(/damaged|not a usable puzzle bank/);
  });

  it('two processes filling and claiming at once never corrupt it or hand out a puzzle twice', async () => {
    const file = join(tmp, 'shared.sqlite');
    Bank.open(file).close();
    const run = (args: string[]) =>
      new Promise<{ code: number | null; out: string; err: string }>((resolve) => {
        const c = spawn(process.execPath, ['dist/cli/main.js', ...args], { cwd: ROOT, env: { ...process.env, CI: '1' } });
        let out = '';
        let err = '';
        c.stdout.on('data', (d) => (out += d));
        c.stderr.on('data', (d) => (err += d));
        c.on('exit', (code) => resolve({ code, out, err }));
      });
    const fills = await Promise.all([
      run(['bank', 'fill', '--bucket', 'medium', '-n', '15', '--seed', 'p1', '--workers', '1', '--bank', file]),
      run(['bank', 'fill', '--bucket', 'medium', '-n', '15', '--seed', 'p2', '--workers', '1', '--bank', file]),
    ]);
    for (const f of fills) expect(f.code, f.err).toBe(0);
    const job = (name: string) => {
      const f = join(tmp, `${name}.yaml`);
      writeFileSync(f, `name: ${name}\ntitle: T\nseed: ${name}\noutput: ${join(tmp, name)}\nsections:\n  - { title: M, bucket: medium, count: 12 }\n  - { title: E, bucket: easy, count: 12 }\n`);
      return f;
    };
    const books = await Promise.all([
      run(['book', job('x'), '--bank', file, '--workers', '1']),
      run(['book', job('y'), '--bank', file, '--workers', '1']),
    ]);
    for (const r of books) expect(r.code, r.err).toBe(0);
    const b = Bank.open(file);
    const all = [...b.export()];
    const x = b.usedBy('book', 'x');
    const y = b.usedBy('book', 'y');
    expect(x.length).toBe(24);
    expect(y.length).toBe(24);
    const canons = new Set([...x, ...y].map((p) => p.canon));
    expect(canons.size).toBe(48);
    expect(new Set(all.map((p) => p.canon)).size).toBe(all.length);
    // The books' own lists agree with the bank.
    const listed = (name: string) => readFileSync(join(tmp, name, 'puzzles.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l).puzzle);
    expect(new Set(listed('x'))).toEqual(new Set(x.map((p) => p.puzzle)));
    expect(listed('y').some((p: string) => listed('x').includes(p))).toBe(false);
    b.close();
    expect(formatGrid(parseGrid(x[0].puzzle))).toBe(x[0].puzzle);
  }, 120_000);
});
