/** Reading puzzle files (or stdin) line by line, writing output as it is made, and Ctrl-C. */
import { writeSync } from 'node:fs';
import { LineCutter, openSource } from '../core/lines.js';
import { UserError } from '../core/errors.js';
import { isSkippedLine, parsePuzzleLine, type Grid, type PuzzleLine } from '../core/grid.js';
import type { SourceLine } from '../core/lines.js';
import { breathe } from '../core/breathe.js';

export { readLines, type SourceLine } from '../core/lines.js';

/**
 * Call `onLine` for every puzzle line of a file or stdin (blank and '#' lines skipped), in
 * order. Lines are cut from large chunks, so the per-line cost stays far below the engines';
 * when `onLine` returns a promise (output waiting for a full pipe) the next line waits for it.
 */
export async function eachLine(file: string | undefined, onLine: (text: string, lineNo: number, source: string) => void | Promise<void>): Promise<void> {
  const { source, input } = openSource(file);
  input.setEncoding?.('utf8');
  const cut = new LineCutter(source);
  for await (const chunk of input as AsyncIterable<string>) {
    for (const text of cut.lines(chunk)) {
      if (isSkippedLine(text)) continue;
      const wait = onLine(text, cut.lineNo, source);
      if (wait) await wait;
      // Lines handled on the main thread with output that keeps up: let Ctrl-C and SIGTERM in.
      const pause = breathe();
      if (pause) await pause;
    }
  }
  for (const text of cut.end()) {
    if (isSkippedLine(text)) continue;
    const wait = onLine(text, cut.lineNo, source);
    if (wait) await wait;
  }
}

/**
 * `eachLine` for puzzle lines: each is parsed (into `into` when given) and handed on with its
 * line number; a malformed one goes to `bad` instead.
 */
export function eachPuzzle(
  file: string | undefined,
  bad: BadLines,
  onPuzzle: (grid: Grid, lineNo: number) => void | Promise<void>,
  into?: Grid,
): Promise<void> {
  return eachLine(file, (text, line, source) => {
    let grid;
    try {
      grid = parsePuzzleLine(text.trimStart(), `${source}: line ${line}`, into).grid;
    } catch (err) {
      return bad.report(err);
    }
    return onPuzzle(grid, line);
  });
}

/** Parse a source line as a puzzle; malformed lines throw a UserError naming file and line. */
export function parseSourceLine(line: SourceLine): PuzzleLine {
  return parsePuzzleLine(line.text.trimStart(), `${line.source}: line ${line.lineNo}`);
}

/**
 * Bad input lines: each is reported on stderr with its file and line number while the good
 * lines go on; `finish` then fails the command (exit code 1). With `strict` the first bad
 * line stops the command.
 */
export class BadLines {
  count = 0;
  constructor(private readonly strict = false) {}

  report(err: unknown): void {
    if (!(err instanceof UserError)) throw err;
    if (this.strict) throw err;
    this.count++;
    process.stderr.write(`sudoku-press: ${err.message}\n`);
  }

  finish(): void {
    if (this.count > 0) throw new UserError(`${this.count} bad line${this.count === 1 ? '' : 's'} skipped (listed above)`);
  }
}

/** Write to stdout, waiting when the pipe is full. */
export function writeOut(text: string): Promise<void> | void {
  if (!process.stdout.write(text)) return new Promise((resolve) => process.stdout.once('drain', () => resolve()));
}

/** Outputs with text not yet written: Ctrl-C writes it before exiting. */
const open = new Set<Out>();

/**
 * Lines for stdout, written in large chunks (waiting when the pipe is full), and at least
 * every quarter second so slow output still shows up as it is made.
 */
export class Out {
  private text = '';
  private last = Date.now();
  private timer: NodeJS.Timeout | null = null;

  constructor() {
    open.add(this);
  }

  /** Add a line; returns a promise only when the text was handed to stdout and the pipe is full. */
  line(s: string): Promise<void> | void {
    this.text += s + '\n';
    if (this.text.length > 65536 || Date.now() - this.last > 250) return this.flush();
    // Input that comes slowly (a terminal, a pipe): write what is made within a quarter second.
    this.timer ??= setTimeout(() => void this.flush(), 250).unref();
  }

  flush(): Promise<void> | void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const t = this.text;
    this.text = '';
    this.last = Date.now();
    if (t) return writeOut(t);
  }

  async close(): Promise<void> {
    await this.flush();
    open.delete(this);
  }

  /** Write what is left at once (on Ctrl-C). */
  flushSync(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const t = this.text;
    this.text = '';
    if (t) writeSync(1, t);
  }
}

/** The signal that stopped the command, if one did. */
let stoppedBy: 'SIGINT' | 'SIGTERM' | null = null;

/** The exit code of a command stopped by `signal`: 128 + its number, as shells report it (Ctrl-C 130, SIGTERM 143). */
export function signalExitCode(signal: 'SIGINT' | 'SIGTERM' | null = stoppedBy): number {
  return signal === 'SIGTERM' ? 143 : 130;
}

/** A stop message as the signal that caused it tells it: "interrupted" for Ctrl-C, "terminated (SIGTERM)" for SIGTERM. */
export function stopMessage(message: string, signal: 'SIGINT' | 'SIGTERM' | null = stoppedBy): string {
  return signal === 'SIGTERM' ? message.replace(/^interrupted\b/, 'terminated (SIGTERM)') : message;
}

/** The command was stopped by Ctrl-C or SIGTERM: its message says what was kept; exit code 130 or 143. */
export class Interrupted extends UserError {
  get exitCode(): number {
    return signalExitCode();
  }
}

const running = new Set<AbortController>();

/**
 * Ctrl-C or SIGTERM: ask the work started with withInterrupt to stop cleanly and return true,
 * or, when there is none, write any pending output and return false (the caller exits at once).
 */
export function interrupt(signal: 'SIGINT' | 'SIGTERM' = 'SIGINT'): boolean {
  stoppedBy ??= signal;
  if (running.size > 0) {
    for (const c of running) c.abort();
    return true;
  }
  for (const o of open) {
    try {
      o.flushSync();
    } catch {
      // the reader has gone: nothing more to write
    }
  }
  return false;
}

/** The bank the command writes, for messages about its device. */
let bankFile: string | null = null;

/** Note the bank the command opens (a full disk under it is then told with its path). */
export function usingBank(file: string): void {
  bankFile = file;
}

export function bankInUse(): string | null {
  return bankFile;
}

export { breathe } from '../core/breathe.js';

/** Run `fn` with a signal that Ctrl-C aborts, so long work can stop cleanly (exit code 130). */
export async function withInterrupt<T>(fn: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  running.add(controller);
  try {
    return await fn(controller.signal);
  } catch (err) {
    if (controller.signal.aborted && err instanceof UserError && !(err instanceof Interrupted)) throw new Interrupted(err.message);
    throw err;
  } finally {
    running.delete(controller);
  }
}
