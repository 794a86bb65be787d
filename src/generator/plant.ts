/**
 * Planting a technique's pattern in a complete grid before digging (generate --needs): the
 * plan says which cells are blanked first (the pattern's cells, so the pattern is open when
 * singles and easier techniques stall) and which last (the cells whose clues confine the
 * pattern, so they stay while the rest is dug). Digging then goes in that order: the first
 * orbits, the others in random order, the last ones; each blank is kept only while the puzzle
 * stays unique and allowed, as always. Planting only steers: the grader decides whether the
 * puzzle needs the technique.
 */
import type { Grid } from '../core/grid.js';
import type { Rng } from '../core/rng.js';
import { orbitsOf, type Symmetry } from '../core/symmetry.js';
import { digInOrder, type Allowed } from './bucket.js';
import { orbitIndex } from './dig.js';

/** Where a pattern goes in a grid: cells to blank first and cells to keep as clues as long as possible. */
export interface Plan {
  first: readonly number[];
  last: readonly number[];
}

/** Size of the basic fish, by technique. */
const FISH_SIZE: Record<string, number> = { 'x-wing': 2, swordfish: 3, jellyfish: 4 };

/**
 * A basic fish of size n on a digit d: n base lines (rows, or columns) whose cells holding d
 * lie in n cover lines. Blanked first: every cell holding d (so d stays unplaced in nearly
 * every line, or a smaller fish on the other lines would take its eliminations first), the
 * base lines' cells in the cover lines (d has two places or more in each base line), and the
 * cover lines' cells outside the base lines (where d is left to remove). Kept last: the base
 * lines' other cells, whose clues keep d out of them.
 */
function fishPlan(n: number, solution: Grid, d: number, byRow: boolean, base: readonly number[]): Plan {
  const at = (line: number, k: number) => (byRow ? 9 * line + k : 9 * k + line);
  const cover = base.map((line) => [...Array(9).keys()].find((k) => solution[at(line, k)] === d)!);
  const first: number[] = [];
  const last: number[] = [];
  for (let c = 0; c < 81; c++) if (solution[c] === d) first.push(c);
  for (let line = 0; line < 9; line++) {
    for (let k = 0; k < 9; k++) {
      if (cover.includes(k)) first.push(at(line, k));
      else if (base.includes(line)) last.push(at(line, k));
    }
  }
  return { first, last };
}

/** How many orbits hold both a first and a last cell of the plan (those the plan cannot keep), by `orbitOf`. */
function clashes(plan: Plan, orbitOf: Int8Array): number {
  const marks = new Uint8Array(81);
  for (const c of plan.first) marks[orbitOf[c]] = 1;
  let k = 0;
  for (const c of plan.last) if (marks[orbitOf[c]] === 1) (marks[orbitOf[c]] = 3), k++;
  return k;
}

/** The plans with the fewest clashes for the last grid asked about (a candidate plans again on the same grid). */
let fewestFor: { solution: Grid; technique: string; symmetry: Symmetry; plans: Plan[] } | null = null;

/**
 * The plan for planting `technique` in `solution`; null when the technique is not planted.
 * With a clue symmetry, the plan is drawn among those whose first and last cells share the
 * fewest orbits (a fish whose digit and lines the symmetry maps onto themselves shares none).
 */
export function plantPlan(technique: string, solution: Grid, rng: Rng, symmetry: Symmetry = 'none'): Plan | null {
  const size = FISH_SIZE[technique];
  if (!size) return null;
  if (symmetry === 'none') return fishPlan(size, solution, 1 + rng.below(9), rng.below(2) === 0, rng.permutation(9).slice(0, size));
  if (fewestFor?.solution !== solution || fewestFor.technique !== technique || fewestFor.symmetry !== symmetry) {
    const orbitOf = orbitIndex(orbitsOf(symmetry));
    let plans: Plan[] = [];
    let fewest = Infinity;
    for (let d = 1; d <= 9; d++) {
      for (const byRow of [true, false]) {
        for (const base of subsets(size)) {
          const plan = fishPlan(size, solution, d, byRow, base);
          const k = clashes(plan, orbitOf);
          if (k < fewest) [plans, fewest] = [[], k];
          if (k === fewest) plans.push(plan);
        }
      }
    }
    fewestFor = { solution, technique, symmetry, plans };
  }
  return rng.pick(fewestFor.plans);
}

/** The n-subsets of 0..8. */
function subsets(n: number, from = 0): number[][] {
  if (n === 0) return [[]];
  const out: number[][] = [];
  for (let i = from; i <= 9 - n; i++) for (const rest of subsets(n - 1, i + 1)) out.push([i, ...rest]);
  return out;
}

/**
 * Dig a unique puzzle in the plan's order: the orbits holding a first cell (random order
 * among them), then those holding neither, then those holding a last cell (skipped while
 * `hold()` says so); each blank kept only while the puzzle stays unique and `allowed`.
 */
export function digPlanted(puzzle: Grid, solution: Grid, symmetry: Symmetry, allowed: Allowed, rng: Rng, plan: Plan, hold: () => boolean = () => false): Grid {
  const first = new Set(plan.first);
  const last = new Set(plan.last);
  const groups: (readonly number[])[][] = [[], [], []];
  for (const orbit of orbitsOf(symmetry)) {
    if (puzzle[orbit[0]] === 0) continue;
    groups[orbit.some((c) => first.has(c)) ? 0 : orbit.some((c) => last.has(c)) ? 2 : 1].push(orbit);
  }
  const held = new Set(groups[2]);
  return digInOrder(puzzle, solution, groups.flatMap((g) => rng.shuffle(g)), allowed, (o) => !(held.has(o) && hold()));
}
