import { describe, expect, it } from 'vitest';
import { Rng } from '../../src/core/rng.js';
import { hasSymmetry } from '../../src/core/symmetry.js';
import { FILLS } from '../../src/generator/fill.js';
import { digPlanted, plantPlan } from '../../src/generator/plant.js';
import { countSolutions } from '../../src/solver/solver.js';

const rowOf = (c: number) => Math.floor(c / 9);
const colOf = (c: number) => c % 9;

describe('planting a fish', () => {
  it.each([
    ['x-wing', 2],
    ['swordfish', 3],
    ['jellyfish', 4],
  ] as const)('%s: base lines whose digit lies in the cover lines, every cell of the digit and of the cover lines first, the base lines\' other cells last', (technique, n) => {
    for (let k = 0; k < 20; k++) {
      const rng = new Rng(`plant-${technique}-${k}`);
      const solution = FILLS.diagonal(rng);
      const plan = plantPlan(technique, solution, rng)!;
      const first = new Set(plan.first);
      // The base lines are the lines holding the last cells: rows or columns.
      const byRow = new Set(plan.last.map(rowOf)).size === n;
      const line = byRow ? rowOf : colOf;
      const across = byRow ? colOf : rowOf;
      const base = [...new Set(plan.last.map(line))];
      expect(base).toHaveLength(n);
      expect(plan.last).toHaveLength(n * (9 - n));
      // Each base line leaves n cells out of `last`, all in the same n cover lines.
      const cover = new Set<number>();
      const open = base.map((b) => [...Array(81).keys()].filter((c) => line(c) === b && !plan.last.includes(c)));
      for (const cells of open) {
        expect(cells).toHaveLength(n);
        for (const c of cells) cover.add(across(c));
      }
      expect(cover.size).toBe(n);
      // The fish's digit: every cell holding it comes first, and each base line holds it in a cover line.
      const digits = [1, 2, 3, 4, 5, 6, 7, 8, 9].filter((v) => solution.every((w, c) => w !== v || first.has(c)) && open.every((cells) => cells.some((c) => solution[c] === v)));
      expect(digits).toHaveLength(1);
      const [d] = digits;
      for (let c = 0; c < 81; c++) {
        if (solution[c] === d) expect(first.has(c)).toBe(true);
        if (cover.has(across(c))) expect(first.has(c)).toBe(true);
        if (first.has(c)) expect(solution[c] === d || cover.has(across(c))).toBe(true);
      }
    }
  });

  it('digging in the plan\'s order tries the first cells first, keeps the last cells while held, and stays unique and symmetric', () => {
    const rng = new Rng('plant-dig');
    const solution = FILLS.diagonal(rng);
    const plan = plantPlan('x-wing', solution, rng)!;
    // Each call of `allowed` sees one more orbit blanked: the order digging tried them in.
    const tried: number[][] = [];
    const allowed = (p: Uint8Array) => {
      tried.push([...p.keys()].filter((c) => p[c] === 0 && !tried.some((o) => o.includes(c))));
      return true;
    };
    const held = digPlanted(solution.slice(), solution, 'none', allowed, rng, plan, () => true);
    expect(countSolutions(held, 2)).toBe(1);
    const first = new Set(plan.first);
    const last = new Set(plan.last);
    // Orbits holding a first cell were tried before all others; orbits holding a last cell and no first cell never.
    const kinds = tried.map((o) => (o.some((c) => first.has(c)) ? 0 : o.some((c) => last.has(c)) ? 2 : 1));
    expect(kinds.indexOf(1)).toBeGreaterThan(0);
    expect(kinds.lastIndexOf(0)).toBeLessThan(kinds.indexOf(1));
    expect(kinds).not.toContain(2);
    for (const c of plan.last) expect(held[c]).toBe(solution[c]);
    // Not held: the last cells are dug too, down to a minimal puzzle.
    const free = digPlanted(solution.slice(), solution, 'rotational', () => true, rng, plan);
    expect(countSolutions(free, 2)).toBe(1);
    expect(hasSymmetry(free, 'rotational')).toBe(true);
    expect(plan.last.some((c) => free[c] === 0)).toBe(true);
    // An `allowed` that refuses everything changes nothing.
    const none = digPlanted(solution.slice(), solution, 'none', () => false, rng, plan);
    expect([...none]).toEqual([...solution]);
  });

  it('with a clue symmetry, the plan shares as few orbits between its first and last cells as any fish in the grid', () => {
    const rng = new Rng('plant-symmetric');
    const solution = FILLS.diagonal(rng);
    const shared = (plan: { first: readonly number[]; last: readonly number[] }) => plan.last.filter((c) => plan.first.includes(80 - c)).length;
    const symmetric = plantPlan('swordfish', solution, rng, 'rotational')!;
    const drawn = Array.from({ length: 30 }, () => shared(plantPlan('swordfish', solution, rng)!));
    expect(shared(symmetric)).toBeLessThanOrEqual(Math.min(...drawn));
    expect(Math.max(...drawn)).toBeGreaterThan(shared(symmetric));
  });

  it('unique-loop: a rectangle over two boxes, a and b on three corners, its corners and the fourth corner\'s row and column places of a first, the rest of the first row and column last', () => {
    for (let k = 0; k < 20; k++) {
      const rng = new Rng(`plant-rectangle-${k}`);
      const solution = FILLS.diagonal(rng);
      const plan = plantPlan('unique-loop', solution, rng)!;
      const [p, q, r, s] = plan.first;
      const row = (c: number) => Math.floor(c / 9);
      const col = (c: number) => c % 9;
      const box = (c: number) => 3 * Math.floor(row(c) / 3) + Math.floor(col(c) / 3);
      // p q / r s: two rows, two columns, two boxes.
      expect([row(p) === row(q), row(r) === row(s), col(p) === col(r), col(q) === col(s)]).toEqual([true, true, true, true]);
      expect(new Set([p, q, r, s].map(box)).size).toBe(2);
      const [a, b] = [solution[p], solution[q]];
      expect(solution[r]).toBe(b);
      expect(solution[s]).not.toBe(a);
      // The other first cells hold a, in s's row or column.
      for (const c of plan.first.slice(4)) {
        expect(solution[c]).toBe(a);
        expect(row(c) === row(s) || col(c) === col(s)).toBe(true);
      }
      // Last: the rest of p's row and column, so only a and b are left for p, q and r.
      expect([...plan.last].sort((x, y) => x - y)).toEqual([...Array(81).keys()].filter((c) => (row(c) === row(p) || col(c) === col(p)) && ![p, q, r].includes(c) && !plan.first.includes(c)));
    }
    // With a clue symmetry the rectangle is not planted.
    const rng = new Rng('plant-rectangle-symmetric');
    expect(plantPlan('unique-loop', FILLS.diagonal(rng), rng, 'rotational')).toBeNull();
  });

  it('techniques without a plan are dug as before', () => {
    const rng = new Rng('plant-none');
    expect(plantPlan('xy-wing', FILLS.diagonal(rng), rng)).toBeNull();
  });
});
