/**
 * Clue symmetries: which cells must be given or blank together. Each mode is a group of
 * maps on the 81 cells; its orbits are the sets of cells that go together.
 *
 *   none        every cell alone
 *   rotational  180° turn: (r, c) ~ (8-r, 8-c)
 *   diagonal    reflection in the main diagonal: (r, c) ~ (c, r)
 *   mirror      left-right reflection: (r, c) ~ (r, 8-c)
 *   dihedral    all eight rotations and reflections of the square
 */
import type { Grid } from './grid.js';

export const SYMMETRIES = ['none', 'rotational', 'diagonal', 'mirror', 'dihedral'] as const;
export type Symmetry = (typeof SYMMETRIES)[number];

type CellMap = (r: number, c: number) => [number, number];

const GENERATORS: Record<Symmetry, CellMap[]> = {
  none: [],
  rotational: [(r, c) => [8 - r, 8 - c]],
  diagonal: [(r, c) => [c, r]],
  mirror: [(r, c) => [r, 8 - c]],
  dihedral: [
    (r, c) => [c, 8 - r],
    (r, c) => [r, 8 - c],
  ],
};

function buildOrbits(gens: CellMap[]): number[][] {
  const seen = new Uint8Array(81);
  const orbits: number[][] = [];
  for (let start = 0; start < 81; start++) {
    if (seen[start]) continue;
    const orbit = [start];
    seen[start] = 1;
    for (let i = 0; i < orbit.length; i++) {
      const r = Math.floor(orbit[i] / 9);
      const c = orbit[i] % 9;
      for (const g of gens) {
        const [r2, c2] = g(r, c);
        const cell = r2 * 9 + c2;
        if (!seen[cell]) {
          seen[cell] = 1;
          orbit.push(cell);
        }
      }
    }
    orbits.push(orbit.sort((a, b) => a - b));
  }
  return orbits;
}

const ORBITS: Record<Symmetry, readonly (readonly number[])[]> = Object.fromEntries(
  SYMMETRIES.map((s) => [s, Object.freeze(buildOrbits(GENERATORS[s]).map((o) => Object.freeze(o)))]),
) as Record<Symmetry, readonly (readonly number[])[]>;

/** The orbits of a symmetry: sets of cells that are given or blank together. */
export function orbitsOf(symmetry: Symmetry): readonly (readonly number[])[] {
  return ORBITS[symmetry];
}

/** Whether the clue pattern of `puzzle` has the given symmetry. */
export function hasSymmetry(puzzle: Grid, symmetry: Symmetry): boolean {
  for (const orbit of ORBITS[symmetry]) {
    const given = puzzle[orbit[0]] !== 0;
    for (const c of orbit) if ((puzzle[c] !== 0) !== given) return false;
  }
  return true;
}

export function isSymmetry(name: string): name is Symmetry {
  return (SYMMETRIES as readonly string[]).includes(name);
}
