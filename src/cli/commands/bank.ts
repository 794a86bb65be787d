import { Option, type Command } from 'commander';
import { randomBytes } from 'node:crypto';
import { checkBankExists, DEFAULT_BANK } from '../../bank/default.js';
import { canonicalString } from '../../core/canonical.js';
import { UserError } from '../../core/errors.js';
import { parsePuzzleLine } from '../../core/grid.js';
import { SYMMETRIES, type Symmetry } from '../../core/symmetry.js';
import { DEFAULT_FILL, FILL_NAMES, type FillName } from '../../generator/fill.js';
import { gradePuzzle, graderId } from '../../grader/grade.js';
import { BUCKETS, DEFAULT_LEVELS } from '../../grader/levels.js';
import { csvRow } from '../../core/csv.js';
import { checkKindSize, KINDS, type Kind } from '../../geometry/geometry.js';
import { breathe, Out, readLines, usingBank } from '../io.js';
import { choiceOption, positiveInt } from '../options.js';
import { Progress } from '../progress.js';

const bankOption = () => new Option('--bank <file>', 'bank file, or a PostgreSQL connection string (postgres://user@host/db)').default(DEFAULT_BANK);

/**
 * The lines of `bank stats` that say which unused puzzles no book or daily takes: those
 * graded by another grader version (or bucket table) than `grader`, with the reason.
 */
export function unusableLines(rows: readonly { grader: string; bucket: string; unused: number }[], grader: string): string[] {
  const by = new Map<string, { grader: string; bucket: string; unused: number }[]>();
  for (const r of rows) by.set(r.grader, [...(by.get(r.grader) ?? []), r]);
  return [...by].map(([g, rs]) => {
    const n = rs.reduce((s, r) => s + r.unused, 0);
    const why = g === 'legacy' ? 'rated on an older scale (a schema-1 bank)' : `graded by another grader version or bucket table (${g}, this version: ${grader})`;
    return `  not usable: ${n} unused puzzle${n === 1 ? '' : 's'} (${rs.map((r) => `${r.unused} ${r.bucket}`).join(', ')}) ${why}; books and dailies never take them`;
  });
}

