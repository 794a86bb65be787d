import type { Command } from 'commander';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { formatDuration } from '../progress.js';
import { withInterrupt, writeAtomic } from '../io.js';
import { positiveInt } from '../options.js';
import { Bank } from '../../bank/bank.js';
import { loadJob } from '../../pipeline/job.js';
import { defaultWorkers } from '../../pipeline/pool.js';
import { runBook } from '../../pipeline/run.js';

export function registerBook(program: Command): void {
  program
    .command('book')
    .description('make a print-ready book from a YAML job: book.pdf (and cover.pdf for KDP templates), puzzles.jsonl and report.json')
    .argument('[job]', 'job file', 'config/book.yaml')
    .option('--workers <k>', 'worker threads (default: the job\'s "workers", else one per core)', positiveInt)
    .option('--bank <file>', 'take unused puzzles from this bank first, bank the surplus, record what the book uses (default: the job\'s "bank", else none)')
    .action(async (file: string, opts: { workers?: number; bank?: string }) => {
      const job = loadJob(file);
      const bankFile = opts.bank ?? job.bank;
      const bank = bankFile ? Bank.open(bankFile) : undefined;
      const workers = opts.workers ?? job.workers ?? defaultWorkers();
      const tty = Boolean(process.stderr.isTTY) && !process.env.CI;
      const existed = existsSync(join(job.output, 'book.pdf'));
      const start = Date.now();
      let last = 0;
      try {
        const result = await withInterrupt((signal) => runBook(job, {
          workers,
          bank,
          signal,
          onProgress: (p) => {
            if (!tty || Date.now() - last < 200) return;
            last = Date.now();
            const secs = (Date.now() - start) / 1000;
            const rate = p.candidates / secs;
            const eta = p.found > 0 ? (secs / p.found) * (p.needed - p.found) : NaN;
            process.stderr.write(
              `\r\x1b[Kbook ${job.name}: ${p.found}/${p.needed} puzzles (${p.section} ${p.sectionFound}/${p.sectionNeeded})  ${rate.toFixed(0)} candidates/s  ETA ${formatDuration(eta)}`,
            );
          },
        }));
        if (tty) process.stderr.write('\r\x1b[K');
        mkdirSync(job.output, { recursive: true });
        writeAtomic(join(job.output, 'puzzles.jsonl'), result.entries.map((e) => JSON.stringify(e)).join('\n') + '\n');
        writeAtomic(join(job.output, 'report.json'), JSON.stringify(result.report, null, 2) + '\n');
        writeAtomic(join(job.output, 'book.pdf'), result.pdf);
        if (result.cover) writeAtomic(join(job.output, 'cover.pdf'), result.cover);
        for (const w of result.report.warnings) process.stderr.write(`sudoku-press: warning: ${w}\n`);
        const r = result.report;
        process.stdout.write(
          `${existed ? 'replaced' : 'wrote'} ${join(job.output, 'book.pdf')}: ${r.puzzles} puzzles (${Object.entries(r.buckets)
            .map(([b, n]) => `${n} ${b}`)
            .join(', ')}), ${r.pages} pages, from ${r.candidates.generated} candidates in ${(r.timings.totalMs / 1000).toFixed(1)} s with ${workers} worker${workers === 1 ? '' : 's'}\n`,
        );
      } finally {
        bank?.close();
      }
    });
}
