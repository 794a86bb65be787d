import { InvalidArgumentError, type Command } from 'commander';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { UserError } from '../../core/errors.js';
import { usingBank, withInterrupt } from '../io.js';
import { positiveInt } from '../options.js';
import { Progress } from '../progress.js';
import { defaultJob } from '../paths.js';
import { isSiteUrl } from '../../web/day-data.js';

/** Most days one run makes: ten years. */
export const MAX_DAYS = 3660;
/** The last date a daily page can carry. */
export const LAST_DATE = '9999-12-31';

function isoDate(value: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || value.startsWith('0000') || Number.isNaN(Date.parse(`${value}T00:00:00Z`)) || new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) !== value) {
    throw new InvalidArgumentError(`expected a date that exists, like 2026-12-01 (years 0001 to 9999), got "${value}"`);
  }
  return value;
}

function siteUrlArg(value: string): string {
  if (isSiteUrl(value)) return value;
  throw new InvalidArgumentError(`expected an http or https address like https://example.com/sudoku/, got "${value}"`);
}

function dayCount(value: string): number {
  const n = positiveInt(value);
  if (n > MAX_DAYS) throw new InvalidArgumentError(`at most ${MAX_DAYS} days (ten years) in one run, got ${n}; make longer runs in parts`);
  return n;
}

export function registerDaily(program: Command): void {
  program
    .command('daily')
    .argument('[job]', 'daily job file (default: config/daily.yaml here, else the one in the package)')
    .requiredOption('--from <date>', 'first date (YYYY-MM-DD)', isoDate)
    .option('--days <n>', `number of days (at most ${MAX_DAYS})`, dayCount, 1)
    .option('--bank <file>', 'bank file, or postgres://... (default: the job\'s "bank", else output/bank.sqlite)')
    .option('--new-bank', 'start a new bank at --bank when there is none (without it, only the job\'s own "bank" is made)')
    .option('--workers <k>', 'worker threads (default: one per core)', positiveInt)
    .option('--publish-until <date>', "web edition: the last date whose pages go into the output's web/ folder (default: today; later pages hold their solution)", isoDate)
    .option('--site-url <url>', "web edition: the address web/ is uploaded to, for absolute links in web/feed.json (default: the job's web.url, else relative links)", siteUrlArg)
    .action(async (file: string | undefined, opts: { from: string; days: number; bank?: string; newBank?: boolean; workers?: number; publishUntil?: string; siteUrl?: string }) => {
      const [{ checkBankExists }, { isPostgresUrl, openBank }, { dateRange, issuedIn, recordedPuzzles, runDaily, dayBefore }, { writeDailyPages }, { loadDailyJob }, { checkWorkers, defaultWorkers }, { checkWritableFolder }] = await Promise.all([
        import('../../bank/default.js'),
        import('../../bank/store.js'),
        import('../../daily/daily.js'),
        import('../../daily/daily-pages.js'),
        import('../../daily/daily-job.js'),
        import('../../workers/pool.js'),
        import('../../core/writable.js'),
      ]);
      const { hitRateText } = await import('../../pipeline/candidate-source.js');
      if (opts.workers !== undefined) checkWorkers(opts.workers, '--workers', 1);
      const dates = dateRange(opts.from, opts.days);
      const last = dates[dates.length - 1];
      if (!/^\d{4}-/.test(last) || last > LAST_DATE) throw new UserError(`--from ${opts.from} --days ${opts.days}: the dates run past ${LAST_DATE}; ask for fewer days`);
      const job = loadDailyJob(file ?? defaultJob('daily.yaml'));
      // Filesystem problems are told now, not after the puzzles are made.
      checkWritableFolder(job.output, `${job.file}: output folder`);
      const bankFile = opts.bank ?? job.bank;
      if (opts.bank !== undefined) checkBankExists(opts.bank, job.bank, opts.newBank);
      if (!isPostgresUrl(bankFile)) {
        if (!existsSync(bankFile)) checkWritableFolder(dirname(bankFile), `bank ${bankFile}: folder`);
        usingBank(bankFile);
      }
      const bank = await openBank(bankFile);
      const { graderId } = await import('../../grader/grade.js');
      for (const w of await bank.unusableWarnings(graderId(job.levels), new Set(Object.values(job.schedule).map((d) => d.bucket)), 'the daily')) process.stderr.write(`sudoku-press: warning: ${w}\n`);
      const progress = new Progress('daily', dates.length);
      try {
        let made = '';
        let published = 0;
        const written = await withInterrupt(async (signal) => {
          const puzzles = await runDaily(job, dates, {
            workers: opts.workers ?? job.workers ?? defaultWorkers(),
            bank,
            signal,
            issued: issuedIn(job.output),
            onStats: (s) => (made = `; ${s.generated} candidates made (hit rate ${hitRateText(s.aimed)}), those not used banked`),
            onProgress: (done, total, made) => progress.update(done, `of ${total} puzzles, ${made} candidates`),
          });
          progress.done();
          // The previous day's puzzles when they are not in this run: recorded in the bank by an earlier one.
          const earlier = await recordedPuzzles(job, bank, dayBefore(dates[0]));
          const pages = await writeDailyPages(job, puzzles, earlier, { signal, publishUntil: opts.publishUntil, siteUrl: opts.siteUrl });
          published = pages.published.length;
          return { puzzles, proof: pages.proof };
        });
        const { puzzles, proof } = written;
        const fresh = puzzles.filter((p) => p.source === 'new').length;
        process.stdout.write(
          `wrote ${puzzles.length} daily puzzle${puzzles.length === 1 ? '' : 's'} for ${dates.length === 1 ? last : `${dates[0]} to ${last}`} into ${job.output} (${puzzles.length - fresh} from the bank, ${fresh} new), proof copy ${proof}, web edition ${join(job.output, 'web')} (${published} date${published === 1 ? '' : 's'} published)${made}\n`,
        );
      } finally {
        progress.done();
        await bank.close();
      }
    });
}
