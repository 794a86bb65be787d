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

/** Marks and a stack for the connectivity search, grown to the largest grid seen (no allocation per call). */
let seen = new Uint8Array(0);
let stack = new Int32Array(0);

/** Whether region `k`'s cells are connected (4-neighbours); `size` is the region's cell count. */
export function isConnected(regions: Uint8Array, n: number, k: number, size = n): boolean {
  let start = -1;
  for (let i = 0; i < n * n; i++) if (regions[i] === k) start = i;
  if (start < 0) return size === 0;
  return reaches(regions, n, start, size);
}

/** Whether the region of cell `start` reaches `size` cells through 4-neighbours in it. */
function reaches(regions: Uint8Array, n: number, start: number, size: number): boolean {
  if (seen.length < n * n) {
    seen = new Uint8Array(n * n);
    stack = new Int32Array(n * n);
  }
  neighbours(0, n);
  const table = NEIGHBOURS.get(n)!;
  const k = regions[start];
  // stack[0..count) holds every cell reached (the search pops from the end of the unexplored part).
  let count = 0;
  let next = 0;
  stack[count++] = start;
  seen[start] = 1;
  while (next < count) {
    const around = table[stack[next++]];
    for (let j = 0; j < around.length; j++) {
      const x = around[j];
      if (!seen[x] && regions[x] === k) {
        seen[x] = 1;
        stack[count++] = x;
      }
    }
  }
  for (let i = 0; i < count; i++) seen[stack[i]] = 0;
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

/** In region k's cell list (kept in cell order), cell `out` gives way to cell `into`. */
function swapMember(members: Int32Array, n: number, k: number, out: number, into: number): void {
  let m = k * n;
  while (members[m] !== out) m++;
  // Slide toward where `into` belongs.
  while (m > k * n && members[m - 1] > into) {
    members[m] = members[m - 1];
    m--;
  }
  while (m < k * n + n - 1 && members[m + 1] < into) {
    members[m] = members[m + 1];
    m++;
  }
  members[m] = into;
}

/**
 * A random layout of N connected regions of N cells: from the boxes (or the rows, for a size
 * without a box shape), cells are traded between neighbouring regions, one for one, each
 * trade kept only when both regions stay connected.
 */
export function randomRegions(n: number, rng: Rng, trades = n * n * 4): Uint8Array {
  const regions = BOXES[n] ? boxRegions(n, BOXES[n]) : Uint8Array.from({ length: n * n }, (_, i) => Math.floor(i / n));
  neighbours(0, n);
  const table = NEIGHBOURS.get(n)!;
  // The cells of each region in cell order (members[k * n ..]), kept as trades move them.
  const members = new Int32Array(n * n);
  const filled = new Int32Array(n);
  for (let i = 0; i < n * n; i++) members[regions[i] * n + filled[regions[i]]++] = i;
  /** The cells of B next to A, in cell order (drawn from as rng.pick draws from an array). */
  const back = new Int32Array(n);
  const around = new Int32Array(4);
  let done = 0;
  for (let attempt = 0; done < trades || repeatsLine(regions, n); attempt++) {
    if (attempt > trades * 20) break;
    const a = rng.below(n * n);
    const A = regions[a];
    // The neighbours of a in other regions, one drawn (as rng.pick draws from them in order).
    let others = 0;
    for (const x of table[a]) if (regions[x] !== A) around[others++] = x;
    if (others === 0) continue;
    const b = around[rng.below(others)];
    const B = regions[b];
    // a moves to B; some cell of B next to A (not a) moves to A.
    regions[a] = B;
    let count = 0;
    for (let m = B * n; m < B * n + n; m++) {
      const i = members[m];
      const next = table[i];
      for (let j = 0; j < next.length; j++) {
        if (regions[next[j]] === A) {
          back[count++] = i;
          break;
        }
      }
    }
    if (count === 0) {
      regions[a] = A;
      continue;
    }
    const c = back[rng.below(count)];
    regions[c] = A;
    if (reaches(regions, n, c, n) && reaches(regions, n, a, n)) {
      done++;
      swapMember(members, n, A, a, c);
      swapMember(members, n, B, c, a);
    } else {
      regions[c] = B;
      regions[a] = A;
    }
  }
  return regions;
}
