import { InvalidArgumentError, type Command } from 'commander';
import { randomBytes } from 'node:crypto';
import { estimateTask, PUBLISHED, summarize, type EstimateResult } from '../../generator/estimate.js';
import { FILL_NAMES, type FillName } from '../../generator/fill.js';
import { writeOut } from '../io.js';
import { choiceOption, nonNegativeInt, positiveIntUpTo } from '../options.js';
import { Progress } from '../progress.js';

function probability(value: string): number {
  const p = Number(value);
  if (!/^\s*(0|1|0?\.\d+|1\.0*)\s*$/.test(value) || !(p > 0 && p < 1)) throw new InvalidArgumentError(`expected a probability between 0 and 1, got "${value}"`);
  return p;
}


interface EstimateOptions {
  trials: number;
  p: number;
  fill: FillName;
  seed?: string;
  workers?: number;
  format: 'text' | 'json';
}

function formatText(r: EstimateResult, opts: EstimateOptions, seed: string): string {
  const pub = summarize(PUBLISHED.trials, PUBLISHED.proper);
  const lines = [
    `proper-puzzle estimate: ${opts.fill} grids, each cell cleared with probability ${opts.p}, seed ${seed}`,
    `  trials          ${r.trials}`,
    `  proper          ${r.proper}`,
    `  P(proper)       ${r.p.toFixed(5)} ± ${r.se.toFixed(5)} (standard error)`,
  ];
  if (opts.p === 0.5) {
    lines.push(`  proper puzzles  ${r.estimate.toExponential(3)}, 95% interval [${r.low.toExponential(3)}, ${r.high.toExponential(3)}]`);
  } else {
    lines.push('  proper puzzles  (the count needs --p 0.5: only then is every clue subset equally likely)');
  }
  lines.push(
    `published (Red Ed, 2006): ${PUBLISHED.proper} proper of ${PUBLISHED.trials}, P = ${pub.p.toFixed(5)} ± ${pub.se.toFixed(5)}, ` +
      `95% interval [${PUBLISHED.low.toExponential(2)}, ${PUBLISHED.high.toExponential(2)}]`,
  );
  const z = (r.p - pub.p) / Math.hypot(r.se, pub.se);
  lines.push(`difference in P: ${(r.p - pub.p).toFixed(5)} (${z.toFixed(1)} combined standard errors)`);
  return lines.join('\n') + '\n';
}

/** Most trials in one run: a trial takes about half a millisecond of a core, so this is some 14 core-hours. */
export const MAX_TRIALS = 100_000_000;
const TRIALS_WHY = 'some 14 core-hours; for more, run again with other seeds and add the counts';

export function registerEstimate(program: Command): void {
  program
    .command('estimate')
    .option('--trials <n>', `number of trials (at most ${MAX_TRIALS.toLocaleString('en-US')})`, positiveIntUpTo(MAX_TRIALS, TRIALS_WHY), 10_000)
    .option('--p <prob>', 'probability of clearing each cell', probability, 0.5)
    .addOption(choiceOption('--fill <name>', 'how grids are drawn (uniform is unbiased)', FILL_NAMES, 'uniform'))
    .option('--seed <seed>', 'seed (any text); trial i uses "<seed>#<i>" (default: random)')
    .option('--workers <k>', 'worker threads (default: one per core; 0 runs on the main thread)', nonNegativeInt)
    .addOption(choiceOption('--format <format>', 'output format', ['text', 'json'], 'text'))
    .action(async (opts: EstimateOptions) => {
      const seed = opts.seed ?? randomBytes(6).toString('hex');
      const { checkWorkers, defaultWorkers, WorkerPool } = await import('../../workers/pool.js');
      const workers = opts.workers === undefined ? defaultWorkers() : checkWorkers(opts.workers, '--workers');
      const pool = new WorkerPool(workers);
      const chunk = 250;
      const progress = new Progress('estimate', opts.trials);
      let done = 0;
      let proper = 0;
      function* chunks() {
        for (let from = 0; from < opts.trials; from += chunk) yield { seed, from, to: Math.min(opts.trials, from + chunk), p: opts.p, fill: opts.fill };
      }
      try {
        // A fixed number of chunks in flight, whatever the number of trials: memory stays flat
        // and Ctrl-C or SIGTERM is handled between chunks.
        for await (const n of pool.mapOrdered(estimateTask, chunks(), { batch: 1, lookahead: 2 * workers })) {
          proper += n;
          done = Math.min(opts.trials, done + chunk);
          progress.update(done, `proper ${proper}`);
        }
      } finally {
        progress.done();
        await pool.close();
      }
      const r = summarize(opts.trials, proper);
      if (opts.format === 'json') {
        const json = { ...r, ...(opts.p === 0.5 ? {} : { estimate: null, low: null, high: null }) };
        await writeOut(JSON.stringify(json) + '\n');
      } else {
        await writeOut(formatText(r, opts, seed));
      }
    });
}
