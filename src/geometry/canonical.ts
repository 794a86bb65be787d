/**
 * Canonical forms: one representative of each puzzle's class under the transforms that keep
 * its kind's units, so that equivalent puzzles (isomorphs) compare equal.
 *
 *   classic N x N   bands and stacks permuted, rows within bands and columns within stacks,
 *                   transposition where boxes are square, digits relabelled (9x9 classic:
 *                   today's fast canonical form in src/core/canonical.ts)
 *   x               the row and column permutations that keep both diagonals (the same
 *                   permutation on rows and columns, symmetric about the centre and keeping
 *                   bands; or the columns reversed after it), transposition where boxes are
 *                   square, digits relabelled
 *   jigsaw          the eight symmetries of the square (the regions go with the cells),
 *                   digits relabelled
 *   killer          the symmetries of the square that keep the boxes (the cages go with the
 *                   cells); digits are not relabelled, as the sums fix them
 *
 * The form is the smallest key among the transformed copies: the cells read row by row,
 * digits (and jigsaw regions) relabelled in order of first appearance where relabelling is
 * allowed, a jigsaw's regions and a killer's cages and sums before the cells.
 */
import { UserError } from '../core/errors.js';
import { Geometry, type Cage } from './geometry.js';
import { mapKeepsRegions, squareMap } from './square.js';

export interface CanonicalForm {
  geometry: Geometry;
  puzzle: Uint8Array;
  /** The comparison key: equal exactly for equivalent puzzles. */
  key: string;
}

/** Classic sizes whose canonical form this searches (12x12 and 16x16 groups are too large for it). */
export const CLASSIC_CANONICAL_SIZES = [4, 6, 8];

/** All permutations of 0..k-1. */
function permutations(k: number): number[][] {
  if (k === 0) return [[]];
  const out: number[][] = [];
  for (const p of permutations(k - 1)) for (let i = 0; i <= p.length; i++) out.push([...p.slice(0, i), k - 1, ...p.slice(i)]);
  return out;
}

/** Every line order that keeps groups of `width` consecutive lines together (bands, stacks). */
export function bandPreserving(n: number, width: number): number[][] {
  const groups = n / width;
  const inner = permutations(width);
  const partial: number[][] = [];
  for (const order of permutations(groups)) {
    let lists: number[][] = [[]];
    for (const band of order) lists = lists.flatMap((l) => inner.map((p) => [...l, ...p.map((x) => band * width + x)]));
    partial.push(...lists);
  }
  return partial;
}

/**
 * The line orders symmetric about the centre (p(n-1-i) = n-1-p(i)) that keep groups of each
 * of `widths` (an X puzzle's rows and columns take the same order: it must keep both the
 * bands and the stacks).
 */
export function symmetricBandPreserving(n: number, widths: readonly number[]): number[][] {
  const out: number[][] = [];
  const p = new Array<number>(n).fill(-1);
  const used = new Uint8Array(n);
  const go = (i: number): void => {
    if (i >= Math.ceil(n / 2)) {
      for (const width of widths) {
        for (let k = 0; k < n; k += width) {
          const band = Math.floor(p[k] / width);
          for (let j = k; j < k + width; j++) if (Math.floor(p[j] / width) !== band) return;
        }
      }
      out.push(p.slice());
      return;
    }
    const j = n - 1 - i;
    for (let v = 0; v < n; v++) {
      const w = n - 1 - v;
      if (used[v] || used[w] || (i === j) !== (v === w)) continue;
      // Prune: lines of one band go to one band.
      if (widths.some((w) => i % w !== 0 && Math.floor(v / w) !== Math.floor(p[i - (i % w)] / w))) continue;
      p[i] = v;
      p[j] = w;
      used[v] = used[w] = 1;
      go(i + 1);
      used[v] = used[w] = 0;
    }
    p[i] = p[j] = -1;
  };
  go(0);
  return out;
}

/** Cells relabelled by first appearance ('0' blank) as a string key; `labels` is filled. */
function relabelled(cells: ArrayLike<number>, order: ArrayLike<number>, relabel: boolean, labels: Int8Array): string {
  labels.fill(0);
  let next = 1;
  let s = '';
  for (let i = 0; i < order.length; i++) {
    const v = cells[order[i]];
    let l = v;
    if (relabel && v !== 0) {
      if (labels[v] === 0) labels[v] = next++;
      l = labels[v];
    }
    s += String.fromCharCode(48 + l);
  }
  return s;
}

