/** Reading a puzzle file (or stdin) line by line: the lines every command and the audit read. */
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { UserError } from './errors.js';
import { isSkippedLine } from './grid.js';

export interface SourceLine {
  /** The file name for messages ('<stdin>' for standard input). */
  source: string;
  /** 1-based line number in the file. */
  lineNo: number;
  text: string;
}

export function openSource(file?: string): { source: string; input: NodeJS.ReadableStream } {
  const useStdin = file === undefined || file === '-';
  if (useStdin) return { source: '<stdin>', input: process.stdin };
  if (!existsSync(file)) throw new UserError(`${file}: no such file`);
  if (statSync(file).isDirectory()) throw new UserError(`${file}: is a directory, expected a puzzle file`);
  return { source: file, input: createReadStream(file, { highWaterMark: 1 << 18 }) };
}

/** The puzzle lines of a file, or of stdin when `file` is undefined or '-'; blank and '#' lines skipped. */
export async function* readLines(file?: string): AsyncGenerator<SourceLine> {
  const { source, input } = openSource(file);
  const rl = createInterface({ input, crlfDelay: Infinity });
  let lineNo = 0;
  for await (const text of rl) {
    lineNo++;
    if (!isSkippedLine(text)) yield { source, lineNo, text };
  }
}
