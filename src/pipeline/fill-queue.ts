/**
 * Filling a PostgreSQL bank on many workers. `bank fill --enqueue` records a fill (bucket,
 * seed, generator options, how many puzzles) and puts its batches on a pg-boss queue in the
 * bank's database: batch i is candidates i*size .. (i+1)*size - 1 of the section `bank fill`
 * makes, from seed "<seed>#fill:<bucket>:<j>", so a batch is the same puzzles whoever makes it.
 *
 * A worker takes a batch inside a transaction (pg-boss `fetch` with the transaction's
 * connection), makes and grades its candidates, and in that same transaction banks them
 * (unique by canonical form), records the batch and completes the job. A worker that dies
 * mid-batch rolls its transaction back: the batch is at once free for another, nothing half
 * written. The last batch of a fill to finish decides, under a lock on the fill, whether more
 * batches are needed (found fewer than asked) and enqueues them: the decision depends only on
 * the batches' contents, so the bank ends with the same puzzles whatever the number of workers.
 */
import PgBoss from 'pg-boss';
import type pg from 'pg';
import { hostname } from 'node:os';
import { UserError } from '../core/errors.js';
import type { GradedPuzzle } from '../core/graded-puzzle.js';
import { graderId } from '../grader/grade.js';
import { DEFAULT_LEVELS } from '../grader/levels.js';
import type { FillName } from '../generator/fill.js';
import type { Symmetry } from '../core/symmetry.js';
import { Budget, bucketSection, candidateInput } from './candidate-source.js';
import { candidateTask } from './candidate-task.js';
import type { WorkerPool } from '../workers/pool.js';
import { PgBank, withRetry } from '../bank/pg.js';

export const QUEUE = 'sudoku-press-bank-fill';

/** Candidates per queued batch, unless told otherwise: a few seconds of one core's work. */
export const QUEUE_BATCH = 64;

/** Takes of one batch (each counted before its work, outside its transaction): a batch that kills its worker this often stops its fill. */
export const MAX_ATTEMPTS = 3;

const FILL_TABLES = `
  CREATE TABLE IF NOT EXISTS fills (
    job TEXT PRIMARY KEY, bucket TEXT NOT NULL, seed TEXT NOT NULL, fill TEXT NOT NULL, symmetry TEXT NOT NULL,
    grader TEXT NOT NULL, count INTEGER NOT NULL, batch_size INTEGER NOT NULL, budget INTEGER NOT NULL,
    batches INTEGER NOT NULL, created TIMESTAMPTZ NOT NULL DEFAULT now(), finished TIMESTAMPTZ, failed TEXT
  );
  CREATE TABLE IF NOT EXISTS fill_attempts (job TEXT NOT NULL, batch INTEGER NOT NULL, n INTEGER NOT NULL, PRIMARY KEY (job, batch));
  CREATE TABLE IF NOT EXISTS fill_batches (
    job TEXT NOT NULL REFERENCES fills(job), batch INTEGER NOT NULL, made INTEGER NOT NULL, found INTEGER NOT NULL,
    added INTEGER NOT NULL, worker TEXT NOT NULL, done TIMESTAMPTZ NOT NULL DEFAULT now(), PRIMARY KEY (job, batch)
  );
`;

export interface FillSpec {
  bucket: string;
  count: number;
  seed: string;
  fill: FillName;
  symmetry: Symmetry;
  batchSize: number;
  budget: number;
}

interface BatchJob {
  job: string;
  batch: number;
}

/** The key of a fill: one bucket and seed is one fill (its options are recorded with it). */
export function fillKey(bucket: string, seed: string): string {
  return `${bucket}:${seed}`;
}

/** pg-boss's view of a transaction's connection. */
const dbOf = (c: pg.PoolClient): PgBoss.Db => ({ executeSql: (text, values) => c.query(text, values) });

async function startBoss(url: string, bank: PgBank): Promise<PgBoss> {
  const boss = new PgBoss({ connectionString: url, max: 2, supervise: false, schedule: false });
  boss.on('error', () => undefined);
  await withRetry(bank.file, async () => {
    await boss.start();
    if (!(await boss.getQueue(QUEUE))) await boss.createQueue(QUEUE);
  });
  return boss;
}

async function ensureTables(bank: PgBank): Promise<void> {
  await bank.tx(async (c) => {
    await c.query("SELECT pg_advisory_xact_lock(hashtext('sudoku-press fill tables'))");
    await c.query(FILL_TABLES);
  });
}

const jobsOf = (job: string, from: number, to: number) => Array.from({ length: to - from }, (_, i) => ({ name: QUEUE, data: { job, batch: from + i } satisfies BatchJob, retryLimit: 0 }));

/** Batches to enqueue first: enough for `count` at the bucket's likely hit rate (more are added when found falls short). */
function firstBatches(spec: FillSpec): number {
  return Math.max(1, Math.min(Math.ceil(spec.budget / spec.batchSize), Math.ceil((spec.count * 1.25) / spec.batchSize)));
}

