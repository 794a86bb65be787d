/** Reading a puzzle file (or stdin) line by line: the lines every command and the audit read. */
import { createReadStream, statSync } from 'node:fs';
import { quoted, UserError } from './errors.js';
import { fileProblem } from './files.js';
import { isSkippedLine } from './grid.js';

export interface SourceLine {
  /** The file name for messages ('<stdin>' for standard input). */
  source: string;
  /** 1-based line number in the file. */
  lineNo: number;
  text: string;
}

/**
 * The longest line read: a puzzle line is 81 cells and a label, a jsonl record of this tool
 * under 2,000 characters. A longer "line" (a file without line breaks, a binary file) is an
 * error at once, not buffered whole.
 */
export const MAX_LINE = 4096;

export function openSource(file?: string): { source: string; input: NodeJS.ReadableStream } {
  const useStdin = file === undefined || file === '-';
  if (useStdin) return { source: '<stdin>', input: process.stdin };
  let isDir: boolean;
  try {
    isDir = statSync(file).isDirectory();
  } catch (err) {
    throw new UserError(`${file}: ${fileProblem(err, 'file')}`);
  }
  if (isDir) throw new UserError(`${file}: is a directory, expected a puzzle file`);
  return { source: file, input: createReadStream(file, { highWaterMark: 1 << 18 }) };
}

/**
 * Cuts the chunks of a stream into lines (LF or CRLF), numbering them; a line longer than
 * MAX_LINE is a UserError quoting its start, found before more than MAX_LINE characters of it
 * are held.
 */
export class LineCutter {
  private rest = '';
  lineNo = 0;

  constructor(readonly source: string) {}

  /** The complete lines of `chunk` (with what was left of the previous one). */
  *lines(chunk: string): Generator<string> {
    let start = 0;
    for (let end = chunk.indexOf('\n'); end >= 0; end = chunk.indexOf('\n', start)) {
      const raw = this.rest === '' ? chunk.slice(start, end) : this.rest + chunk.slice(start, end);
      this.rest = '';
      start = end + 1;
      yield this.line(raw);
    }
    this.rest += chunk.slice(start);
    if (this.rest.length > MAX_LINE) throw this.tooLong(this.lineNo + 1, this.rest);
  }

  /** The last line, when the input does not end with a line break. */
  *end(): Generator<string> {
    if (this.rest !== '') yield this.line(this.rest);
    this.rest = '';
  }

  private line(raw: string): string {
    this.lineNo++;
    if (raw.length > MAX_LINE) throw this.tooLong(this.lineNo, raw);
    return raw.endsWith('\r') ? raw.slice(0, -1) : raw;
  }

  private tooLong(lineNo: number, text: string): UserError {
    return new UserError(`${this.source}: line ${lineNo}: longer than ${MAX_LINE} characters (a puzzle line has 81 cells and a label); not a puzzle file? it starts ${quoted(text, 40, false)}`);
  }
}

/** The puzzle lines of a file, or of stdin when `file` is undefined or '-'; blank and '#' lines skipped. */
export async function* readLines(file?: string): AsyncGenerator<SourceLine> {
  const { source, input } = openSource(file);
  input.setEncoding?.('utf8');
  const cut = new LineCutter(source);
  const take = (text: string) => (isSkippedLine(text) ? null : { source, lineNo: cut.lineNo, text });
  for await (const chunk of input as AsyncIterable<string>) {
    for (const text of cut.lines(chunk)) {
      const line = take(text);
      if (line) yield line;
    }
  }
  for (const text of cut.end()) {
    const line = take(text);
    if (line) yield line;
  }
}
