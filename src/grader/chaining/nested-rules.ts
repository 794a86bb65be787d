/**
 * Nested forcing chains (Sudoku Explainer's levels 2 to 4): dynamic forcing chains whose
 * runs, when neither plain links nor the level-1 rules (advanced-rules.ts) give
 * anything more, run whole forcing-chain searches on the run's reduced grid and take every
 * removal those inner chains prove:
 *
 * - level 2: forcing chains (an assumption that leads, by single links, to its own negation);
 * - level 3: the same, then (if they find nothing) static cell and region forcing chains;
 * - level 4: dynamic forcing chains of a given level (0: plain, 1: with the level-1 rules, 2 and
 *   3: nested themselves).
 *
 * An inner deduction counts only if it rests on a candidate the outer chain struck (a cell
 * left with one candidate, or a unit left with one place, because of the outer assumption);
 * those struck candidates become the parents of each candidate it removes, and its own
 * complexity is added (once per distinct inner chain) to the outer chain's. Sound because
 * every inner chain is sound on any grid in which the outer assumption holds.
 */
import { POPCOUNT } from '../../core/digits.js';
import { UNIT_CELLS } from '../../core/units.js';
import { Candidates } from '../candidates.js';
import type { CellDigit } from '../technique.js';
import { addLevelOneRules, LEVEL_ONE_MODE, removalOrder, type RuleOutcome } from './advanced-rules.js';
import { BestHint, type HintSink } from './best-hint.js';
import type { Budget } from './budget.js';
import { CAUSE_CELL, chainComplexity, ImplicationRun } from './implication-run.js';
import { type ChainingKind, RunPool, searchMultipleChains } from './multiple-chains.js';
import { baseRating, type ChainMode, UNARY_PASSES } from './kinds.js';
import { CycleSearch } from './cycle-search.js';
import { LinkGraph } from './link-graph.js';
import { CELL_UNITS, PLACE_IN_UNIT } from './links.js';
import { chainDifficulty } from './potential.js';
import type { PropagationMode } from './propagate.js';
import { RunMemo } from './run-memo.js';
import { NegationReach } from './negation-reach.js';
import { markChainStarts } from './static-reach.js';

const starts = new Uint8Array(81);

/** `nodeRule` of a node made off by a nested chain (see RULE_NAMES). */
const NESTED_RULE = 5;


/** One inner deduction, reduced to what the outer run needs. */
interface InnerHint {
  removable: number[];
  parents: number[];
  complexity: number;
  difficulty: number;
  sortKey: number;
  sig: number;
  seq: number;
}

/** Collects the deductions of one inner search, for the outer run `outer`. */
class InnerCollector implements HintSink {
  outer!: ImplicationRun;
  hints: InnerHint[] = [];
  readonly mark = new Uint8Array(729);
  /** Per unit and digit index: the unit's places (bit k: its k-th cell) the outer run struck. */
  readonly struckUnits = new Uint16Array(243);

  /** A deduction already reduced to its removals, struck parents and signature (kept only when it rests on the outer chain). */
  addRaw(removable: number[], parents: number[], complexity: number, difficulty: number, sortKey: number, sig: number): void {
    if (!parents.length) return;
    this.hints.push({ removable, parents, complexity, difficulty, sortKey, sig, seq: this.hints.length });
  }

  start(outer: ImplicationRun): void {
    this.outer = outer;
    const units = this.struckUnits;
    units.fill(0);
    for (let cell = 0; cell < 81; cell++) {
      const gone = outer.source[cell] & ~outer.cands[cell];
      if (!gone) continue;
      for (let t = 0; t < 3; t++) {
        const base = CELL_UNITS[cell * 3 + t] * 9;
        const at = 1 << PLACE_IN_UNIT[cell * 3 + t];
        for (let v = 0; v < 9; v++) if (gone & (1 << v)) units[base + v] |= at;
      }
    }
    // A fresh list: the last one may be kept by the memo of inner searches.
    this.hints = [];
  }

