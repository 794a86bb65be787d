/**
 * The chaining kinds, one table: every producer of the engine (Sudoku Explainer's chaining
 * slots, in the order the grader asks them) with its search mode, its nesting level and, for
 * level 4, the level of the chains nested inside it. Its base rating follows from mode and
 * level (`baseRating`); a step adds the length addition of potential.ts to it. producers.ts
 * makes one `Technique` per row; the nested searches build their inner kinds from the same
 * rating function; the grader's default limits are the constants below.
 *
 * Modes:
 * - `unary`: cycles and single forcing chains on a grid that does not change (unary-chains.ts);
 * - `nishio`: one digit's contradictions, dynamic (multiple-chains.ts, digit links only);
 * - `multiple`: cell and region forcing chains on a grid that does not change;
 * - `dynamic`: contradiction, double, cell and region forcing chains, each assumption striking
 *   candidates as it goes; from level 1 on, helped when stuck by the level-1 rules (level 1,
 *   advanced-rules.ts) or by whole forcing-chain searches (levels 2-4, nested-rules.ts).
 */

export type ChainMode = 'unary' | 'nishio' | 'multiple' | 'dynamic';

export interface ChainingKindSpec {
  /** The producer's name (registry and step logs). */
  readonly name: string;
  readonly mode: ChainMode;
  /** 0: plain; 1: with the level-1 rules inside; 2-4: with forcing chains nested inside. */
  readonly level: number;
  /** Level 4 only: the level (0-3) of the dynamic forcing chains nested inside. */
  readonly inner?: number;
}

export const CHAINING_KINDS: readonly ChainingKindSpec[] = Object.freeze([
  { name: 'forcing-chain-cycle', mode: 'unary', level: 0 },
  { name: 'nishio', mode: 'nishio', level: 0 },
  { name: 'multiple-forcing-chain', mode: 'multiple', level: 0 },
  { name: 'dynamic-forcing-chain', mode: 'dynamic', level: 0 },
  { name: 'dynamic-forcing-chain-plus', mode: 'dynamic', level: 1 },
  // Sudoku Explainer's "advanced" slots: forcing chains (2), then cell and region chains too (3).
  { name: 'nested-forcing-chain', mode: 'dynamic', level: 2 },
  { name: 'nested-multiple-forcing-chain', mode: 'dynamic', level: 3 },
  // Its "experimental" slots: dynamic forcing chains of level 0 to 3 nested inside.
  { name: 'nested-dynamic-forcing-chain', mode: 'dynamic', level: 4, inner: 0 },
  { name: 'nested-dynamic-forcing-chain-plus', mode: 'dynamic', level: 4, inner: 1 },
  { name: 'doubly-nested-forcing-chain', mode: 'dynamic', level: 4, inner: 2 },
  { name: 'doubly-nested-multiple-forcing-chain', mode: 'dynamic', level: 4, inner: 3 },
] as const);

/**
 * The base rating of a kind: 6.5 for cycles (single forcing chains start at 6.6 and 7.0, see
 * UNARY_PASSES), 7.5 Nishio, 8.0 multiple, 8.5 dynamic; from level 1 on, 8.5 + 0.5 per level.
 */
export function baseRating(mode: ChainMode, level: number): number {
  if (level > 0) return 8.5 + 0.5 * level;
  return mode === 'unary' ? 6.5 : mode === 'nishio' ? 7.5 : mode === 'multiple' ? 8.0 : 8.5;
}

/**
 * The passes of the single-chain search (unary), in the order they run: X links only, Y links
 * only (cells with two candidates), both. Each has its cycle and forcing-chain names and base
 * ratings; the nested searches (levels 2 and 3) run the same passes on their inner grids.
 */
export const UNARY_PASSES = Object.freeze([
  { y: false, x: true, cycleBase: 6.5, chainBase: 6.6, sortKey: 2, cycleName: 'x-cycle', chainName: 'x-chain', label: 'X' },
  { y: true, x: false, cycleBase: 6.5, chainBase: 6.6, sortKey: 3, cycleName: 'y-cycle', chainName: 'y-chain', label: 'Y' },
  { y: true, x: true, cycleBase: 7.0, chainBase: 7.0, sortKey: 4, cycleName: 'xy-cycle', chainName: 'aic', label: 'XY' },
] as const);

/**
 * Limits' defaults (the grader's `DEFAULT_LIMITS`, and a producer asked without a context).
 * Level 4 and 48 million units from the first nested search rate 35 of every 10th puzzle of the
 * forum's hardest list (38; those rated by level 3 need at most 28 million, four of the seven that
 * need level 4 need 18 to 40 million, the other three 59 to 72 million); those three stop at
 * the limit (bench/README.md).
 */
export const DEFAULT_MAX_LEVEL = 4;
export const DEFAULT_MAX_WORK = 100_000_000;
export const DEFAULT_MAX_NESTED_WORK = 48_000_000;

/** The kind named `name` (a row of the table). */
export function chainingKindSpec(name: string): ChainingKindSpec {
  const spec = CHAINING_KINDS.find((k) => k.name === name);
  if (!spec) throw new Error(`no chaining kind ${name}`);
  return spec;
}
