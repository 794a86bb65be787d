import type { Command } from 'commander';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { formatDuration, Progress } from '../progress.js';
import { withInterrupt, writeAtomic } from '../io.js';
import { positiveInt } from '../options.js';
import { defaultJob } from '../paths.js';

export function registerBook(program: Command): void {
  program
    .command('book')
    .argument('[job]', 'job file (default: config/book.yaml here, else the one in the package)')
    .option('--workers <k>', 'worker threads (default: the job\'s "workers", else one per core)', positiveInt)
    .option('--bank <file>', 'take unused puzzles from this bank first, bank the surplus, record what the book uses (default: the job\'s "bank", else none)')
    .action((file: string | undefined, opts: { workers?: number; bank?: string }) =>
      // Ctrl-C from the start (even while loading): the run stops cleanly and writes nothing.
      withInterrupt(async (signal) => {
        const [{ Bank }, { loadJob, rampWarnings }, { checkWorkers, defaultWorkers }, { runBook, sectionSummary }, { checkWritableFolder }] = await Promise.all([
          import('../../bank/bank.js'),
          import('../../pipeline/job.js'),
          import('../../workers/pool.js'),
          import('../../pipeline/run.js'),
          import('../../core/writable.js'),
        ]);
        if (opts.workers !== undefined) checkWorkers(opts.workers, '--workers');
        const job = loadJob(file ?? defaultJob('book.yaml'));
        for (const w of rampWarnings(job)) process.stderr.write(`sudoku-press: warning: ${w}\n`);
        // Filesystem problems are told now, not after the puzzles are made.
        checkWritableFolder(job.output, `${job.file}: output folder`);
        const bankFile = opts.bank ?? job.bank;
        if (bankFile && !existsSync(bankFile)) checkWritableFolder(dirname(bankFile), `bank ${bankFile}: folder`);
        const bank = bankFile ? Bank.open(bankFile) : undefined;
        const workers = opts.workers ?? job.workers ?? defaultWorkers();
        const progress = new Progress('book', 0);
        const existed = existsSync(join(job.output, 'book.pdf'));
        const start = Date.now();
        try {
          const result = await runBook(job, {
            workers,
            bank,
            signal,
            onProgress: (p) => {
              const secs = (Date.now() - start) / 1000;
              const rate = p.candidates / secs;
              const eta = p.found > 0 ? (secs / p.found) * (p.needed - p.found) : NaN;
              progress.raw(
                `book ${job.name}: ${p.found}/${p.needed} puzzles (${p.section} ${p.sectionFound}/${p.sectionNeeded})  ${rate.toFixed(0)} candidates/s  ETA ${formatDuration(eta)}`,
              );
            },
          });
          progress.done();
          mkdirSync(job.output, { recursive: true });
          writeAtomic(join(job.output, 'puzzles.jsonl'), result.entries.map((e) => JSON.stringify(e)).join('\n') + '\n');
          writeAtomic(join(job.output, 'report.json'), JSON.stringify(result.report, null, 2) + '\n');
          writeAtomic(join(job.output, 'book.pdf'), result.pdf);
          // A cover left by an earlier run of a job that now makes none would not match the book.
          if (result.cover) writeAtomic(join(job.output, 'cover.pdf'), result.cover);
          else rmSync(join(job.output, 'cover.pdf'), { force: true });
          for (const w of result.report.warnings) process.stderr.write(`sudoku-press: warning: ${w}\n`);
          const r = result.report;
          process.stdout.write(
            `${existed ? 'replaced' : 'wrote'} ${join(job.output, 'book.pdf')}: ${r.puzzles} puzzles (${r.sections.map(sectionSummary).join('; ')}), ${r.pages} pages, from ${r.candidates.generated} candidates (hit rate ${r.candidates.hitRate}) in ${(r.timings.totalMs / 1000).toFixed(1)} s with ${workers} worker${workers === 1 ? '' : 's'}\n`,
          );
        } finally {
          progress.done();
          bank?.close();
        }
      }),
    );
}
