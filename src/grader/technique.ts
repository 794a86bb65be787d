/**
 * The technique interface. A technique looks at a candidate state and reports one deduction
 * (a Step) or null; it never changes the state. Many keep memo state between calls (where
 * their last search found nothing, scratch arrays: changes-since-nothing.ts), which never
 * changes what they report: the same state gives the same step.
 */
import { cellName } from '../core/units.js';
import type { Candidates } from './candidates.js';

/** [cell 0-80, digit 1-9] */
export type CellDigit = [number, number];

/** What a step's pattern is made of, for highlighting and diagrams (never parse `explain`). */
export interface StepPattern {
  /** Cells that make the pattern (pincers, fish corners, subset cells, chain nodes...). */
  cells: number[];
  /** Candidates [cell, digit] that form the pattern (to mark; eliminations are NOT here). */
  candidates: CellDigit[];
  /** Units the pattern lives in (0-8 rows, 9-17 columns, 18-26 boxes), when it has any. */
  units?: number[];
  /** Digits the pattern is about ("X-wing on 7" -> [7]), when it is about some. */
  digits?: number[];
  /** Chains: links between candidates in chain order; strong = "=" (off -> on), weak = "-". */
  links?: { from: CellDigit; to: CellDigit; strong: boolean }[];
}

export interface Step {
  technique: string;
  /** Digits this step places (singles). */
  place: CellDigit[];
  /** Candidates this step removes. */
  eliminate: CellDigit[];
  /** One sentence a person can follow, cells named r1c1..r9c9. */
  explain: string;
  /**
   * This step's difficulty on the Sudoku Explainer scale (ER), modifiers included (a chain's
   * length, a hidden single in a box or a line). Absent: the technique's weight.
   */
  rating?: number;
  /** The cells, candidates, units, digits (and links, for chains) the step's pattern is made of. */
  pattern?: StepPattern;
}

/**
 * What the grading loop hands each technique besides the candidates: a shared work counter
 * for the expensive searches (chains, forcing chains), so one puzzle cannot take forever.
 * A technique that spends past `maxWork` stops, returns null and names the limit in `stopped`.
 */
export interface FindContext {
  /** Work units spent so far on this puzzle (each technique counts what it considers costly). */
  work: number;
  /** Most work units allowed for one puzzle. */
  maxWork: number;
  /** Deepest nesting level of forcing chains allowed (0 = none nested). */
  maxLevel: number;
  /**
   * Most work units a puzzle may spend, every technique included, from the first time it needs
   * nested forcing chains (level 2 and up) on; absent: no limit of its own.
   */
  maxNestedWork?: number;
  /** `work` when nested forcing chains were first asked for; set by the first nested producer. */
  nestedFrom?: number;
  /** Set by a technique that stopped on a limit: which one, in words. */
  stopped?: string;
}

/**
 * How a technique's steps are rated, declared next to its finder:
 * - `fixed`: every step rates the technique's weight;
 * - `bounded`: steps rate from the weight up to `highest` (modifiers known in advance: a
 *   hidden single in a line, a grouped strong link, the size of a wing's biggest cell);
 * - `grows`: steps rate from the weight up with the pattern's size or the chain's length,
 *   with no bound worth stating in advance.
 */
export type RatingFacts = { readonly kind: 'fixed' } | { readonly kind: 'bounded'; readonly highest: number } | { readonly kind: 'grows' };

/** Every step rates the technique's weight. */
export const FIXED: RatingFacts = Object.freeze({ kind: 'fixed' });
/** Steps rate from the weight up, growing with size or length. */
export const GROWS: RatingFacts = Object.freeze({ kind: 'grows' });
/** Steps rate from the weight up to `highest`. */
export function upTo(highest: number): RatingFacts {
  return Object.freeze({ kind: 'bounded', highest });
}

export interface Technique {
  /** kebab-case name, as in steps and job files. */
  readonly name: string;
  /** Difficulty weight on Sudoku Explainer's scale (ER): the lowest rating of its steps. */
  readonly weight: number;
  /** How its steps are rated from the weight up. */
  readonly rates: RatingFacts;
  /** Whether it is only sound for puzzles known to have exactly one solution. */
  readonly needsUniqueness?: boolean;
  find(state: Candidates, ctx?: FindContext): Step | null;
}

/** "r1c2, r5c2" */
export function cellList(cells: readonly number[]): string {
  return cells.map(cellName).join(', ');
}

/** "removes 7 from r5c3, r5c6" or "removes 2 from r1c1; 5 from r1c2" */
export function describeEliminations(elims: readonly CellDigit[]): string {
  const byDigit = new Map<number, number[]>();
  for (const [c, d] of elims) byDigit.set(d, [...(byDigit.get(d) ?? []), c]);
  const parts = [...byDigit].sort((a, b) => a[0] - b[0]).map(([d, cells]) => `${d} from ${cellList(cells)}`);
  return `removes ${parts.join('; ')}`;
}

/** "{2,7}" */
export function digitSet(digits: readonly number[]): string {
  return `{${digits.join(',')}}`;
}
