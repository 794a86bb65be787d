/** `bank fill --enqueue`, `bank fill --status` and `worker`: filling a PostgreSQL bank on many workers. */
import type { Command } from 'commander';
import { randomBytes } from 'node:crypto';
import { UserError } from '../../core/errors.js';
import type { Symmetry } from '../../core/symmetry.js';
import type { FillName } from '../../generator/fill.js';
import { isPostgresUrl } from '../../bank/store.js';
import { positiveInt } from '../options.js';
import { formatDuration } from '../progress.js';
import { withInterrupt } from '../io.js';

function needPostgres(bank: string, what: string): void {
  if (!isPostgresUrl(bank)) throw new UserError(`${what} needs a PostgreSQL bank: --bank postgres://user@host/database (${bank} is a file)`);
}

export interface QueuedFillOptions {
  bucket?: string;
  count?: number;
  seed?: string;
  symmetry: Symmetry;
  fill: FillName;
  budget?: number;
  bank: string;
  enqueue?: boolean;
  batch?: number;
  status?: boolean;
  workers?: number;
}

/** `bank fill --enqueue` (the fill's batches on the queue) or `bank fill --status` (every fill's progress). */
export async function queuedFill(opts: QueuedFillOptions): Promise<void> {
  if (opts.status && opts.enqueue) throw new UserError('bank fill: give --enqueue or --status, not both');
  needPostgres(opts.bank, opts.status ? 'bank fill --status' : 'bank fill --enqueue');
  if (opts.workers !== undefined) throw new UserError('bank fill: --workers is for a fill made here; workers of a queued fill are "worker" processes (each with its own --workers)');
  const [{ PgBank }, queue, { bucketBudget }] = await Promise.all([import('../../bank/pg.js'), import('../../pipeline/fill-queue.js'), import('../../pipeline/candidate-source.js')]);
  if (opts.status) {
    const bank = await PgBank.open(opts.bank, { create: false });
    try {
      const rows = await queue.fillStatus(bank);
      const lines = rows.length ? [] : [`${bank.file}: no fill enqueued`];
      for (const r of rows) {
        const pct = Math.min(100, Math.floor((100 * r.found) / r.count));
        const rate = r.rate === null ? 'rate -' : `${r.rate.toFixed(1)} ${r.bucket} puzzles/s`;
        const tail = r.failed ? `stopped: ${r.failed}` : r.finished ? `finished in ${formatDuration(r.seconds)}` : `${r.workers} worker${r.workers === 1 ? '' : 's'} in the last minute, ETA ${r.eta === null ? '-' : formatDuration(r.eta)}`;
        lines.push(
          `fill ${r.bucket} seed ${r.seed}: ${r.found} of ${r.count} ${r.bucket} puzzles (${pct}%), ${r.batchesDone} of ${r.batches} batches, ${r.made} candidates, ${r.added} banked; ${rate}; ${tail}`,
        );
      }
      process.stdout.write(lines.join('\n') + '\n');
    } finally {
      await bank.close();
    }
    return;
  }
  if (opts.bucket === undefined || opts.count === undefined) throw new UserError('bank fill --enqueue: --bucket and -n are required');
  const budget = opts.budget ?? bucketBudget(opts.count);
  if (budget < opts.count) throw new UserError(`--budget ${budget} cannot give the ${opts.count} puzzles asked for with -n (each candidate gives at most one); raise --budget to at least ${opts.count}`);
  const seed = opts.seed ?? randomBytes(6).toString('hex');
  const batchSize = opts.batch ?? queue.QUEUE_BATCH;
  const bank = await PgBank.open(opts.bank);
  try {
    const { batches } = await queue.enqueueFill(opts.bank, bank, { bucket: opts.bucket, count: opts.count, seed, fill: opts.fill, symmetry: opts.symmetry, batchSize, budget });
    process.stdout.write(
      `enqueued the fill of ${opts.count} ${opts.bucket} puzzles, seed ${seed}: ${batches} batch${batches === 1 ? '' : 'es'} of ${batchSize} candidates (more are added if they fall short) on ${bank.file}; start "sudoku-press worker --bank ..." on any number of machines, see progress with "bank fill --status"\n`,
    );
  } finally {
    await bank.close();
  }
}

export function registerWorker(program: Command): void {
  program
    .command('worker')
    .description('take batches of enqueued fills from a PostgreSQL bank, make and grade them, bank them (one transaction per batch)')
    .requiredOption('--bank <url>', 'the PostgreSQL bank (postgres://user@host/database)')
    .option('--workers <k>', 'worker threads in this process (default: one per core)', positiveInt)
    .option('--until-done', 'stop when every enqueued fill is finished (default: wait for more work)')
    .action((opts: { bank: string; workers?: number; untilDone?: boolean }) =>
      withInterrupt(async (signal) => {
        needPostgres(opts.bank, 'worker');
        const [{ PgBank }, { runWorker }, { checkWorkers, defaultWorkers, WorkerPool }] = await Promise.all([import('../../bank/pg.js'), import('../../pipeline/fill-queue.js'), import('../../workers/pool.js')]);
        if (opts.workers !== undefined) checkWorkers(opts.workers, '--workers', 1);
        const threads = opts.workers ?? defaultWorkers();
        const bank = await PgBank.open(opts.bank);
        // One thread: the candidates are made on the main thread (no worker thread to start).
        const pool = new WorkerPool(threads === 1 ? 0 : threads);
        const start = Date.now();
        let banked = 0;
        try {
          const done = await runWorker(opts.bank, bank, pool, {
            untilDone: opts.untilDone === true,
            threads,
            signal,
            onBatch: (job, batch, made, added) => {
              banked += added;
              process.stderr.write(`worker ${process.pid}: fill ${job} batch ${batch}: ${made} candidates, ${added} new puzzles banked\n`);
            },
            onFailed: (job, why) => process.stderr.write(`sudoku-press: warning: fill ${job} stopped: ${why}\n`),
          });
          process.stdout.write(`worker ${process.pid}: ${done} batch${done === 1 ? '' : 'es'} done, ${banked} puzzles banked in ${formatDuration((Date.now() - start) / 1000)}\n`);
        } finally {
          await pool.close();
          await bank.close();
        }
      }),
    );
}
