#!/usr/bin/env node
/**
 * The sudoku-press command line. The only place that prints errors and sets exit codes:
 * a UserError becomes its one- or two-line message and exit code 1 (130 when Ctrl-C stopped
 * the work, 143 when SIGTERM did); a full or read-only device is one line too; anything else
 * is a bug and shows its stack with exit code 2.
 *
 * Start-up stays fast: only the module of the command being run is loaded (the others are
 * listed by name and description for --help), and it imports what it needs (PDF, SQLite,
 * worker threads) only when it runs.
 */
import { earlyStop } from './early-stop.js';
import { Command, CommanderError, Option } from 'commander';
import { readFileSync } from 'node:fs';
import { UserError } from '../core/errors.js';
import { DEFAULT_BANK } from '../bank/default.js';
import { bankInUse, interrupt, Interrupted, signalExitCode, stopMessage } from './io.js';
import { fsProblem } from '../core/output-set.js';
import { setQuiet } from './progress.js';

const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };

type Register = (program: Command) => void;

/** Every command: its name, what it does (for --help), and how to load it. */
const COMMANDS: { name: string; description: string; load: () => Promise<Register> }[] = [
  { name: 'init', description: 'write a starter book job (book.yaml, commented) into a folder, as "npm init" does', load: async () => (await import('./commands/init.js')).registerInit },
  { name: 'book', description: 'make a print-ready book from a YAML job: book.pdf (and cover.pdf for KDP templates), puzzles.jsonl and report.json', load: async () => (await import('./commands/book.js')).registerBook },
  { name: 'solve', description: 'solve puzzles, one per line: prints each solution, "no solution" or "multiple solutions"', load: async () => (await import('./commands/solve.js')).registerSolve },
  { name: 'generate', description: 'make minimal puzzles with exactly one solution', load: async () => (await import('./commands/generate.js')).registerGenerate },
  { name: 'grade', description: 'grade puzzles the way a person solves them: bucket, rating, techniques, step log', load: async () => (await import('./commands/grade.js')).registerGrade },
  { name: 'practice', description: 'practice positions: the position before a technique is first needed, its step, a prompt and a hint (jsonl), and diagrams', load: async () => (await import('./commands/practice.js')).registerPractice },
  { name: 'canon', description: 'print the canonical form of each puzzle: equal forms mean equivalent puzzles', load: async () => (await import('./commands/canon.js')).registerCanon },
  { name: 'grids', description: 'print complete solution grids, one per line', load: async () => (await import('./commands/grids.js')).registerGrids },
  { name: 'estimate', description: 'estimate the number of proper puzzles: clear cells of random grids at random, count unique results', load: async () => (await import('./commands/estimate.js')).registerEstimate },
  { name: 'daily', description: 'daily newspaper puzzles by weekday schedule: PDF, SVG and JSON per day, never repeating a puzzle', load: async () => (await import('./commands/daily.js')).registerDaily },
  { name: 'bank', description: `the puzzle bank (default ${DEFAULT_BANK}): every graded puzzle, and where it was used`, load: async () => (await import('./commands/bank.js')).registerBank },
  { name: 'worker', description: 'fill a PostgreSQL bank with others: take enqueued batches (bank fill --enqueue), make, grade and bank them', load: async () => (await import('./commands/bank-queue.js')).registerWorker },
  { name: 'audit', description: 'check and grade a collection: problems, difficulty distribution, ratings, techniques, clues, label agreement', load: async () => (await import('./commands/audit.js')).registerAudit },
];

/** The command named on the command line (after "help" too), if any. */
function commandIn(args: readonly string[]): string | undefined {
  const words = args.filter((a) => !a.startsWith('-'));
  return words[0] === 'help' ? words[1] : words[0];
}

/**
 * The program, with the command named in `args` fully loaded (every command when `all`);
 * the others are listed by name and description only.
 */
