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
import { choiceOption, positiveInt } from '../options.js';
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
    .action(async (opts: GenerateOptions) => {
      const seed = opts.seed ?? randomBytes(6).toString('hex');
      if (opts.seed === undefined && process.stderr.isTTY) process.stderr.write(`seed: ${seed}\n`);
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
