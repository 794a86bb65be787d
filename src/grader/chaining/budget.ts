/**
 * The work limit of a chaining search. Every potential processed costs one unit; when the
 * puzzle's total passes the limit the search stops at once (by throwing StopSearch, caught by
 * the producer, which then reports the limit in words and finds nothing).
 *
 * Two limits meet here: the puzzle's whole budget (`maxWork`) and, once the puzzle has needed
 * nested forcing chains, the budget left for the rest of it (`nestedFrom + maxNestedWork`);
 * the smaller one is in force.
 */
import type { FindContext } from '../technique.js';
import { DEFAULT_MAX_WORK } from './kinds.js';

export class StopSearch extends Error {
  constructor(readonly reason: string) {
    super(reason);
  }
}


export class Budget {
  work: number;
  /** The total `work` may reach before the search stops. */
  readonly maxWork: number;
  /** Whether the nested limit is the one in force. */
  private readonly nested: boolean;

  constructor(readonly ctx: FindContext | undefined) {
    this.work = ctx ? ctx.work : 0;
    const whole = ctx ? ctx.maxWork : DEFAULT_MAX_WORK;
    const nestedEnd = ctx && ctx.nestedFrom !== undefined && ctx.maxNestedWork !== undefined ? ctx.nestedFrom + ctx.maxNestedWork : Infinity;
    this.nested = nestedEnd < whole;
    this.maxWork = this.nested ? nestedEnd : whole;
  }

  /** Spend `n` units; stop the search when past the limit. */
  spend(n: number): void {
    this.work += n;
    if (this.work > this.maxWork) throw new StopSearch(this.reason());
  }

  /** Which limit stopped the search, in words. */
  reason(): string {
    return this.nested && this.ctx
      ? `nested forcing chain work limit of ${this.ctx.maxNestedWork} implications`
      : `work limit of ${this.ctx ? this.ctx.maxWork : DEFAULT_MAX_WORK} implications`;
  }

  /** Write the work spent back to the context. */
  settle(): void {
    if (this.ctx) this.ctx.work = this.work;
  }
}
