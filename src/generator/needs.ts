/**
 * Puzzles that need a chosen technique: every puzzle's graded path (Sudoku Explainer's order,
 * the normal grader) uses it, and with `hardest` its step is the path's hardest (the grader's
 * `hardest`: the first step of the highest rating).
 *
 * The digging is steered toward the technique rather than random puzzles filtered: clue orbits
 * are blanked while the puzzle stays unique and solvable by the techniques SE tries up to the
 * target (so the grader never needs a later one); while the target is not yet needed every
 * such blank is kept, and once a blank makes it needed, only blanks that keep it needed (and
 * the hardest, when asked) are kept. A blank whose path uses the target and then gets stuck
 * is kept with the first clue (of those still empty where the path stopped, in random order)
 * whose return leaves the path solved and meeting the needs. A pass that ends without needing
 * it is reworked as the
 * bucket makers do, with eight clue orbits given back instead of three, and dug again
 * (bucket.ts). Fish and unique
 * rectangles are planted first (plant.ts): their pattern's cells blanked first and the clues that confine it held
 * until it is needed.
 */
import { bitOf, popcount } from '../core/digits.js';
import { clueCount, type Grid } from '../core/grid.js';
import { UserError } from '../core/errors.js';
import { deriveSeed, Rng, type Seed } from '../core/rng.js';
import { orbitsOf } from '../core/symmetry.js';
import { PEER_CELLS, UNIT_CELLS } from '../core/units.js';
import { Candidates } from '../grader/candidates.js';
import { applyStep, DEFAULT_LIMITS, emptyLog, levelWalk, runTechniques, stepRating, workContext, type GradeLimits, type UniqueGrade } from '../grader/grade.js';
import { CHAINING_KINDS } from '../grader/chaining/kinds.js';
import { BEYOND, DEFAULT_LEVELS, type Level } from '../grader/levels.js';
import { CHAINING_NAMES, TECHNIQUE_NAMES, TECHNIQUES } from '../grader/registry.js';
import { settledOrUnique, solvedByPropagation } from '../solver/solver.js';
import type { Technique } from '../grader/technique.js';
import { digAllowed, growSolvable, REWORK_ROUNDS, staysUnique, type Candidate } from './bucket.js';
import { FILLS } from './fill.js';
import { digPlanted, plantPlan } from './plant.js';
import type { MakeOptions } from './make.js';

/** What a puzzle must need: a technique of the registry, optionally as its hardest step. */
export interface Needs {
  technique: string;
  hardest: boolean;
}

/** What a graded path is made of, by registry name (a step's own name may be more precise: "skyscraper"). */
export interface PathFacts {
  solved: boolean;
  /** The techniques that made a step. */
  uses: string[];
  /** The technique of the first step with the path's highest rating; null when no step was made. */
  hardest: string | null;
}

/**
 * Techniques the grader never reaches, whatever the puzzle: an earlier technique always finds
 * the same deduction first. A direct claiming (in line L1 the digit lies only in box B, and
 * removing it from B's other cells leaves it one place in a line L2 crossing B) leaves the third
 * box of the stack (or band) without the digit in L1 and L2: it points along the third line,
 * which removes the digit from B and from the box holding L2's single place, so that place is
 * a hidden single in its box: a direct pointing (or, when nothing is removed, a hidden single
 * already there), both of which SE tries first.
 */
const NEVER_REACHED: Record<string, string> = {
  'direct-claiming': 'every direct claiming comes with a direct pointing (or a hidden single) that places the same digit, and the grader tries those first',
};

/**
 * Why no proper puzzle can need `needs` with the grader's limits, in words; null when one can.
 * Techniques an earlier one always pre-empts, and techniques whose chains nest deeper than the
 * default `maxLevel`, never make a step.
 */
export function needsRefusal(needs: Needs, limits: GradeLimits = DEFAULT_LIMITS): string | null {
  const never = NEVER_REACHED[needs.technique];
  if (never) return `no graded path uses it: ${never}`;
  const level = CHAINING_KINDS.find((k) => k.name === needs.technique)?.level;
  const maxLevel = limits.maxLevel ?? DEFAULT_LIMITS.maxLevel;
  if (level !== undefined && level > maxLevel) {
    return `${needs.technique} searches forcing chains nested to level ${level}, deeper than the grader goes (level ${maxLevel}): no graded path uses it`;
  }
  return null;
}