  add(runs: readonly ImplicationRun[], nodes: readonly number[], place: CellDigit[], eliminate: CellDigit[], base: number, sortKey: number, cause: number): void {
    const outer = this.outer;
    // The struck candidates the inner chains rest on. A deduction resting on none is no news
    // to the outer chain (addTo would pass it over): not kept, and its complexity not counted.
    const parents: number[] = [];
    this.mark.fill(0);
    // Each branch's chain walked once: for its parents here and its signature below.
    let walked = 0;
    for (let b = 0; b < runs.length; b++) {
      collectParents(runs[b], nodes[b], cause, this, parents);
      branchEnd[b] = walked = keepWalk(walked);
    }
    if (!parents.length) return;
    const removable: number[] = [];
    for (const [c, d] of eliminate) removable.push(c * 9 + d - 1);
    for (const [c, d] of place) {
      const others = outer.cands[c] & ~(1 << (d - 1));
      for (let w = 0; w < 9; w++) if (others & (1 << w)) removable.push(c * 9 + w);
    }
    if (!removable.length) return;
    const complexity = chainComplexity(runs, nodes);
    // A signature of the chains: their potentials in the order walked (the same chain, the same signature).
    let sig = complexity | 0;
    for (let b = 0, i = 0; b < runs.length; b++) {
      const run = runs[b];
      for (; i < branchEnd[b]; i++) sig = Math.imul(sig ^ (run.nodePot[walks[i]] * 2 + run.nodeOn[walks[i]] + 1), 0x01000193);
      sig = Math.imul(sig ^ 0x5bd1e995, 0x01000193);
    }
    this.hints.push({ removable, parents, complexity, difficulty: chainDifficulty(base, complexity), sortKey, sig, seq: this.hints.length });
  }

  /** Add the removals of the deductions that rest on the outer chain, easiest first, to the outer run. */
  addTo(budget: Budget): RuleOutcome {
    const outer = this.outer;
    const hints = this.hints;
    hints.sort((a, b) => a.difficulty - b.difficulty || a.complexity - b.complexity || a.sortKey - b.sortKey || a.seq - b.seq);
    let any = false;
    let added = false;
    for (const h of hints) {
      if (!h.parents.length) continue;
      any = true;
      budget.spend(1);
      let index = 0;
      for (const pot of removalOrder(h.removable)) {
        if (outer.offNode[pot] >= 0 || !(outer.cands[(pot / 9) | 0] & (1 << pot % 9))) continue;
        if (index === 0) {
          outer.nestedCx.push(h.complexity);
          outer.nestedSig.push(h.sig);
          index = outer.nestedCx.length;
        }
        const n = outer.newNode(pot, false);
        outer.nodeRule[n] = NESTED_RULE;
        outer.nodeNested[n] = index;
        for (const p of h.parents) if (outer.offNode[p] >= 0) outer.addParent(n, outer.offNode[p]);
        outer.registerOff(n);
        added = true;
      }
    }
    return added ? 'added' : any ? 'known' : 'none';
  }
}

/** The last chain walked (`walkLen` nodes), and the walks of a deduction's branches one after another. */
const walk = new Int32Array(1460);
let walkLen = 0;
const walkedAt = new Int32Array(1460);
let walkStamp = 0;
let walks = new Int32Array(9 * 1460);
const branchEnd = new Int32Array(9);

/** The nodes the node `node` of `run` rests on, itself first, breadth first over its parents, into `walk`. */
function walkChain(run: ImplicationRun, node: number): void {
  if (++walkStamp === 0x7fffffff) {
    walkedAt.fill(0);
    walkStamp = 1;
  }
  const stamp = walkStamp;
  walkLen = 1;
  walk[0] = node;
  walkedAt[node] = stamp;
  for (let i = 0; i < walkLen; i++) {
    const n = walk[i];
    const s = run.parStart[n];
    const e = s + run.parCount[n];
    for (let k = s; k < e; k++) {
      const p = run.pool[k];
      if (walkedAt[p] !== stamp) {
        walkedAt[p] = stamp;
        walk[walkLen++] = p;
      }
    }
  }
}

