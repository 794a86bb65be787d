import type { Command } from 'commander';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { formatDuration, Progress } from '../progress.js';
import { usingBank, withInterrupt } from '../io.js';
import { UserError } from '../../core/errors.js';
import { positiveInt } from '../options.js';
import { defaultJob } from '../paths.js';

export function registerBook(program: Command): void {
  program
    .command('book')
    .argument('[job]', 'job file (default: config/book.yaml here, else the one in the package)')
    .option('--workers <k>', 'worker threads (default: the job\'s "workers", else one per core)', positiveInt)
    .option('--bank <file>', 'take unused puzzles from this bank (a file, or postgres://...) first, bank the surplus, record what the book uses (default: the job\'s "bank", else none)')
    .option('--new-bank', 'start a new bank at --bank when there is none (without it, only the job\'s own "bank" is made)')
    .action((file: string | undefined, opts: { workers?: number; bank?: string; newBank?: boolean }) =>
      // Ctrl-C from the start (even while loading): the run stops cleanly and writes nothing.
      withInterrupt(async (signal) => {
        const [{ checkBankExists }, { isPostgresUrl, openBank }, { loadJob, rampWarnings }, { checkWorkers, defaultWorkers }, { runBook, bookFiles, RENDER_INTERRUPTED, sectionSummary }, { checkWritableFolder }, { writeOutputSet }, { graderId }] = await Promise.all([
          import('../../bank/default.js'),
          import('../../bank/store.js'),
          import('../../pipeline/job.js'),
          import('../../workers/pool.js'),
          import('../../pipeline/run.js'),
          import('../../core/writable.js'),
          import('../../core/output-set.js'),
          import('../../grader/grade.js'),
        ]);
        if (opts.workers !== undefined) checkWorkers(opts.workers, '--workers', 1);
        const job = loadJob(file ?? defaultJob('book.yaml'));
        // A workbook orders its chapters by technique (checked at load), not by rating bands.
        for (const w of job.workbook ? [] : rampWarnings(job)) process.stderr.write(`sudoku-press: warning: ${w}\n`);
        // Filesystem problems are told now, not after the puzzles are made.
        checkWritableFolder(job.output, `${job.file}: output folder`);
        const bankFile = opts.bank ?? job.bank;
        if (opts.bank !== undefined) checkBankExists(opts.bank, job.bank, opts.newBank);
        const fileBank = bankFile && !isPostgresUrl(bankFile) ? bankFile : null;
        if (fileBank && !existsSync(fileBank)) checkWritableFolder(dirname(fileBank), `bank ${fileBank}: folder`);
        if (fileBank) usingBank(fileBank);
        const bank = bankFile ? await openBank(bankFile) : undefined;
        // One run of a book at a time on a bank: a second would take other puzzles for the same book.
        let unhold: (() => unknown) | undefined;
        try {
          unhold = await bank?.hold('book', job.name, `${job.file}: book "${job.name}"`);
        } catch (err) {
          await bank?.close();
          throw err;
        }
        const unusable = bank ? await bank.unusableWarnings(graderId(job.levels), new Set(job.sections.map((s) => s.bucket)), 'the book') : [];
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
            onRender: (pages) => progress.stage(`book ${job.name}: rendering ${pages} pages`),
          });
          progress.done();
          result.report.warnings.push(...unusable);
          if (signal.aborted) throw new UserError(RENDER_INTERRUPTED);
          // The book's files are one set: all new or, when writing fails, all as they were.
          writeOutputSet(job.output, bookFiles(result), { what: 'book', remove: result.cover ? [] : ['cover.pdf'] });
          for (const w of result.report.warnings) process.stderr.write(`sudoku-press: warning: ${w}\n`);
          const r = result.report;
          process.stdout.write(
            `${existed ? 'replaced' : 'wrote'} ${join(job.output, 'book.pdf')}: ${r.puzzles} puzzle${r.puzzles === 1 ? '' : 's'} (${r.sections.map(sectionSummary).join('; ')}), ${r.pages} pages, ${candidatesClause(r)}in ${(r.timings.totalMs / 1000).toFixed(1)} s with ${workers} worker${workers === 1 ? '' : 's'}\n`,
          );
        } finally {
          progress.done();
          await unhold?.();
          await bank?.close();
        }
      }),
    );
}

/** "from 120 candidates (hit rate 33%) ": the 9x9 classic candidates a book's sections were chosen from; none said for a book of other kinds only. */
function candidatesClause(r: { sections: { kind?: string }[]; candidates: { generated: number; hitRate: string } }): string {
  const classic = r.sections.some((s) => !s.kind);
  if (!classic) return '';
  const what = r.sections.some((s) => s.kind) ? '9x9 classic candidates' : 'candidates';
  return `from ${r.candidates.generated} ${what} (hit rate ${r.candidates.hitRate}) `;
}
