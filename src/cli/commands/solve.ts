import type { Command } from 'commander';
import { formatGrid } from '../../core/grid.js';
import { countSolutions, solveUnique } from '../../solver/solver.js';
import { BadLines, Out } from '../io.js';
import { eachKindPuzzle } from '../kind-lines.js';
import { formatCells } from '../../geometry/geometry.js';
import * as engine from '../../geometry/solver.js';
import { choiceOption, positiveInt, STRICT_HELP } from '../options.js';
import { LINE_FORMATS, RecordWriter } from '../records.js';

type Row = { line: number; puzzle: string; solutions: number; solution?: string | null };

export function registerSolve(program: Command): void {
  program
    .command('solve')
    .argument('[file]', "puzzle file, one puzzle per line ('-' or none: standard input); JSON lines of any kind and size too")
    .option('--count', 'print the number of solutions (up to --limit) instead of the solution')
    .option('--limit <n>', 'stop counting at this many solutions', positiveInt, 2)
    .addOption(choiceOption('--format <format>', 'line, jsonl or csv (line, puzzle, solutions, solution)', LINE_FORMATS, 'line'))
    .option('--strict', STRICT_HELP)
    .action(async (file: string | undefined, opts: { count?: boolean; limit: number; format: string; strict?: boolean }) => {
      const out = new Out();
      const bad = new BadLines(opts.strict);
      const columns = opts.count ? ['line', 'puzzle', 'solutions'] : ['line', 'puzzle', 'solutions', 'solution'];
      const writer = new RecordWriter<Row>(out, opts.format, columns, (r) =>
        opts.count ? String(r.solutions) : r.solution ? r.solution : r.solutions === 0 ? 'no solution' : 'multiple solutions',
      );
      const plainCount = opts.count && opts.format === 'line';
      // Plain counts keep no grid: every line is parsed into this one.
      const reused = plainCount ? new Uint8Array(81) : undefined;
      try {
        await eachKindPuzzle(file, bad, (grid, line) => {
          if (plainCount) return out.line(String(countSolutions(grid, opts.limit))); // the fast path: no record
          if (opts.count) return writer.write({ line, puzzle: formatGrid(grid), solutions: countSolutions(grid, opts.limit) });
          const r = solveUnique(grid);
          const solved = 'solution' in r;
          return writer.write({ line, puzzle: formatGrid(grid), solutions: solved ? 1 : r.count, solution: solved ? formatGrid(r.solution) : null });
        }, ({ geometry, puzzle }, line) => {
          // Other kinds and sizes: the geometry engine.
          const cells = formatCells(puzzle);
          if (opts.count) return writer.write({ line, puzzle: cells, solutions: engine.countSolutions(geometry, puzzle, opts.limit) });
          const r = engine.solveUnique(geometry, puzzle);
          const solved = 'solution' in r;
          return writer.write({ line, puzzle: cells, solutions: solved ? 1 : r.count, solution: solved ? formatCells(r.solution) : null });
        }, reused);
      } finally {
        await out.close();
      }
      bad.finish();
    });
}
