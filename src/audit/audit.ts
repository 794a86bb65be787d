/**
 * Auditing a collection: stream its lines (puzzle lines, jsonl, or a bank), check and grade
 * them on worker threads in batches (the pool's `mapOrdered`), and add everything up in
 * input order. Memory stays
 * flat as the collection grows: only counts, a compact set of canonical-form hashes for
 * duplicates, and the first problem lines are kept.
 */
import { closeSync, openSync, readSync, statSync } from 'node:fs';
import { UserError } from '../core/errors.js';
import { Bank } from '../bank/bank.js';
import { TECHNIQUE_NAMES } from '../grader/registry.js';
import { WorkerPool } from '../workers/pool.js';
import { readLines } from '../core/lines.js';
import { fileProblem } from '../core/files.js';
import { auditTask, type AuditInput, type LineResult } from './check.js';
import { HashSet128 } from './hash-set.js';
import { kindJson } from '../bank/kinds.js';

export const BATCH_LINES = 256;
/** Problem lines listed one by one; beyond this they are only counted. */
export const MAX_LISTED = 1000;

export interface ProblemLine {
  file: string;
  line: number;
  problem: 'malformed' | 'unsolvable' | 'multiple' | 'notMinimal' | 'duplicate';
  detail: string;
}

export interface AuditReport {
  files: string[];
  total: number;
  valid: number;
  problems: { malformed: number; unsolvable: number; multiple: number; notMinimal: number; duplicates: number };
  /**
   * Valid puzzles that are not minimal but whose clues have a symmetry under which no orbit
   * of clues can go: minimal for their symmetry (not counted as a problem).
   */
  minimalForSymmetry: number;
  buckets: Record<string, number>;
  shares: Record<string, number>;
  /** Valid puzzles per rating (SE's ER, one decimal; "beyond" for unrated puzzles, listed last). */
  ratings: Record<string, number>;
  /** needed: puzzles whose hardest technique it is; used: puzzles whose solving path uses it at all. */
  techniques: Record<string, { needed: number; used: number }>;
  /** Puzzles per clue count (valid or not, once parsed). */
  clues: Record<string, number>;
  /** Input label (text after the puzzle) against our bucket. */
  confusion: Record<string, Record<string, number>>;
  /** The first MAX_LISTED problem lines. */
  problemLines: ProblemLine[];
  /**
   * Valid puzzles of other kinds and sizes than 9x9 classic ("killer 9x9"), which the figures
   * above leave out: per kind, the count, buckets (the kind's own) and SE-like ratings.
   */
  kinds: Record<string, KindFigures>;
}

export interface KindFigures {
  valid: number;
  buckets: Record<string, number>;
  ratings: Record<string, number>;
  /** Puzzles whose hardest step is each technique. */
  hardest: Record<string, number>;
}

export function emptyReport(files: string[]): AuditReport {
  return {
    files,
    total: 0,
    valid: 0,
    problems: { malformed: 0, unsolvable: 0, multiple: 0, notMinimal: 0, duplicates: 0 },
    minimalForSymmetry: 0,
    buckets: {},
    shares: {},
    ratings: {},
    techniques: Object.fromEntries(TECHNIQUE_NAMES.map((t) => [t, { needed: 0, used: 0 }])),
    clues: {},
    confusion: {},
    problemLines: [],
    kinds: {},
  };
}

const bump = (m: Record<string, number>, k: string) => (m[k] = (m[k] ?? 0) + 1);

