import type { Command } from 'commander';
import { formatGrid } from '../../core/grid.js';
import { countSolutions, solveUnique } from '../../solver/solver.js';
import { readPuzzles, writeOut } from '../io.js';
import { positiveInt } from '../options.js';

export function registerSolve(program: Command): void {
  program
    .command('solve')
    .description('solve puzzles, one per line: prints each solution, "no solution" or "multiple solutions"')
    .argument('[file]', "puzzle file, one puzzle per line ('-' or none: standard input)")
    .option('--count', 'print the number of solutions (up to --limit) instead of the solution')
    .option('--limit <n>', 'stop counting at this many solutions', positiveInt, 2)
    .action(async (file: string | undefined, opts: { count?: boolean; limit: number }) => {
      let out = '';
      for await (const { grid } of readPuzzles(file)) {
        if (opts.count) {
          out += `${countSolutions(grid, opts.limit)}\n`;
        } else {
          const r = solveUnique(grid);
          out += 'solution' in r ? `${formatGrid(r.solution)}\n` : r.count === 0 ? 'no solution\n' : 'multiple solutions\n';
        }
        if (out.length > 65536) {
          await writeOut(out);
          out = '';
        }
      }
      await writeOut(out);
    });
}