/** Append the last walk to `walks` from `at`; returns where it ends. */
function keepWalk(at: number): number {
  if (at + walkLen > walks.length) {
    const bigger = new Int32Array(Math.max(walks.length * 2, at + walkLen));
    bigger.set(walks);
    walks = bigger;
  }
  walks.set(walk.subarray(0, walkLen), at);
  return at + walkLen;
}

/**
 * Add to `out` the candidates struck by the outer run that the "on" nodes of the inner chain
 * ending at `node` rest on: the cell's struck candidates (one candidate left) or the unit's
 * struck places of the digit (one place left). The assumption itself rests on `cause`.
 */
function collectParents(run: ImplicationRun, node: number, cause: number, sink: InnerCollector, out: number[]): void {
  walkChain(run, node);
  for (let i = 0; i < walkLen; i++) {
    const n = walk[i];
    if (run.nodeOn[n]) addStruck(sink, run.parCount[n] === 0 ? cause : run.nodeCause[n], run.nodePot[n], out);
  }
}

const unaryRun = new ImplicationRun();

/**
 * Breadth first from one assumption over single links (X: a digit's other places in the
 * cell's box, row and column go off, a unit's last place goes on; Y, with `y`: the cell's
 * other digits go off, a cell's last digit goes on), layer by layer, on a grid that does not
 * change. Returns the node of the assumption's negation, or -1 when it is never reached.
 */
function unaryRunFrom(g: LinkGraph, run: ImplicationRun, state: Candidates, pot: number, on: boolean, y: boolean, budget: Budget): number {
  const { start, targets, why } = g;
  run.reset(state.cands, state.values);
  const src = run.newNode(pot, on);
  if (on) run.registerOn(src);
  else run.registerOff(src);
  let target = -1;
  let onHead = 0;
  let offHead = 0;
  while (onHead < run.onLen || offHead < run.offLen) {
    while (onHead < run.onLen) {
      budget.spend(1);
      const p = run.onList[onHead++];
      const q = run.nodePot[p];
      const cell = (q / 9) | 0;
      for (let e = start[q * 2 + 1]; e < start[q * 2 + 2]; e++) {
        const r = targets[e] >> 1;
        if (!y && ((r / 9) | 0) === cell) continue;
        target = makeOffStatic(run, r, p, pot, on, target);
      }
    }
    while (offHead < run.offLen) {
      budget.spend(1);
      const p = run.offList[offHead++];
      const q = run.nodePot[p];
      for (let e = start[q * 2]; e < start[q * 2 + 1]; e++) {
        const r = targets[e] >> 1;
        if (y || why[e] !== CAUSE_CELL) target = makeOnStatic(run, r, p, why[e], pot, on, target);
      }
    }
  }
  return target;
}

function makeOffStatic(run: ImplicationRun, q: number, parent: number, pot: number, on: boolean, target: number): number {
  if (run.offNode[q] >= 0) return target;
  const n = run.newNode(q, false);
  run.addParent(n, parent);
  run.registerOff(n);
  return on && q === pot && target < 0 ? n : target;
}

function makeOnStatic(run: ImplicationRun, q: number, parent: number, cause: number, pot: number, on: boolean, target: number): number {
  if (run.onNode[q] >= 0) return target;
  const n = run.newNode(q, true);
  run.nodeCause[n] = cause;
  run.addParent(n, parent);
  run.registerOn(n);
  return !on && q === pot && target < 0 ? n : target;
}

/** The loops of nested searches (one search at a time). */
const loops = new CycleSearch();

