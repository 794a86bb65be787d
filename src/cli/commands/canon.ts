import type { Command } from 'commander';
import { canonicalString } from '../../core/canonical.js';
import { BufferedOut, readPuzzles } from '../io.js';

export function registerCanon(program: Command): void {
  program
    .command('canon')
    .description('print the canonical form of each puzzle: equal forms mean equivalent puzzles')
    .argument('[file]', "puzzle file, one puzzle per line ('-' or none: standard input)")
    .action(async (file: string | undefined) => {
      const out = new BufferedOut();
      for await (const { grid } of readPuzzles(file)) await out.line(canonicalString(grid));
      await out.flush();
    });
}
