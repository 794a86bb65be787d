/**
 * Canonical forms: one representative of each puzzle's class under the transforms that keep
 * its kind's units, so that equivalent puzzles (isomorphs) compare equal.
 *
 *   classic N x N   bands and stacks permuted, rows within bands and columns within stacks,
 *                   transposition where boxes are square, digits relabelled (9x9 classic:
 *                   today's fast canonical form in src/core/canonical.ts; 12x12 and 16x16
 *                   by a row-by-row search, as there are too many to try each)
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
import { Geometry, type Cage } from './geometry.js';
import { mapKeepsRegions, squareMap } from './square.js';

export interface CanonicalForm {
  geometry: Geometry;
  puzzle: Uint8Array;
  /** The comparison key: equal exactly for equivalent puzzles. */
  key: string;
}

/** Classic sizes whose transforms are few enough to try each; larger ones (12x12, 16x16) are searched row by row. */
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
  if (g.kind === 'classic' && !CLASSIC_CANONICAL_SIZES.includes(g.size)) return searchCanonical(g, puzzle);
  return lineCanonical(g, puzzle);
}

/** Classic N x N by the row-by-row search whatever the size (the tests compare it with trying every transform). */
export function searchedCanonicalForm(g: Geometry, puzzle: Uint8Array): CanonicalForm {
  if (g.kind !== 'classic' || !g.box) throw new Error('a classic geometry expected');
  return searchCanonical(g, puzzle);
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


/**
 * A partial placement of the row-by-row search: the rows chosen so far and the column orders
 * still open to it: none fixed (null) while every row so far is blank; `count` orders (in
 * `orders`, n each) just after the first row with givens, whose labels are that row's; then
 * one, with the labels of every row so far.
 */
interface LinePartial {
  src: Uint8Array;
  used: number;
  last: number;
  rows: number[];
  orders: Uint8Array | null;
  count: number;
  labels: Uint8Array;
  next: number;
}

/** All orders of `items`. */
function orders(items: number[]): number[][] {
  return permutations(items.length).map((p) => p.map((k) => items[k]));
}

/**
 * The column orders (stacks permuted, columns within stacks) that read a row's given cells
 * smallest: blanks first in each stack, stacks by their number of givens, ties all kept;
 * order k is out[k * n .. k * n + n).
 */
function bestColumnOrders(row: ArrayLike<number>, n: number, bc: number): Uint8Array {
  const stacks = Array.from({ length: n / bc }, (_, s) => {
    const cols = Array.from({ length: bc }, (_, k) => s * bc + k);
    const blank = cols.filter((c) => row[c] === 0);
    const given = cols.filter((c) => row[c] !== 0);
    return { givens: given.length, inner: orders(blank).flatMap((b) => orders(given).map((g) => [...b, ...g])) };
  });
  // Stack orders: by number of givens, equal ones in every order.
  const counts = [...new Set(stacks.map((s) => s.givens))].sort((a, b) => a - b);
  let stackOrders: number[][] = [[]];
  for (const k of counts) {
    const group = stacks.map((s, i) => (s.givens === k ? i : -1)).filter((i) => i >= 0);
    const groupOrders = orders(group);
    stackOrders = stackOrders.flatMap((o) => groupOrders.map((g) => [...o, ...g]));
  }
  const perOrder = stacks.reduce((m, s) => m * s.inner.length, 1);
  const buf = new Uint8Array(stackOrders.length * perOrder * n);
  let at = 0;
  const cur = new Uint8Array(n);
  const fill = (order: number[], slot: number): void => {
    if (slot === order.length) {
      buf.set(cur, at);
      at += n;
      return;
    }
    for (const p of stacks[order[slot]].inner) {
      cur.set(p, slot * bc);
      fill(order, slot + 1);
    }
  };
  for (const order of stackOrders) fill(order, 0);
  return buf;
}

/**
 * Classic N x N (12x12, 16x16: too many transforms to try each): the same smallest reading,
 * found row by row as the 9x9 form does. Keep every partial placement whose rows so far read
 * smallest; extend each by the rows it may take next (the rest of its band, or any row of an
 * unused band) and keep the smallest again, ties all kept, so the result is exact. The column
 * order stays open while the rows so far are blank (partials that used the same rows in
 * other orders are kept once); at the first row with givens it becomes each of that row's
 * best column orders, whose readings depend only on where the blanks are.
 */
function searchCanonical(g: Geometry, puzzle: Uint8Array): CanonicalForm {
  const n = g.size;
  const [br, bc] = g.box!;
  const sources = [puzzle];
  if (br === bc) sources.push(Uint8Array.from({ length: n * n }, (_, i) => puzzle[(i % n) * n + Math.floor(i / n)]));
  let partials: LinePartial[] = sources.map((src) => ({ src, used: 0, last: -1, rows: [], orders: null, count: 0, labels: new Uint8Array(n + 1), next: 1 }));
  const best = new Uint8Array(n);
  const key = new Uint8Array(n);
  const scratch = new Uint8Array(n + 1);
  const form = new Uint8Array(n * n);
  // The labels (and next label) of partial p under its o-th column order.
  const firstLabels = new Uint8Array(n + 1);
  let labels: Uint8Array = firstLabels;
  let next = 1;
  const labelsOf = (p: LinePartial, o: number): void => {
    if (p.count === 1) {
      labels = p.labels;
      next = p.next;
      return;
    }
    labels = firstLabels;
    labels.fill(0);
    next = 1;
    const base = p.last * n;
    for (let i = 0; i < n; i++) {
      const v = p.src[base + p.orders![o * n + i]];
      if (v !== 0 && labels[v] === 0) labels[v] = next++;
    }
  };
  for (let k = 0; k < n; k++) {
    let have = false;
    const keepP: LinePartial[] = [];
    const keepO: number[] = [];
    const keepR: number[] = [];
    const keep = (p: LinePartial, o: number, r: number, state: number): void => {
      if (state < 0) {
        best.set(key);
        have = true;
        keepP.length = keepO.length = keepR.length = 0;
      }
      keepP.push(p);
      keepO.push(o);
      keepR.push(r);
    };
    const nextCache = new Map<number, number[]>();
    for (const p of partials) {
      const lineKey = p.used * 32 + Math.floor(p.last / br);
      let lines = nextCache.get(lineKey);
      if (!lines) nextCache.set(lineKey, (lines = nextLines(p, k, n, br)));
      if (p.orders === null) {
        // Open columns: blanks first per stack, stacks by their givens, givens labelled in turn.
        for (const r of lines) {
          const counts: number[] = [];
          for (let s = 0; s < n / bc; s++) {
            let c = 0;
            for (let j = s * bc; j < s * bc + bc; j++) if (p.src[r * n + j] !== 0) c++;
            counts.push(c);
          }
          counts.sort((a, b) => a - b);
          let i = 0;
          let l = 1;
          for (const c of counts) for (let j = 0; j < bc; j++, i++) key[i] = j < bc - c ? 0 : l++;
          let state = have ? 0 : -1;
          for (i = 0; i < n && state === 0; i++) if (key[i] !== best[i]) state = key[i] > best[i] ? 1 : -1;
          if (state <= 0) keep(p, -1, r, state);
        }
        continue;
      }
      for (let o = 0; o < p.count; o++) {
        labelsOf(p, o);
        const cols = o * n;
        for (const r of lines) {
          const base = r * n;
          let state = have ? 0 : -1;
          for (let d = 1; d <= n; d++) scratch[d] = 0;
          let l = next;
          for (let i = 0; i < n; i++) {
            const v = p.src[base + p.orders[cols + i]];
            const x = v === 0 ? 0 : labels[v] || scratch[v] || (scratch[v] = l++);
            key[i] = x;
            if (state === 0 && x !== best[i]) {
              state = x > best[i] ? 1 : -1;
              if (state > 0) break;
            }
          }
          if (state <= 0) keep(p, o, r, state);
        }
      }
    }
    const seen = new Set<string>();
    partials = [];
    for (let t = 0; t < keepP.length; t++) {
      const p = keepP[t];
      const r = keepR[t];
      const used = p.used | (1 << r);
      const rows = [...p.rows, r];
      const row = p.src.subarray(r * n, r * n + n);
      if (p.orders === null) {
        if (row.some((v) => v !== 0)) {
          const orders = bestColumnOrders(row, n, bc);
          partials.push({ src: p.src, used, last: r, rows, orders, count: orders.length / n, labels: p.labels, next: 1 });
          continue;
        }
        // Blank rows so far: only the rows used matter, not their order.
        const state = `${sources.indexOf(p.src)}:${used}:${Math.floor(r / br)}`;
        if (seen.has(state)) continue;
        seen.add(state);
        partials.push({ ...p, used, last: r, rows });
        continue;
      }
      const o = keepO[t];
      labelsOf(p, o);
      const own = labels.slice();
      let l = next;
      const cols = p.orders.slice(o * n, o * n + n);
      for (let i = 0; i < n; i++) {
        const v = row[cols[i]];
        if (v !== 0 && own[v] === 0) own[v] = l++;
      }
      partials.push({ src: p.src, used, last: r, rows, orders: cols, count: 1, labels: own, next: l });
    }
    form.set(best, k * n);
  }
  let text = '';
  for (const d of form) text += String.fromCharCode(48 + d);
  return { geometry: g, puzzle: form, key: text };
}

/** The rows that may come at output row k after p's (whole bands stay together). */
function nextLines(p: LinePartial, k: number, n: number, br: number): number[] {
  const out: number[] = [];
  if (k % br !== 0) {
    const band = Math.floor(p.last / br) * br;
    for (let r = band; r < band + br; r++) if (!(p.used & (1 << r))) out.push(r);
  } else {
    for (let b = 0; b < n; b += br) if (!(p.used & (1 << b))) for (let r = b; r < b + br; r++) out.push(r);
  }
  return out;
}
