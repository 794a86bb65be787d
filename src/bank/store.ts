/**
 * One bank, two stores: the operations books, dailies and the bank commands use, answered by
 * the SQLite bank (`Bank`, a file: at once) or the PostgreSQL bank (`PgBank`, a server shared by
 * many machines: with promises). Callers `await` every answer, so one code path serves both,
 * and the SQLite path stays synchronous underneath.
 */
import type { GradedPuzzle } from '../core/graded-puzzle.js';
import type { BankStat, OpenOptions, StoredPuzzle, Wanted } from './bank.js';

export type MaybePromise<T> = T | Promise<T>;

export interface PuzzleBank {
  /** What messages call the bank: its file, or its connection string without the password. */
  readonly file: string;
  add(puzzles: readonly GradedPuzzle[]): MaybePromise<number>;
  /** Whether an equivalent puzzle (of the kind and size: 9x9 classic by default) is banked, or used. */
  has(canon: string, kind?: string, size?: number): MaybePromise<boolean>;
  isUsed(canon: string, kind?: string, size?: number): MaybePromise<boolean>;
  usedBy(kind: string, ref: string): MaybePromise<StoredPuzzle[]>;
  claim(wanted: Wanted, count: number, kind: string, ref: string, firstNumber: number, exclude?: ReadonlySet<string>): MaybePromise<StoredPuzzle[]>;
  addUsed(p: GradedPuzzle, kind: string, ref: string, number: number): MaybePromise<boolean>;
  renumber(kind: string, ref: string, numbers: ReadonlyMap<string, number>): MaybePromise<void>;
  release(kind: string, ref: string, number?: number): MaybePromise<number>;
  hold(kind: string, ref: string, what: string): MaybePromise<() => MaybePromise<void>>;
  stats(): MaybePromise<BankStat[]>;
  otherGraders(grader: string): MaybePromise<{ grader: string; bucket: string; unused: number }[]>;
  unusableWarnings(grader: string, buckets: ReadonlySet<string>, user: string): MaybePromise<string[]>;
  export(options?: { unused?: boolean; bucket?: string }): Iterable<StoredPuzzle> | AsyncIterable<StoredPuzzle>;
  /** Banked puzzles as they are, uses and dates kept (`bank copy`); those already there are skipped. */
  addStored(puzzles: readonly StoredPuzzle[]): MaybePromise<number>;
  close(): MaybePromise<void>;
}

/** Whether a --bank names a PostgreSQL bank (a connection string) rather than a file. */
export function isPostgresUrl(spec: string): boolean {
  return /^postgres(ql)?:\/\//i.test(spec);
}

/** A connection string as messages show it: the password left out. */
export function redactUrl(url: string): string {
  return url.replace(/^(postgres(?:ql)?:\/\/[^:/@]*):[^@/]*@/i, '$1:***@');
}

/** Open the bank a --bank names: a connection string opens the PostgreSQL bank, anything else the SQLite file. */
export async function openBank(spec: string, options: OpenOptions = {}): Promise<PuzzleBank> {
  if (isPostgresUrl(spec)) {
    const { PgBank } = await import('./pg.js');
    return PgBank.open(spec, options);
  }
  const { Bank } = await import('./bank.js');
  return Bank.open(spec, options);
}

/** The unusable-puzzle warnings text, shared by both stores. */
export function unusableText(rows: readonly { grader: string; bucket: string; unused: number }[], file: string, grader: string, buckets: ReadonlySet<string>, user: string): string[] {
  return rows
    .filter((r) => buckets.has(r.bucket))
    .map(
      (r) =>
        `bank ${file} holds ${r.unused} unused ${r.bucket} puzzle${r.unused === 1 ? '' : 's'} graded by ${r.grader === 'legacy' ? 'an older rating scale (legacy)' : `another grader version or bucket table (${r.grader}, ${user}: ${grader})`}; ${user} does not take them`,
    );
}
