/** Banks in the form earlier versions made them, for the tests of reading and upgrading them. */
import { createRequire } from 'node:module';
import type { GradedPuzzle } from '../../src/core/graded-puzzle.js';

const Database = createRequire(import.meta.url)('better-sqlite3') as typeof import('better-sqlite3');

/** A schema-1 bank (no grader ids, ratings not null) holding `rows`, rated 2.6; a row's `used` is [kind, ref, number]. */
export function makeSchema1Bank(file: string, rows: (Pick<GradedPuzzle, 'puzzle' | 'solution' | 'canon' | 'bucket' | 'clues'> & { used?: [string, string, number] })[]): void {
  const db = new Database(file);
  db.exec(`CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
    INSERT INTO meta VALUES ('app', 'sudoku-press bank'), ('schema', '1');
    CREATE TABLE puzzles (id INTEGER PRIMARY KEY, puzzle TEXT NOT NULL, solution TEXT NOT NULL, canon TEXT NOT NULL UNIQUE,
      bucket TEXT NOT NULL, rating REAL NOT NULL, hardest TEXT, techniques TEXT NOT NULL, clues INTEGER NOT NULL,
      fill TEXT, dig TEXT, symmetry TEXT, seed TEXT, created TEXT NOT NULL,
      used_kind TEXT, used_ref TEXT, used_number INTEGER, used_at TEXT);`);
  const ins = db.prepare(`INSERT INTO puzzles (puzzle, solution, canon, bucket, rating, hardest, techniques, clues, created, used_kind, used_ref, used_number)
    VALUES (?, ?, ?, ?, 2.6, NULL, '{}', ?, 'then', ?, ?, ?)`);
  for (const r of rows) ins.run(r.puzzle, r.solution, r.canon, r.bucket, r.clues, ...(r.used ?? [null, null, null]));
  db.close();
}
