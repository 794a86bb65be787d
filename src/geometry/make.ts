/**
 * Making puzzles of every kind: a seeded random complete grid, then a minimal puzzle with a
 * unique solution. Classic, X and jigsaw puzzles are dug: clue orbits of the chosen symmetry
 * blanked in random order while the solver proves the puzzle unique. Killer puzzles get
 * cages: dominoes over the solution, merged at random into cages of up to five cells while
 * the cages alone still give one solution; when they do not, a few givens are added where
 * solutions differ (then dug like any clue).
 *
 * Reproducible: the same kind, size, options and seed give the same puzzle.
 */
import { UserError } from '../core/errors.js';
import { Rng, type Seed } from '../core/rng.js';
import type { Symmetry } from '../core/symmetry.js';
import { clueCount, Geometry, kindGeometry, type Cage, type Kind } from './geometry.js';
import { neighbours, randomRegions } from './regions.js';
import { KillerCounter } from './killer-count.js';
import { randomSolution, solverFor } from './solver.js';
import { orbitsFor } from './square.js';

export interface KindOptions {
  kind: Kind;
  size: number;
  symmetry: Symmetry;
  /** Killer and jigsaw: the main diagonals are units too. */
  diagonals?: boolean;
}

export interface KindPuzzle {
  geometry: Geometry;
  puzzle: Uint8Array;
  solution: Uint8Array;
  clues: number;
  seed: string;
}

/** Search nodes a merge of killer cages (or a given dug from a killer) may take to be proven unique. */
const MERGE_NODES = 30;

/** Largest cage killer digging makes. */
export const MAX_CAGE = 5;

/** A UserError when the options ask for what the kind cannot have. */
export function checkKindOptions(opts: KindOptions): void {
  if (opts.symmetry === 'none') return;
  if (opts.kind === 'jigsaw') throw new UserError(`--symmetry ${opts.symmetry}: jigsaw regions are made at random and are not symmetric; use --symmetry none`);
  if (opts.kind === 'killer') throw new UserError(`--symmetry ${opts.symmetry}: killer puzzles are cages with few or no givens; use --symmetry none`);
}

/**
 * A seeded random complete grid of `g`, or null when none turns up: short searches (a few
 * nodes per cell) restarted up to `tries` times, as a search that goes wrong early tends to
 * stay stuck (16x16 jigsaw layouts especially) while a fresh one usually runs straight through.
 */
export function fillGrid(g: Geometry, rng: Rng, tries = 10): Uint8Array | null {
  for (let t = 0; t < tries; t++) {
    const s = randomSolution(g, rng, 2 * g.cellCount);
    if (s) return s;
  }
  return null;
}

/**
 * Search nodes a blank may take to be proven harmless on grids larger than 12x12. A blank
 * whose proof would take longer keeps its clue (the puzzle stays proven unique; it may then
 * not be quite minimal): without this bound a 16x16 jigsaw dig can run for minutes on a few
 * such proofs. Up to 12x12 every proof runs to the end: those puzzles are minimal.
 */
export const DIG_NODES = 400;

function digNodes(g: Geometry): number {
  return g.size > 12 ? DIG_NODES : Infinity;
}

/**
 * Blank the orbits of a unique puzzle in random order, each only while the solver proves
 * the puzzle still unique: minimal (beyond 12x12: but for blanks too costly to prove, see DIG_NODES).
 */
export function digOrbits(g: Geometry, puzzle: Uint8Array, solution: Uint8Array, orbits: readonly (readonly number[])[], rng: Rng): Uint8Array {
  const solver = solverFor(g);
  for (const orbit of rng.shuffle(orbits.filter((o) => puzzle[o[0]] !== 0))) {
    for (const c of orbit) puzzle[c] = 0;
    let unique: boolean;
    if (orbit.length === 1) {
      const r = solver.run(puzzle, { limit: 1, forbid: { cell: orbit[0], digit: solution[orbit[0]] }, nodeLimit: digNodes(g) });
      unique = r.count === 0 && !r.aborted;
    } else {
      const r = solver.run(puzzle, { limit: 2, nodeLimit: digNodes(g) });
      unique = r.count === 1 && !r.aborted;
    }
    if (!unique) for (const c of orbit) puzzle[c] = solution[c];
  }
  return puzzle;
}