/**
 * `needs` checked: a technique of the registry (else a UserError listing them) that some proper
 * puzzle can need (else a UserError with the reason). `where` names the option or field.
 */
export function checkNeeds(needs: Needs, where = '--needs'): Needs {
  const problem = needsProblem(needs);
  if (problem) throw new UserError(`${where}: ${problem}`);
  return needs;
}

/** What is wrong with `needs`, in words (the valid names, or why it is refused); null when nothing is. */
export function needsProblem(needs: Needs): string | null {
  if (!TECHNIQUE_NAMES.includes(needs.technique)) return `unknown technique "${needs.technique}" (expected one of ${TECHNIQUE_NAMES.join(', ')})`;
  const refused = needsRefusal(needs);
  return refused ? `cannot ask for ${needs.technique}${needs.hardest ? ' as the hardest step' : ''}: ${refused}` : null;
}

/** The registry's techniques wrapped so that a run tells which of them made its steps. */
class PathTracker {
  readonly list: Technique[];
  private uses = new Set<string>();
  private top = 0;
  private hardest: string | null = null;

  constructor(techniques: readonly Technique[]) {
    // Each wraps its technique (name, weight, rating facts, needsUniqueness inherited) and notes its steps.
    this.list = techniques.map((t) => {
      const tracked: Technique = Object.create(t);
      tracked.find = (state, ctx) => {
        const step = t.find(state, ctx);
        if (step) {
          // The grading loop applies the first step found and rates it as grade.ts's stepRating.
          this.uses.add(t.name);
          const rating = stepRating(step, t);
          if (rating > this.top) {
            this.top = rating;
            this.hardest = t.name;
          }
        }
        return step;
      };
      return tracked;
    });
  }

  /** Run the techniques on a puzzle proven unique (from `state`, when given: its start), the run's ratings and counts in `log`. */
  run(puzzle: Grid, limits?: GradeLimits, log = emptyLog(), state = Candidates.fromPuzzle(puzzle)): PathFacts {
    this.uses = new Set();
    this.top = 0;
    this.hardest = null;
    state.unique = true;
    const solved = runTechniques(state, this.list, log, false, workContext(limits));
    return { solved, uses: [...this.uses], hardest: this.hardest };
  }

  /**
   * `run`, with the path past its first hidden singles kept in `memo`. SE tries hidden singles
   * first, so a path starts with them until none is left; they only place digits, which leave
   * the same candidates whatever their order, and the rest of the path depends on that
   * position alone. Puzzles that differ by clues hidden singles give back (a blank that digging
   * tries next to the puzzle it has) share the rest of the path, graded once.
   */
  runFrom(puzzle: Grid, memo: Map<string, PathRest>): PathStop {
    this.uses = new Set();
    this.top = 0;
    this.hardest = null;
    const state = Candidates.fromPuzzle(puzzle);
    state.unique = true;
    const ctx = workContext();
    const [single] = this.list;
    for (let step; !state.isSolved() && (step = single.find(state, ctx)); ) applyStep(state, step);
    const first = { uses: [...this.uses], top: this.top, hardest: this.hardest };
    const key = String.fromCharCode(...state.values);
    let rest = memo.get(key);
    if (!rest) {
      this.uses = new Set();
      this.top = 0;
      this.hardest = null;
      const solved = runTechniques(state, this.list, emptyLog(), false, ctx);
      memo.set(key, (rest = { solved, uses: [...this.uses], top: this.top, hardest: this.hardest, stuck: solved ? undefined : state.values.slice(), stuckCands: solved ? undefined : state.cands.slice() }));
    }
    const uses = [...new Set([...first.uses, ...rest.uses])];
    return { solved: rest.solved, uses, hardest: rest.top > first.top ? rest.hardest : first.hardest, stuck: rest.stuck, stuckCands: rest.stuckCands };
  }
}

/** A graded path from a position on: its facts and its highest rating. */
export interface PathRest extends PathFacts {
  top: number;
  /** Where an unsolved path stopped: the digits placed by then (0: empty). */
  stuck?: Uint8Array;
  /** And the candidates of its empty cells. */
  stuckCands?: Uint16Array;
}

/** `PathFacts`, and for an unsolved path the position where it stopped. */
export interface PathStop extends PathFacts {
  stuck?: Uint8Array;
  stuckCands?: Uint16Array;
}

let fullTracker: PathTracker | null = null;

