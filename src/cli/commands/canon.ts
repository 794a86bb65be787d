import type { Command } from 'commander';
import { canonicalString } from '../../core/canonical.js';
import { readPuzzles, writeOut } from '../io.js';

export function registerCanon(program: Command): void {
  program
    .command('canon')
    .description('print the canonical form of each puzzle: equal forms mean equivalent puzzles')
    .argument('[file]', "puzzle file, one puzzle per line ('-' or none: standard input)")
    .action(async (file: string | undefined) => {
      let out = '';
      for await (const { grid } of readPuzzles(file)) {
        out += canonicalString(grid) + '\n';
        if (out.length > 65536) {
          await writeOut(out);
          out = '';
        }
      }
      await writeOut(out);
    });
}