/** Why node `n` of a loop holds (its link's unit, CAUSE_CELL for a link inside a cell). */
function loopCause(n: number): number {
  const p = loops.parent[n];
  const a = (loops.pot[n] / 9) | 0;
  const b = (loops.pot[p] / 9) | 0;
  if (a === b) return CAUSE_CELL;
  for (let t = 0; t < 3; t++) {
    const u = CELL_UNITS[a * 3 + t];
    if (u === CELL_UNITS[b * 3 + t]) return u;
  }
  return -1;
}

/** Per unit and digit: whether the outer run struck a place of the digit in the unit (stamped). */
const struckPlaces = new Int32Array(27 * 9);
/** Per component (componentOf): whether a link inside it rests on a struck candidate (stamped). */
const struckComponent = new Int32Array(1458);
let struckStamp = 0;

/**
 * A loop offered by `cycles` counts only if one of its links rests on a candidate the outer run
 * struck: a link inside a cell that lost candidates, or between two places of a digit in a unit
 * that lost places of it. Every link of a loop lies inside one component of the link graph, so
 * mark the components holding such a link (over all shared units of a link: a superset of the
 * one loopCause names); a loop through a candidate of an unmarked component has no parents and
 * is not searched. Returns false when no component is marked.
 */
function markStruckComponents(g: LinkGraph, outer: ImplicationRun): boolean {
  const stamp = ++struckStamp;
  const source = outer.source;
  const cands = outer.cands;
  let anyStruck = false;
  for (let cell = 0; cell < 81; cell++) {
    const gone = source[cell] & ~cands[cell];
    if (!gone) continue;
    anyStruck = true;
    for (let t = 0; t < 3; t++) {
      const u = CELL_UNITS[cell * 3 + t];
      for (let v = 0; v < 9; v++) if (gone & (1 << v)) struckPlaces[u * 9 + v] = stamp;
    }
  }
  if (!anyStruck) return false;
  let marked = false;
  // Every link between two candidates of a cell that lost candidates, or between two places of
  // a digit in a unit that lost places of it, in either direction and of either kind (pairs
  // with no such link only widen the marking, which stays a superset).
  for (let cell = 0; cell < 81; cell++) {
    const m = cands[cell];
    if (!(source[cell] & ~m) || POPCOUNT[m] < 2) continue;
    for (let x = 0; x < 9; x++) {
      if (!(m & (1 << x))) continue;
      for (let y = x + 1; y < 9; y++) if (m & (1 << y) && markPair(g, cell * 9 + x, cell * 9 + y, stamp)) marked = true;
    }
  }
  for (let u = 0; u < 27; u++) {
    for (let v = 0; v < 9; v++) {
      if (struckPlaces[u * 9 + v] !== stamp) continue;
      const bit = 1 << v;
      for (let i = 0; i < 9; i++) {
        const a = UNIT_CELLS[u * 9 + i];
        if (!(cands[a] & bit)) continue;
        for (let k = i + 1; k < 9; k++) {
          const b = UNIT_CELLS[u * 9 + k];
          if (cands[b] & bit && markPair(g, a * 9 + v, b * 9 + v, stamp)) marked = true;
        }
      }
    }
  }
  return marked;
}

/**
 * Mark the components holding both ends of a link between candidates `p` and `q` (any of the
 * four: on to off and off to on, each way); true when one does.
 */
function markPair(g: LinkGraph, p: number, q: number, stamp: number): boolean {
  let found = false;
  for (let k = 0; k < 4; k++) {
    const from = k < 2 ? p * 2 + (k & 1) : q * 2 + (k & 1);
    const to = k < 2 ? q * 2 + 1 - (k & 1) : p * 2 + 1 - (k & 1);
    const c = g.componentOf(from);
    if (c >= 0 && g.componentOf(to) === c) {
      struckComponent[c] = stamp;
      found = true;
    }
  }
  return found;
}

const loopOut: number[] = [];
const loopStarts = new Int16Array(729);
const loopCx = new Int32Array(1458);
let loopCxStamp = 0;