/** The graded path of a puzzle proven unique (every technique, SE's order), by registry name. */
export function pathFacts(puzzle: Grid, limits?: GradeLimits): PathFacts {
  fullTracker ??= new PathTracker(TECHNIQUES);
  return fullTracker.run(puzzle, limits);
}

/**
 * `gradeUnique` of a puzzle proven unique, with its `pathFacts` from the same run: the full
 * run (every technique, SE's order) is the path, and the level walk reuses it as gradeUnique's
 * does, so bucket, ratings and counts are gradeUnique's.
 */
export function gradeWithPath(puzzle: Grid, levels: readonly Level[]): UniqueGrade & { path: PathFacts } {
  fullTracker ??= new PathTracker(TECHNIQUES);
  const start = Candidates.fromPuzzle(puzzle);
  start.unique = true;
  const log = emptyLog();
  const path = fullTracker.run(puzzle, undefined, log, start.clone());
  const index = levelWalk(start, levels, {}, log);
  return { bucket: index < 0 ? BEYOND : levels[index].bucket, log, path };
}

/** `pathFacts`, with the paths past their first hidden singles kept in `memo` (PathTracker.runFrom). */
export function pathFactsFrom(puzzle: Grid, memo: Map<string, PathRest>): PathFacts {
  fullTracker ??= new PathTracker(TECHNIQUES);
  return fullTracker.runFrom(puzzle, memo);
}

/** Whether a path meets `needs`: solved, using the technique, and as the hardest step when asked. */
export function meetsNeeds(path: PathFacts, needs: Needs): boolean {
  return path.solved && path.uses.includes(needs.technique) && (!needs.hardest || path.hardest === needs.technique);
}

/** The techniques SE tries up to the naked single: all a path uses when singles solve the puzzle. */
const SINGLES_PREFIX = TECHNIQUE_NAMES.slice(0, TECHNIQUE_NAMES.indexOf('naked-single') + 1);

const sValues = new Uint8Array(81);
const sCands = new Uint16Array(81);

/**
 * Whether naked and hidden singles alone solve a puzzle (proven unique): a cheap test before
 * the grader. More eliminations never take a single away, so from every position of such a
 * puzzle's graded path (sound steps only) singles still solve it, and where no hidden single
 * is found a naked single is: the grader never asks a technique after `naked-single`. Its path
 * is then solved and uses none of them.
 */
export function solvedBySingles(puzzle: Grid): boolean {
  sValues.fill(0);
  sCands.fill(0x3fe);
  let left = 81;
  const place = (cell: number, d: number): void => {
    sValues[cell] = d;
    sCands[cell] = 0;
    left--;
    const keep = ~(1 << d);
    for (let k = 20 * cell; k < 20 * cell + 20; k++) sCands[PEER_CELLS[k]] &= keep;
  };
  for (let c = 0; c < 81; c++) if (puzzle[c] !== 0) place(c, puzzle[c]);
  for (let changed = true; changed && left > 0; ) {
    changed = false;
    for (let c = 0; c < 81; c++) {
      if (sValues[c] !== 0) continue;
      const m = sCands[c];
      if (m === 0) return false;
      if ((m & (m - 1)) === 0) {
        place(c, 31 - Math.clz32(m));
        changed = true;
      }
    }
    for (let u = 0; u < 27; u++) {
      let once = 0;
      let twice = 0;
      for (let k = 9 * u; k < 9 * u + 9; k++) {
        const m = sCands[UNIT_CELLS[k]];
        twice |= once & m;
        once |= m;
      }
      for (let alone = once & ~twice; alone !== 0; alone &= alone - 1) {
        const bit = alone & -alone;
        for (let k = 9 * u; k < 9 * u + 9; k++) {
          const c = UNIT_CELLS[k];
          if (sCands[c] & bit) {
            place(c, 31 - Math.clz32(bit));
            changed = true;
            break;
          }
        }
      }
    }
  }
  return left === 0;
}

/** The techniques SE tries up to claiming: all a path uses when singles and locked candidates solve the puzzle. */
const LOCKED_PREFIX = TECHNIQUE_NAMES.slice(0, TECHNIQUE_NAMES.indexOf('claiming') + 1);

/**
 * A test that tells, before any grading or uniqueness test, puzzles whose graded path cannot
 * use `technique`: solved by the counting solver's propagation alone (naked and hidden singles,
 * locked candidates; no guess), for a technique SE tries after claiming; by singles alone, for
 * one after the naked single. Either proves the puzzle unique. From every position of such a
 * puzzle's graded path (sound steps only: more eliminations never take a single or a locked
 * candidate away) the same rules still solve it, so at each one a single or a locked
 * candidate is there, and SE tries those first: the path never asks a later technique.
 */
