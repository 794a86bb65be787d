import { createRequire } from 'node:module';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { Bank } from '../../src/bank/bank.js';
import type { GradedPuzzle } from '../../src/core/graded-puzzle.js';
import { canonicalString } from '../../src/core/canonical.js';
import { formatGrid, type Grid } from '../../src/core/grid.js';
import { graderId } from '../../src/grader/grade.js';
import { solveUnique } from '../../src/solver/solver.js';
import { canMountReadOnly, runCli, runCliAsync, runCliReadOnly } from '../helpers/cli.js';
import { loadSet } from '../helpers/data.js';
import { makeSchema1Bank } from '../helpers/bank.js';

const tmp = mkdtempSync(join(tmpdir(), 'sp-bank-safety-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const Database = createRequire(import.meta.url)('better-sqlite3') as typeof import('better-sqlite3');

/** A bank record for a fixture puzzle (the bank never grades: bucket and rating are given). */
function banked(p: Grid, bucket: string, grader = graderId()): GradedPuzzle {
  const s = solveUnique(p);
  if (!('solution' in s)) throw new Error('fixture puzzle without a unique solution');
  return { puzzle: formatGrid(p), solution: formatGrid(s.solution), canon: canonicalString(p), clues: p.filter((d) => d !== 0).length, bucket, rating: 2, hardest: 'hidden-single', techniques: { 'hidden-single': 3 }, grader, seed: 't' };
}

const puzzles = loadSet('top1465.txt', 12, 5);

function bookJob(name: string, extra = ''): string {
  const file = join(tmp, `${name}.yaml`);
  writeFileSync(file, `name: ${name}\ntitle: T\nseed: ${name}\noutput: ${join(tmp, name)}\n${extra}sections:\n  - { title: E, bucket: easy, count: 12 }\n  - { title: M, bucket: medium, count: 4 }\n`);
  return file;
}

describe('a bank is never made by accident', () => {
  it('book and bank import refuse a --bank that does not exist, unless --new-bank or it is the default', () => {
    const typo = join(tmp, 'typo.sqlite');
    const b = runCli(['book', bookJob('typo-book'), '--bank', typo, '--workers', '1']);
    expect(b.status).toBe(1);
    expect(b.stderr).toBe(`sudoku-press: --bank ${typo}: no such bank; give the path of an existing bank, or add --new-bank to start a new one there\n`);
    expect(existsSync(typo)).toBe(false);
    expect(existsSync(join(tmp, 'typo-book'))).toBe(false);

    const list = join(tmp, 'list.txt');
    writeFileSync(list, `${formatGrid(puzzles[0])}\n`);
    const i = runCli(['bank', 'import', list, '--bank', typo]);
    expect(i.status).toBe(1);
    expect(i.stderr).toMatch(/--bank .*typo\.sqlite: no such bank; .*--new-bank/);
    expect(existsSync(typo)).toBe(false);
    const made = runCli(['bank', 'import', list, '--bank', typo, '--new-bank']);
    expect(made.status, made.stderr).toBe(0);
    expect(made.stdout).toMatch(/^imported 1 puzzles into .*typo\.sqlite/);
  });

  it('a book job makes its own "bank" when it is missing (it is the job\'s default)', async () => {
    const file = join(tmp, 'own', 'bank.sqlite');
    const r = await runCliAsync(['book', bookJob('own', `bank: ${file}\n`), '--workers', '2']);
    expect(r.status, r.stderr).toBe(0);
    const b = Bank.open(file, { readOnly: true });
    expect(b.usedBy('book', 'own').length).toBe(16);
    b.close();
  }, 60_000);
});

describe('one book at a time per bank', () => {
  it('the same book twice at once on a fresh bank gives one book: the second run is refused, naming the first', async () => {
    const bank = join(tmp, 'twice.sqlite');
    const job = bookJob('twice', `bank: ${bank}\n`);
    const runs = await Promise.all([runCliAsync(['book', job, '--workers', '1']), runCliAsync(['book', job, '--workers', '1'])]);
    const ok = runs.filter((r) => r.status === 0);
    const refused = runs.filter((r) => r.status !== 0);
    expect(ok.length, runs.map((r) => r.stderr).join('\n')).toBe(1);
    expect(refused.length).toBe(1);
    expect(refused[0].status).toBe(1);
    expect(refused[0].stderr).toMatch(/^sudoku-press: .*twice\.yaml: book "twice": another run \(process \d+\) is making it with bank .*twice\.sqlite right now; wait for it to finish\n$/);
    const b = Bank.open(bank, { readOnly: true });
    const used = b.usedBy('book', 'twice');
    b.close();
    expect(used.length).toBe(16);
    const printed = readFileSync(join(tmp, 'twice', 'puzzles.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { puzzle: string; number: number });
    expect(new Map(printed.map((e) => [e.number, e.puzzle]))).toEqual(new Map(used.map((p) => [p.usedNumber, p.puzzle])));
  }, 120_000);

  it('a run that died is no obstacle: its mark is taken over', () => {
    const bank = join(tmp, 'dead.sqlite');
    Bank.open(bank).close();
    // A process that has exited: its id is free.
    const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' }).stdout;
    const db = new Database(bank);
    db.prepare('INSERT INTO meta (key, value) VALUES (?, ?)').run('busy:book:dead', `${hostname()} ${gone}`);
    db.close();
    const r = runCli(['book', bookJob('dead', `bank: ${bank}\n`), '--workers', '2']);
    expect(r.status, r.stderr).toBe(0);
    const after = new Database(bank, { readonly: true });
    expect(after.prepare("SELECT COUNT(*) AS n FROM meta WHERE key LIKE 'busy:%'").get()).toEqual({ n: 0 });
    after.close();
  }, 60_000);
});

describe('reading a bank changes nothing', () => {
  it('bank stats reads a schema-1 bank without upgrading it, and says its puzzles are not usable and why', () => {
    const file = join(tmp, 'v1.sqlite');
    const [a, b] = puzzles.slice(0, 2).map((p) => banked(p, 'medium'));
    makeSchema1Bank(file, [{ ...a, used: ['book', 'old', 1] }, b]);
    const before = readFileSync(file);
    const r = runCli(['bank', 'stats', '--bank', file]);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^ +medium +2 +1 +1$/m);
    expect(r.stdout).toMatch(/^ {2}not usable: 1 unused puzzle \(1 medium\) rated on an older scale \(a schema-1 bank\); books and dailies never take them$/m);
    expect(readFileSync(file).equals(before)).toBe(true);
    expect(existsSync(`${file}-wal`)).toBe(false);
    const e = runCli(['bank', 'export', '--bank', file, '--format', 'jsonl']);
    expect(e.status, e.stderr).toBe(0);
    expect(e.stdout.trim().split('\n').map((l) => JSON.parse(l).grader)).toEqual(['legacy', 'legacy']);
    expect(readFileSync(file).equals(before)).toBe(true);
  });

  it('bank stats names unused puzzles graded by another grader version; a book warns that it does not take them', () => {
    const file = join(tmp, 'other-grader.sqlite');
    const b = Bank.open(file);
    b.add(puzzles.slice(0, 3).map((p) => banked(p, 'easy', '1-12:0badc0de')));
    b.close();
    const r = runCli(['bank', 'stats', '--bank', file]);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain(`  not usable: 3 unused puzzles (3 easy) graded by another grader version or bucket table (1-12:0badc0de, this version: ${graderId()}); books and dailies never take them\n`);
    const book = runCli(['book', bookJob('warned', `bank: ${file}\n`), '--workers', '2']);
    expect(book.status, book.stderr).toBe(0);
    expect(book.stderr).toContain(`sudoku-press: warning: bank ${file} holds 3 unused easy puzzles graded by another grader version or bucket table (1-12:0badc0de, this book: ${graderId()}); the book does not take them\n`);
  }, 60_000);

  it('a bank without its schema row is a clear one-line error, not a TypeError', () => {
    const file = join(tmp, 'no-schema.sqlite');
    Bank.open(file).close();
    const db = new Database(file);
    db.exec("DELETE FROM meta WHERE key = 'schema'");
    db.close();
    const r = runCli(['bank', 'stats', '--bank', file]);
    expect(r.status).toBe(1);
    expect(r.stderr).toBe(`sudoku-press: ${file}: a sudoku-press bank without its schema version (no "schema" row in its meta table): it is damaged; restore it from a copy\n`);
  });

  it.skipIf(!canMountReadOnly())('bank stats, export and audit read a bank on read-only media', () => {
    const dir = join(tmp, 'media');
    mkdirSync(dir);
    const file = join(dir, 'bank.sqlite');
    const b = Bank.open(file);
    b.add(puzzles.slice(0, 4).map((p) => banked(p, 'easy')));
    b.claim({ grader: graderId(), bucket: 'easy' }, 1, 'book', 'x', 1);
    b.close();
    const before = readFileSync(file);
    // Writing there really fails, even as root.
    const probe = runCliReadOnly(dir, ['bank', 'import', '-', '--bank', file]);
    expect(probe.status).toBe(1);
    expect(probe.stderr).not.toContain('internal error');

    const s = runCliReadOnly(dir, ['bank', 'stats', '--bank', file]);
    expect(s.status, s.stderr).toBe(0);
    expect(s.stdout).toMatch(/^ +easy +4 +1 +3$/m);
    const e = runCliReadOnly(dir, ['bank', 'export', '--unused', '--bank', file]);
    expect(e.status, e.stderr).toBe(0);
    expect(e.stdout.trim().split('\n').length).toBe(3);
    const a = runCliReadOnly(dir, ['audit', file, '--workers', '0', '--format', 'json']);
    expect(a.status, a.stderr).toBe(0);
    expect(JSON.parse(a.stdout)).toMatchObject({ total: 4, valid: 4 });
    expect(readFileSync(file).equals(before)).toBe(true);
  }, 60_000);

  it('the damaged-bank message is one line', () => {
    const file = join(tmp, 'damaged.sqlite');
    const b = Bank.open(file);
    b.add(loadSet('17clue.txt', 150).map((p) => banked(p, 'hard')));
    b.close();
    const bytes = readFileSync(file);
    bytes.fill(0x5a, 8192, 8192 + 4096);
    writeFileSync(file, bytes);
    copyFileSync(file, `${file}.copy`);
    const r = runCli(['bank', 'stats', '--bank', file]);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/damaged|not a usable puzzle bank/);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(readFileSync(file).equals(readFileSync(`${file}.copy`))).toBe(true);
  });
});
