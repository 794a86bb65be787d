/**
 * Ratings and buckets for every kind but 9x9 classic (which keeps Sudoku Explainer's own
 * grader, src/grader/): the rating is the hardest step of the geometry grader's path, on
 * SE's technique weights ("SE-like"), 0 when its techniques do not solve the puzzle. Each
 * kind and size has its own buckets a job can name, and puzzles are made to a bucket by
 * steering the digging: a clue is blanked only while the bucket's techniques still solve the
 * puzzle (which proves it unique too), so the puzzle ends as hard as the bucket allows.
 */
import { UserError } from '../core/errors.js';
import { deriveSeed, Rng, type Seed } from '../core/rng.js';
import { clueCount, type Geometry, type Kind } from './geometry.js';
import { solvePath, startPosition, techniquesFor, type GeometryStep, type GeometryTechniqueDef } from './grader.js';
import { closeLogic, LEVEL_MAX_RATING, solvePastClosure } from './killer-logic.js';
import { makeKillerInRange, type KillerInRange } from './killer.js';
import { checkKindOptions, geometryAndGrid, makeKindPuzzle, type KindOptions, type KindPuzzle } from './make.js';
import { solverFor, type GeometrySolver } from './solver.js';
import { lastCandidates, resumeWith, solvesWith, type HardestStep } from './logic.js';
import { orbitsFor } from './square.js';

export interface KindRating {
  /** The hardest step's SE-like rating; 0 when the techniques do not solve the puzzle. */
  rating: number;
  solved: boolean;
  /** The technique of the first step of that rating, or null. */
  hardest: string | null;
  steps: GeometryStep[];
}

/** How many steps each technique made. */
export function techniqueCounts(steps: readonly { technique: string }[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const s of steps) out[s.technique] = (out[s.technique] ?? 0) + 1;
  return out;
}

/** A bucket's name: 'easy', 'medium', 'hard', 'expert'. */
export type KindBucket = string;

export interface KindBucketRange {
  name: KindBucket;
  min: number;
  max: number;
}

/** The rating of a puzzle of any geometry by the grader's path. */
export function rateKind(g: Geometry, puzzle: Uint8Array): KindRating {
  const path = solvePath(g, puzzle);
  return { rating: path.solved ? path.rating : 0, solved: path.solved, hardest: path.solved ? path.hardest : null, steps: path.steps };
}

/** Hidden singles only; + naked singles; + locked candidates; + subsets, fish, wings; + chains. */
const HIDDEN = 1.5;
const SINGLES = 2.5;
const LOCKED = 2.9;
const SUBSETS = 5.9;
const TOP = 20;

/**
 * The buckets of a kind and size, easiest first. 4x4: easy only. 6x6 (children's books):
 * easy needs hidden singles only, medium naked singles too, hard locked candidates or more
 * (solo's Intermediate), expert chains. From 8x8 up: easy needs singles only, medium locked
 * candidates, hard subsets, fish or wings (solo's Advanced), expert chains (solo's Extreme).
 */
export function kindBuckets(kind: Kind, size: number): KindBucketRange[] {
  // Killer of any size needs cage combinations (2.0) from the start, and its cages leave
  // hardly a puzzle that needs chains: easy, medium as from 8x8 up, hard everything beyond.
  if (kind === 'killer') {
    return [
      { name: 'easy', min: 1, max: SINGLES },
      { name: 'medium', min: SINGLES + 0.1, max: LOCKED },
      { name: 'hard', min: LOCKED + 0.1, max: TOP },
    ];
  }
  // Every other 4x4 puzzle falls to hidden singles (not one of 900 made needed more): one bucket.
  if (size <= 4) return [{ name: 'easy', min: 1, max: TOP }];
  if (size <= 6) {
    return [
      { name: 'easy', min: 1, max: HIDDEN },
      { name: 'medium', min: HIDDEN + 0.1, max: SINGLES },
      { name: 'hard', min: SINGLES + 0.1, max: SUBSETS },
      { name: 'expert', min: SUBSETS + 0.1, max: TOP },
    ];
  }
  return [
    { name: 'easy', min: 1, max: SINGLES },
    { name: 'medium', min: SINGLES + 0.1, max: LOCKED },
    { name: 'hard', min: LOCKED + 0.1, max: SUBSETS },
    { name: 'expert', min: SUBSETS + 0.1, max: TOP },
  ];
}