function settledBy(technique: string): (puzzle: Grid) => boolean {
  if (!LOCKED_PREFIX.includes(technique)) return solvedByPropagation;
  if (!SINGLES_PREFIX.includes(technique)) return solvedBySingles;
  return () => false;
}

/**
 * What digging may use. With the hardest step asked: SE's techniques up to the target, so no
 * later (mostly higher-rated) one is ever needed. Otherwise every technique before the chains
 * too (or up to the target, when it is a chain): digging goes further into harder puzzles, where
 * the target is needed far more often (x-wing: 17 candidates in 20 against 3 in 20 with the
 * techniques up to it), and grading stays cheap. A section's bucket adds its level's techniques
 * instead (a puzzle dug with more would mostly land in a harder bucket). Techniques in
 * STEER_TO_TARGET are dug with those up to the target either way.
 */
function steering(needs: Needs, bucket: Level | null): PathTracker {
  const target = TECHNIQUE_NAMES.indexOf(needs.technique);
  const last = needs.hardest || bucket || STEER_TO_TARGET.has(needs.technique) ? target : Math.max(target, TECHNIQUES.findIndex((t) => CHAINING_NAMES.includes(t.name)) - 1);
  const extra = new Set(bucket && !needs.hardest ? bucket.techniques : []);
  return new PathTracker(TECHNIQUES.filter((t, i) => i <= last || extra.has(t.name)));
}

/**
 * Techniques dug with SE's techniques up to the target only, even when any use is asked. A
 * BUG needs a position that every technique before it leaves alone (every empty cell bivalue
 * but one), so the techniques after it (VWXYZ-wing, aligned pair exclusion, UVWXYZ-wing) only
 * lead digging past such positions and cost grading time: as many candidates need it (three
 * seed sets, 96, 96 and 32 candidates: 65, 55, 18 hits against 63, 56, 19) in about 14% less time.
 */
const STEER_TO_TARGET = new Set(['bug']);

/**
 * Rework rounds of a candidate whose digging has not needed the target yet: twice the bucket
 * makers' (REWORK_ROUNDS), since a rare technique is found by more rounds near a hard puzzle
 * more cheaply than by a new grid (bug: 2 candidates in 16 hit with 30 rounds, 6 with 120).
 */
export const NEEDS_REWORK_ROUNDS = 2 * REWORK_ROUNDS;

/**
 * Clue orbits given back at each rework round: more than the bucket makers' three
 * (REWORK_ORBITS), so each round digs further from the puzzle before. A candidate's chance
 * to need the target in a round grows more than the round's time (40-48 candidates each, same
 * seeds, 3 against 8 orbits: X-wing as the hardest step 13 against 23 hits, swordfish 29
 * against 37, XYZ-wing 33 against 45, BUG as the hardest 5 against 9); 14 and 20 orbits did
 * no better than 8.
 */
export const NEEDS_REWORK_ORBITS = 8;

/**
 * Rework rounds by technique where more pay: a planted jellyfish is needed more often the
 * longer its candidate is reworked (24 candidates: 7 hits with 60 rounds, 15 with 120, at
 * 3.4 and 5.6 puzzles per CPU second).
 */
const MORE_ROUNDS: Record<string, number> = { jellyfish: 4 * REWORK_ROUNDS };

/** The rework rounds of a candidate aimed at `needs`. */
export function needsReworkRounds(needs: Needs): number {
  return MORE_ROUNDS[needs.technique] ?? NEEDS_REWORK_ROUNDS;
}

/**
 * Clues given back, by technique, where a blank leaves the path stuck before it used the
 * target (at most this many, in random order; see makeNeedsCandidate), for any use and as the
 * hardest step. A BUG comes at the end of a path, where a stuck position is a few clues from
 * one that needs it (48 candidates, seeds other than the bench's: as the hardest step 12 hits
 * with none, 26 with 5, 32 with 10, 36 with 20, at 1.6, 3.5, 3.8 and 3.8 per CPU second; any
 * use 17, 25, 29, 33 at 2.2, 2.8, 3.0, 2.9). Aligned pair exclusion, which nothing else makes
 * needed: 2 hits in 128 candidates toward any use with 40 (0.03 per CPU second), none in 64 as
 * the hardest step. For the XYZ-wing and the unique loop 10 did no better than none.
 * For the BUG the clues are tried nearest a BUG first (BUG_FIRST), so fewer do: 10 (two seed
 * sets of 32, the bench's and another: 17-19 hits against 17-20 with 20 in random order, at
 * 2.9-3.3 against 2.2-2.8 per CPU second; 5: 15-17 hits, 2.8-3.1; 40: 18-22, 1.8-2.5).
 */
