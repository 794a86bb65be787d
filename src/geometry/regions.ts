/**
 * Jigsaw regions: a layout of N connected regions of N cells each, made at random from a
 * seed, or checked when given.
 */
import type { Rng } from '../core/rng.js';
import { BOXES, boxRegions } from './geometry.js';

const NEIGHBOURS = new Map<number, number[][]>();

/** The cells next to `cell` (up, down, left, right); the lists are made once per size. */
export function neighbours(cell: number, n: number): readonly number[] {
  let table = NEIGHBOURS.get(n);
  if (!table) NEIGHBOURS.set(n, (table = Array.from({ length: n * n }, (_, c) => neighboursOf(c, n))));
  return table[cell];
}

function neighboursOf(cell: number, n: number): number[] {
  const r = Math.floor(cell / n);
  const c = cell % n;
  const out: number[] = [];
  if (r > 0) out.push(cell - n);
  if (r < n - 1) out.push(cell + n);
  if (c > 0) out.push(cell - 1);
  if (c < n - 1) out.push(cell + 1);
  return out;
}

/** Whether region `k`'s cells are connected (4-neighbours); `size` is the region's cell count. */
export function isConnected(regions: Uint8Array, n: number, k: number, size = n): boolean {
  let start = -1;
  for (let i = 0; i < n * n; i++) if (regions[i] === k) start = i;
  if (start < 0) return size === 0;
  const seen = new Uint8Array(n * n);
  const stack = [start];
  seen[start] = 1;
  let count = 0;
  while (stack.length) {
    const c = stack.pop()!;
    count++;
    for (const x of neighbours(c, n)) {
      if (!seen[x] && regions[x] === k) {
        seen[x] = 1;
        stack.push(x);
      }
    }
  }
  return count === size;
}

/** Whether some region is a whole row or column (a layout that repeats a unit). */
function repeatsLine(regions: Uint8Array, n: number): boolean {
  for (let line = 0; line < n; line++) {
    let row = true;
    let col = true;
    for (let k = 1; k < n; k++) {
      if (regions[line * n + k] !== regions[line * n]) row = false;
      if (regions[k * n + line] !== regions[line]) col = false;
    }
    if (row || col) return true;
  }
  return false;
}

/**
 * A random layout of N connected regions of N cells: from the boxes (or the rows, for a size
 * without a box shape), cells are traded between neighbouring regions, one for one, each
 * trade kept only when both regions stay connected.
 */
export function randomRegions(n: number, rng: Rng, trades = n * n * 4): Uint8Array {
  const regions = BOXES[n] ? boxRegions(n, BOXES[n]) : Uint8Array.from({ length: n * n }, (_, i) => Math.floor(i / n));
  let done = 0;
  for (let attempt = 0; done < trades || repeatsLine(regions, n); attempt++) {
    if (attempt > trades * 20) break;
    const a = rng.below(n * n);
    const around = neighbours(a, n).filter((x) => regions[x] !== regions[a]);
    if (around.length === 0) continue;
    const b = rng.pick(around);
    const A = regions[a];
    const B = regions[b];
    // a moves to B; some cell of B next to A (not a) moves to A.
    regions[a] = B;
    const back: number[] = [];
    for (let i = 0; i < n * n; i++) if (regions[i] === B && i !== a && neighbours(i, n).some((x) => regions[x] === A)) back.push(i);
    if (back.length === 0) {
      regions[a] = A;
      continue;
    }
    const c = rng.pick(back);
    regions[c] = A;
    if (isConnected(regions, n, A) && isConnected(regions, n, B)) {
      done++;
    } else {
      regions[c] = B;
      regions[a] = A;
    }
  }
  return regions;
}
