/**
 * The eight symmetries of the N x N square as cell maps, and the clue symmetries (the
 * orbits of cells given or blank together) for any size: the same modes as 9x9 classic.
 */
import type { Symmetry } from '../core/symmetry.js';

/** The eight symmetries of the square: identity, turns by 90°, 180°, 270°, mirrors left-right and top-bottom, the two diagonal reflections. */
export const SQUARE_MAPS: readonly ((r: number, c: number, n: number) => [number, number])[] = [
  (r, c) => [r, c],
  (r, c, n) => [c, n - 1 - r],
  (r, c, n) => [n - 1 - r, n - 1 - c],
  (r, c, n) => [n - 1 - c, r],
  (r, c, n) => [r, n - 1 - c],
  (r, c, n) => [n - 1 - r, c],
  (r, c) => [c, r],
  (r, c, n) => [n - 1 - c, n - 1 - r],
];

/** squareMap(k, n)[cell]: where the k-th symmetry of the square takes a cell. */
export function squareMap(k: number, n: number): Uint16Array {
  const f = SQUARE_MAPS[k];
  return Uint16Array.from({ length: n * n }, (_, i) => {
    const [r, c] = f(Math.floor(i / n), i % n, n);
    return r * n + c;
  });
}

const GROUPS: Record<Symmetry, number[]> = {
  none: [0],
  rotational: [0, 2],
  diagonal: [0, 6],
  mirror: [0, 4],
  dihedral: [0, 1, 2, 3, 4, 5, 6, 7],
};

/** The maps of a clue symmetry's group. */
export function symmetryMaps(symmetry: Symmetry, n: number): Uint16Array[] {
  return GROUPS[symmetry].map((k) => squareMap(k, n));
}

/** The orbits of a clue symmetry on the N x N square. */
export function orbitsFor(symmetry: Symmetry, n: number): number[][] {
  const maps = symmetryMaps(symmetry, n);
  const seen = new Uint8Array(n * n);
  const orbits: number[][] = [];
  for (let start = 0; start < n * n; start++) {
    if (seen[start]) continue;
    const orbit: number[] = [];
    for (const m of maps) {
      const c = m[start];
      if (!seen[c]) {
        seen[c] = 1;
        orbit.push(c);
      }
    }
    orbits.push(orbit.sort((a, b) => a - b));
  }
  return orbits;
}

/** Whether the cell map `m` takes each region onto a region. */
export function mapKeepsRegions(regions: Uint8Array, m: Uint16Array, n: number): boolean {
  const image = new Int16Array(n).fill(-1);
  for (let i = 0; i < n * n; i++) {
    const to = regions[m[i]];
    if (image[regions[i]] < 0) image[regions[i]] = to;
    else if (image[regions[i]] !== to) return false;
  }
  return true;
}
