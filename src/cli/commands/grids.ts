import type { Command } from 'commander';
import { randomBytes } from 'node:crypto';
import { formatGrid } from '../../core/grid.js';
import { deriveSeed, Rng } from '../../core/rng.js';
import { FILL_NAMES, FILLS, type FillName } from '../../generator/fill.js';
import { breathe, Out } from '../io.js';
import { choiceOption, positiveInt } from '../options.js';
import { Progress } from '../progress.js';
import { LINE_FORMATS, RecordWriter } from '../records.js';

export function registerGrids(program: Command): void {
  program
    .command('grids')
    .requiredOption('-n, --count <n>', 'how many grids', positiveInt)
    .addOption(choiceOption('--fill <name>', 'how grids are made (uniform: every grid equally likely)', FILL_NAMES, 'uniform'))
    .option('--seed <seed>', 'seed (any text); grid i is made from "<seed>#<i>" (default: random)')
    .addOption(choiceOption('--format <format>', 'line, jsonl or csv (number, grid, seed)', LINE_FORMATS, 'line'))
    .action(async (opts: { count: number; fill: FillName; seed?: string; format: string }) => {
      const seed = opts.seed ?? randomBytes(6).toString('hex');
      const progress = new Progress('grids', opts.count);
      const out = new Out();
      const writer = new RecordWriter<{ number: number; grid: string; seed: string }>(out, opts.format, ['number', 'grid', 'seed'], (r) => r.grid);
      try {
        for (let i = 0; i < opts.count; i++) {
          const itemSeed = deriveSeed(seed, i);
          await writer.write({ number: i + 1, grid: formatGrid(FILLS[opts.fill](new Rng(itemSeed))), seed: itemSeed });
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