/** The bucket a rating falls in, or null (0: beyond the techniques). */
export function bucketOfKind(kind: Kind, size: number, rating: number): KindBucket | null {
  if (!(rating > 0)) return null;
  return kindBuckets(kind, size).find((b) => rating >= b.min - 1e-9 && rating <= b.max + 1e-9)?.name ?? null;
}

/** The range of a bucket by name: a UserError naming the valid ones otherwise. */
export function kindBucket(kind: Kind, size: number, name: KindBucket): KindBucketRange {
  const all = kindBuckets(kind, size);
  const b = all.find((x) => x.name === name);
  if (!b) throw new UserError(`--bucket: ${size}x${size} ${kind} has the buckets ${all.map((x) => x.name).join(', ')}; got "${name}"`);
  return b;
}

/** Time a graded making may take by default. */
export const DEFAULT_BUDGET_MS = 60_000;

/**
 * Blank clue orbits in random order, each only while `techniques` still solve the puzzle
 * (a puzzle solved by sound steps has one solution: no solver needed). First within the
 * techniques of the easier buckets (below `min`; those that run in bulk: singles, pointing,
 * claiming), then every orbit left is tried with all of them: each blank the second pass
 * keeps makes the puzzle need the bucket, and the costly techniques are asked only about
 * the last few clues. The puzzle ends minimal within the techniques (blanking any further
 * orbit leaves them stuck). `harder`: whether the second pass blanked any orbit (if not,
 * the easier techniques solve the puzzle: its rating is below `min`, no need to rate it).
 *
 * `onePass`: one pass over the orbits instead, each blank kept while the easier techniques
 * solve the puzzle, or else while the puzzle stays unique and all of them solve it; after
 * the first blank of the second kind the easier ones no longer solve it (they only lose
 * ground as clues go), so the puzzle needs the bucket. The second pass of the two-pass dig
 * only tries the clues of a puzzle already minimal for the easier techniques, which on some
 * kinds is seldom any further from minimal; one pass tries each clue where it stands.
 */
