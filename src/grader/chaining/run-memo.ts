/**
 * What a rule asked inside a chain found, kept per run grid. When a dynamic run has nothing
 * left to follow, what the rules asked then find (the level-1 rules, a nested search) depends
 * only on the run's grid: its starting candidates, its candidates now (every candidate it made
 * off is struck by then) and the placed digits. The same grid comes back often (the runs of
 * levels 1 to 3 are the same until the lower level stops, and runs from different assumptions
 * meet), so each is searched once. Exact: entries are compared in full; `kind` tells the
 * searches sharing one memo apart. A search taken from the memo costs the work it cost when it
 * was made (its users store that with the value), so the work a puzzle spends, and with it
 * where a limit stops it, is the same as without the memo, whatever was graded before in the
 * process: the memo changes the time, never a result (test/grader/chaining/run-memo.test.ts).
 */
import type { ImplicationRun } from './implication-run.js';

interface Entry<T> {
  kind: number;
  source: Uint16Array;
  cands: Uint16Array;
  values: Uint8Array;
  value: T;
}

function same(a: ArrayLike<number>, b: ArrayLike<number>): boolean {
  for (let i = 0; i < 81; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** Whether the memos keep anything (off: every search is made afresh; for tests and benchmarks). */
let enabled = true;

/** Turn every run memo on or off (off: nothing is read or kept; what they hold stays). */
export function useRunMemos(on: boolean): void {
  enabled = on;
}

export class RunMemo<T> {
  private readonly map = new Map<number, Entry<T>[]>();
  private size = 0;

  /**
   * Forgets everything when its entries weigh `limit` (an entry weighs 1 plus the findings it
   * holds: the inner searches of level 4 keep a hundred and more each, so memory stays bounded).
   */
  constructor(private readonly limit: number) {}

  /** The key of the run's grid for `kind` (pass it to `get` and `set`). */
  hash(kind: number, run: ImplicationRun): number {
    const { cands, source, values } = run;
    let h = Math.imul(0x811c9dc5 ^ kind, 0x01000193);
    for (let c = 0; c < 81; c++) h = Math.imul(h ^ cands[c] ^ (source[c] << 9) ^ (values[c] << 18), 0x01000193);
    return h;
  }

  get(h: number, kind: number, run: ImplicationRun): T | undefined {
    if (!enabled) return undefined;
    const list = this.map.get(h);
    if (!list) return undefined;
    for (const e of list) if (e.kind === kind && same(e.cands, run.cands) && same(e.source, run.source) && same(e.values, run.values)) return e.value;
    return undefined;
  }

  set(h: number, kind: number, run: ImplicationRun, value: T, findings: number): void {
    if (!enabled) return;
    if (this.size >= this.limit) {
      this.map.clear();
      this.size = 0;
    }
    const entry = { kind, source: run.source.slice(), cands: run.cands.slice(), values: run.values.slice(), value };
    const list = this.map.get(h);
    if (list) list.push(entry);
    else this.map.set(h, [entry]);
    this.size += 1 + findings;
  }
}
