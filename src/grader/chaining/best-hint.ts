/**
 * Picking which of many chaining deductions to report: the easiest (lowest rating, length
 * included), then the one resting on fewer potentials, then by kind (cycles, then forcing
 * chains, then double, cell, region and contradiction forcing chains), then the first found.
 * The search offers each deduction in the order it finds them; only an improvement is kept
 * (and only then is its explanation built).
 */
import type { CellDigit, Step } from '../technique.js';
import type { ImplicationRun } from './implication-run.js';

/**
 * Takes every deduction of a search instead of the best one (nested forcing chains use all
 * the deductions of their inner search): the branches (runs and nodes), the result, the
 * search's base rating (the sink counts the complexity of the deductions it keeps), and why
 * each branch's assumption holds (`cause`: a unit 0-26, CAUSE_CELL, or -1 for none).
 */
export interface HintSink {
  add(runs: readonly ImplicationRun[], nodes: readonly number[], place: CellDigit[], eliminate: CellDigit[], base: number, sortKey: number, cause: number): void;
}
import { chainDifficulty } from './potential.js';

export class BestHint {
  difficulty = Infinity;
  complexity = 0;
  sortKey = 0;
  /** Position in the reference search order (a search may look in another order). */
  seq = 0;
  step: Step | null = null;
  /** When set, every deduction offered goes there and none is kept. */
  sink: HintSink | null = null;
  /** The last bound computed (for the best identified by its seq), reused while unchanged. */
  private boundFor = -1;
  /** Counts the improvements kept. */
  private version = 0;
  private boundBase = 0;
  private boundKey = 0;
  private boundCeiling = 0;
  private bound = 0;

  /**
   * Whether a deduction with these keys beats the best so far; on a full tie the one earlier
   * in the reference order wins (by default the order of offering).
   */
  beats(difficulty: number, complexity: number, sortKey: number, seq = Infinity): boolean {
    if (difficulty !== this.difficulty) return difficulty < this.difficulty;
    if (complexity !== this.complexity) return complexity < this.complexity;
    if (sortKey !== this.sortKey) return sortKey < this.sortKey;
    return seq < this.seq;
  }

  /**
   * The largest complexity a deduction of this base rating and kind may have and still beat
   * the best so far (0 when none can): searches stop going deeper than that.
   */
  maxComplexity(base: number, sortKey: number, ceiling = 100000): number {
    if (this.step === null) return ceiling;
    if (this.boundFor === this.version && this.boundBase === base && this.boundKey === sortKey && this.boundCeiling === ceiling) return this.bound;
    let cx = 0;
    while (cx < ceiling && this.beats(chainDifficulty(base, cx + 1), cx + 1, sortKey)) cx++;
    this.boundFor = this.version;
    this.boundBase = base;
    this.boundKey = sortKey;
    this.boundCeiling = ceiling;
    this.bound = cx;
    return cx;
  }

  keep(difficulty: number, complexity: number, sortKey: number, step: Step, seq = 0): void {
    this.version++;
    this.seq = seq;
    this.difficulty = difficulty;
    this.complexity = complexity;
    this.sortKey = sortKey;
    this.step = step;
  }
}