/**
 * Cycles on `state` (static): X loops, then Y loops (from bivalue cells), then both; each
 * removes what sees an "on" and an "off" of its digit. Offered with every link's struck
 * candidates as parents (a loop reads in both directions, so every link's reason counts).
 * Loops start from the first `starts` candidates of `loopStarts` (see unaryChains).
 */
function cycles(g: LinkGraph, state: Candidates, sink: InnerCollector, budget: Budget, starts: number): void {
  const cands = state.cands;
  const { pot: lPot, on: lOn, parent: lParent } = loops;
  for (let pass = 0; pass < 3 && starts > 0; pass++) {
    const { y, x, cycleBase: base, sortKey: key } = UNARY_PASSES[pass];
    for (let i = 0; i < starts; i++) {
      const pot = loopStarts[i];
      if (!x && POPCOUNT[cands[(pot / 9) | 0]] > 2) continue;
      for (const dst of loops.find(g, pot, y, x, Infinity, budget, true, true)) {
        loops.removals(cands, dst, loopOut);
        if (!loopOut.length) continue;
        // Complexity: distinct potentials of the loop.
        const st = ++loopCxStamp;
        let cx = 0;
        for (let n = dst; n >= 0; n = lParent[n]) {
          const k = lPot[n] * 2 + lOn[n];
          if (loopCx[k] !== st) {
            loopCx[k] = st;
            cx++;
          }
        }
        const parents: number[] = [];
        const mark = sink.mark;
        mark.fill(0);
        let sig = cx | 0x40000;
        for (let n = dst; lParent[n] >= 0; n = lParent[n]) {
          sig = Math.imul(sig ^ (lPot[n] * 2 + lOn[n] + 1), 0x01000193);
          addStruck(sink, loopCause(n), lPot[n], parents);
        }
        sink.addRaw(loopOut.slice(), parents, cx, chainDifficulty(base, cx), key, sig);
      }
    }
  }
}

/** Add the candidates of a cell (cause CAUSE_CELL) or a unit's places of the digit that the outer run struck. */
function addStruck(sink: InnerCollector, why: number, pot: number, out: number[]): void {
  if (why < 0) return;
  const { outer, mark } = sink;
  const cell = (pot / 9) | 0;
  if (why === CAUSE_CELL) {
    const gone = outer.source[cell] & ~outer.cands[cell];
    for (let w = 0; w < 9; w++) {
      const q = cell * 9 + w;
      if (gone & (1 << w) && !mark[q]) {
        mark[q] = 1;
        out.push(q);
      }
    }
    return;
  }
  const v = pot % 9;
  let m = sink.struckUnits[why * 9 + v];
  while (m) {
    const q = UNIT_CELLS[why * 9 + 31 - Math.clz32(m & -m)] * 9 + v;
    m &= m - 1;
    if (!mark[q]) {
      mark[q] = 1;
      out.push(q);
    }
  }
}

/**
 * Single forcing chains on `state` (static): each candidate assumed true that leads to its
 * own negation is removed; each assumed false that leads to itself is placed. X links only
 * first (rated 6.6 and up), then X and Y links (7.0 and up). Where no statement reaches its
 * negation (most inner grids), neither a chain nor a loop removes anything: that is told
 * first (negation-reach.ts, charged its own work) and the link graph is not built. Returns
 * whether `g` was built for `state`.
 */