const STUCK_SWAPS: Record<string, { any: number; hardest: number }> = {
  bug: { any: 10, hardest: 10 },
  'aligned-pair-exclusion': { any: 40, hardest: 0 },
};

/**
 * Techniques whose clues given back at a stuck position are tried in the order of `excess`
 * (fewest first): a BUG needs every empty cell bivalue but one, so the clues that leave the
 * fewest candidates beyond two are the likeliest to lead the path to it.
 */
const BUG_FIRST = new Set(['bug']);

/**
 * The most candidates beyond two (`excess`) a position stuck before any BUG may have for its
 * clues to be tried (BUG_FIRST). A BUG+1 has one; a clue given back far from that mostly lets
 * the path finish without it: of 40 candidates' stuck positions, those with 20 or more (256)
 * gave 2 hits for 2.2 s of CPU, those with 10 or fewer (53) 11 for 0.12 s. Four seed sets of
 * 96 candidates: 237 hits in 30.5 s with 14 against 250 in 41.8 s with none (7.8 against 6.0
 * per CPU second; 10: 227 in 30.3 s, 12: 232 in 30.0 s, 17: 240 in 31.4 s).
 */
const BUG_NEAR = 14;

/**
 * The candidates beyond two, summed over the empty cells of a position (`cands`: their
 * candidate masks), once the orbit's clues are placed and removed from their peers (0: every
 * empty cell bivalue or less).
 */
export function excess(cands: Uint16Array, orbit: readonly number[], solution: Grid): number {
  const after = cands.slice();
  for (const c of orbit) {
    after[c] = 0;
    for (let k = 20 * c; k < 20 * c + 20; k++) after[PEER_CELLS[k]] &= ~bitOf(solution[c]);
  }
  let n = 0;
  for (let c = 0; c < 81; c++) {
    const k = popcount(after[c]);
    if (k > 2) n += k - 2;
  }
  return n;
}

export interface NeedsCandidate extends Candidate {
  path: PathFacts;
}

/**
 * One candidate aimed at `needs`: fill, dig steered toward the technique, rework up to `rework`
 * rounds while it is not needed, grade. `bucket` (when the section asks for one) widens what
 * digging may use to its level's techniques. The caller checks `meetsNeeds(c.path, needs)`.
 */