/** The canonical form of a puzzle of any kind but 9x9 classic (whose form is src/core/canonical.ts's). */
export function canonicalForm(g: Geometry, puzzle: Uint8Array): CanonicalForm {
  if (g.kind === 'jigsaw' || g.kind === 'killer') return squareCanonical(g, puzzle);
  if (!g.box) throw new Error('a boxed geometry expected');
  if (g.kind === 'classic' && !CLASSIC_CANONICAL_SIZES.includes(g.size)) {
    throw new UserError(`no canonical form for ${g.size}x${g.size} classic yet (its transforms are too many to search; sizes ${CLASSIC_CANONICAL_SIZES.join(', ')} and 9 have one)`);
  }
  return lineCanonical(g, puzzle);
}

/** Classic and X: the smallest relabelled reading over the row and column orders (and transposition). */
function lineCanonical(g: Geometry, puzzle: Uint8Array): CanonicalForm {
  const n = g.size;
  const [br, bc] = g.box!;
  // Row orders, and for each the column orders that go with it.
  let rowOrders: number[][];
  let colsFor: (rows: number[]) => number[][];
  if (g.kind === 'x') {
    rowOrders = symmetricBandPreserving(n, [br, bc]);
    colsFor = (p) => [p, p.map((x) => n - 1 - x)];
  } else {
    rowOrders = bandPreserving(n, br);
    const cols = bandPreserving(n, bc);
    colsFor = () => cols;
  }
  const sources = [puzzle];
  if (br === bc) sources.push(Uint8Array.from({ length: n * n }, (_, i) => puzzle[(i % n) * n + Math.floor(i / n)]));
  const labels = new Int8Array(n + 1);
  const out = new Uint8Array(n * n);
  let best: Uint8Array | null = null;
  for (const src of sources) {
    for (const rows of rowOrders) for (const cols of colsFor(rows)) {
      // The reading under rows and cols, relabelled, stopped as soon as it exceeds the best.
      labels.fill(0);
      let next = 1;
      let state = best ? 0 : -1;
      read: for (let r = 0, i = 0; r < n; r++) {
        const base = rows[r] * n;
        for (let c = 0; c < n; c++, i++) {
          const v = src[base + cols[c]];
          let l = 0;
          if (v !== 0) l = labels[v] || (labels[v] = next++);
          out[i] = l;
          if (state === 0) {
            if (l > best![i]) {
              state = 1;
              break read;
            }
            if (l < best![i]) state = -1;
          }
        }
      }
      if (state < 0) best = out.slice();
    }
  }
  let key = '';
  for (const d of best!) key += String.fromCharCode(48 + d);
  return { geometry: g, puzzle: best!, key };
}

/** Jigsaw and killer: the smallest key over the square's symmetries that keep the layout's kind of units. */
function squareCanonical(g: Geometry, puzzle: Uint8Array): CanonicalForm {
  const n = g.size;
  const cells = n * n;
  const labels = new Int8Array(Math.max(n, 1) + 1);
  const identity = Uint16Array.from({ length: cells }, (_, i) => i);
  let bestKey: string | null = null;
  let best: CanonicalForm | null = null;
  for (let k = 0; k < 8; k++) {
    const m = squareMap(k, n);
    // Killer: the boxes must map onto boxes (6x6 boxes are not turned a quarter).
    if (g.box && !mapKeepsRegions(g.regions, m, n)) continue;
    const image = (a: ArrayLike<number>) => {
      const out = new Uint8Array(cells);
      for (let i = 0; i < cells; i++) out[m[i]] = a[i];
      return out;
    };
    const moved = image(puzzle);
    let key: string;
    let geometry: Geometry;
    if (g.kind === 'jigsaw') {
      const regions = image(Uint8Array.from(g.regions, (r) => r + 1));
      const rkey = relabelled(regions, identity, true, labels);
      const newRegions = Uint8Array.from(rkey, (ch) => ch.charCodeAt(0) - 49);
      key = rkey + '|' + relabelled(moved, identity, true, labels);
      geometry = new Geometry({ kind: 'jigsaw', size: n, regions: newRegions, diagonals: g.diagonals });
      const digits = Uint8Array.from(key.slice(cells + 1), (ch) => ch.charCodeAt(0) - 48);
      if (bestKey === null || key < bestKey) (bestKey = key), (best = { geometry, puzzle: digits, key });
      continue;
    }
    const cages: Cage[] = g.cages.map((c) => ({ sum: c.sum, cells: c.cells.map((x) => m[x]).sort((a, b) => a - b) }));
    cages.sort((a, b) => a.cells[0] - b.cells[0]);
    const cageOf = new Uint8Array(cells);
    cages.forEach((c, i) => c.cells.forEach((x) => (cageOf[x] = i + 1)));
    key = relabelled(cageOf, identity, false, labels) + '|' + cages.map((c) => c.sum).join(',') + '|' + relabelled(moved, identity, false, labels);
    if (bestKey === null || key < bestKey) {
      bestKey = key;
      geometry = new Geometry({ kind: 'killer', size: n, box: g.box!, diagonals: g.diagonals, cages });
      best = { geometry, puzzle: moved, key };
    }
  }
  return best!;
}