function unaryChains(g: LinkGraph, state: Candidates, sink: InnerCollector, budget: Budget): boolean {
  const found = negations.anyNegation(state.cands);
  budget.spend(negations.work);
  if (!found) return false;
  const cands = state.cands;
  const run = unaryRun;
  g.build(cands);
  budget.spend(g.computeReach());
  // In cell and digit order, found once for all passes: the candidates a loop can pass through
  // (on a loop of a component holding a link that rests on a struck candidate), and those whose
  // negation follows from them (bit 1: from "on"; bit 2: from "off").
  const loopsToo = markStruckComponents(g, sink.outer);
  let starts = 0;
  let n = 0;
  for (let cell = 0; cell < 81; cell++) {
    if (state.values[cell] !== 0 || POPCOUNT[cands[cell]] < 2) continue;
    for (let v = 0; v < 9; v++) {
      if (!(cands[cell] & (1 << v))) continue;
      const pot = cell * 9 + v;
      if (loopsToo && g.reaches(pot * 2 + 1, pot * 2 + 1) && struckComponent[g.componentOf(pot * 2 + 1)] === struckStamp) loopStarts[starts++] = pot;
      const ends = (g.reaches(pot * 2 + 1, pot * 2) ? 1 : 0) | (g.reaches(pot * 2, pot * 2 + 1) ? 2 : 0);
      if (ends) chainStarts[n++] = pot * 4 + ends;
    }
  }
  cycles(g, state, sink, budget, starts);
  for (const y of [false, true]) {
    const { chainBase: base, sortKey: key } = UNARY_PASSES[y ? 2 : 0];
    for (let i = 0; i < n; i++) {
      const pot = chainStarts[i] >> 2;
      const ends = chainStarts[i] & 3;
      const cell = (pot / 9) | 0;
      const v = pot % 9;
      let t = ends & 1 ? unaryRunFrom(g, run, state, pot, true, y, budget) : -1;
      if (t >= 0) {
        sink.add([run], [t], [], [[cell, v + 1]], base, key, -1);
      }
      t = ends & 2 ? unaryRunFrom(g, run, state, pot, false, y, budget) : -1;
      if (t >= 0) {
        sink.add([run], [t], [[cell, v + 1]], [], base, key, -1);
      }
    }
  }
  return true;
}

/** Whether a grid's statements reach their negations, for unaryChains. */
const negations = new NegationReach();

/** Candidates single chains start from (pot * 4 + which ends), for unaryChains. */
const chainStarts = new Int32Array(729);

/** A static multiple search (cell and region chains), as level 3 runs inside its chains. */
const STATIC_MULTIPLE = chainingKind('multiple', 0);

/** Per nesting depth: a pool of runs, a collector, a sink-carrying BestHint and a link graph. */
const pools: RunPool[] = [];
const graphs: LinkGraph[] = [];
const collectors: InnerCollector[] = [];
const sinks: BestHint[] = [];
/** Per nesting depth: the grid an inner search works on, reused while the placed digits are the same array. */
const innerStates: Candidates[] = [];
let depth = 0;

const modes = new Map<number, PropagationMode>();
const innerKinds = new Map<number, ChainingKind>();

/** The inner search of a level-4 chain with this nesting limit: dynamic chains of that level. */
function innerDynamicKind(limit: number): ChainingKind {
  let k = innerKinds.get(limit);
  if (!k) {
    k = chainingKind('dynamic', limit);
    innerKinds.set(limit, k);
  }
  return k;
}

/** Which inner search a memo entry holds: single chains, static multiple chains, or dynamic ones of a level (+ limit). */
const PASS_UNARY = 0;
const PASS_MULTIPLE = 1;
const PASS_DYNAMIC = 2;

/** An inner search made: its deductions and the work it cost. */
interface InnerSearch {
  hints: InnerHint[];
  work: number;
}

/** The deductions of inner searches already made (run-memo.ts), by pass (levels 2 and 3). */
const memo = new RunMemo<InnerSearch>(15_000);

/**
 * Run one inner search for the outer run `run` (or take its deductions from the memo, paying
 * the work the search cost) and add them to the run; returns addTo's answer. `search` fills
 * the collector. The dynamic inner searches of level 4 are not kept: their grids seldom come
 * back (on the forum's level-4 puzzles the memo saved no time there and, when the collector
 * still kept the deductions resting on nothing struck, a hundred and more a search, held
 * about 100 MB).
 */
