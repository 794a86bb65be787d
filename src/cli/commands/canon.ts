import type { Command } from 'commander';
import { canonicalString } from '../../core/canonical.js';
import { formatGrid } from '../../core/grid.js';
import { BadLines, Out } from '../io.js';
import { eachKindPuzzle } from '../kind-lines.js';
import { canonicalForm } from '../../geometry/canonical.js';
import { formatCells } from '../../geometry/geometry.js';
import { puzzleJson } from '../../geometry/json.js';
import { UserError } from '../../core/errors.js';
import { choiceOption, STRICT_HELP } from '../options.js';
import { LINE_FORMATS, RecordWriter } from '../records.js';

type Row = { line: number; puzzle: string; canonical: string | Record<string, unknown> };

export function registerCanon(program: Command): void {
  program
    .command('canon')
    .argument('[file]', "puzzle file, one puzzle per line ('-' or none: standard input); JSON lines of any kind and size too (their canonical form is printed as a JSON line)")
    .addOption(choiceOption('--format <format>', 'line, jsonl or csv (line, puzzle, canonical)', LINE_FORMATS, 'line'))
    .option('--strict', STRICT_HELP)
    .action(async (file: string | undefined, opts: { format: string; strict?: boolean }) => {
      const out = new Out();
      const bad = new BadLines(opts.strict);
      const text = (c: Row['canonical']) => (typeof c === 'string' ? c : JSON.stringify(c));
      const writer = new RecordWriter<Row>(out, opts.format, ['line', 'puzzle', 'canonical'], (r) => text(r.canonical));
      const row = (r: Row) => writer.write(opts.format === 'csv' ? { ...r, canonical: text(r.canonical) } : r);
      try {
        await eachKindPuzzle(file, bad, (grid, line, json) => {
          const canonical = canonicalString(grid);
          return row({ line, puzzle: formatGrid(grid), canonical: json ? { kind: 'classic', size: 9, box: [3, 3], puzzle: canonical } : canonical });
        }, ({ geometry, puzzle }, line, where) => {
          let form;
          try {
            form = canonicalForm(geometry, puzzle);
          } catch (err) {
            return bad.report(err instanceof UserError ? new UserError(`${where}: ${err.message}`) : err);
          }
          return row({ line, puzzle: formatCells(puzzle), canonical: puzzleJson(form.geometry, form.puzzle) });
        });
      } finally {
        await out.close();
      }
      bad.finish();
    });
}