function digWithin(g: Geometry, solution: Uint8Array, orbits: readonly (readonly number[])[], techniques: readonly GeometryTechniqueDef[], min: number, rng: Rng, known: Unavoidables, onePass: boolean): { puzzle: Uint8Array; harder: boolean } {
  const puzzle = solution.slice();
  const easier = techniquesFor(g, Math.min(min - 0.05, CHEAP), true);
  const cheap = techniquesFor(g, CHEAP, true);
  const order = rng.shuffle(orbits.slice());
  const solver = solverFor(g);
  const startCands = new Uint16Array(g.cellCount);
  const nakedEasier = easier.some((t) => t.name === 'naked-single');
  const naked = techniques.some((t) => t.name === 'naked-single');
  let harder = easier.length === 0;
  // Whether the bucket's techniques all run in bulk (singles, pointing, claiming), whose fixed point does not hang on the order of their steps.
  const bulk = techniques[techniques.length - 1].rating <= CHEAP;
  /** Whether the puzzle with `orbit` blanked is unique and `techniques` solve it; `stuck`: where the easier techniques stopped on it is the last logical solve, to go on from. */
  const keeps = (orbit: readonly number[], stuck = false): boolean => {
    // A blank that leaves a known unavoidable set without a clue leaves the puzzle a second
    // solution: the techniques (sound) cannot solve it.
    if (known.emptied(puzzle, orbit)) return false;
    // Techniques that run in bulk decide alone, and stop once they fill the blank back: a
    // puzzle they solve is unique, and one with a second solution they cannot solve.
    if (bulk) return solvesWith(g, puzzle, techniques, orbit);
    // The costly techniques are asked only about a puzzle the solver does not find a second
    // solution of either; in one pass they stop once the blank is filled back (then deduced:
    // the puzzle stays unique; that the rest still falls to them is the usual assumption that
    // fewer candidates never stop a technique, and the rating at the end checks the bucket).
    // Past 12x12 a search node costs so much that the techniques answer sooner on their own.
    const other = g.size > QUICK_SEARCH_MAX ? null : secondSolution(solver, puzzle, orbit, solution, stuck ? lastCandidates(g, startCands) : undefined);
    if (other) known.learn(other);
    if (other) return false;
    return stuck ? resumeWith(g, techniques, onePass ? orbit : undefined) : solvesWith(g, puzzle, techniques, onePass ? orbit : undefined);
  };
  /** One blank: kept while `set` (or, in one pass after the easier techniques, the bucket's) solve the puzzle; whether it stays. */
  const blank = (orbit: readonly number[], set: readonly GeometryTechniqueDef[]): boolean => {
    for (const c of orbit) puzzle[c] = 0;
    // Blanks that singles fill straight back leave the puzzle as solvable as it was.
    if (singlesBack(g, puzzle, orbit, solution, set === techniques ? naked : nakedEasier)) return true;
    let ok: boolean;
    if (set === techniques) {
      // In one pass, singles and locked candidates in bulk first: they keep a blank they fill
      // back (so would the bucket's, which run them first), and where they stop the search
      // for a second solution and then the costlier techniques go on.
      ok = onePass && !bulk ? !known.emptied(puzzle, orbit) && (solvesWith(g, puzzle, cheap, orbit) || keeps(orbit, true)) : keeps(orbit);
    } else {
      // The easier techniques run in bulk: they solve the puzzle once they fill the blank back.
      ok = !known.emptied(puzzle, orbit) && solvesWith(g, puzzle, set, orbit);
      if (!ok && onePass) ok = harder = keeps(orbit, true);
    }
    if (!ok) for (const c of orbit) puzzle[c] = solution[c];
    return ok;
  };
  if (onePass) {
    for (const orbit of order) blank(orbit, harder ? techniques : easier);
    return { puzzle, harder };
  }
  for (const set of easier.length ? [easier, techniques] : [techniques]) {
    for (const orbit of order) {
      if (puzzle[orbit[0]] === 0) continue;
      if (blank(orbit, set) && set === techniques) harder = true;
    }
  }
  return { puzzle, harder };
}

/**
 * Whether the blanked `cells` come back one after another by singles on the clues alone
 * (each the only digit its peers leave it, when `naked`, or the only cell of a unit its
 * digit may go): the puzzle is then as solvable as before the blank, by any techniques
 * with those singles. `puzzle` is left with the cells blank.
 */
function singlesBack(g: Geometry, puzzle: Uint8Array, cells: readonly number[], solution: Uint8Array, naked: boolean): boolean {
  const { peers, peerStart, unitsOf, unitsStart, unitCells } = g;
  const n = g.size;
  let left = cells.length;
  for (let progress = true; left > 0 && progress; ) {
    progress = false;
    for (const c of cells) {
      if (puzzle[c] !== 0) continue;
      const d = solution[c];
      let back = false;
      if (naked) {
        let seen = 0;
        for (let k = peerStart[c], end = peerStart[c + 1]; k < end; k++) seen |= 1 << puzzle[peers[k]];
        back = (seen | 1 | (1 << d)) === (g.full << 1) + 1;
      }
      for (let j = unitsStart[c]; !back && j < unitsStart[c + 1]; j++) {
        const base = unitsOf[j] * n;
        back = true;
        for (let k = 0; k < n && back; k++) {
          const x = unitCells[base + k];
          if (x !== c && puzzle[x] === 0 && !seesDigit(g, puzzle, x, d)) back = false;
        }
      }
      if (back) {
        puzzle[c] = d;
        left--;
        progress = true;
      }
    }
  }
  for (const c of cells) puzzle[c] = 0;
  return left === 0;
}

