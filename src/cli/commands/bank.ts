import { Option, type Command } from 'commander';
import { randomBytes } from 'node:crypto';
import type { BankPuzzle } from '../../bank/bank.js';
import { DEFAULT_BANK } from '../../bank/default.js';
import { canonicalString } from '../../core/canonical.js';
import { UserError } from '../../core/errors.js';
import { parsePuzzleLine } from '../../core/grid.js';
import { deriveSeed } from '../../core/rng.js';
import { SYMMETRIES, type Symmetry } from '../../core/symmetry.js';
import { DEFAULT_FILL, FILL_NAMES, type FillName } from '../../generator/fill.js';
import { gradePuzzle, graderId } from '../../grader/grade.js';
import { BUCKETS, DEFAULT_LEVELS } from '../../grader/levels.js';
import { csvRow } from '../../core/csv.js';
import { Out, readLines } from '../io.js';
import { choiceOption, positiveInt } from '../options.js';
import { Progress } from '../progress.js';

const bankOption = () => new Option('--bank <file>', 'bank file').default(DEFAULT_BANK);

export function registerBank(program: Command): void {
  const bank = program.command('bank');

  bank
    .command('stats')
    .description('puzzles per bucket, used and unused')
    .addOption(bankOption())
    .action(async (opts: { bank: string }) => {
      const { Bank } = await import('../../bank/bank.js');
      const b = Bank.open(opts.bank, { create: false });
      try {
        const rows = b.stats();
        const lines = [`${opts.bank}`, `  ${'bucket'.padEnd(8)} ${'total'.padStart(8)} ${'used'.padStart(8)} ${'unused'.padStart(8)}`];
        for (const r of rows) lines.push(`  ${r.bucket.padEnd(8)} ${String(r.total).padStart(8)} ${String(r.used).padStart(8)} ${String(r.unused).padStart(8)}`);
        const sum = (k: 'total' | 'used' | 'unused') => rows.reduce((s, r) => s + r[k], 0);
        lines.push(`  ${'all'.padEnd(8)} ${String(sum('total')).padStart(8)} ${String(sum('used')).padStart(8)} ${String(sum('unused')).padStart(8)}`);
        process.stdout.write(lines.join('\n') + '\n');
      } finally {
        b.close();
      }
    });

  bank
    .command('fill')
    .description('make puzzles of one bucket into the bank (candidates of other buckets are kept too)')
    .addOption(new Option('--bucket <bucket>', 'bucket to fill').choices(BUCKETS).makeOptionMandatory())
    .requiredOption('-n, --count <n>', 'how many new puzzles of that bucket', positiveInt)
    .option('--seed <seed>', 'seed (default: random)')
    .addOption(choiceOption('--symmetry <mode>', 'clue symmetry', SYMMETRIES, 'rotational'))
    .addOption(choiceOption('--fill <name>', 'how grids are made', FILL_NAMES, DEFAULT_FILL))
    .option('--workers <k>', 'worker threads (default: one per core)', positiveInt)
    .addOption(bankOption())
    .action(async (opts: { bucket: string; count: number; seed?: string; symmetry: Symmetry; fill: FillName; workers?: number; bank: string }) => {
      const [{ Bank }, { defaultWorkers, WorkerPool }] = await Promise.all([import('../../bank/bank.js'), import('../../pipeline/pool.js')]);
      const b = Bank.open(opts.bank);
      const seed = opts.seed ?? randomBytes(6).toString('hex');
      const workers = opts.workers ?? defaultWorkers();
      const pool = new WorkerPool(workers);
      const progress = new Progress(`bank fill ${opts.bucket}`, opts.count);
      const options = { fill: opts.fill, dig: 'remove' as const, symmetry: opts.symmetry };
      let added = 0;
      let others = 0;
      let made = 0;
      try {
        while (added < opts.count) {
          const batch = Array.from({ length: Math.max(8, workers * 4) }, (_, k) =>
            pool.run('candidate', { seed: deriveSeed(seed, `fill:${opts.bucket}:${made + k}`), bucket: opts.bucket, options, levels: DEFAULT_LEVELS.map((l) => ({ ...l })) }),
          );
          const results = await Promise.all(batch);
          made += results.length;
          for (const c of results) {
            const p: BankPuzzle = { ...c, ...options };
            if (c.bucket === opts.bucket) {
              if (added < opts.count) added += b.add([p]);
            } else others += b.add([p]);
          }
          progress.update(added, `${made} candidates`);
        }
      } finally {
        progress.done();
        await pool.close();
        b.close();
      }
      process.stdout.write(`banked ${added} ${opts.bucket} puzzles (and ${others} of other buckets) from ${made} candidates, seed ${seed}\n`);
    });

  bank
    .command('export')
    .description('print banked puzzles')
    .option('--unused', 'only puzzles not used yet')
    .addOption(new Option('--bucket <bucket>', 'only this bucket').choices(BUCKETS))
    .addOption(choiceOption('--format <format>', 'output format', ['line', 'jsonl', 'csv'], 'line'))
    .addOption(bankOption())
    .action(async (opts: { unused?: boolean; bucket?: string; format: 'line' | 'jsonl' | 'csv'; bank: string }) => {
      const { Bank } = await import('../../bank/bank.js');
      const b = Bank.open(opts.bank, { create: false });
      const out = new Out();
      try {
        if (opts.format === 'csv') await out.line('puzzle,solution,bucket,rating,hardest,clues,used_kind,used_ref,used_number');
        for (const p of b.export({ unused: opts.unused, bucket: opts.bucket })) {
          if (opts.format === 'line') await out.line(`${p.puzzle}\t${p.bucket}`);
          else if (opts.format === 'jsonl') await out.line(JSON.stringify(p));
          else await out.line(csvRow([p.puzzle, p.solution, p.bucket, p.rating, p.hardest, p.clues, p.usedKind, p.usedRef, p.usedNumber]));
        }
      } finally {
        await out.close();
        b.close();
      }
    });

  bank
    .command('import')
    .description('grade and bank outside puzzles (puzzle lines or jsonl), skipping invalid and duplicate ones with a reason')
    .argument('<file>', "puzzle file ('-' for standard input)")
    .addOption(bankOption())
    .action(async (file: string, opts: { bank: string }) => {
      const [{ Bank }, { splitLine }] = await Promise.all([import('../../bank/bank.js'), import('../../audit/check.js')]);
      const b = Bank.open(opts.bank);
      const skipped: Record<string, number> = {};
      let imported = 0;
      const seen = new Set<string>();
      const skip = (where: string, reason: string) => {
        skipped[reason] = (skipped[reason] ?? 0) + 1;
        process.stderr.write(`${where}: skipped: ${reason}\n`);
      };
      try {
        for await (const line of readLines(file)) {
          const where = `${line.source}: line ${line.lineNo}`;
          const t = splitLine(line.text);
          if ('error' in t) {
            skip(where, `malformed (${t.error})`);
            continue;
          }
          let grid;
          try {
            grid = parsePuzzleLine(t.cells, where).grid;
          } catch (e) {
            if (!(e instanceof UserError)) throw e;
            skip(where, `malformed (${e.message.slice(where.length + 2)})`);
            continue;
          }
          const g = gradePuzzle(grid);
          if (g.bucket === 'invalid') {
            skip(where, g.solutions === 0 ? 'no solution' : 'more than one solution');
            continue;
          }
          const canon = canonicalString(grid);
          if (seen.has(canon) || b.has(canon)) {
            skip(where, 'duplicate (an equivalent puzzle is already banked)');
            continue;
          }
          seen.add(canon);
          imported += b.add([{ ...g, grader: graderId(), solution: g.solution!, canon, clues: [...g.puzzle].filter((ch) => ch !== '.').length, seed: `import:${where}` }]);
        }
      } finally {
        b.close();
      }
      const reasons = Object.entries(skipped).map(([r, n]) => `${n} ${r}`);
      process.stdout.write(`imported ${imported} puzzles into ${opts.bank}${reasons.length ? `; skipped ${reasons.join(', ')}` : ''}\n`);
    });
}