/** Add one checked line to the report. */
export function addResult(report: AuditReport, file: string, r: LineResult, seen: HashSet128): void {
  report.total++;
  const note = (problem: ProblemLine['problem'], detail: string) => {
    if (report.problemLines.length < MAX_LISTED) report.problemLines.push({ file, line: r.lineNo, problem, detail });
  };
  if (r.status === 'malformed') {
    report.problems.malformed++;
    note('malformed', r.reason);
    return;
  }
  bump(report.clues, String(r.clues));
  if (r.status !== 'valid') {
    report.problems[r.status]++;
    note(r.status, r.status === 'unsolvable' ? 'no solution' : 'more than one solution');
    return;
  }
  report.valid++;
  if (r.minimal === 'no') {
    report.problems.notMinimal++;
    note('notMinimal', 'a clue can be removed and the solution stays unique');
  } else if (r.minimal === 'symmetric') {
    report.minimalForSymmetry++;
  }
  // Duplicates within a kind and size: their canonical forms are of that kind.
  if (!seen.add(r.kind ? `${r.kind}|${r.canon}` : r.canon)) {
    report.problems.duplicates++;
    note('duplicate', 'equivalent to an earlier puzzle of the collection');
  }
  if (r.kind) {
    const k = (report.kinds[r.kind] ??= { valid: 0, buckets: {}, ratings: {}, hardest: {} });
    k.valid++;
    bump(k.buckets, r.bucket);
    bump(k.ratings, r.rating === null ? 'beyond' : r.rating.toFixed(1));
    if (r.hardest) bump(k.hardest, r.hardest);
    return;
  }
  bump(report.buckets, r.bucket);
  bump(report.ratings, r.rating === null ? 'beyond' : r.rating.toFixed(1));
  // Steps may name what fired more precisely than the technique lists (full-house for a
  // hidden single, direct-claiming, ...): those names get their own rows.
  if (r.hardest) (report.techniques[r.hardest] ??= { needed: 0, used: 0 }).needed++;
  for (const t of r.techniques) (report.techniques[t] ??= { needed: 0, used: 0 }).used++;
  if (r.label) {
    report.confusion[r.label] ??= {};
    bump(report.confusion[r.label], r.bucket);
  }
}

/** Valid puzzles of 9x9 classic: the valid ones but those of other kinds. */
export function classicValid(report: AuditReport): number {
  return report.valid - Object.values(report.kinds).reduce((n, k) => n + k.valid, 0);
}

export function finishReport(report: AuditReport): AuditReport {
  const classic = classicValid(report);
  for (const [b, n] of Object.entries(report.buckets)) report.shares[b] = classic ? n / classic : 0;
  const num = (k: string) => (k === 'beyond' ? Infinity : Number(k));
  const byKey = (m: Record<string, number>) => Object.fromEntries(Object.entries(m).sort((a, b) => num(a[0]) - num(b[0])));
  report.ratings = byKey(report.ratings);
  report.clues = byKey(report.clues);
  for (const k of Object.values(report.kinds)) k.ratings = byKey(k.ratings);
  report.kinds = Object.fromEntries(Object.entries(report.kinds).sort((a, b) => (a[0] < b[0] ? -1 : 1)));
  return report;
}

function isSqlite(file: string): boolean {
  if (file === '-') return false;
  const fd = openSync(file, 'r');
  try {
    const head = Buffer.alloc(16);
    readSync(fd, head, 0, 16, 0);
    return head.toString('latin1') === 'SQLite format 3\0';
  } catch {
    return false;
  } finally {
    closeSync(fd);
  }
}

/** The lines of a collection named `source`: a puzzle file, jsonl, or a bank (each puzzle labelled with its banked bucket). */
async function* collectionLines(file: string, source: string): AsyncGenerator<AuditInput> {
  if (isSqlite(file)) {
    const bank = Bank.open(file, { readOnly: true });
    try {
      for (const p of bank.export()) yield { source, lineNo: p.id, text: p.layout ? JSON.stringify({ ...kindJson(p), bucket: p.bucket }) : `${p.puzzle}\t${p.bucket}` };
    } finally {
      bank.close();
    }
    return;
  }
  for await (const l of readLines(file)) yield { source, lineNo: l.lineNo, text: l.text };
}

/** Audit files in order, `workers` threads (0: the main thread), calling `onProgress` after each batch. */
export async function auditFiles(files: string[], workers: number, onProgress?: (lines: number) => void): Promise<AuditReport> {
  for (const f of files) {
    if (f === '-') continue;
    let isDir: boolean;
    try {
      isDir = statSync(f).isDirectory();
    } catch (err) {
      throw new UserError(`${f}: ${fileProblem(err, 'file')}`);
    }
    if (isDir) throw new UserError(`${f}: is a directory, expected a puzzle file or a bank`);
  }
  const report = emptyReport(files);
  const seen = new HashSet128();
  const pool = new WorkerPool(workers);
  try {
    for (const file of files) {
      const source = file === '-' ? '<stdin>' : file;
      const results = pool.mapOrdered(auditTask, collectionLines(file, source), { batch: BATCH_LINES, lookahead: workers + 2 });
      for await (const r of results) {
        addResult(report, source, r, seen);
        if (report.total % BATCH_LINES === 0) onProgress?.(report.total);
      }
      onProgress?.(report.total);
    }
  } finally {
    await pool.close();
  }
  return finishReport(report);
}