/** Whether digit `d` is among the clues of the peers of cell `x`. */
function seesDigit(g: Geometry, puzzle: Uint8Array, x: number, d: number): boolean {
  for (let k = g.peerStart[x], end = g.peerStart[x + 1]; k < end; k++) if (puzzle[g.peers[k]] === d) return true;
  return false;
}

/** A second solution the quick search finds the puzzle after blanking `orbit`, or null (a search that runs long says none); `cands`: pencil marks deduced from the puzzle to start from. */
function secondSolution(solver: GeometrySolver, puzzle: Uint8Array, orbit: readonly number[], solution: Uint8Array, cands?: Uint16Array): Uint8Array | null {
  if (orbit.length === 1) {
    const r = solver.run(puzzle, { limit: 1, keep: 1, forbid: { cell: orbit[0], digit: solution[orbit[0]] }, nodeLimit: UNIQUE_NODES, cands });
    return r.count > 0 ? r.solutions[0] : null;
  }
  const r = solver.run(puzzle, { limit: 2, keep: 2, nodeLimit: UNIQUE_NODES, cands });
  return r.count > 1 ? r.solutions.find((s) => s.some((v, c) => v !== solution[c]))! : null;
}

/** Unavoidable sets a grid keeps at most. */
const MAX_UNAVOIDABLES = 1024;

/**
 * Unavoidable sets of one solution grid, learned while digging it: the cells where a second
 * solution of a dug puzzle differs from the grid. A puzzle with no clue in such a set has
 * that second solution too, so a blank that empties one is refused without a search. Each
 * set is listed under its cells: a blank can only empty the sets through the cells it blanks.
 */
class Unavoidables {
  private readonly sets: Int32Array[] = [];
  private readonly through: number[][];

  constructor(private readonly solution: Uint8Array) {
    this.through = Array.from({ length: solution.length }, () => []);
  }

  /** Whether a set through one of `cells` has no clue in `puzzle`. */
  emptied(puzzle: Uint8Array, cells: readonly number[]): boolean {
    for (const c of cells) {
      for (const i of this.through[c]) {
        const set = this.sets[i];
        let k = 0;
        while (k < set.length && puzzle[set[k]] === 0) k++;
        if (k === set.length) return true;
      }
    }
    return false;
  }

  /** Learn the set where `other`, a solution of a dug puzzle, differs from the grid. */
  learn(other: Uint8Array): void {
    if (this.sets.length >= MAX_UNAVOIDABLES) return;
    const cells: number[] = [];
    for (let c = 0; c < other.length; c++) if (other[c] !== this.solution[c]) cells.push(c);
    const k = this.sets.push(Int32Array.from(cells)) - 1;
    for (const c of cells) this.through[c].push(k);
  }
}

/** The techniques that run in bulk (singles, pointing, claiming): the first pass of digging. */
const CHEAP = 2.8;

/**
 * The largest size the quick look for a second solution runs on: past it a search node costs
 * so much (a 16x16 node about 100 µs, and its searches often run out of nodes) that the
 * techniques answer sooner on their own.
 */
const QUICK_SEARCH_MAX = 12;

/** Search nodes the quick look for a second solution takes before leaving the question to the techniques. */
const UNIQUE_NODES = 200;

/**
 * A unique puzzle of the kind in the bucket (any bucket when omitted), steered: dug within
 * the bucket's techniques, kept when it needs the bucket (its rating reaches the bucket's
 * lowest), else made again from the next seed; a UserError when the budget runs out
 * (`budgetMs`, 60 s by default; or `attempts`: complete grids tried). The same options and
 * seed give the same puzzle.
 */
