/** Reading puzzle files (or stdin) line by line, and writing output safely. */
import { createReadStream, existsSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { UserError } from '../core/errors.js';
import { isSkippedLine, parsePuzzleLine, type PuzzleLine } from '../core/grid.js';

export interface SourceLine {
  /** The file name for messages ('<stdin>' for standard input). */
  source: string;
  /** 1-based line number in the file. */
  lineNo: number;
  text: string;
}

/** The puzzle lines of a file, or of stdin when `file` is undefined or '-'; blank and '#' lines skipped. */
export async function* readLines(file?: string): AsyncGenerator<SourceLine> {
  const useStdin = file === undefined || file === '-';
  const source = useStdin ? '<stdin>' : file;
  if (!useStdin) {
    if (!existsSync(file)) throw new UserError(`${file}: no such file`);
    if (statSync(file).isDirectory()) throw new UserError(`${file}: is a directory, expected a puzzle file`);
  }
  const input = useStdin ? process.stdin : createReadStream(file);
  const rl = createInterface({ input, crlfDelay: Infinity });
  let lineNo = 0;
  for await (const text of rl) {
    lineNo++;
    if (!isSkippedLine(text)) yield { source, lineNo, text };
  }
}

/** Parse a source line as a puzzle; malformed lines throw a UserError naming file and line. */
export function parseSourceLine(line: SourceLine): PuzzleLine {
  return parsePuzzleLine(line.text.trimStart(), `${line.source}: line ${line.lineNo}`);
}

/** The puzzles of a file or stdin; the first malformed line stops with a UserError. */
export async function* readPuzzles(file?: string): AsyncGenerator<PuzzleLine & SourceLine> {
  for await (const line of readLines(file)) yield { ...line, ...parseSourceLine(line) };
}

/** Write to stdout, waiting when the pipe is full. */
export function writeOut(text: string): Promise<void> | void {
  if (!process.stdout.write(text)) return new Promise((resolve) => process.stdout.once('drain', () => resolve()));
}

/**
 * Lines for stdout, written in large chunks (waiting when the pipe is full), and at least
 * every quarter second so slow output still shows up as it is made.
 */
export class BufferedOut {
  private text = '';
  private last = Date.now();

  async line(s: string): Promise<void> {
    this.text += s + '\n';
    if (this.text.length > 65536 || Date.now() - this.last > 250) await this.flush();
  }

  async flush(): Promise<void> {
    const t = this.text;
    this.text = '';
    this.last = Date.now();
    if (t) await writeOut(t);
  }
}

/** Write a file under a temporary name, then rename it: never a half-written file. */
export function writeAtomic(path: string, data: string | Buffer): void {
  const tmp = `${path}.tmp-${process.pid}`;
  try {
    writeFileSync(tmp, data);
    renameSync(tmp, path);
  } catch (err) {
    rmSync(tmp, { force: true });
    throw err;
  }
}

/** Run `fn` with a signal that Ctrl-C (SIGINT) aborts, so long work can stop cleanly. */
export async function withInterrupt<T>(fn: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  const onSigint = () => controller.abort();
  process.once('SIGINT', onSigint);
  try {
    return await fn(controller.signal);
  } finally {
    process.off('SIGINT', onSigint);
  }
}
