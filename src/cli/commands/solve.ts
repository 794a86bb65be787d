import type { Command } from 'commander';
import { formatGrid } from '../../core/grid.js';
import { countSolutions, solveUnique } from '../../solver/solver.js';
import { BufferedOut, readPuzzles } from '../io.js';
import { positiveInt } from '../options.js';

export function registerSolve(program: Command): void {
  program
    .command('solve')
    .description('solve puzzles, one per line: prints each solution, "no solution" or "multiple solutions"')
    .argument('[file]', "puzzle file, one puzzle per line ('-' or none: standard input)")
    .option('--count', 'print the number of solutions (up to --limit) instead of the solution')
    .option('--limit <n>', 'stop counting at this many solutions', positiveInt, 2)
    .action(async (file: string | undefined, opts: { count?: boolean; limit: number }) => {
      const out = new BufferedOut();
      for await (const { grid } of readPuzzles(file)) {
        if (opts.count) {
          await out.line(String(countSolutions(grid, opts.limit)));
        } else {
          const r = solveUnique(grid);
          await out.line('solution' in r ? formatGrid(r.solution) : r.count === 0 ? 'no solution' : 'multiple solutions');
        }
      }
      await out.flush();
    });
}