export function makeGradedKindPuzzle(opts: KindOptions & { bucket?: KindBucket; budgetMs?: number; attempts?: number }, seed: Seed): KindPuzzle & { rating: KindRating } {
  checkKindOptions(opts);
  const range = opts.bucket === undefined ? null : kindBucket(opts.kind, opts.size, opts.bucket);
  const budget = opts.budgetMs ?? (opts.attempts === undefined ? DEFAULT_BUDGET_MS : Infinity);
  const attempts = opts.attempts ?? Infinity;
  const start = Date.now();
  for (let attempt = 0; ; attempt++) {
    const s = attempt === 0 ? String(seed) : deriveSeed(seed, `try:${attempt}`);
    const made = makeOne(opts, range, s);
    if (made) return made;
    const spent = Date.now() - start;
    if (spent > budget || attempt + 1 >= attempts) {
      const grids = `${attempt + 1} complete grid${attempt === 0 ? '' : 's'}`;
      const within = spent > budget ? `${Math.round(budget / 1000)} s (${grids} tried)` : grids;
      throw new UserError(`no ${opts.size}x${opts.size} ${opts.kind} puzzle of the bucket ${opts.bucket} (SE-like ${range!.min} to ${range!.max}) within ${within}; try another bucket or seed, or a larger budget`);
    }
  }
}

/** Merges undone, one at a time, on a killer the grader finds too hard for the bucket before it is given up. */
const KILLER_SPLITS = 3;

function makeOne(opts: KindOptions, range: KindBucketRange | null, seed: string): (KindPuzzle & { rating: KindRating }) | null {
  if (!range || opts.kind === 'killer') {
    let p: KillerInRange | null = range ? makeKillerInRange(opts, range, seed) : makeKindPuzzle(opts, seed);
    if (!p) return null;
    const rate = (k: KillerInRange) => (range && range.max > LEVEL_MAX_RATING[1] ? madeKillerRating(k, range.min) : rateKind(k.geometry, k.puzzle));
    let rating = rate(p);
    if (!rating) return null;
    // Too hard for the grader: the last merges of its cages undone, a few, while it stays so.
    for (let i = 0; range && i < KILLER_SPLITS && !(rating.rating > 0 && rating.rating <= range.max + 1e-9); i++) {
      p = p.split ? p.split() : null;
      if (!p) return null;
      rating = rate(p);
      if (!rating) return null;
    }
    if (range && !(rating.rating >= range.min - 1e-9 && rating.rating <= range.max + 1e-9)) return null;
    const { split: _split, closed: _closed, ...made } = p;
    return { ...made, rating };
  }
  const rng = new Rng(seed);
  const { g, solution } = geometryAndGrid(opts, rng);
  const techniques = techniquesFor(g, range.max, true);
  const orbits = orbitsOf(opts.symmetry, g.size);
  const known = new Unavoidables(solution);
  const onePass = ONE_PASS.has(`${opts.kind}:${opts.size}`);
  // A dig that misses the bucket is done again on the same grid in another order: a grid (and a jigsaw's regions) costs more than a dig.
  for (let dig = 0; dig < (onePass ? DIGS_PER_GRID_ONE_PASS : DIGS_PER_GRID); dig++) {
    const { puzzle, harder } = digWithin(g, solution, orbits, techniques, range.min, rng, known, onePass);
    if (!harder) continue;
    const rating = digRating(g, puzzle);
    if (!(rating.rating >= range.min - 1e-9 && rating.rating <= range.max + 1e-9)) continue;
    // The dig proved it unique (sound steps, no uniqueness pattern, solve it); the solver counts
    // again as a check, up to a bound: a 16x16 jigsaw can take it minutes.
    const check = solverFor(g).run(puzzle, { limit: 2, nodeLimit: CHECK_NODES });
    if (check.count !== 1 && !check.aborted) throw new Error('a puzzle solved by sound steps does not have one solution');
    return { geometry: g, puzzle, solution, clues: clueCount(puzzle), seed, rating };
  }
  return null;
}

const ORBITS = new Map<string, readonly (readonly number[])[]>();

