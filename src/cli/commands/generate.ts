import { Option, type Command } from 'commander';
import { randomBytes } from 'node:crypto';
import { formatGrid } from '../../core/grid.js';
import { deriveSeed } from '../../core/rng.js';
import { SYMMETRIES, type Symmetry } from '../../core/symmetry.js';
import { DIG_NAMES, type DigName } from '../../generator/dig.js';
import { DEFAULT_FILL, FILL_NAMES, type FillName } from '../../generator/fill.js';
import { makePuzzle, type MadePuzzle } from '../../generator/make.js';
import type { GradedPuzzle } from '../../core/graded-puzzle.js';
import { BUCKETS, DEFAULT_LEVELS } from '../../grader/levels.js';
import { breathe, Out } from '../io.js';
import { choiceOption, nonNegativeInt, positiveInt } from '../options.js';
import { Progress } from '../progress.js';
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
  workers: number;
  budget?: number;
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
 * Puzzles of one bucket from the candidate source, as `bank fill` makes them (the same seed
 * and options give the same puzzles), written a batch of candidates at a time.
 */
async function bucketPuzzles(opts: GenerateOptions & { bucket: string }, seed: string, write: (p: GradedPuzzle) => Promise<void> | void, progress: Progress): Promise<void> {
  const [{ checkWorkers, WorkerPool }, { Budget, BUCKET_BATCH, bucketBudget, bucketSection, CandidateSource }] = await Promise.all([
    import('../../workers/pool.js'),
    import('../../pipeline/candidate-source.js'),
  ]);
  const pool = new WorkerPool(checkWorkers(opts.workers, '--workers'));
  try {
    const source = new CandidateSource({ pool, seed, generator: { fill: opts.fill, dig: opts.dig, symmetry: opts.symmetry, clues: null }, levels: [...DEFAULT_LEVELS], batch: BUCKET_BATCH, lookahead: pool.size + 1 });
    const budget = opts.budget ?? bucketBudget(opts.count);
    const ready: GradedPuzzle[] = [];
    await source.take(bucketSection(opts.bucket, 'generate', new Budget('this run', budget, `raise --budget (now ${budget})`)), opts.count, {
      keep: (p) => ready.push(p) > 0,
      onBatch: async (found) => {
        for (const p of ready.splice(0)) await write(p);
        progress.update(found);
      },
    });
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
    .option('--workers <k>', 'with --bucket: worker threads (default 0: the main thread; the same puzzles whatever the number)', nonNegativeInt, 0)
    .option('--budget <n>', 'with --bucket: most candidates to make (default: 100 per puzzle asked, at least 1000)', positiveInt)
    .action(async (opts: GenerateOptions) => {
      const seed = opts.seed ?? randomBytes(6).toString('hex');
      if (opts.seed === undefined && process.stderr.isTTY) process.stderr.write(`seed: ${seed}\n`);
      const progress = new Progress('generate', opts.count);
      const out = new Out();
      const columns = opts.bucket ? COLUMNS : COLUMNS.filter((c) => !['bucket', 'rating', 'hardest'].includes(c));
      const writer = new RecordWriter(out, opts.format, columns, (r) => (opts.withSolution ? `${r.puzzle}\t${r.solution}` : String(r.puzzle)));
      try {
        if (opts.bucket) {
          let n = 0;
          await bucketPuzzles({ ...opts, bucket: opts.bucket }, seed, (p) => writer.write(gradedRecord(++n, p)), progress);
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
