/**
 * The puzzle bank: an SQLite file (better-sqlite3) holding every graded puzzle the pipeline
 * makes or imports, unique by canonical form, with where each was used. Books and daily runs
 * take unused puzzles from it before making new ones, and bank what they make beyond their
 * needs, so no puzzle (or isomorph of one) is ever handed out twice.
 *
 * Writes are transactions; claiming puzzles is one IMMEDIATE transaction, so two processes
 * using one bank at once never get the same puzzle (WAL mode, waits up to 10 s for a lock).
 */
import Database from 'better-sqlite3';
import { existsSync, linkSync, mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { hostname } from 'node:os';
import { dirname } from 'node:path';
import { UserError } from '../core/errors.js';
import { fileProblem } from '../core/files.js';
import { folderProblem } from '../core/writable.js';
import type { GradedPuzzle } from '../core/graded-puzzle.js';

import { checkBankExists, DEFAULT_BANK } from './default.js';
import { unusableText, type PuzzleBank } from './store.js';

export { checkBankExists, DEFAULT_BANK };
export type { GradedPuzzle };
export const APP = 'sudoku-press bank';
export const SCHEMA = 3;

/**
 * Schema 2: nullable rating (beyond), and the grader id of every puzzle. Schema 3: the kind,
 * size and layout of every puzzle; unique by canonical form within a kind and size.
 */
export const PUZZLES_TABLE = `
  CREATE TABLE IF NOT EXISTS puzzles (
    id INTEGER PRIMARY KEY,
    kind TEXT NOT NULL DEFAULT 'classic',
    size INTEGER NOT NULL DEFAULT 9,
    layout TEXT,
    puzzle TEXT NOT NULL,
    solution TEXT NOT NULL,
    canon TEXT NOT NULL,
    bucket TEXT NOT NULL,
    rating REAL,
    hardest TEXT,
    techniques TEXT NOT NULL,
    clues INTEGER NOT NULL,
    grader TEXT NOT NULL,
    fill TEXT, dig TEXT, symmetry TEXT, seed TEXT,
    created TEXT NOT NULL,
    used_kind TEXT, used_ref TEXT, used_number INTEGER, used_at TEXT,
    UNIQUE (kind, size, canon)
  );
  CREATE INDEX IF NOT EXISTS puzzles_unused ON puzzles(kind, size, grader, bucket, rating) WHERE used_kind IS NULL;
  CREATE UNIQUE INDEX IF NOT EXISTS puzzles_usage ON puzzles(used_kind, used_ref, used_number) WHERE used_kind IS NOT NULL;
`;

/** The columns every schema has, copied as they are by the upgrades. */
const KEPT = 'id, puzzle, solution, canon, bucket, rating, hardest, techniques, clues, fill, dig, symmetry, seed, created, used_kind, used_ref, used_number, used_at';

/**
 * Upgrades to this schema, run in one transaction: the table is made anew (SQLite cannot
 * change a table's unique keys) and every puzzle copied, uses kept; they are all 9x9 classic.
 * Puzzles of a schema-1 bank were rated on an older scale: they are marked "legacy".
 */
const upgradeFrom = (schema: 1 | 2) => `
  ALTER TABLE puzzles RENAME TO puzzles_old;
  DROP INDEX IF EXISTS puzzles_unused;
  DROP INDEX IF EXISTS puzzles_usage;
  ${PUZZLES_TABLE}
  INSERT INTO puzzles (${KEPT}, grader) SELECT ${KEPT}, ${schema === 1 ? "'legacy'" : 'grader'} FROM puzzles_old;
  DROP TABLE puzzles_old;
  UPDATE meta SET value = '${SCHEMA}' WHERE key = 'schema';
`;

/** Puzzles per kind, size and bucket, used and unused. */
export interface BankStat {
  kind: string;
  size: number;
  bucket: string;
  total: number;
  used: number;
  unused: number;
}

/** The statistics query of both stores: 9x9 classic first, then by kind and size, buckets by rating. */
export const STATS_SQL = `SELECT kind, size, bucket, COUNT(*) AS total, COUNT(used_kind) AS used, COUNT(*) - COUNT(used_kind) AS unused
  FROM puzzles GROUP BY kind, size, bucket
  ORDER BY CASE WHEN kind = 'classic' AND size = 9 THEN 0 ELSE 1 END, kind, size, MIN(COALESCE(rating, 1e9))`;

/** A banked puzzle: the graded puzzle, its row id, when it was banked and where it was used. */
export interface StoredPuzzle extends GradedPuzzle {
  id: number;
  created: string;
  usedKind: string | null;
  usedRef: string | null;
  usedNumber: number | null;
  /** When it was used (ISO time); null when unused. */
  usedAt?: string | null;
}

/** A stored puzzle as the named parameters of an insert that keeps everything (both stores). */
export function storedParams(p: StoredPuzzle) {
  return {
    kind: p.kind ?? 'classic',
    size: p.size ?? 9,
    layout: p.layout ?? null,
    puzzle: p.puzzle,
    solution: p.solution,
    canon: p.canon,
    bucket: p.bucket,
    rating: p.rating,
    hardest: p.hardest,
    techniques: JSON.stringify(p.techniques),
    clues: p.clues,
    grader: p.grader,
    fill: p.fill ?? null,
    dig: p.dig ?? null,
    symmetry: p.symmetry ?? null,
    seed: p.seed ?? null,
    created: p.created,
    usedKind: p.usedKind,
    usedRef: p.usedRef,
    usedNumber: p.usedNumber,
    usedAt: p.usedAt ?? null,
  };
}

export interface Wanted {
  bucket: string;
  /** Only puzzles graded the same way (graderId). */
  grader: string;
  rating?: { min: number; max: number } | null;
  clues?: { min: number; max: number } | null;
  /** The puzzle kind and size (classic, 9 when absent). */
  kind?: string;
  size?: number;
}

export interface Row {
  id: number;
  kind: string;
  size: number;
  layout: string | null;
  puzzle: string;
  solution: string;
  canon: string;
  bucket: string;
  rating: number | null;
  hardest: string | null;
  techniques: string;
  grader: string;
  clues: number;
  fill: string | null;
  dig: string | null;
  symmetry: string | null;
  seed: string | null;
  created: string;
  used_kind: string | null;
  used_ref: string | null;
  used_number: number | null;
  used_at: string | null;
}

/** A row whose fields cannot be read back (told as a damaged bank, see damaged()). */
class DamagedRow extends Error {}

function techniquesOf(r: Row): Record<string, number> {
  try {
    return JSON.parse(r.techniques) as Record<string, number>;
  } catch {
    throw new DamagedRow(`puzzle ${r.id}: its technique counts are not JSON`);
  }
}

export function fromRow(r: Row): StoredPuzzle {
  return {
    id: r.id,
    kind: r.kind,
    size: r.size,
    layout: r.layout,
    puzzle: r.puzzle,
    solution: r.solution,
    canon: r.canon,
    bucket: r.bucket,
    rating: r.rating,
    hardest: r.hardest,
    techniques: techniquesOf(r),
    clues: r.clues,
    grader: r.grader,
    fill: r.fill,
    dig: r.dig,
    symmetry: r.symmetry,
    seed: r.seed,
    created: r.created,
    usedKind: r.used_kind,
    usedRef: r.used_ref,
    usedNumber: r.used_number,
    usedAt: r.used_at,
  };
}

export interface OpenOptions {
  /** Make a new bank where there is no file (default true; never with readOnly). */
  create?: boolean;
  /** Only read: nothing is written (no upgrade, no journal), so a bank on read-only media can be read. */
  readOnly?: boolean;
}

/** SQLite's answer when a file cannot be opened or written where it lies (read-only media or folder). */
const CANNOT_WRITE_THERE = /^SQLITE_(CANTOPEN|READONLY|IOERR)/;

/** One line for a message: SQLite's multi-line reports joined. */
const oneLine = (text: string) =>
  text
    .replace(/\*\*\* in database \w+ \*\*\*\s*/g, '')
    .split(/\s*\n\s*/)
    .filter(Boolean)
    .join('; ');

/** Whether the holder "<host> <pid>" of a mark may still be running (only a process on this machine can be checked). */
function holderAlive(holder: string): boolean {
  const [host, pid] = holder.split(' ');
  if (host !== hostname()) return true;
  try {
    process.kill(Number(pid), 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export class Bank implements PuzzleBank {
  private readonly db: Database.Database;

  private constructor(
    readonly file: string,
    db: Database.Database,
    readonly readOnly = false,
  ) {
    this.db = db;
  }

  /**
   * Open a bank; with `create` (the default), make a new one where there is no file. A
   * missing file without `create`, an empty, damaged or foreign file is an error, and such a
   * file is checked before anything writes to it: it is never modified or reset. With
   * `readOnly` nothing is ever written (a schema-1 bank is read as it is, not upgraded).
   */
  static open(file: string = DEFAULT_BANK, options: OpenOptions = {}): Bank {
    const readOnly = options.readOnly === true;
    if (!existsSync(file)) {
      try {
        statSync(file);
      } catch (err) {
        // A link that loops is not "no such bank" (and no bank can be made there).
        if ((err as NodeJS.ErrnoException).code === 'ELOOP') throw new UserError(`${file}: ${fileProblem(err, 'bank')}`);
      }
      if (options.create === false || readOnly) throw new UserError(`${file}: no such bank (give the path of an existing bank, or make one with "bank fill")`);
      Bank.createFile(file);
    }
    if (statSync(file).isDirectory()) throw new UserError(`${file}: a folder, not a puzzle bank`);
    if (statSync(file).size === 0) throw new UserError(`${file}: an empty file, not a puzzle bank; remove it or give another --bank path`);
    let db: Database.Database;
    try {
      db = readOnly ? Bank.openReadOnly(file) : new Database(file, { timeout: 10_000, fileMustExist: true });
    } catch (err) {
      if (err instanceof UserError) throw err;
      throw new UserError(`${file}: not a usable puzzle bank (${oneLine((err as Error).message)})`);
    }
    const bank = new Bank(file, db, readOnly);
    try {
      bank.check();
      if (!readOnly) db.pragma('journal_mode = WAL');
    } catch (err) {
      db.close();
      if (err instanceof UserError) throw err;
      throw new UserError(`${file}: not a usable puzzle bank (${oneLine((err as Error).message)})`);
    }
    return bank;
  }

  /**
   * A read-only connection. A bank in WAL mode needs its shared-memory file, which read-only
   * media (or a folder one may not write in) cannot hold: then nothing can change the file, so
   * a copy of it is read from memory instead (refused when a write-ahead log holds changes
   * not yet in the file, since they would be missed).
   */
  private static openReadOnly(file: string): Database.Database {
    try {
      const db = new Database(file, { readonly: true, fileMustExist: true, timeout: 10_000 });
      try {
        db.prepare('SELECT COUNT(*) FROM sqlite_master').get();
        return db;
      } catch (err) {
        db.close();
        throw err;
      }
    } catch (err) {
      if (!CANNOT_WRITE_THERE.test(String((err as { code?: unknown }).code))) throw err;
    }
    const wal = `${file}-wal`;
    if (existsSync(wal) && statSync(wal).size > 0) {
      throw new UserError(`${file}: cannot be read where it lies: its write-ahead log ${wal} holds changes not yet in the bank file, and SQLite cannot open it read-only here; open the bank once where it can be written`);
    }
    const bytes = readFileSync(file);
    // Bytes 18-19 say "WAL mode", which an in-memory copy cannot use; the pages are the same.
    if (bytes.length > 19 && bytes[18] === 2 && bytes[19] === 2) bytes[18] = bytes[19] = 1;
    return new Database(bytes, { readonly: true });
  }

  /**
   * Make a new, empty bank at `file`, atomically: built under a temporary name, then linked
   * into place only if nothing is there yet (two processes creating one bank at once both end
   * up opening the same complete file; neither ever sees it half made).
   */
  private static createFile(file: string): void {
    const temp = `${file}.${process.pid}.${Date.now()}.new`;
    const folder = folderProblem(dirname(file));
    if (folder) throw new UserError(`${file}: cannot create a puzzle bank: its folder ${dirname(file)} ${folder}`);
    try {
      mkdirSync(dirname(file), { recursive: true });
      const db = new Database(temp);
      try {
        db.pragma('journal_mode = WAL');
        new Bank(temp, db).create();
      } finally {
        db.close();
      }
      try {
        linkSync(temp, file);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      }
    } catch (err) {
      if (err instanceof UserError) throw err;
      throw new UserError(`${file}: cannot create a puzzle bank there (${(err as Error).message})`);
    } finally {
      rmSync(temp, { force: true });
    }
  }

  private create(): void {
    this.db.exec(`CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL); ${PUZZLES_TABLE}`);
    const put = this.db.prepare('INSERT OR IGNORE INTO meta (key, value) VALUES (?, ?)');
    this.db.transaction(() => {
      put.run('app', APP);
      put.run('schema', String(SCHEMA));
    })();
  }

  private check(): void {
    const ok = this.db.pragma('quick_check', { simple: true });
    if (ok !== 'ok') throw new UserError(`${this.file}: the bank is damaged (SQLite quick_check: ${oneLine(String(ok))}); restore it from a copy`);
    const hasMeta = this.db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'meta'").get();
    const app = hasMeta ? (this.db.prepare("SELECT value FROM meta WHERE key = 'app'").get() as { value: string } | undefined) : undefined;
    if (!app || app.value !== APP) throw new UserError(`${this.file}: an SQLite file, but not a sudoku-press bank; give another --bank path`);
    const schema = this.db.prepare("SELECT value FROM meta WHERE key = 'schema'").get() as { value: string } | undefined;
    if (!schema) throw new UserError(`${this.file}: a sudoku-press bank without its schema version (no "schema" row in its meta table): it is damaged; restore it from a copy`);
    const version = Number(schema.value);
    if (version === 1 || version === 2) {
      // Read as it is: the puzzles seen through a view with what an upgrade would give them.
      const grader = version === 1 ? ", 'legacy' AS grader" : '';
      if (this.readOnly) this.db.exec(`CREATE TEMP VIEW puzzles AS SELECT *${grader}, 'classic' AS kind, 9 AS size, NULL AS layout FROM main.puzzles`);
      else this.db.transaction(() => this.db.exec(upgradeFrom(version))).immediate();
      return;
    }
    if (Number(schema.value) !== SCHEMA) throw new UserError(`${this.file}: bank schema ${schema.value}, this version reads ${SCHEMA}`);
  }

  close(): void {
    this.db.close();
  }

  /** Add puzzles not yet in the bank (by canonical form). Returns how many were new. */
  add(puzzles: readonly GradedPuzzle[]): number {
    const insert = this.db.prepare(`INSERT INTO puzzles
      (kind, size, layout, puzzle, solution, canon, bucket, rating, hardest, techniques, clues, grader, fill, dig, symmetry, seed, created)
      VALUES (@kind, @size, @layout, @puzzle, @solution, @canon, @bucket, @rating, @hardest, @techniques, @clues, @grader, @fill, @dig, @symmetry, @seed, @created)
      ON CONFLICT(kind, size, canon) DO NOTHING`);
    const created = new Date().toISOString();
    return this.db.transaction(() => {
      let n = 0;
      for (const p of puzzles) n += insert.run(storedParams({ ...p, id: 0, created, usedKind: null, usedRef: null, usedNumber: null })).changes;
      return n;
    })();
  }

  /** Banked puzzles as they are, uses and dates kept (`bank copy`); those already there (by canonical form) are skipped. */
  addStored(puzzles: readonly StoredPuzzle[]): number {
    const insert = this.db.prepare(`INSERT INTO puzzles
      (kind, size, layout, puzzle, solution, canon, bucket, rating, hardest, techniques, clues, grader, fill, dig, symmetry, seed, created, used_kind, used_ref, used_number, used_at)
      VALUES (@kind, @size, @layout, @puzzle, @solution, @canon, @bucket, @rating, @hardest, @techniques, @clues, @grader, @fill, @dig, @symmetry, @seed, @created, @usedKind, @usedRef, @usedNumber, @usedAt)
      ON CONFLICT(kind, size, canon) DO NOTHING`);
    return this.db.transaction(() => {
      let n = 0;
      for (const p of puzzles) n += insert.run(storedParams(p)).changes;
      return n;
    })();
  }

  /** Whether a puzzle equivalent to `canon` (of a kind and size: 9x9 classic by default) is in the bank. */
  has(canon: string, kind = 'classic', size = 9): boolean {
    return this.db.prepare('SELECT 1 FROM puzzles WHERE kind = ? AND size = ? AND canon = ?').get(kind, size, canon) !== undefined;
  }

  /** Whether a puzzle equivalent to `canon` (of a kind and size: 9x9 classic by default) has been used already. */
  isUsed(canon: string, kind = 'classic', size = 9): boolean {
    return this.db.prepare('SELECT 1 FROM puzzles WHERE kind = ? AND size = ? AND canon = ? AND used_kind IS NOT NULL').get(kind, size, canon) !== undefined;
  }

  /** Puzzles already recorded for (kind, ref), by number. */
  usedBy(kind: string, ref: string): StoredPuzzle[] {
    return (this.db.prepare('SELECT * FROM puzzles WHERE used_kind = ? AND used_ref = ? ORDER BY used_number').all(kind, ref) as Row[]).map(fromRow);
  }

  /**
   * Claim up to `count` unused puzzles matching `wanted` for (kind, ref), numbered from
   * `firstNumber`, oldest first, skipping any whose canonical form is in `exclude`.
   * One transaction: a puzzle claimed here is never claimed by anyone else.
   */
  claim(wanted: Wanted, count: number, kind: string, ref: string, firstNumber: number, exclude: ReadonlySet<string> = new Set()): StoredPuzzle[] {
    // An unrated (beyond) puzzle sorts above every rating: it fits a range with no maximum.
    const select = this.db.prepare(`SELECT * FROM puzzles WHERE used_kind IS NULL AND kind = ? AND size = ? AND grader = ? AND bucket = ?
      AND (rating BETWEEN ? AND ? OR (rating IS NULL AND ?)) AND clues BETWEEN ? AND ? ORDER BY id`);
    const mark = this.db.prepare(`UPDATE puzzles SET used_kind = ?, used_ref = ?, used_number = ?, used_at = ?
      WHERE id = ? AND used_kind IS NULL`);
    const taken = this.db.prepare('SELECT 1 FROM puzzles WHERE used_kind = ? AND used_ref = ? AND used_number BETWEEN ? AND ?');
    const run = this.db.transaction(() => {
      const out: StoredPuzzle[] = [];
      // Another process recorded these numbers meanwhile: claim nothing, the caller re-reads them.
      if (count > 0 && taken.get(kind, ref, firstNumber, firstNumber + count - 1)) return out;
      const rows = select.iterate(
        wanted.kind ?? 'classic',
        wanted.size ?? 9,
        wanted.grader,
        wanted.bucket,
        wanted.rating?.min ?? 0,
        wanted.rating?.max ?? 1e9,
        wanted.rating?.max === undefined || wanted.rating.max === Infinity ? 1 : 0,
        wanted.clues?.min ?? 0,
        wanted.clues?.max ?? 256,
      ) as IterableIterator<Row>;
      const picked: Row[] = [];
      for (const r of rows) {
        if (picked.length >= count) break;
        if (!exclude.has(r.canon)) picked.push(r);
      }
      const at = new Date().toISOString();
      for (const r of picked) {
        const number = firstNumber + out.length;
        if (mark.run(kind, ref, number, at, r.id).changes !== 1) throw new Error('claimed puzzle was taken meanwhile');
        out.push({ ...fromRow(r), usedKind: kind, usedRef: ref, usedNumber: number });
      }
      return out;
    });
    return run.immediate();
  }

  /**
   * Add one puzzle (if new) and record its use, in one transaction. False if an equivalent
   * puzzle was already used, or if (kind, ref, number) was recorded meanwhile by another
   * process (the caller re-reads it with usedBy).
   */
  addUsed(p: GradedPuzzle, kind: string, ref: string, number: number): boolean {
    const run = this.db.transaction(() => {
      if (this.db.prepare('SELECT 1 FROM puzzles WHERE used_kind = ? AND used_ref = ? AND used_number = ?').get(kind, ref, number)) return false;
      const variant = [p.kind ?? 'classic', p.size ?? 9, p.canon];
      if (this.add([p]) === 0) {
        const row = this.db.prepare('SELECT used_kind FROM puzzles WHERE kind = ? AND size = ? AND canon = ?').get(...variant) as { used_kind: string | null };
        if (row.used_kind !== null) return false;
      }
      this.db
        .prepare('UPDATE puzzles SET used_kind = ?, used_ref = ?, used_number = ?, used_at = ? WHERE kind = ? AND size = ? AND canon = ? AND used_kind IS NULL')
        .run(kind, ref, number, new Date().toISOString(), ...variant);
      return true;
    });
    return run.immediate();
  }

  /** Record the final numbers of the puzzles used by (kind, ref), by canonical form. */
  renumber(kind: string, ref: string, numbers: ReadonlyMap<string, number>): void {
    const park = this.db.prepare('UPDATE puzzles SET used_number = -id WHERE used_kind = ? AND used_ref = ?');
    const set = this.db.prepare('UPDATE puzzles SET used_number = ? WHERE used_kind = ? AND used_ref = ? AND canon = ?');
    this.db.transaction(() => {
      park.run(kind, ref);
      for (const [canon, n] of numbers) set.run(n, kind, ref, canon);
    })();
  }

  /** Give back the uses recorded for (kind, ref), or only that of its `number`. */
  release(kind: string, ref: string, number?: number): number {
    const sql = 'UPDATE puzzles SET used_kind = NULL, used_ref = NULL, used_number = NULL, used_at = NULL WHERE used_kind = ? AND used_ref = ?';
    if (number === undefined) return this.db.prepare(sql).run(kind, ref).changes;
    return this.db.prepare(`${sql} AND used_number = ?`).run(kind, ref, number).changes;
  }

  /**
   * Mark (kind, ref) as being made by this process until the returned function is called.
   * Another live process holding it is an error naming it (two runs of one book at once would
   * each take puzzles for it, and make two different books); a holder that has died (same
   * machine, no such process) is taken over.
   */
  hold(kind: string, ref: string, what: string): () => void {
    const key = `busy:${kind}:${ref}`;
    const me = `${hostname()} ${process.pid}`;
    const get = this.db.prepare('SELECT value FROM meta WHERE key = ?');
    this.db
      .transaction(() => {
        const other = (get.get(key) as { value: string } | undefined)?.value;
        if (other !== undefined && other !== me && holderAlive(other)) {
          const [host, pid] = other.split(' ');
          throw new UserError(`${what}: another run (process ${pid}${host === hostname() ? '' : ` on ${host}`}) is making it with bank ${this.file} right now; wait for it to finish`);
        }
        this.db.prepare('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value').run(key, me);
      })
      .immediate();
    return () => {
      this.db.prepare('DELETE FROM meta WHERE key = ? AND value = ?').run(key, me);
    };
  }

  stats(): BankStat[] {
    return this.db.prepare(STATS_SQL).all() as BankStat[];
  }

  /**
   * Warnings, one per grader and bucket, for unused puzzles of `buckets` that a job grading
   * with `grader` cannot take (`user`: "the book", "the daily").
   */
  unusableWarnings(grader: string, buckets: ReadonlySet<string>, user: string): string[] {
    return unusableText(this.otherGraders(grader), this.file, grader, buckets, user);
  }

  /** Unused puzzles graded otherwise than `grader` (another grader version or bucket table), which no claim for it takes. */
  otherGraders(grader: string): { grader: string; bucket: string; unused: number }[] {
    return this.db
      .prepare('SELECT grader, bucket, COUNT(*) AS unused FROM puzzles WHERE used_kind IS NULL AND grader <> ? GROUP BY grader, bucket ORDER BY grader, MIN(COALESCE(rating, 1e9))')
      .all(grader) as { grader: string; bucket: string; unused: number }[];
  }

  /**
   * The banked puzzles in the order they were banked, read a thousand rows at a time (a
   * statement left half-read by a damaged page would keep the bank from closing).
   */
  *export(options: { unused?: boolean; bucket?: string } = {}): Generator<StoredPuzzle> {
    const where = [options.unused ? 'used_kind IS NULL' : '1', options.bucket ? 'bucket = @bucket' : '1'].join(' AND ');
    let last = 0;
    for (;;) {
      let rows: Row[];
      try {
        rows = this.db.prepare(`SELECT * FROM puzzles WHERE ${where} AND id > @last ORDER BY id LIMIT 1000`).all({ bucket: options.bucket, last }) as Row[];
      } catch (err) {
        throw damaged(this.file, err);
      }
      if (rows.length === 0) return;
      for (const r of rows) {
        let p: StoredPuzzle;
        try {
          p = fromRow(r);
        } catch (err) {
          throw damaged(this.file, err);
        }
        yield p;
      }
      last = rows[rows.length - 1].id;
    }
  }
}

/**
 * A damaged page that quick_check on opening did not reach (an index, say) shows up when a
 * query reads it: that is told as a damaged bank, one line, like damage found on opening.
 */
function damaged(file: string, err: unknown): unknown {
  if (err instanceof DamagedRow) return new UserError(`${file}: the bank is damaged (${err.message}); restore it from a copy`);
  const code = String((err as { code?: unknown }).code);
  if (!/^SQLITE_(CORRUPT|NOTADB)/.test(code)) return err;
  return new UserError(`${file}: the bank is damaged (SQLite: ${oneLine((err as Error).message)}); restore it from a copy`);
}

for (const name of ['add', 'addStored', 'has', 'isUsed', 'usedBy', 'claim', 'addUsed', 'renumber', 'release', 'hold', 'stats', 'otherGraders'] as const) {
  const method = Bank.prototype[name] as (this: Bank, ...args: unknown[]) => unknown;
  Object.defineProperty(Bank.prototype, name, {
    configurable: true,
    writable: true,
    value(this: Bank, ...args: unknown[]): unknown {
      try {
        return method.apply(this, args);
      } catch (err) {
        throw damaged(this.file, err);
      }
    },
  });
}