/** The geometry and a complete grid: jigsaw regions are drawn again until a grid fills them. */
export function geometryAndGrid(opts: KindOptions, rng: Rng): { g: Geometry; solution: Uint8Array } {
  for (let attempt = 0; attempt < 200; attempt++) {
    const g =
      opts.kind === 'jigsaw'
        ? kindGeometry('jigsaw', opts.size, { regions: randomRegions(opts.size, rng), diagonals: opts.diagonals })
        : kindGeometry(opts.kind, opts.size, { diagonals: opts.diagonals });
    const solution = fillGrid(g, rng);
    if (solution) return { g, solution };
  }
  throw new UserError(`no complete ${opts.size}x${opts.size} ${opts.kind} grid found in 200 attempts (each a few short searches); try another --seed`);
}

/** Make one minimal puzzle of a kind and size from its own seed. */
export function makeKindPuzzle(opts: KindOptions, seed: Seed): KindPuzzle {
  checkKindOptions(opts);
  const rng = new Rng(seed);
  const { g, solution } = geometryAndGrid(opts, rng);
  if (opts.kind === 'killer') {
    const { geometry, puzzle } = makeKiller(g, solution, rng);
    return { geometry, puzzle, solution, clues: clueCount(puzzle), seed: String(seed) };
  }
  const puzzle = digOrbits(g, solution.slice(), solution, orbitsFor(opts.symmetry, g.size), rng);
  return { geometry: g, puzzle, solution, clues: clueCount(puzzle), seed: String(seed) };
}

/** Cells of each cage, by cage id, from a cage-of-cell array (ids 0..k-1, some unused). */
function cagesOf(cageId: Int16Array, solution: Uint8Array): Cage[] {
  const lists = new Map<number, number[]>();
  for (let c = 0; c < cageId.length; c++) {
    const list = lists.get(cageId[c]);
    if (list) list.push(c);
    else lists.set(cageId[c], [c]);
  }
  return [...lists.values()].map((cells) => ({ cells, sum: cells.reduce((s, c) => s + solution[c], 0) }));
}

/**
 * When a set of killer cages (and givens) is good enough: the cages' puzzle is proven unique,
 * by the counting solver (plain making) or by logic (making to a bucket, src/geometry/killer.ts).
 * `accepts` gets the cage of each cell and builds the geometry only if it needs one; `stuck`
 * gives a cell the criterion cannot settle (a given goes there), or -1 when it can.
 */
export interface KillerCriterion {
  accepts(cageId: Int16Array, geometry: () => Geometry, puzzle: Uint8Array, moved?: readonly number[]): boolean;
  stuck(cageId: Int16Array, geometry: () => Geometry, puzzle: Uint8Array, rng: Rng): number;
}

const COUNTERS = new WeakMap<Geometry, KillerCounter>();

/** The killer counting solver over the units of `base` (made once per geometry). */
function counterFor(base: Geometry): KillerCounter {
  let k = COUNTERS.get(base);
  if (!k) COUNTERS.set(base, (k = new KillerCounter(base)));
  return k;
}

/** The sum of each cage by its number, from the solution. */
function cageSums(cageId: Int16Array, solution: Uint8Array): (id: number) => number {
  const sums = new Uint16Array(cageId.length);
  for (let c = 0; c < cageId.length; c++) if (cageId[c] >= 0) sums[cageId[c]] += solution[c];
  return (id) => sums[id];
}

