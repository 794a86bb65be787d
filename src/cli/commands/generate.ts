import { Option, type Command } from 'commander';
import { randomBytes } from 'node:crypto';
import { formatGrid } from '../../core/grid.js';
import { deriveSeed } from '../../core/rng.js';
import { SYMMETRIES, type Symmetry } from '../../core/symmetry.js';
import { DIG_NAMES, type DigName } from '../../generator/dig.js';
import { DEFAULT_FILL, FILL_NAMES, type FillName } from '../../generator/fill.js';
import { makeBucketPuzzle, type BucketPuzzle } from '../../generator/bucket.js';
import { makePuzzle, type MadePuzzle } from '../../generator/make.js';
import { BUCKETS } from '../../grader/levels.js';
import { breathe, Out } from '../io.js';
import { choiceOption, nonNegativeInt, positiveInt } from '../options.js';
import { Progress } from '../progress.js';
import { UserError } from '../../core/errors.js';
import { checkNeeds } from '../../generator/needs.js';
import type { GradedPuzzle } from '../../core/graded-puzzle.js';
import { LINE_FORMATS, RecordWriter, type LineFormat } from '../records.js';

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
}

const COLUMNS = ['number', 'puzzle', 'solution', 'clues', 'bucket', 'rating', 'hardest', 'seed', 'fill', 'dig', 'symmetry'];

function record(number: number, p: MadePuzzle | BucketPuzzle, opts: GenerateOptions, seed: string): Record<string, unknown> {
  const graded = 'bucket' in p ? { bucket: p.bucket, rating: p.rating, hardest: p.hardest } : {};
  return { number, puzzle: formatGrid(p.puzzle), solution: formatGrid(p.solution), clues: p.clues, ...graded, seed, fill: opts.fill, dig: opts.dig, symmetry: opts.symmetry };
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
      new Option('--bucket <bucket>', 'only puzzles of this difficulty (the grader steers the digging; minimal within the bucket)').choices(BUCKETS),
    )
    .option('--needs <technique>', 'only puzzles whose graded path uses this technique (a name as grade prints it: x-wing, xy-wing, unique-loop, bug, ...); the digging is steered toward it')
    .option('--needs-hardest', 'with --needs: the technique is also the hardest step of the path')
    .option('--workers <n>', 'with --needs: worker threads (0: none; the output does not depend on it)', nonNegativeInt)
    .option('--budget <n>', 'with --needs: most candidates to make before giving up (default: 1000 or 200 per puzzle)', positiveInt)
    .action(async (opts: GenerateOptions) => {
      if (opts.needsHardest && opts.needs === undefined) throw new UserError('--needs-hardest: asks that the technique of --needs be the hardest step; give --needs <technique> too');
      for (const [given, name] of [[opts.workers, '--workers'], [opts.budget, '--budget']] as const) {
        if (given !== undefined && opts.needs === undefined) throw new UserError(`${name}: only with --needs (other puzzles are made one by one)`);
      }
      const needs = opts.needs === undefined ? null : checkNeeds({ technique: opts.needs, hardest: Boolean(opts.needsHardest) });
      const seed = opts.seed ?? randomBytes(6).toString('hex');
      if (opts.seed === undefined && process.stderr.isTTY) process.stderr.write(`seed: ${seed}\n`);
      if (needs) {
        await generateNeeds(opts, { technique: needs.technique, hardest: needs.hardest }, seed);
        return;
      }
      const progress = new Progress('generate', opts.count);
      const out = new Out();
      const columns = opts.bucket ? COLUMNS : COLUMNS.filter((c) => !['bucket', 'rating', 'hardest'].includes(c));
      const writer = new RecordWriter(out, opts.format, columns, (r) => (opts.withSolution ? `${r.puzzle}\t${r.solution}` : String(r.puzzle)));
      try {
        for (let i = 0; i < opts.count; i++) {
          const itemSeed = deriveSeed(seed, i);
          const made = opts.bucket ? makeBucketPuzzle(opts, opts.bucket, itemSeed) : makePuzzle(opts, itemSeed);
          await writer.write(record(i + 1, made, opts, itemSeed));
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
async function generateNeeds(opts: GenerateOptions, needs: { technique: string; hardest: boolean }, seed: string): Promise<void> {
  const [{ checkWorkers, defaultWorkers, WorkerPool }, { Budget, CandidateSource, aimKey }, { DEFAULT_LEVELS }] = await Promise.all([
    import('../../workers/pool.js'),
    import('../../pipeline/candidate-source.js'),
    import('../../grader/levels.js'),
  ]);
  const workers = opts.workers === undefined ? defaultWorkers() : checkWorkers(opts.workers, '--workers');
  const limit = opts.budget ?? Math.max(1000, 200 * opts.count);
  const section = {
    key: `needs:${needs.technique}`,
    where: 'generate',
    bucket: opts.bucket ?? '',
    rating: null,
    clues: null,
    budget: new Budget('this run', limit, `raise --budget (now ${limit})`),
    otherwise: ['lower -n'],
    needs,
  };
  const progress = new Progress('generate', opts.count);
  const out = new Out();
  const writer = new RecordWriter(out, opts.format, COLUMNS, (r) => (opts.withSolution ? `${r.puzzle}\t${r.solution}` : String(r.puzzle)));
  const pool = new WorkerPool(workers);
  let got: GradedPuzzle[] = [];
  let made = 0;
  let hits = 0;
  try {
    const source = new CandidateSource({
      pool,
      seed,
      generator: { fill: opts.fill, dig: opts.dig, symmetry: opts.symmetry, clues: null },
      levels: DEFAULT_LEVELS.map((l) => ({ ...l })),
      batch: NEEDS_BATCH,
      lookahead: workers + 1,
    });
    got = await source.take(section, opts.count, { onBatch: (found, n) => progress.update(found, `${n} candidates`) });
    ({ made, hit: hits } = source.stats.aimed[aimKey(section)] ?? { made: 0, hit: 0 });
  } finally {
    progress.done();
    await pool.close();
  }
  try {
    for (const [i, p] of got.entries()) {
      await writer.write({ number: i + 1, puzzle: p.puzzle, solution: p.solution, clues: p.clues, bucket: p.bucket, rating: p.rating, hardest: p.hardest, seed: p.seed, fill: opts.fill, dig: opts.dig, symmetry: opts.symmetry });
    }
  } finally {
    await out.close();
  }
  const what = `${needs.technique}${needs.hardest ? ' as the hardest step' : ''}`;
  process.stderr.write(
    `generate: ${got.length} puzzle${got.length === 1 ? '' : 's'} that need ${what} from ${made} candidates, seed ${seed}; ` +
      `hit rate ${made ? Math.round((100 * hits) / made) : 0}% (${hits} of ${made} candidates dug toward ${what} needed it)\n`,
  );
}
