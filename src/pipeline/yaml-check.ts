/**
 * Checking a YAML document node by node, collecting every problem with its file, line,
 * column and key path: "config/book.yaml:12:14 sections[1].count: expected a positive
 * integer, got "ten"".
 */
import { isMap, isScalar, isSeq, LineCounter, parseDocument, type Document, type Node, type Pair } from 'yaml';
import { escapeControls, quoted } from '../core/errors.js';

export class Checker {
  /** Problems found so far, as [source offset, message]. */
  private readonly found: [number, string][] = [];
  readonly doc: Document;
  private readonly lines = new LineCounter();

  constructor(
    readonly file: string,
    text: string,
  ) {
    this.doc = parseDocument(text, { lineCounter: this.lines, prettyErrors: false, uniqueKeys: true });
    for (const e of [...this.doc.errors, ...this.doc.warnings]) {
      // The parser gives the offset of the offending token; name its line and column.
      const { line, col } = this.lines.linePos(e.pos[0]);
      this.found.push([e.pos[0], `${file}:${line}:${col} ${e.message.split('\n')[0]}`]);
    }
  }

  where(node: Node | null | undefined): string {
    const offset = node?.range?.[0] ?? 0;
    const { line, col } = this.lines.linePos(offset);
    return `${this.file}:${line}:${col}`;
  }

  report(node: Node | null | undefined, path: string, message: string): void {
    this.found.push([node?.range?.[0] ?? 0, `${this.where(node)} ${path}: ${message}`]);
  }

  /** Every problem, in the order they stand in the file. */
  get problems(): string[] {
    return [...this.found].sort((a, b) => a[0] - b[0]).map(([, m]) => m);
  }

  /** Mapping entries as [key, value node, pair]; reports unknown keys with a did-you-mean. */
  mapping(node: Node | null | undefined, path: string, known: readonly string[]): Map<string, Node | null> {
    const out = new Map<string, Node | null>();
    if (!isMap(node)) {
      this.report(node, path || '(top level)', `expected a mapping of keys, got ${describe(node)}`);
      return out;
    }
    for (const pair of node.items as Pair<Node, Node | null>[]) {
      const key = isScalar(pair.key) ? String(pair.key.value) : String(pair.key);
      // A key with control characters is shown escaped, never echoed raw to a terminal.
      const shown = escapeControls(key) === key ? key : quoted(key, Infinity);
      const keyPath = path ? `${path}.${shown}` : shown;
      if (!known.includes(key)) {
        const near = closest(key, known);
        this.report(pair.key, keyPath, `unknown key${near ? `; did you mean "${near}"?` : ` (expected one of ${known.join(', ')})`}`);
        continue;
      }
      out.set(key, pair.value ?? null);
    }
    return out;
  }

  sequence(node: Node | null | undefined, path: string): Node[] {
    if (!isSeq(node)) {
      this.report(node, path, `expected a list, got ${describe(node)}`);
      return [];
    }
    return node.items as Node[];
  }

  scalar(node: Node | null | undefined): unknown {
    return isScalar(node) ? node.value : undefined;
  }
}

/** How a node reads in a message: "ten" in quotes for strings, the value for numbers. */
export function describe(node: Node | null | undefined): string {
  if (node === null || node === undefined) return 'nothing';
  if (isMap(node)) return 'a mapping';
  if (isSeq(node)) return 'a list';
  if (isScalar(node)) {
    const v = node.value;
    if (v === null) return 'nothing';
    return typeof v === 'string' ? quoted(v) : String(v);
  }
  return 'something else';
}

function editDistance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) d[0][j] = j;
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++) d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
  return d[a.length][b.length];
}

/** The known name closest to `name`, if it is close enough to be a likely typo. */
export function closest(name: string, known: readonly string[]): string | null {
  let best: string | null = null;
  let bestD = Infinity;
  for (const k of known) {
    const dist = editDistance(name.toLowerCase(), k.toLowerCase());
    if (dist < bestD) {
      bestD = dist;
      best = k;
    }
  }
  return best !== null && bestD <= Math.max(2, Math.floor(best.length / 3)) ? best : null;
}
