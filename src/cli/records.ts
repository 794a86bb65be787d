/**
 * One output contract for the commands that print puzzles: `--format line` (plain lines),
 * `jsonl` (one JSON object a line) or `csv` (a header, then one quoted record a line); jsonl
 * and csv carry the input line number (`line`) or, for made puzzles, their number.
 */
import { csvRow, type CsvValue } from '../core/csv.js';
import type { Out } from './io.js';

export const LINE_FORMATS = ['line', 'jsonl', 'csv'] as const;
export type LineFormat = (typeof LINE_FORMATS)[number];

export class RecordWriter<R extends Record<string, unknown>> {
  constructor(
    private readonly out: Out,
    private readonly format: string,
    private readonly columns: readonly string[],
    private readonly asLine: (r: R) => string,
  ) {
    if (format === 'csv') void out.line(csvRow(columns));
  }

  write(r: R): Promise<void> | void {
    if (this.format === 'jsonl') return this.out.line(JSON.stringify(r));
    if (this.format === 'csv') return this.out.line(csvRow(this.columns.map((c) => r[c] as CsvValue)));
    return this.out.line(this.asLine(r));
  }
}
