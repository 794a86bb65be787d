/**
 * The one CSV writer (RFC 4180): a field is quoted when it holds a comma, a quote, a line
 * break or leading/trailing spaces, and quotes inside are doubled. Numbers are written as they
 * are, null and undefined as an empty field, objects and lists as JSON.
 */
export type CsvValue = string | number | boolean | null | undefined | object;

export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  const s = typeof value === 'object' ? JSON.stringify(value) : String(value);
  return /[",\r\n]|^\s|\s$/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** One CSV record, without the line break. */
export function csvRow(values: readonly CsvValue[]): string {
  let out = '';
  for (let i = 0; i < values.length; i++) out += (i ? ',' : '') + csvField(values[i]);
  return out;
}

/** A whole CSV text: header and rows, each ending with a line break. */
export function csvText(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  return [header, ...rows].map((r) => csvRow(r) + '\n').join('');
}