/**
 * Unique by the counting solver; a merge whose proof takes long is given up (it would make a
 * puzzle hard to solve anyway). The cages before a merge give one solution, the known one: a
 * second solution after it has the merged cage's sum but not both old sums, so it differs
 * from the known one in a cell that `moved` into the merged cage. One search per such cell,
 * the cells before it held to their digits and its own digit ruled out, looks for it: each
 * search is far narrower than counting the whole puzzle to 2.
 */
const EVERY_CELL = Uint16Array.from({ length: 81 }, (_, c) => c);

function counted(counter: KillerCounter, solution: Uint8Array): KillerCriterion {
  return {
    accepts(cageId, _geometry, puzzle, moved) {
      counter.setCages(cageId, cageSums(cageId, solution));
      if (!moved) {
        const r = counter.run(puzzle, 2, MERGE_NODES);
        return r.count === 1 && !r.aborted;
      }
      const r = counter.differs(puzzle, solution, moved, MERGE_NODES);
      return !r.found && !r.aborted;
    },
    stuck(cageId, _geometry, puzzle, rng) {
      // A second solution, if any: one that differs from the known one somewhere.
      counter.setCages(cageId, cageSums(cageId, solution));
      if (!counter.differs(puzzle, solution, EVERY_CELL.subarray(0, cageId.length), Infinity).found) return -1;
      const differ = [];
      for (let c = 0; c < cageId.length; c++) if (counter.solution[c] !== solution[c]) differ.push(c);
      return rng.pick(differ);
    },
  };
}

/** How far killer merging goes: `attempts` merges tried (by default as many as the first cages), stopping once `cages` are left. */
export interface KillerMerging {
  attempts?: number;
  cages?: number;
}

/** A killer layout as made: the puzzle, the cage of each cell and the merges that made its cages, in order. */
export interface KillerMade {
  geometry: Geometry;
  puzzle: Uint8Array;
  cageId: Int16Array;
  /** Each accepted merge: the cells it moved into the merged cage and the cage number they had. */
  merges: { cells: number[]; from: number }[];
}

/**
 * The layout with its last merge undone (`made` is changed): the two cages it joined are
 * cages again, or null when no merge is left or the split layout is not unique. (Two cages
 * hold each part's sum, but no longer keep the digits of one part out of the other, so a
 * second solution may come in: the counting solver counts to 2.)
 */
export function undoLastMerge(made: KillerMade, base: Geometry, solution: Uint8Array): Geometry | null {
  const merge = made.merges.pop();
  if (!merge) return null;
  for (const c of merge.cells) made.cageId[c] = merge.from;
  const counter = counterFor(base);
  counter.setCages(made.cageId, cageSums(made.cageId, solution));
  if (counter.run(made.puzzle, 2).count !== 1) return null;
  return (made.geometry = base.withCages(cagesOf(made.cageId, solution)));
}

/**
 * Killer cages over a solution: dominoes (and a few single cells), single cells merged into a
 * neighbouring cage, then random neighbouring cages merged while the merged cage repeats no
 * digit, has at most MAX_CAGE cells and the cages still give one solution (the criterion's
 * say; by default the killer counting solver's). Givens are added only when the first cages
 * do not, and dug again at the end. `merging`: how many merges are tried, and how few cages
 * are enough (making to the hard bucket merges on to fewer cages).
 */