/** Record a fill and queue its first batches; a fill of the same bucket and seed already there is refused, naming it. */
export async function enqueueFill(url: string, bank: PgBank, spec: FillSpec): Promise<{ job: string; batches: number }> {
  await ensureTables(bank);
  const boss = await startBoss(url, bank);
  try {
    const job = fillKey(spec.bucket, spec.seed);
    const batches = firstBatches(spec);
    await bank.tx(async (c) => {
      const had = (await c.query('SELECT count, finished FROM fills WHERE job = $1', [job])).rows[0] as { count: number; finished: Date | null } | undefined;
      if (had) {
        throw new UserError(
          `--enqueue: the fill of ${spec.bucket} puzzles with seed ${spec.seed} is already in bank ${bank.file} (${had.count} asked, ${had.finished ? 'finished' : 'not finished'}); nothing was enqueued: see "bank fill --status", or give another --seed`,
        );
      }
      await c.query('INSERT INTO fills (job, bucket, seed, fill, symmetry, grader, count, batch_size, budget, batches) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)', [
        job,
        spec.bucket,
        spec.seed,
        spec.fill,
        spec.symmetry,
        graderId(),
        spec.count,
        spec.batchSize,
        spec.budget,
        batches,
      ]);
      await boss.insert(jobsOf(job, 0, batches), { db: dbOf(c) });
    });
    return { job, batches };
  } finally {
    await boss.stop({ graceful: false, wait: false }).catch(() => undefined);
  }
}

interface FillRow {
  job: string;
  bucket: string;
  seed: string;
  fill: FillName;
  symmetry: Symmetry;
  grader: string;
  count: number;
  batch_size: number;
  budget: number;
  batches: number;
  created: Date;
  finished: Date | null;
  failed?: string | null;
}

/** The candidates of one batch, made and graded on the pool, in order. */
async function makeBatch(pool: WorkerPool, fill: FillRow, batch: number, threads: number): Promise<GradedPuzzle[]> {
  const section = bucketSection(fill.bucket, `fill ${fill.job}`, new Budget('this batch', Infinity, ''));
  const opts = { seed: fill.seed, generator: { fill: fill.fill, dig: 'remove' as const, symmetry: fill.symmetry, clues: null }, levels: DEFAULT_LEVELS.map((l) => ({ ...l })) };
  const inputs = Array.from({ length: fill.batch_size }, (_, k) => candidateInput(opts, section, batch * fill.batch_size + k));
  const out: GradedPuzzle[] = [];
  for await (const p of pool.mapOrdered(candidateTask, inputs, { batch: 1, lookahead: threads + 1 })) {
    const { path: _path, ...puzzle } = p;
    out.push(puzzle);
  }
  return out;
}

export interface WorkerOptions {
  /** Stop when every fill in the bank is finished (else wait for more work for ever). */
  untilDone: boolean;
  threads: number;
  signal?: AbortSignal;
  onBatch?: (job: string, batch: number, made: number, added: number) => void;
  /** A fill stopped because one of its batches kept killing its workers. */
  onFailed?: (job: string, why: string) => void;
}

/**
 * Take batches until told to stop: each taken, made, banked and completed in one transaction.
 * Returns how many batches this worker did.
 */
export async function runWorker(url: string, bank: PgBank, pool: WorkerPool, opts: WorkerOptions): Promise<number> {
  await ensureTables(bank);
  const boss = await startBoss(url, bank);
  const me = `${hostname()} ${process.pid}`;
  const grader = graderId();
  let done = 0;
  try {
    while (!opts.signal?.aborted) {
      const took = await bank.tx(async (c) => {
        const [job] = await boss.fetch<BatchJob>(QUEUE, { db: dbOf(c) });
        if (!job) return false;
        const fill = (await c.query('SELECT * FROM fills WHERE job = $1', [job.data.job])).rows[0] as FillRow | undefined;
        if (!fill) throw new UserError(`bank ${bank.file}: a queued batch of fill ${job.data.job}, which the bank does not record; enqueue it again`);
        if (fill.grader !== grader) {
          throw new UserError(
            `bank ${bank.file}: fill ${fill.job} was enqueued by a version grading as ${fill.grader}, this worker grades as ${grader}; run workers of the version that enqueued it`,
          );
        }
        // Counted in a statement of its own, so a take whose worker dies (out of memory, say) still counts.
        const attempt = await withRetry(bank.file, async () =>
          Number(
            (
              await bank.pool.query('INSERT INTO fill_attempts (job, batch, n) VALUES ($1, $2, 1) ON CONFLICT (job, batch) DO UPDATE SET n = fill_attempts.n + 1 RETURNING n', [
                fill.job,
                job.data.batch,
              ])
            ).rows[0].n,
          ),
        );
        if (attempt > MAX_ATTEMPTS) {
          const why = `batch ${job.data.batch} was taken ${MAX_ATTEMPTS} times and never finished (its workers died: out of memory?)`;
          await boss.fail(QUEUE, job.id, { why }, { db: dbOf(c) });
          await c.query('UPDATE fills SET finished = now(), failed = $2 WHERE job = $1', [fill.job, why]);
          opts.onFailed?.(fill.job, why);
          return true;
        }
        const made = await makeBatch(pool, fill, job.data.batch, opts.threads);
        if (opts.signal?.aborted) throw new UserError('interrupted: the batch was not banked (another worker takes it)');
        const added = await bank.addIn(c, made);
        const found = made.filter((p) => p.bucket === fill.bucket).length;
        // One completion at a time per fill: the last batch sees every other batch's row.
        await c.query('SELECT 1 FROM fills WHERE job = $1 FOR UPDATE', [fill.job]);
        await c.query('INSERT INTO fill_batches (job, batch, made, found, added, worker) VALUES ($1, $2, $3, $4, $5, $6)', [fill.job, job.data.batch, made.length, found, added, me]);
        await boss.complete(QUEUE, job.id, { made: made.length, added }, { db: dbOf(c) });
        await extendOrFinish(c, boss, fill);
        opts.onBatch?.(fill.job, job.data.batch, made.length, added);
        return true;
      });
      if (took) {
        done++;
        continue;
      }
      if (opts.untilDone && (await unfinished(bank)) === 0) break;
      await new Promise((r) => setTimeout(r, 250));
    }
  } finally {
    await boss.stop({ graceful: false, wait: false }).catch(() => undefined);
  }
  return done;
}