export function registerBank(program: Command): void {
  const bank = program.command('bank');

  bank
    .command('stats')
    .description('puzzles per bucket, used and unused')
    .addOption(bankOption())
    .action(async (opts: { bank: string }) => {
      const { openBank } = await import('../../bank/store.js');
      const b = await openBank(opts.bank, { readOnly: true });
      try {
        const rows = await b.stats();
        // 9x9 classic buckets by name; other kinds as "killer 9x9 hard".
        const label = (r: { kind: string; size: number; bucket: string }) => (r.kind === 'classic' && r.size === 9 ? r.bucket : `${r.kind} ${r.size}x${r.size} ${r.bucket}`);
        const width = Math.max(8, ...rows.map((r) => label(r).length));
        const lines = [`${b.file}`, `  ${'bucket'.padEnd(width)} ${'total'.padStart(8)} ${'used'.padStart(8)} ${'unused'.padStart(8)}`];
        for (const r of rows) lines.push(`  ${label(r).padEnd(width)} ${String(r.total).padStart(8)} ${String(r.used).padStart(8)} ${String(r.unused).padStart(8)}`);
        const sum = (k: 'total' | 'used' | 'unused') => rows.reduce((s, r) => s + r[k], 0);
        lines.push(`  ${'all'.padEnd(width)} ${String(sum('total')).padStart(8)} ${String(sum('used')).padStart(8)} ${String(sum('unused')).padStart(8)}`);
        lines.push(...unusableLines(await b.otherGraders(graderId()), graderId()));
        process.stdout.write(lines.join('\n') + '\n');
      } finally {
        await b.close();
      }
    });

  bank
    .command('fill')
    .description('make puzzles of one bucket into the bank (candidates of other buckets are kept too)')
    .addOption(new Option('--bucket <bucket>', 'bucket to fill (required unless --status)').choices(BUCKETS))
    .option('-n, --count <n>', 'how many new puzzles of that bucket (required unless --status)', positiveInt)
    .option('--seed <seed>', 'seed (default: random)')
    .addOption(choiceOption('--symmetry <mode>', 'clue symmetry', SYMMETRIES, 'rotational'))
    .addOption(choiceOption('--fill <name>', 'how grids are made', FILL_NAMES, DEFAULT_FILL))
    .option('--workers <k>', 'worker threads (default: one per core)', positiveInt)
    .option('--budget <n>', 'most candidates to make (default: 100 per puzzle asked, at least 1000)', positiveInt)
    .option('--enqueue', 'PostgreSQL bank: put the fill on the bank\'s job queue in batches, for "worker" processes on any number of machines')
    .option('--batch <n>', `with --enqueue: candidates per batch (default ${64})`, positiveInt)
    .option('--status', 'PostgreSQL bank: the progress, rate and ETA of every enqueued fill')
    .addOption(choiceOption('--kind <kind>', 'the kind of puzzle (its buckets are its own)', KINDS, 'classic'))
    .option('--size <n>', 'the grid size: 4, 6, 8, 9, 12 or 16 (killer up to 9)', positiveInt, 9)
    .addOption(bankOption())
    .action(async (opts: { bucket?: string; count?: number; seed?: string; symmetry: Symmetry; fill: FillName; workers?: number; budget?: number; bank: string; enqueue?: boolean; batch?: number; status?: boolean; kind: Kind; size: number }) => {
      const otherKind = !(opts.kind === 'classic' && opts.size === 9);
      if (otherKind && (opts.status || opts.enqueue)) throw new UserError(`bank fill: --enqueue and --status fill 9x9 classic; ${opts.size}x${opts.size} ${opts.kind} is filled here`);
      if (opts.status || opts.enqueue) return (await import('./bank-queue.js')).queuedFill(opts);
      if (opts.bucket === undefined) throw new UserError("bank fill: --bucket is required (or --status)");
      if (opts.count === undefined) throw new UserError("bank fill: -n is required (or --status)");
      if (otherKind) return kindFill({ ...opts, bucket: opts.bucket, count: opts.count });
      if (opts.batch !== undefined) throw new UserError('bank fill: --batch goes with --enqueue');
      await localFill({ ...opts, bucket: opts.bucket, count: opts.count });
    });

  async function localFill(opts: { bucket: string; count: number; seed?: string; symmetry: Symmetry; fill: FillName; workers?: number; budget?: number; bank: string }): Promise<void> {
      const [{ isPostgresUrl, openBank }, { checkWorkers, defaultWorkers, WorkerPool }, { Budget, BUCKET_BATCH, bucketBudget, bucketSection, CandidateSource, hitRateText }] = await Promise.all([
        import('../../bank/store.js'),
        import('../../workers/pool.js'),
        import('../../pipeline/candidate-source.js'),
      ]);
      // Told before the bank is opened (or made).
      if (opts.workers !== undefined) checkWorkers(opts.workers, '--workers', 1);
      if (opts.budget !== undefined && opts.budget < opts.count) {
        throw new UserError(`--budget ${opts.budget} cannot give the ${opts.count} puzzles asked for with -n (each candidate gives at most one); raise --budget to at least ${opts.count}`);
      }
      if (!isPostgresUrl(opts.bank)) usingBank(opts.bank);
      const b = await openBank(opts.bank);
      const seed = opts.seed ?? randomBytes(6).toString('hex');
      const workers = opts.workers ?? defaultWorkers();
      const budget = opts.budget ?? bucketBudget(opts.count);
      let pool: InstanceType<typeof WorkerPool> | null = null;
      const progress = new Progress(`bank fill ${opts.bucket}`, opts.count);
      const levels = DEFAULT_LEVELS.map((l) => ({ ...l }));
      let added = 0;
      const others: Record<string, number> = {};
      let stats: import('../../pipeline/candidate-source.js').SourceStats;
      try {
        pool = new WorkerPool(workers);
        // Batches of a fixed size: the same seed banks the same puzzles whatever the number of workers.
        const source = new CandidateSource({
          pool,
          seed,
          generator: { fill: opts.fill, dig: 'remove', symmetry: opts.symmetry, clues: null },
          levels,
          batch: BUCKET_BATCH,
          lookahead: workers + 1,
          isUsed: (canon) => b.has(canon),
        });
        try {
          const got = await source.take(
            bucketSection(opts.bucket, 'bank fill', new Budget('this fill', budget, `raise --budget (now ${budget})`)),
            opts.count,
            { keep: async (p) => (await b.add([p])) === 1, onBatch: (found, made) => progress.update(found, `${made} candidates`) },
          );
          added = got.length;
        } finally {
          // Every candidate made is kept, whatever its bucket, even when the budget ran out.
          for (const p of source.setAside) if ((await b.add([p])) === 1) others[p.bucket] = (others[p.bucket] ?? 0) + 1;
          stats = source.stats;
        }
      } finally {
        progress.done();
        await pool?.close();
        await b.close();
      }
      const aimed = stats.aimed[opts.bucket] ?? { made: 0, hit: 0 };
      const extra = Object.entries(others).map(([k, n]) => `${n} ${k}`);
      process.stdout.write(
        `banked ${added} ${opts.bucket} puzzle${added === 1 ? '' : 's'} from ${stats.generated} candidates, seed ${seed}; hit rate ${hitRateText(stats.aimed)} ` +
          `(${aimed.hit} of ${aimed.made} candidates aimed at ${opts.bucket} graded ${opts.bucket})` +
          `${extra.length ? `; also banked ${extra.join(', ')}` : ''}\n`,
      );
  }

  /** Puzzles of another kind or size, made one at a time steered to the bucket, banked when new. */
  async function kindFill(opts: { bucket: string; count: number; seed?: string; symmetry: Symmetry; budget?: number; bank: string; kind: Kind; size: number }): Promise<void> {
    const [{ isPostgresUrl, openBank }, { kindBucket, makeGradedKindPuzzle }, { kindFields, kindGraderId, techniqueCounts }] = await Promise.all([
      import('../../bank/store.js'),
      import('../../geometry/rate.js'),
      import('../../bank/kinds.js'),
    ]);
    checkKindSize(opts.kind, opts.size);
    kindBucket(opts.kind, opts.size, opts.bucket);
    // Killer and jigsaw puzzles have no clue symmetry.
    const symmetry = opts.kind === 'killer' || opts.kind === 'jigsaw' ? 'none' : opts.symmetry;
    const budget = opts.budget ?? Math.max(1000, 100 * opts.count);
    if (budget < opts.count) throw new UserError(`--budget ${budget} cannot give the ${opts.count} puzzles asked for with -n (each try gives at most one); raise --budget to at least ${opts.count}`);
    if (!isPostgresUrl(opts.bank)) usingBank(opts.bank);
    const b = await openBank(opts.bank);
    const seed = opts.seed ?? randomBytes(6).toString('hex');
    const what = `${opts.size}x${opts.size} ${opts.kind} ${opts.bucket}`;
    const progress = new Progress(`bank fill ${what}`, opts.count);
    let added = 0;
    let made = 0;
    try {
      while (added < opts.count && made < budget) {
        await breathe();
        const p = makeGradedKindPuzzle({ kind: opts.kind, size: opts.size, symmetry, bucket: opts.bucket }, `${seed}:${made++}`);
        const graded = { ...kindFields(p.geometry, p.puzzle, p.solution), bucket: opts.bucket, rating: p.rating.rating, hardest: p.rating.hardest, techniques: techniqueCounts(p.rating.steps), grader: kindGraderId(opts.kind, opts.size), seed: p.seed, symmetry };
        added += await b.add([graded]);
        progress.update(added, `${made} made`);
      }
    } finally {
      progress.done();
      await b.close();
    }
    process.stdout.write(`banked ${added} ${what} puzzle${added === 1 ? '' : 's'} from ${made} made, seed ${seed}${added < opts.count ? `; stopped at --budget ${budget} (the others were equivalent to banked ones)` : ''}\n`);
  }

  bank
    .command('export')
    .description('print banked puzzles')
    .option('--unused', 'only puzzles not used yet')
    .addOption(new Option('--bucket <bucket>', 'only this bucket').choices(BUCKETS))
    .addOption(choiceOption('--format <format>', 'output format', ['line', 'jsonl', 'csv'], 'line'))
    .addOption(bankOption())
    .action(async (opts: { unused?: boolean; bucket?: string; format: 'line' | 'jsonl' | 'csv'; bank: string }) => {
      const [{ openBank }, { kindJson }] = await Promise.all([import('../../bank/store.js'), import('../../bank/kinds.js')]);
      const b = await openBank(opts.bank, { readOnly: true });
      const out = new Out();
      try {
        if (opts.format === 'csv') await out.line('puzzle,solution,bucket,rating,hardest,clues,used_kind,used_ref,used_number');
        for await (const p of b.export({ unused: opts.unused, bucket: opts.bucket })) {
          // Other kinds than 9x9 classic: their JSON form (which every command reads), with the bucket.
          if (opts.format === 'line') await out.line(p.layout ? JSON.stringify({ ...kindJson(p), bucket: p.bucket }) : `${p.puzzle}\t${p.bucket}`);
          else if (opts.format === 'jsonl') await out.line(JSON.stringify(p));
          else await out.line(csvRow([p.puzzle, p.solution, p.bucket, p.rating, p.hardest, p.clues, p.usedKind, p.usedRef, p.usedNumber]));
          await breathe();
        }
      } finally {
        await out.close();
        await b.close();
      }
    });

  bank
    .command('copy')
    .description('copy every puzzle, with its uses, from one bank into a new or empty one: SQLite files and PostgreSQL banks either way')
    .argument('<from>', 'bank file or postgres:// connection string')
    .argument('<to>', 'bank file or postgres:// connection string (made if it does not exist)')
    .action(async (from: string, to: string) => {
      const [{ copyBank }, { isPostgresUrl, redactUrl }] = await Promise.all([import('../../bank/copy.js'), import('../../bank/store.js')]);
      if (!isPostgresUrl(to)) usingBank(to);
      const sums = await copyBank(from, to);
      process.stdout.write(
        `copied ${sums.to.puzzles} puzzle${sums.to.puzzles === 1 ? '' : 's'} (${sums.to.used} used) from ${redactUrl(from)} to ${redactUrl(to)}; checksum ${sums.to.checksum} on both sides\n`,
      );
    });

  bank
    .command('import')
    .description('grade and bank outside puzzles (puzzle lines or jsonl), skipping invalid and duplicate ones with a reason')
    .argument('<file>', "puzzle file ('-' for standard input)")
    .addOption(bankOption())
    .option('--new-bank', 'start a new bank at --bank when there is none (without it, only the default bank is made)')
    .action(async (file: string, opts: { bank: string; newBank?: boolean }) => {
      const [{ isPostgresUrl, openBank }, { splitLine }] = await Promise.all([import('../../bank/store.js'), import('../../audit/check.js')]);
      checkBankExists(opts.bank, DEFAULT_BANK, opts.newBank);
      if (!isPostgresUrl(opts.bank)) usingBank(opts.bank);
      const b = await openBank(opts.bank);
      const skipped: Record<string, number> = {};
      let imported = 0;
      const seen = new Set<string>();
      const skip = (where: string, reason: string) => {
        skipped[reason] = (skipped[reason] ?? 0) + 1;
        process.stderr.write(`${where}: skipped: ${reason}\n`);
      };
      try {
        for await (const line of readLines(file)) {
          // Lines graded on the main thread: let Ctrl-C and SIGTERM in.
          await breathe();
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
          if (seen.has(canon) || (await b.has(canon))) {
            skip(where, 'duplicate (an equivalent puzzle is already banked)');
            continue;
          }
          seen.add(canon);
          imported += await b.add([{ ...g, grader: graderId(), solution: g.solution!, canon, clues: [...g.puzzle].filter((ch) => ch !== '.').length, seed: `import:${where}` }]);
        }
      } finally {
        await b.close();
      }
      const reasons = Object.entries(skipped).map(([r, n]) => `${n} ${r}`);
      process.stdout.write(`imported ${imported} puzzle${imported === 1 ? '' : 's'} into ${b.file}${reasons.length ? `; skipped ${reasons.join(', ')}` : ''}\n`);
    });
}