export function makeKiller(base: Geometry, solution: Uint8Array, rng: Rng, criterion?: KillerCriterion, merging: KillerMerging = {}): KillerMade {
  const n = base.size;
  const cells = n * n;
  const counter = counterFor(base);
  const criterionUsed = criterion ?? counted(counter, solution);
  const cageId = new Int16Array(cells).fill(-1);
  let next = 0;
  for (const c of rng.permutation(cells)) {
    if (cageId[c] >= 0) continue;
    cageId[c] = next;
    const free = neighbours(c, n).filter((x) => cageId[x] < 0);
    if (free.length) cageId[rng.pick(free)] = next;
    next++;
  }
  // The digits (a mask) and the size of each cage, by its number.
  const digits = new Int32Array(cells);
  const size = new Int32Array(cells);
  for (let c = 0; c < cells; c++) {
    digits[cageId[c]] |= 1 << solution[c];
    size[cageId[c]]++;
  }
  // Single cells join a neighbouring cage that lacks their digit.
  for (let c = 0; c < cells; c++) {
    if (size[cageId[c]] !== 1) continue;
    const hosts = neighbours(c, n).filter((x) => size[cageId[x]] < MAX_CAGE && !(digits[cageId[x]] & (1 << solution[c])));
    if (hosts.length) {
      const host = cageId[rng.pick(hosts)];
      size[cageId[c]] = digits[cageId[c]] = 0;
      cageId[c] = host;
      size[host]++;
      digits[host] |= 1 << solution[c];
    }
  }
  let cages = new Set(cageId).size;
  const puzzle = new Uint8Array(cells);
  const geometryOf = () => base.withCages(cagesOf(cageId, solution));
  // Rarely the small cages are not enough: give a cell the criterion cannot settle.
  let first: Geometry | undefined;
  const firstGeometry = () => (first ??= geometryOf());
  for (let c = criterionUsed.stuck(cageId, firstGeometry, puzzle, rng); c >= 0; c = criterionUsed.stuck(cageId, firstGeometry, puzzle, rng)) puzzle[c] = solution[c];
  // Merge neighbouring cages while the criterion accepts.
  // Merges refused once (a second solution, or a proof too long) are not tried again: with
  // more cages merged around them they would only be harder to prove.
  const refused = new Uint8Array(cells * cells);
  const moved: number[] = [];
  const merges: KillerMade['merges'] = [];
  const attempts = merging.attempts ?? next;
  const others = [0, 0, 0, 0];
  for (let t = 0; t < attempts && cages > (merging.cages ?? 0); t++) {
    const a = rng.below(cells);
    // The neighbours of a in other cages (as a list, without allocating one).
    const around = neighbours(a, n);
    let k = 0;
    for (const x of around) if (cageId[x] !== cageId[a]) others[k++] = x;
    if (k === 0) continue;
    const b = others[rng.below(k)];
    const A = cageId[a];
    const B = cageId[b];
    if (digits[A] & digits[B] || size[A] + size[B] > MAX_CAGE || refused[A * cells + B]) continue;
    moved.length = 0;
    for (let c = 0; c < cells; c++) if (cageId[c] === B) (cageId[c] = A), moved.push(c);
    if (criterionUsed.accepts(cageId, geometryOf, puzzle, moved)) {
      cages--;
      merges.push({ cells: moved.slice(), from: B });
      digits[A] |= digits[B];
      size[A] += size[B];
    } else {
      for (const c of moved) cageId[c] = B;
      refused[A * cells + B] = refused[B * cells + A] = 1;
    }
  }
  const geometry = geometryOf();
  counter.setCages(cageId, cageSums(cageId, solution));
  if (counter.run(puzzle, 2).count !== 1) throw new Error('killer cages lost uniqueness');
  // The givens, if any, dug while the criterion still accepts (by default: proven within as
  // many search nodes as a merge; a given whose proof would take longer stays).
  for (const c of rng.shuffle(Array.from({ length: cells }, (_, i) => i).filter((i) => puzzle[i] !== 0))) {
    puzzle[c] = 0;
    let dug: boolean;
    if (criterion === undefined) {
      const r = counter.run(puzzle, 1, MERGE_NODES, { cell: c, digit: solution[c] });
      dug = r.count === 0 && !r.aborted;
    } else dug = criterionUsed.accepts(cageId, () => geometry, puzzle);
    if (!dug) puzzle[c] = solution[c];
  }
  return { geometry, puzzle, cageId, merges };
}
