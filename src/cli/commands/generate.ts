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
import { BufferedOut } from '../io.js';
import { choiceOption, positiveInt } from '../options.js';
import { Progress } from '../progress.js';

interface GenerateOptions {
  count: number;
  seed?: string;
  symmetry: Symmetry;
  fill: FillName;
  dig: DigName;
  withSolution?: boolean;
  format: 'line' | 'jsonl';
  bucket?: string;
}

function formatPuzzle(p: MadePuzzle | BucketPuzzle, opts: GenerateOptions, seed: string): string {
  if (opts.format === 'jsonl') {
    const graded = 'bucket' in p ? { bucket: p.bucket, rating: p.rating, hardest: p.hardest } : {};
    return JSON.stringify({
      puzzle: formatGrid(p.puzzle),
      solution: formatGrid(p.solution),
      clues: p.clues,
      ...graded,
      seed,
      options: { fill: opts.fill, dig: opts.dig, symmetry: opts.symmetry },
    });
  }
  return opts.withSolution ? `${formatGrid(p.puzzle)}\t${formatGrid(p.solution)}` : formatGrid(p.puzzle);
}

export function registerGenerate(program: Command): void {
  program
    .command('generate')
    .description('make minimal puzzles with exactly one solution')
    .requiredOption('-n, --count <n>', 'how many puzzles', positiveInt)
    .option('--seed <seed>', 'seed (any text); the same seed gives the same puzzles (default: random)')
    .addOption(choiceOption('--symmetry <mode>', 'clue symmetry', SYMMETRIES, 'none'))
    .addOption(choiceOption('--fill <name>', 'how complete grids are made', FILL_NAMES, DEFAULT_FILL))
    .addOption(choiceOption('--dig <name>', 'how clues are chosen: remove from a full grid, or add to an empty one', DIG_NAMES, 'remove'))
    .option('--with-solution', 'line format: print "puzzle<TAB>solution"')
    .addOption(choiceOption('--format <format>', 'output format', ['line', 'jsonl'], 'line'))
    .addOption(
      new Option('--bucket <bucket>', 'only puzzles of this difficulty (the grader steers the digging; minimal within the bucket)').choices(BUCKETS),
    )
    .action(async (opts: GenerateOptions) => {
      const seed = opts.seed ?? randomBytes(6).toString('hex');
      if (opts.seed === undefined && process.stderr.isTTY) process.stderr.write(`seed: ${seed}\n`);
      const progress = new Progress('generate', opts.count);
      const out = new BufferedOut();
      for (let i = 0; i < opts.count; i++) {
        const itemSeed = deriveSeed(seed, i);
        const made = opts.bucket ? makeBucketPuzzle(opts, opts.bucket, itemSeed) : makePuzzle(opts, itemSeed);
        await out.line(formatPuzzle(made, opts, itemSeed));
        progress.update(i + 1);
      }
      progress.done();
      await out.flush();
    });
}