/** The clue orbits of a symmetry and size, made once (digging shuffles a copy). */
function orbitsOf(symmetry: KindOptions['symmetry'], n: number): readonly (readonly number[])[] {
  const key = `${symmetry}:${n}`;
  let orbits = ORBITS.get(key);
  if (!orbits) ORBITS.set(key, (orbits = orbitsFor(symmetry, n)));
  return orbits;
}

/**
 * The rating of a dug puzzle, as rateKind gives it. The grader's path takes the cheapest step
 * each time, so before each step past singles and locked candidates it stands where those
 * leave the puzzle, run in bulk (their end point does not hang on the order of their steps):
 * its steps past them are a logical solve's with the same table, and the hardest of them,
 * when there is one, is the rating. Without one, the path's own small steps decide (2.6 or
 * 2.8...): the path is walked. The steps are walked when first asked for.
 */
function digRating(g: Geometry, puzzle: Uint8Array): KindRating {
  const hardest: HardestStep = { rating: 0, technique: null };
  if (!solvesWith(g, puzzle, techniquesFor(g), undefined, hardest) || hardest.rating === 0) return rateKind(g, puzzle);
  const given = puzzle.slice();
  let steps: GeometryStep[] | undefined;
  return {
    rating: hardest.rating,
    solved: true,
    hardest: hardest.technique,
    get steps() {
      return (steps ??= rateKind(g, given).steps);
    },
  };
}

/**
 * The rating of a killer made for a bucket, as rateKind gives it, without walking the path on
 * the puzzles that miss the bucket. The killer rules of level 1 (every technique rated up to
 * 2.9: singles, locked candidates, the cage rules up to cage claiming and innies and outies
 * over one unit) only take candidates away, so where they leave a puzzle does not hang on the
 * order of their steps (src/geometry/killer-logic.ts). The path takes a step rated past them
 * only where they give nothing, so a logical solve that closes under them and then takes the
 * table's first step past them stands where the path stands before each such step and takes
 * the same one: it solves the puzzle exactly when the path does, and when it took such a step
 * the hardest is the path's rating. Otherwise (a puzzle of the cheap rules only: the order of
 * their steps decides the rating) the path is walked, unless the rating is wanted only from
 * `min` on and `min` is past the cheap rules' ratings: then null (too easy). The making's
 * closure of level 1 is where the solve starts when it has one; the steps are walked when
 * first asked for.
 */
export function madeKillerRating(p: KillerInRange, min = 0): KindRating | null {
  const { geometry: g, puzzle } = p;
  // The making's closure goes on in place: used once.
  let pos = p.closed?.level === 1 ? p.closed.position : null;
  p.closed = undefined;
  if (!pos) {
    pos = startPosition(g, puzzle);
    closeLogic(g, pos, 1);
  }
  const past = solvePastClosure(g, pos, 1, techniquesFor(g));
  if (past.solved && !(past.rating > LEVEL_MAX_RATING[1] + 1e-9)) return min > LEVEL_MAX_RATING[1] + 1e-9 ? null : rateKind(g, puzzle);
  const given = puzzle.slice();
  let steps: GeometryStep[] | undefined;
  return {
    rating: past.solved ? past.rating : 0,
    solved: past.solved,
    hardest: past.solved ? past.technique : null,
    get steps() {
      return (steps ??= rateKind(g, given).steps);
    },
  };
}

/** Search nodes of the counting check of a graded puzzle (past them its proof is the dig's logical solve). */
const CHECK_NODES = 20_000;

/** The kinds and sizes dug in one pass (see digWithin); the others keep the two-pass dig and their puzzles. */
const ONE_PASS = new Set(['classic:6', 'jigsaw:9']);

/**
 * Digs tried on one complete grid before the next; more when dug in one pass, where the
 * unavoidable sets learned on a grid spare most searches of its later digs (6x6 hard: about
 * 40 digs a puzzle).
 */
const DIGS_PER_GRID = 4;
const DIGS_PER_GRID_ONE_PASS = 16;