export function makeNeedsCandidate(options: MakeOptions, needs: Needs, rng: Rng, levels: readonly Level[], bucket: string | null, rework = needsReworkRounds(needs)): NeedsCandidate {
  const tracker = steering(needs, levels.find((l) => l.bucket === bucket) ?? null);
  const solution = FILLS[options.fill](rng);
  // Once a blank makes the target needed, only blanks that keep it needed are kept.
  let hooked = false;
  // A puzzle singles (and locked candidates) solve has a path that cannot use the target: told without grading.
  const settled = settledBy(needs.technique);
  // Paths past their first hidden singles, kept for the candidate's other blanks and reworks.
  const memo = new Map<string, PathRest>();
  const orbits = orbitsOf(options.symmetry);
  // A blank that makes the path use the target, then leaves it stuck further on: the clue
  // orbits still empty where it stopped are given back one at a time (random order), and the
  // first that leaves the path solved and meeting `needs` is kept with the blank. Where the
  // path sticks before using it, the same with at most `swaps` orbits (STUCK_SWAPS).
  const swaps = STUCK_SWAPS[needs.technique]?.[needs.hardest ? 'hardest' : 'any'] ?? 0;
  const nearBug = BUG_FIRST.has(needs.technique);
  const repair = (p: Grid, stuck: Uint8Array, most: number, cands?: Uint16Array): boolean => {
    let order = rng.shuffle(orbits.filter((o) => stuck[o[0]] === 0));
    if (nearBug && cands) {
      // A stable sort: ties stay in random order.
      const score = new Map(order.map((o) => [o, excess(cands, o, solution)]));
      order = order.sort((a, b) => score.get(a)! - score.get(b)!);
    }
    for (const orbit of order.slice(0, most)) {
      for (const c of orbit) p[c] = solution[c];
      if (!settled(p) && meetsNeeds(tracker.runFrom(p, memo), needs)) return true;
      for (const c of orbit) p[c] = 0;
    }
    return false;
  };
  // Asked of each blank before the uniqueness test (which it makes needless when it holds).
  // Propagation and the uniqueness test in one solver call where the propagation settles blanks.
  const propagating = settled === solvedByPropagation;
  const test = (p: Grid, orbit: readonly number[]) => {
    const verdict = propagating ? settledOrUnique(p, orbit, solution) : settled(p) ? 'settled' : staysUnique(p, solution, orbit);
    return verdict === 'settled' ? !hooked : verdict && allowed(p);
  };
  const allowed = (p: Grid) => {
    const path = tracker.runFrom(p, memo);
    if (!path.solved) {
      const used = path.uses.includes(needs.technique);
      const most = used ? 81 : swaps;
      if (hooked || most === 0 || path.stuck === undefined) return false;
      if (!used && nearBug && excess(path.stuckCands!, [], solution) > BUG_NEAR) return false;
      return repair(p, path.stuck, most, path.stuckCands) && (hooked = true);
    }
    if (meetsNeeds(path, needs)) return (hooked = true);
    return !hooked;
  };
  const steer = [{ bucket: 'steer', techniques: tracker.list.map((t) => t.name) }];
  const start = options.dig === 'add' ? growSolvable(solution, options, steer, rng) : solution.slice();
  // A planted pattern (plant.ts) keeps its first cells blank and its last cells as clues until
  // the target is needed; every dig again from the full grid plants it afresh elsewhere.
  let plan = plantPlan(needs.technique, solution, rng, options.symmetry);
  let opened = new Set(plan?.first);
  const dig = (p: Grid) => (plan ? digPlanted(p, solution, options.symmetry, allowed, rng, plan, () => !hooked, test) : digAllowed(p, solution, options.symmetry, allowed, rng, undefined, test));
  const puzzle = dig(start);
  for (let round = 0; round < rework && !hooked; round++) {
    // As the bucket makers do: every fifth round digs again from the full grid (or a new start).
    if (round % 5 === 4) {
      puzzle.set(options.dig === 'add' ? growSolvable(solution, options, steer, rng) : solution);
      if (plan) opened = new Set((plan = plantPlan(needs.technique, solution, rng, options.symmetry))?.first);
    }
    const blank = orbits.filter((o) => puzzle[o[0]] === 0 && !o.some((c) => opened.has(c)));
    for (let k = 0; k < NEEDS_REWORK_ORBITS && blank.length > 0; k++) {
      const [orbit] = blank.splice(rng.below(blank.length), 1);
      for (const c of orbit) puzzle[c] = solution[c];
    }
    dig(puzzle);
  }
  // The clues a plan held, dug once the target is needed.
  if (plan && hooked) digAllowed(puzzle, solution, options.symmetry, allowed, rng, undefined, test);
  const { bucket: graded, log, path } = gradeWithPath(puzzle, levels);
  return {
    puzzle,
    solution,
    clues: clueCount(puzzle),
    bucket: graded,
    rating: log.solved ? log.rating : null,
    hardest: log.hardest,
    techniques: log.counts,
    path,
  };
}

/**
 * One puzzle that needs `needs` (of `bucket` too, when given) from its own seed: candidate j is
 * made from seed "<seed>#needs:<technique>:<j>", as `generate --needs` makes them, and the first
 * that fits is the puzzle. Throws a UserError after `maxAttempts` candidates.
 */
export function makeNeedsPuzzle(options: MakeOptions, needs: Needs, seed: Seed, levels: readonly Level[] = DEFAULT_LEVELS, bucket: string | null = null, maxAttempts = 1000): NeedsCandidate & { seed: string; attempts: number } {
  for (let j = 0; j < maxAttempts; j++) {
    const itemSeed = deriveSeed(seed, `needs:${needs.technique}:${j}`);
    const c = makeNeedsCandidate(options, needs, new Rng(itemSeed), levels, bucket);
    if (meetsNeeds(c.path, needs) && (bucket === null || c.bucket === bucket)) return { ...c, seed: itemSeed, attempts: j + 1 };
  }
  throw new UserError(`no puzzle that needs ${needs.technique}${needs.hardest ? ' as the hardest step' : ''}${bucket ? ` in ${bucket}` : ''} after ${maxAttempts} candidates from seed "${seed}"`);
}
