import { Option, type Command } from 'commander';
import { randomBytes } from 'node:crypto';
import { formatGrid } from '../../core/grid.js';
import { deriveSeed } from '../../core/rng.js';
import { SYMMETRIES, type Symmetry } from '../../core/symmetry.js';
import { DIG_NAMES, type DigName } from '../../generator/dig.js';
import { DEFAULT_FILL, FILL_NAMES, type FillName } from '../../generator/fill.js';
import { makePuzzle, type MadePuzzle } from '../../generator/make.js';
import { BUCKETS, DEFAULT_LEVELS } from '../../grader/levels.js';
import { breathe, Out } from '../io.js';
import { choiceOption, nonNegativeInt, positiveInt } from '../options.js';
import { Progress } from '../progress.js';
import { UserError } from '../../core/errors.js';
import { checkNeeds, type Needs } from '../../generator/needs.js';
import type { Section, SourceStats } from '../../pipeline/candidate-source.js';
import type { GradedPuzzle } from '../../core/graded-puzzle.js';
import { LINE_FORMATS, RecordWriter, type LineFormat } from '../records.js';
import { KINDS, type Kind } from '../../geometry/geometry.js';

interface GenerateOptions {
  count: number;
  seed?: string;
  symmetry: Symmetry;
  fill: FillName;
  dig: DigName;
  withSolution?: boolean;
  format: LineFormat;
  bucket?: string;
  needs?: string;
  needsHardest?: boolean;
  workers?: number;
  budget?: number;
  kind: Kind;
  size: number;
  diagonals?: boolean;
}

const COLUMNS = ['number', 'puzzle', 'solution', 'clues', 'bucket', 'rating', 'hardest', 'seed', 'fill', 'dig', 'symmetry'];

function record(number: number, p: MadePuzzle, opts: GenerateOptions): Record<string, unknown> {
  return { number, puzzle: formatGrid(p.puzzle), solution: formatGrid(p.solution), clues: p.clues, seed: p.seed, fill: opts.fill, dig: opts.dig, symmetry: opts.symmetry };
}

function gradedRecord(number: number, p: GradedPuzzle): Record<string, unknown> {
  const { puzzle, solution, clues, bucket, rating, hardest, seed, fill, dig, symmetry } = p;
  return { number, puzzle, solution, clues, bucket, rating, hardest, seed, fill, dig, symmetry };
}

/**
 * Puzzles from the candidate source for one section (a bucket, or a technique needed), as
 * `bank fill` makes them (the same seed and options give the same puzzles whatever the
 * number of workers), written a batch of candidates at a time.
 */
async function fromSource(
  opts: GenerateOptions,
  seed: string,
  section: (budget: number) => Section,
  batch: number,
  write: (p: GradedPuzzle) => Promise<void> | void,
  progress: Progress,
): Promise<SourceStats> {
  const [{ checkWorkers, defaultWorkers, WorkerPool }, { bucketBudget, CandidateSource }] = await Promise.all([
    import('../../workers/pool.js'),
    import('../../pipeline/candidate-source.js'),
  ]);
  const pool = new WorkerPool(opts.workers === undefined ? defaultWorkers() : checkWorkers(opts.workers, '--workers'));
  try {
    const source = new CandidateSource({ pool, seed, generator: { fill: opts.fill, dig: opts.dig, symmetry: opts.symmetry, clues: null }, levels: [...DEFAULT_LEVELS], batch, lookahead: pool.size + 1 });
    const ready: GradedPuzzle[] = [];
    await source.take(section(opts.budget ?? bucketBudget(opts.count)), opts.count, {
      keep: (p) => ready.push(p) > 0,
      onBatch: async (found, made) => {
        for (const p of ready.splice(0)) await write(p);
        progress.update(found, `${made} candidates`);
      },
    });
    return source.stats;
  } finally {
    await pool.close();
  }
}

