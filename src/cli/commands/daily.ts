import { InvalidArgumentError, type Command } from 'commander';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { DailyPuzzle } from '../../daily/daily.js';
import type { DailyPage } from '../../typeset/layout.js';
import { withInterrupt, writeAtomic } from '../io.js';
import { positiveInt } from '../options.js';
import { Progress } from '../progress.js';
import { defaultJob } from '../paths.js';

function isoDate(value: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(Date.parse(`${value}T00:00:00Z`)) || new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) !== value) {
    throw new InvalidArgumentError(`expected a date like 2026-12-01, got "${value}"`);
  }
  return value;
}

const fileName = (slot: number, ext: string) => (slot === 1 ? `puzzle.${ext}` : `puzzle-${slot}.${ext}`);

export function registerDaily(program: Command): void {
  program
    .command('daily')
    .argument('[job]', 'daily job file (default: config/daily.yaml here, else the one in the package)')
    .requiredOption('--from <date>', 'first date (YYYY-MM-DD)', isoDate)
    .option('--days <n>', 'number of days', positiveInt, 1)
    .option('--bank <file>', 'bank file (default: the job\'s "bank", else output/bank.sqlite)')
    .option('--workers <k>', 'worker threads (default: one per core)', positiveInt)
    .action(async (file: string | undefined, opts: { from: string; days: number; bank?: string; workers?: number }) => {
      const [{ Bank }, { dailyEntry, dateRange, dayBefore, longDate, recordedPuzzles, runDaily }, { loadDailyJob }, { defaultWorkers }, { layoutDailyPage }, { renderPdf }, { puzzleSvg }] =
        await Promise.all([
          import('../../bank/bank.js'),
          import('../../daily/daily.js'),
          import('../../daily/daily-job.js'),
          import('../../pipeline/pool.js'),
          import('../../typeset/layout.js'),
          import('../../typeset/render-pdf.js'),
          import('../../typeset/render-svg.js'),
        ]);
      const job = loadDailyJob(file ?? defaultJob('daily.yaml'));
      const bank = Bank.open(opts.bank ?? job.bank);
      const dates = dateRange(opts.from, opts.days);
      const progress = new Progress('daily', dates.length);
      try {
        const puzzles = await withInterrupt((signal) =>
          runDaily(job, dates, {
            workers: opts.workers ?? job.workers ?? defaultWorkers(),
            bank,
            signal,
            onProgress: (done, total, made) => progress.update(done, `of ${total} puzzles, ${made} candidates`),
          }),
        );
        progress.done();
        // The previous day's puzzles: in this run, or recorded in the bank by an earlier one.
        const byDate = new Map<string, DailyPuzzle[]>();
        for (const p of puzzles) byDate.set(p.date, [...(byDate.get(p.date) ?? []), p]);
        const previousDate = dayBefore(dates[0]);
        byDate.set(previousDate, byDate.get(previousDate) ?? recordedPuzzles(job, bank, previousDate));
        const pages: DailyPage[] = [];
        for (const p of puzzles) {
          const prev = (byDate.get(dayBefore(p.date)) ?? []).find((q) => q.slot === p.slot);
          const page = layoutDailyPage(job.layout, job.title, dailyEntry(p, prev ?? null), pages.length + 1);
          pages.push(page);
          const dir = join(job.output, p.date);
          mkdirSync(dir, { recursive: true });
          const info = { title: `${job.title}, ${longDate(p.date)}`, author: job.title, date: p.date };
          writeAtomic(join(dir, fileName(p.slot, 'pdf')), await renderPdf({ pageSize: job.layout.pageSize, pages: [{ ...page, number: 1 }] }, job.layout, info));
          writeAtomic(join(dir, fileName(p.slot, 'svg')), puzzleSvg(p.puzzle, { title: `${job.title}, ${longDate(p.date)}` }));
          const json = { date: p.date, weekday: p.weekday, slot: p.slot, title: job.title, bucket: p.bucket, rating: p.rating, hardest: p.hardest, puzzle: p.puzzle, solution: p.solution };
          writeAtomic(join(dir, fileName(p.slot, 'json')), JSON.stringify(json, null, 2) + '\n');
        }
        const last = dates[dates.length - 1];
        const proof = join(job.output, `proof-${dates[0]}-to-${last}.pdf`);
        writeAtomic(proof, await renderPdf({ pageSize: job.layout.pageSize, pages }, job.layout, { title: `${job.title}: ${dates[0]} to ${last}`, author: job.title, date: dates[0] }));
        const fresh = puzzles.filter((p) => p.source === 'new').length;
        process.stdout.write(
          `wrote ${puzzles.length} daily puzzles for ${dates[0]} to ${last} into ${job.output} (${puzzles.length - fresh} from the bank, ${fresh} new), proof copy ${proof}\n`,
        );
      } finally {
        bank.close();
      }
    });
}
