import type { Command } from 'commander';
import { canonicalString } from '../../core/canonical.js';
import { formatGrid } from '../../core/grid.js';
import { BadLines, eachPuzzle, Out } from '../io.js';
import { choiceOption, STRICT_HELP } from '../options.js';
import { LINE_FORMATS, RecordWriter } from '../records.js';

type Row = { line: number; puzzle: string; canonical: string };

export function registerCanon(program: Command): void {
  program
    .command('canon')
    .argument('[file]', "puzzle file, one puzzle per line ('-' or none: standard input)")
    .addOption(choiceOption('--format <format>', 'line, jsonl or csv (line, puzzle, canonical)', LINE_FORMATS, 'line'))
    .option('--strict', STRICT_HELP)
    .action(async (file: string | undefined, opts: { format: string; strict?: boolean }) => {
      const out = new Out();
      const bad = new BadLines(opts.strict);
      const writer = new RecordWriter<Row>(out, opts.format, ['line', 'puzzle', 'canonical'], (r) => r.canonical);
      try {
        await eachPuzzle(file, bad, (grid, line) => {
          return writer.write({ line, puzzle: formatGrid(grid), canonical: canonicalString(grid) });
        });
      } finally {
        await out.close();
      }
      bad.finish();
    });
}