export function registerGenerate(program: Command): void {
  program
    .command('generate')
    .requiredOption('-n, --count <n>', 'how many puzzles', positiveInt)
    .option('--seed <seed>', 'seed (any text); the same seed gives the same puzzles (default: random)')
    .addOption(choiceOption('--symmetry <mode>', 'clue symmetry', SYMMETRIES, 'none'))
    .addOption(choiceOption('--fill <name>', 'how complete grids are made', FILL_NAMES, DEFAULT_FILL))
    .addOption(choiceOption('--dig <name>', 'how clues are chosen: remove from a full grid, or add to an empty one', DIG_NAMES, 'remove'))
    .option('--with-solution', 'line format: print "puzzle<TAB>solution"')
    .addOption(choiceOption('--format <format>', 'line, jsonl or csv (number, puzzle, solution, clues, [bucket, rating, hardest,] seed, fill, dig, symmetry)', LINE_FORMATS, 'line'))
    .addOption(
      new Option('--bucket <bucket>', 'only puzzles of this difficulty (the grader steers the digging; minimal within the bucket; the same puzzles as bank fill)').choices(BUCKETS),
    )
    .option('--needs <technique>', 'only puzzles whose graded path uses this technique (a name as grade prints it: x-wing, xy-wing, unique-loop, bug, ...); the digging is steered toward it')
    .option('--needs-hardest', 'with --needs: the technique is also the hardest step of the path')
    .option('--workers <n>', 'with --bucket or --needs (other kinds: any run): worker threads (default one per core; other kinds without --bucket: 0; 0: the main thread; the output does not depend on it)', nonNegativeInt)
    .option('--budget <n>', 'with --bucket or --needs: most candidates to make before giving up (default: 1000, or 100 per puzzle asked with --bucket, 200 with --needs; other kinds with --bucket: most complete grids per puzzle, default: as many as 60 s allow)', positiveInt)
    .addOption(choiceOption('--kind <kind>', 'classic, x (both diagonals are units), jigsaw (irregular regions) or killer (cages with sums); other than 9x9 classic, puzzles print as JSON lines', KINDS, 'classic'))
    .option('--size <n>', 'the grid is n x n: 4, 6, 8, 9, 12 or 16 (jigsaw 4 to 16, killer up to 9)', positiveInt, 9)
    .option('--diagonals', 'killer or jigsaw: both main diagonals are units too')
    .action(async (opts: GenerateOptions) => {
      if (opts.kind !== 'classic' || opts.size !== 9 || opts.diagonals) return generateKinds(opts);
      if (opts.needsHardest && opts.needs === undefined) throw new UserError('--needs-hardest: asks that the technique of --needs be the hardest step; give --needs <technique> too');
      for (const [given, name] of [[opts.workers, '--workers'], [opts.budget, '--budget']] as const) {
        if (given !== undefined && opts.needs === undefined && opts.bucket === undefined) throw new UserError(`${name}: only with --bucket or --needs (other puzzles are made one by one)`);
      }
      const needs = opts.needs === undefined ? null : checkNeeds({ technique: opts.needs, hardest: Boolean(opts.needsHardest) });
      const seed = opts.seed ?? randomBytes(6).toString('hex');
      if (opts.seed === undefined && process.stderr.isTTY) process.stderr.write(`seed: ${seed}\n`);
      const progress = new Progress('generate', opts.count);
      const out = new Out();
      const columns = opts.bucket || needs ? COLUMNS : COLUMNS.filter((c) => !['bucket', 'rating', 'hardest'].includes(c));
      const writer = new RecordWriter(out, opts.format, columns, (r) => (opts.withSolution ? `${r.puzzle}\t${r.solution}` : String(r.puzzle)));
      let n = 0;
      const write = (p: GradedPuzzle) => writer.write(gradedRecord(++n, p));
      try {
        if (needs) {
          await generateNeeds(opts, { technique: needs.technique, hardest: needs.hardest }, seed, write, progress);
          return;
        }
        if (opts.bucket) {
          const { Budget, BUCKET_BATCH, bucketSection } = await import('../../pipeline/candidate-source.js');
          const bucket = opts.bucket;
          await fromSource(opts, seed, (limit) => bucketSection(bucket, 'generate', new Budget('this run', limit, `raise --budget (now ${limit})`)), BUCKET_BATCH, write, progress);
          return;
        }
        for (let i = 0; i < opts.count; i++) {
          await writer.write(record(i + 1, makePuzzle(opts, deriveSeed(seed, i)), opts));
          progress.update(i + 1);
          // Output that keeps up never makes the loop wait: let Ctrl-C and SIGTERM in.
          await breathe();
        }
      } finally {
        progress.done();
        await out.close();
      }
    });
}

