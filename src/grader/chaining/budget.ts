/**
 * The work limit of a chaining search. Every potential processed costs one unit; when the
 * puzzle's total passes the limit the search stops at once (by throwing StopSearch, caught by
 * the producer, which then reports the limit in words and finds nothing).
 */
import type { FindContext } from '../technique.js';

export class StopSearch extends Error {
  constructor(readonly reason: string) {
    super(reason);
  }
}

/** Used when a producer is called without a context: generous, but not endless. */
export const DEFAULT_MAX_WORK = 50_000_000;
export const DEFAULT_MAX_LEVEL = 4;

export class Budget {
  work: number;
  constructor(
    readonly ctx: FindContext | undefined,
    readonly maxWork: number = ctx ? ctx.maxWork : DEFAULT_MAX_WORK,
  ) {
    this.work = ctx ? ctx.work : 0;
  }

  /** Spend `n` units; stop the search when past the limit. */
  spend(n: number): void {
    this.work += n;
    if (this.work > this.maxWork) throw new StopSearch(`work limit of ${this.maxWork} implications`);
  }

  /** Write the work spent back to the context. */
  settle(): void {
    if (this.ctx) this.ctx.work = this.work;
  }
}