export async function buildProgram(args: readonly string[] = process.argv.slice(2), all = false): Promise<Command> {
  const program = new Command('sudoku-press')
    .description('Sudoku publishing pipeline: provably unique puzzles, human-style grading, print-ready books')
    .version(pkg.version)
    .addOption(new Option('-q, --quiet', 'no progress lines (they show only on a terminal, and not when CI is set to a true value)'))
    .showHelpAfterError('(run with --help for usage)')
    .exitOverride();
  const wanted = commandIn(args);
  for (const c of COMMANDS) {
    if (all || c.name === wanted) (await c.load())(program);
    else program.command(c.name);
    program.commands[program.commands.length - 1].description(c.description);
  }
  const override = (c: Command): void => {
    c.exitOverride();
    c.commands.forEach(override);
  };
  program.commands.forEach(override);
  program.hook('preAction', () => setQuiet(Boolean(program.opts().quiet)));
  return program;
}

/** A failure of the system a user can fix (a full disk, a read-only device, a full bank device), in one line; else null. */
function systemFailure(err: unknown): string | null {
  const e = err as (NodeJS.ErrnoException & { code?: string }) | null;
  if (typeof e?.code === 'string' && e.code.startsWith('SQLITE_')) {
    const bank = bankInUse();
    const where = bank ? `the bank ${bank}` : 'the bank';
    if (e.code === 'SQLITE_FULL') return `no space left writing ${where}: it keeps every puzzle recorded before (SQLite rolls back the unfinished change)`;
    if (e.code.startsWith('SQLITE_READONLY')) return `${where} is on a read-only device or file: ${e.message}`;
    if (e.code.startsWith('SQLITE_IOERR') || e.code === 'SQLITE_CANTOPEN') return `cannot write ${where} (${e.message}): it keeps every puzzle recorded before`;
    return null;
  }
  const problem = fsProblem(err);
  if (!problem) return null;
  return `${problem}${e?.path ? ` on ${e.path}` : ''}${e?.syscall ? ` (${e.syscall})` : ''}`;
}

async function main(): Promise<void> {
  process.stdout.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code === 'EPIPE') process.exit(0);
    // A full device (/dev/full), a read-only one, a file-size limit: one line, exit 1.
    process.stderr.write(`sudoku-press: cannot write to standard output: ${fsProblem(err) ?? err.message}\n`);
    process.exit(1);
  });
  // Ctrl-C (SIGINT) and SIGTERM: long work stops cleanly and reports what it kept (exit 130 or
  // 143 through Interrupted); anything else writes the output it has and exits at once with
  // that code. A second signal always exits.
  let interrupts = 0;
  const onSignal = (signal: 'SIGINT' | 'SIGTERM') => {
    if (interrupts++ === 0 && interrupt(signal)) return;
    process.stderr.write(`\nsudoku-press: ${stopMessage('interrupted', signal)}\n`);
    process.exit(signalExitCode(signal));
  };
  process.off('SIGINT', earlyStop).on('SIGINT', onSignal);
  process.off('SIGTERM', earlyStop).on('SIGTERM', onSignal);
  try {
    await (await buildProgram()).parseAsync(process.argv);
  } catch (err) {
    const failure = err instanceof UserError ? null : systemFailure(err);
    if (err instanceof CommanderError) {
      process.exitCode = err.exitCode === 0 ? 0 : 1;
    } else if (err instanceof UserError) {
      process.stderr.write(`sudoku-press: ${err instanceof Interrupted ? stopMessage(err.message) : err.message}\n`);
      process.exitCode = err instanceof Interrupted ? err.exitCode : 1;
    } else if (failure) {
      process.stderr.write(`sudoku-press: ${failure}\n`);
      process.exitCode = 1;
    } else {
      process.stderr.write(`sudoku-press: internal error (a bug):\n${(err as Error)?.stack ?? String(err)}\n`);
      process.exitCode = 2;
    }
  }
}

await main();
