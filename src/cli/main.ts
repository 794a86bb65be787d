#!/usr/bin/env node
/**
 * The sudoku-press command line. The only place that prints errors and sets exit codes:
 * a UserError becomes its one- or two-line message and exit code 1; anything else is a bug
 * and shows its stack with exit code 2.
 */
import { Command, CommanderError } from 'commander';
import { readFileSync } from 'node:fs';
import { UserError } from '../core/errors.js';
import { registerAudit } from './commands/audit.js';
import { registerBank } from './commands/bank.js';
import { registerBook } from './commands/book.js';
import { registerDaily } from './commands/daily.js';
import { registerCanon } from './commands/canon.js';
import { registerEstimate } from './commands/estimate.js';
import { registerGenerate } from './commands/generate.js';
import { registerGrade } from './commands/grade.js';
import { registerGrids } from './commands/grids.js';
import { registerSolve } from './commands/solve.js';

const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };

export function buildProgram(): Command {
  const program = new Command('sudoku-press')
    .description('Sudoku publishing pipeline: provably unique puzzles, human-style grading, print-ready books')
    .version(pkg.version)
    .showHelpAfterError('(run with --help for usage)')
    .exitOverride();
  registerBook(program);
  registerSolve(program);
  registerGenerate(program);
  registerGrade(program);
  registerCanon(program);
  registerGrids(program);
  registerEstimate(program);
  registerDaily(program);
  registerBank(program);
  registerAudit(program);
  const override = (c: Command): void => {
    c.exitOverride();
    c.commands.forEach(override);
  };
  program.commands.forEach(override);
  return program;
}

async function main(): Promise<void> {
  process.stdout.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code === 'EPIPE') process.exit(0);
    throw err;
  });
  try {
    await buildProgram().parseAsync(process.argv);
  } catch (err) {
    if (err instanceof CommanderError) {
      process.exitCode = err.exitCode === 0 ? 0 : 1;
    } else if (err instanceof UserError) {
      process.stderr.write(`sudoku-press: ${err.message}\n`);
      process.exitCode = 1;
    } else {
      process.stderr.write(`sudoku-press: internal error (a bug):\n${(err as Error)?.stack ?? String(err)}\n`);
      process.exitCode = 2;
    }
  }
}

await main();