function innerPass(pass: number, run: ImplicationRun, collector: InnerCollector, budget: Budget, search: () => void): RuleOutcome {
  collector.start(run);
  if (pass >= PASS_DYNAMIC) {
    search();
    return collector.addTo(budget);
  }
  const h = memo.hash(pass, run);
  const known = memo.get(h, pass, run);
  if (known) {
    budget.spend(known.work);
    collector.hints = known.hints.slice();
  } else {
    const before = budget.work;
    search();
    memo.set(h, pass, run, { hints: collector.hints.slice(), work: budget.work - before }, collector.hints.length);
  }
  return collector.addTo(budget);
}

function advance(run: ImplicationRun, budget: Budget, level: number, limit: number): boolean {
  const first = addLevelOneRules(run, budget);
  if (first !== 'none') return first === 'added';
  if (!pools[depth]) {
    pools[depth] = new RunPool();
    collectors[depth] = new InnerCollector();
    sinks[depth] = new BestHint();
    sinks[depth].sink = collectors[depth];
    graphs[depth] = new LinkGraph();
  }
  const graph = graphs[depth];
  const pool = pools[depth];
  const collector = collectors[depth];
  const sink = sinks[depth];
  // A copy: the inner search must not see the outer run's grid change under it.
  let inner = innerStates[depth];
  if (!inner || inner.values !== run.values) inner = innerStates[depth] = new Candidates(run.values, new Uint16Array(81));
  inner.cands.set(run.cands);
  depth++;
  try {
    if (level < 4) {
      let searched = false;
      const unary = innerPass(PASS_UNARY, run, collector, budget, () => {
        searched = unaryChains(graph, inner, collector, budget);
      });
      if (unary !== 'none' || level < 3) return unary === 'added';
      return (
        innerPass(PASS_MULTIPLE, run, collector, budget, () => {
          // The unary pass left the graph of this grid when it built one (unless it came from
          // the memo, which charged its work): skip cells that lead nowhere.
          if (!searched) {
            graph.build(inner.cands);
            graph.computeReach();
          }
          if (markChainStarts(graph, inner.cands, inner.values, starts)) searchMultipleChains(inner, STATIC_MULTIPLE, pool, sink, budget, starts);
        }) === 'added'
      );
    }
    return innerPass(PASS_DYNAMIC + limit, run, collector, budget, () => searchMultipleChains(inner, innerDynamicKind(limit), pool, sink, budget)) === 'added';
  } finally {
    depth--;
  }
}

/**
 * The search of a multiple-chains kind of the table (kinds.ts): which chains, its base rating,
 * its step names' prefix and how its assumptions propagate (level 0: plain links, digit links
 * only for Nishio; 1: the level-1 rules when stuck; 2-4: nested searches, `inner` for level 4).
 */
export function chainingKind(mode: Exclude<ChainMode, 'unary'>, level: number, inner = 0): ChainingKind {
  const nishio = mode === 'nishio';
  const dynamic = mode !== 'multiple';
  const prefix = level >= 2 ? 'nested-' : level === 1 ? 'dynamic-plus-' : dynamic && !nishio ? 'dynamic-' : '';
  const propagation = level === 0 ? { cellLinks: !nishio, dynamic } : level === 1 ? LEVEL_ONE_MODE : nestedMode(level, inner);
  return { multiple: !nishio, dynamic, nishio, base: baseRating(mode, level), prefix, mode: propagation };
}

/** Propagation for nested chains of `level` (2-4; `limit` is level 4's inner level, 0-3). */
export function nestedMode(level: number, limit: number): PropagationMode {
  if (level < 2 || level > 4 || limit < 0 || limit > 3) throw new Error(`no nested forcing chains of level ${level}.${limit}`);
  const key = level * 8 + limit;
  let mode = modes.get(key);
  if (!mode) {
    mode = { cellLinks: true, dynamic: true, advanced: (run, budget) => advance(run, budget, level, limit) };
    modes.set(key, mode);
  }
  return mode;
}
