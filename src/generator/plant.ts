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
import { digInOrder, type Allowed, type BlankTest } from './bucket.js';
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

/** Every fish of size n in a grid, as plans. */
function fishPlans(n: number, solution: Grid): Plan[] {
  const plans: Plan[] = [];
  for (let d = 1; d <= 9; d++) for (const byRow of [true, false]) for (const base of subsets(n)) plans.push(fishPlan(n, solution, d, byRow, base));
  return plans;
}

/**
 * Unique rectangles (type 1) in a grid: rows r1, r2 and columns c1, c2 over two boxes whose
 * corners hold a, b / b, x with x not a, so that with x's cell open too the four corners would
 * be a deadly pattern of a and b. Blanked first: the corners and the cells of a in r2's row
 * and c2's column (a stays a candidate in the fourth corner). Kept last: the other cells of
 * r1's row and c1's column, whose clues leave the three corners a and b only.
 */
function rectanglePlans(solution: Grid): Plan[] {
  const plans: Plan[] = [];
  for (let r1 = 0; r1 < 9; r1++) {
    for (let r2 = 0; r2 < 9; r2++) {
      for (let c1 = 0; c1 < 9; c1++) {
        for (let c2 = 0; c2 < 9; c2++) {
          if (r1 === r2 || c1 === c2 || (Math.floor(r1 / 3) === Math.floor(r2 / 3)) === (Math.floor(c1 / 3) === Math.floor(c2 / 3))) continue;
          const a = solution[9 * r1 + c1];
          const b = solution[9 * r1 + c2];
          if (solution[9 * r2 + c1] !== b || solution[9 * r2 + c2] === a) continue;
          const first = [9 * r1 + c1, 9 * r1 + c2, 9 * r2 + c1, 9 * r2 + c2];
          const last: number[] = [];
          for (let k = 0; k < 9; k++) {
            if (solution[9 * r2 + k] === a) first.push(9 * r2 + k);
            if (solution[9 * k + c2] === a) first.push(9 * k + c2);
            if (k !== c1 && k !== c2) last.push(9 * r1 + k);
            if (k !== r1 && k !== r2) last.push(9 * k + c1);
          }
          plans.push({ first, last: last.filter((c) => !first.includes(c)) });
        }
      }
    }
  }
  return plans;
}

/** Every plan of a technique in a grid, by technique. */
const ALL_PLANS: Record<string, (solution: Grid) => Plan[]> = {
  'x-wing': (s) => fishPlans(2, s),
  swordfish: (s) => fishPlans(3, s),
  jellyfish: (s) => fishPlans(4, s),
  'unique-loop': rectanglePlans,
};

/** The plans with the fewest clashes for the last grid asked about (a candidate plans again on the same grid). */
let fewestFor: { solution: Grid; technique: string; symmetry: Symmetry; plans: Plan[] } | null = null;

/**
 * The plan for planting `technique` in `solution`; null when the technique is not planted (or
 * the grid has no place for it). With a clue symmetry only fish are planted, drawn among those
 * whose first and last cells share the fewest orbits (a fish whose digit and lines the
 * symmetry maps onto themselves shares none).
 */
export function plantPlan(technique: string, solution: Grid, rng: Rng, symmetry: Symmetry = 'none'): Plan | null {
  const size = FISH_SIZE[technique];
  if (size && symmetry === 'none') return fishPlan(size, solution, 1 + rng.below(9), rng.below(2) === 0, rng.permutation(9).slice(0, size));
  const all = ALL_PLANS[technique];
  // A rectangle's held row and column, turned by the symmetry, hold twice the clues: unplanted digging does better.
  if (!all || (!size && symmetry !== 'none')) return null;
  if (fewestFor?.solution !== solution || fewestFor.technique !== technique || fewestFor.symmetry !== symmetry) {
    const orbitOf = orbitIndex(orbitsOf(symmetry));
    let plans: Plan[] = [];
    let fewest = Infinity;
    for (const plan of all(solution)) {
      const k = clashes(plan, orbitOf);
      if (k < fewest) [plans, fewest] = [[], k];
      if (k === fewest) plans.push(plan);
    }
    fewestFor = { solution, technique, symmetry, plans };
  }
  return fewestFor.plans.length > 0 ? rng.pick(fewestFor.plans) : null;
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
 * `hold()` says so); each blank kept only while the puzzle stays unique and `allowed` (or as
 * `test` says, when given: digInOrder).
 */
export function digPlanted(puzzle: Grid, solution: Grid, symmetry: Symmetry, allowed: Allowed, rng: Rng, plan: Plan, hold: () => boolean = () => false, test?: BlankTest): Grid {
  const first = new Set(plan.first);
  const last = new Set(plan.last);
  const groups: (readonly number[])[][] = [[], [], []];
  for (const orbit of orbitsOf(symmetry)) {
    if (puzzle[orbit[0]] === 0) continue;
    groups[orbit.some((c) => first.has(c)) ? 0 : orbit.some((c) => last.has(c)) ? 2 : 1].push(orbit);
  }
  const held = new Set(groups[2]);
  return digInOrder(puzzle, solution, groups.flatMap((g) => rng.shuffle(g)), allowed, (o) => !(held.has(o) && hold()), test);
}