/** When the fill's last batch is done: more batches if it found fewer than asked (within its budget), else finished. */
async function extendOrFinish(c: pg.PoolClient, boss: PgBoss, fill: FillRow): Promise<void> {
  const t = (await c.query('SELECT COUNT(*)::int AS n, COALESCE(SUM(found), 0)::int AS found, COALESCE(SUM(made), 0)::int AS made FROM fill_batches WHERE job = $1', [fill.job])).rows[0] as {
    n: number;
    found: number;
    made: number;
  };
  if (t.n < fill.batches) return;
  const maxBatches = Math.ceil(fill.budget / fill.batch_size);
  if (t.found >= fill.count || fill.batches >= maxBatches) {
    const short = t.found < fill.count ? `its budget of ${fill.budget} candidates ran out with ${t.found} of ${fill.count} ${fill.bucket} puzzles; enqueue another seed, or a larger --budget` : null;
    await c.query('UPDATE fills SET finished = now(), failed = $2 WHERE job = $1', [fill.job, short]);
    return;
  }
  const rate = Math.max(0.05, t.found / Math.max(1, t.made));
  const more = Math.min(maxBatches - fill.batches, Math.max(1, Math.ceil((fill.count - t.found) / (fill.batch_size * rate))));
  await boss.insert(jobsOf(fill.job, fill.batches, fill.batches + more), { db: dbOf(c) });
  await c.query('UPDATE fills SET batches = $2 WHERE job = $1', [fill.job, fill.batches + more]);
}

async function unfinished(bank: PgBank): Promise<number> {
  return withRetry(bank.file, async () => Number((await bank.pool.query('SELECT COUNT(*) AS n FROM fills WHERE finished IS NULL')).rows[0].n));
}

export interface FillStatus {
  job: string;
  bucket: string;
  seed: string;
  count: number;
  found: number;
  made: number;
  added: number;
  batchesDone: number;
  batches: number;
  /** Workers that finished a batch in the last minute. */
  workers: number;
  /** Puzzles of the bucket per second since the fill was enqueued (null before the first batch). */
  rate: number | null;
  /** Seconds left at the rate batches were done so far (null when unknown or finished). */
  eta: number | null;
  finished: boolean;
  /** Why the fill was stopped before it finished, if it was. */
  failed: string | null;
  seconds: number;
}

/** Every fill in the bank: progress, rate and ETA. */
export async function fillStatus(bank: PgBank): Promise<FillStatus[]> {
  await ensureTables(bank);
  const rows = (
    await withRetry(bank.file, () =>
      bank.pool.query(`SELECT f.*, COUNT(b.batch)::int AS done, COALESCE(SUM(b.found), 0)::int AS found, COALESCE(SUM(b.made), 0)::int AS made,
        COALESCE(SUM(b.added), 0)::int AS added, COUNT(DISTINCT b.worker) FILTER (WHERE b.done > now() - interval '1 minute')::int AS workers,
        EXTRACT(EPOCH FROM (COALESCE(f.finished, now()) - f.created))::float8 AS seconds
        FROM fills f LEFT JOIN fill_batches b ON b.job = f.job GROUP BY f.job ORDER BY f.created`),
    )
  ).rows as (FillRow & { done: number; found: number; made: number; added: number; workers: number; seconds: number })[];
  return rows.map((r) => {
    const rate = r.found > 0 && r.seconds > 0 ? r.found / r.seconds : null;
    const finished = r.finished !== null;
    return {
      job: r.job,
      bucket: r.bucket,
      seed: r.seed,
      count: r.count,
      found: r.found,
      made: r.made,
      added: r.added,
      batchesDone: r.done,
      batches: r.batches,
      workers: r.workers,
      rate,
      // The fill ends when its batches are done: the time they took so far, per batch, times those left.
      eta: finished || r.done === 0 ? null : (r.seconds / r.done) * Math.max(0, r.batches - r.done),
      finished,
      failed: r.failed ?? null,
      seconds: r.seconds,
    };
  });
}

