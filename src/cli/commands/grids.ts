import type { Command } from 'commander';
import { randomBytes } from 'node:crypto';
import { formatGrid } from '../../core/grid.js';
import { deriveSeed, Rng } from '../../core/rng.js';
import { FILL_NAMES, FILLS, type FillName } from '../../generator/fill.js';
import { BufferedOut } from '../io.js';
import { choiceOption, positiveInt } from '../options.js';
import { Progress } from '../progress.js';

export function registerGrids(program: Command): void {
  program
    .command('grids')
    .description('print complete solution grids, one per line')
    .requiredOption('-n, --count <n>', 'how many grids', positiveInt)
    .addOption(choiceOption('--fill <name>', 'how grids are made (uniform: every grid equally likely)', FILL_NAMES, 'uniform'))
    .option('--seed <seed>', 'seed (any text); grid i is made from "<seed>#<i>" (default: random)')
    .action(async (opts: { count: number; fill: FillName; seed?: string }) => {
      const seed = opts.seed ?? randomBytes(6).toString('hex');
      const progress = new Progress('grids', opts.count);
      const out = new BufferedOut();
      for (let i = 0; i < opts.count; i++) {
        await out.line(formatGrid(FILLS[opts.fill](new Rng(deriveSeed(seed, i)))));
        progress.update(i + 1);
      }
      progress.done();
      await out.flush();
    });
}