/** Candidates per batch of `generate --needs`: fixed, so the output does not depend on the number of workers. */
const NEEDS_BATCH = 4;

/**
 * `generate --needs`: puzzles from the candidate source, every candidate dug toward the
 * technique; a summary line with the hit rate on stderr.
 */
async function generateNeeds(opts: GenerateOptions, needs: Needs, seed: string, write: (p: GradedPuzzle) => Promise<void> | void, progress: Progress): Promise<void> {
  const { Budget, aimKey } = await import('../../pipeline/candidate-source.js');
  const section = (budget: number): Section => ({
    key: `needs:${needs.technique}`,
    where: 'generate',
    bucket: opts.bucket ?? '',
    rating: null,
    clues: null,
    budget: new Budget('this run', budget, `raise --budget (now ${budget})`),
    otherwise: ['lower -n'],
    needs,
  });
  const limit = opts.budget ?? Math.max(1000, 200 * opts.count);
  let found = 0;
  const stats = await fromSource({ ...opts, budget: limit }, seed, section, NEEDS_BATCH, (p) => (found++, write(p)), progress);
  const { made, hit: hits } = stats.aimed[aimKey(section(limit))] ?? { made: 0, hit: 0 };
  const what = `${needs.technique}${needs.hardest ? ' as the hardest step' : ''}`;
  process.stderr.write(
    `generate: ${found} puzzle${found === 1 ? '' : 's'} that need ${what} from ${made} candidates, seed ${seed}; ` +
      `hit rate ${made ? Math.round((100 * hits) / made) : 0}% (${hits} of ${made} candidates dug toward ${what} needed it)\n`,
  );
}

/**
 * Puzzles of other kinds and sizes, made by the geometry engine: puzzle *i* from seed
 * `<seed>#<i>`, on worker threads (with --bucket one per core by default, else the main
 * thread), read back in order, printed as JSON lines (kind, size, box or regions, cages,
 * puzzle, solution, clues, seed, symmetry).
 */
async function generateKinds(opts: GenerateOptions): Promise<void> {
  if (opts.needs !== undefined) throw new UserError(`--needs: 9x9 classic only; ${opts.size}x${opts.size} ${opts.kind} puzzles are steered to a bucket (--bucket)`);
  if (opts.budget !== undefined && opts.bucket === undefined) throw new UserError('--budget: only with --bucket (other puzzles are made one by one)');
  const [{ checkKindSize }, { checkKindOptions }, { kindBucket }, { kindLineTask }, { checkWorkers, defaultWorkers, WorkerPool }] = await Promise.all([
    import('../../geometry/geometry.js'),
    import('../../geometry/make.js'),
    import('../../geometry/rate.js'),
    import('../../pipeline/kind-lines.js'),
    import('../../workers/pool.js'),
  ]);
  checkKindSize(opts.kind, opts.size);
  const kindOptions = { kind: opts.kind, size: opts.size, symmetry: opts.symmetry, diagonals: opts.diagonals };
  checkKindOptions(kindOptions);
  if (opts.bucket !== undefined) kindBucket(opts.kind, opts.size, opts.bucket);
  const workers = opts.workers === undefined ? (opts.bucket === undefined ? 0 : defaultWorkers()) : checkWorkers(opts.workers, '--workers');
  const seed = opts.seed ?? randomBytes(6).toString('hex');
  if (opts.seed === undefined && process.stderr.isTTY) process.stderr.write(`seed: ${seed}\n`);
  const progress = new Progress('generate', opts.count);
  const out = new Out();
  const pool = new WorkerPool(workers);
  function* inputs() {
    for (let i = 0; i < opts.count; i++) yield { ...kindOptions, bucket: opts.bucket, attempts: opts.budget, seed: deriveSeed(seed, i) };
  }
  try {
    let n = 0;
    for await (const line of pool.mapOrdered(kindLineTask, inputs(), { batch: 1, lookahead: pool.size + 1 })) {
      await out.line(JSON.stringify({ number: ++n, ...line }));
      progress.update(n);
      await breathe();
    }
  } finally {
    progress.done();
    await pool.close();
    await out.close();
  }
}
