/**
 * Forcing chains and bidirectional cycles: single chains of implications, each step one link.
 *
 * - X links: a digit placed in a cell leaves its box, row and column (weak); a digit with only
 *   two places in a unit is in one of them (strong). Y links: a cell holding one digit holds
 *   no other (weak); a cell with two candidates holds one of them (strong).
 * - A cycle alternates weak and strong links and comes back to its start: either every "on"
 *   of the loop holds or every "off" does, so a candidate seeing an "on" and an "off" node of
 *   its digit is out either way.
 * - A forcing chain leads from an assumption to its own negation: from "r1c2 holds 5" to
 *   "r1c2 does not hold 5" (5 is out), or from "does not hold" to "holds" (5 is placed).
 *
 * The search is breadth-first from every candidate, on X links only, then Y links only (cells
 * with two candidates), then both; every deduction found is offered to the BestHint.
 */
import { POPCOUNT } from '../../core/digits.js';
import { PEER_CELLS } from '../../core/units.js';
import type { Candidates } from '../candidates.js';
import type { CellDigit, Step } from '../technique.js';
import type { BestHint } from './best-hint.js';
import type { Budget } from './budget.js';
import { chainsPattern } from '../pattern.js';
import { eureka, outcomeText } from './notation.js';
import { chainDifficulty, potCell, potDigit, potText, roundRating } from './potential.js';
import { LinkGraph } from './link-graph.js';

/** Nodes with one parent each; off nodes of a cycle search may repeat with other parents. */
class ChainArena {
  pot = new Int16Array(8192);
  on = new Uint8Array(8192);
  parent = new Int32Array(8192);
  depth = new Int32Array(8192);
  size = 0;
  add(pot: number, on: boolean, parent: number): number {
    if (this.size === this.pot.length) {
      const grow = <T extends Int16Array | Uint8Array | Int32Array>(a: T, b: T): T => (b.set(a), b);
      this.pot = grow(this.pot, new Int16Array(this.size * 2));
      this.on = grow(this.on, new Uint8Array(this.size * 2));
      this.parent = grow(this.parent, new Int32Array(this.size * 2));
      this.depth = grow(this.depth, new Int32Array(this.size * 2));
    }
    const n = this.size++;
    this.pot[n] = pot;
    this.on[n] = on ? 1 : 0;
    this.parent[n] = parent;
    this.depth[n] = parent >= 0 ? this.depth[parent] + 1 : 1;
    return n;
  }
}

const arena = new ChainArena();
const onSeen = new Int32Array(729);
const offSeen = new Int32Array(729);
let runStamp = 0;
const pendingOn: number[] = [];
const pendingOff: number[] = [];
/** Graphs for X links only, Y links only, and both (see PASSES). */
const GRAPHS = [new LinkGraph(false, true), new LinkGraph(true, false), new LinkGraph(true, true)];

/** Set when a search stopped at its depth limit with nodes left to follow. */
let cut = false;
/** Set by the last search: whether it was cut (false: it found all it ever will). */
let lastCut = false;
const NONE: number[] = [];
/** Which graphs are built for the current search. */
const built = new Uint8Array(3);
/** Searches (pass, candidate, kind) already done in full during this deepening. */
const finished = new Uint8Array(3 * 729 * 3);

function nextStamp(): number {
  if (++runStamp === 0x7fffffff) {
    onSeen.fill(0);
    offSeen.fill(0);
    runStamp = 1;
  }
  return runStamp;
}

/** Whether a node with this candidate and state is among the strict ancestors of `node`. */
function hasAncestor(node: number, pot: number, on: number): boolean {
  for (let n = arena.parent[node]; n >= 0; n = arena.parent[n]) if (arena.pot[n] === pot && arena.on[n] === on) return true;
  return false;
}

function pathOf(node: number): { pots: number[]; ons: boolean[] } {
  const pots: number[] = [];
  const ons: boolean[] = [];
  for (let n = node; n >= 0; n = arena.parent[n]) {
    pots.push(arena.pot[n]);
    ons.push(arena.on[n] === 1);
  }
  return { pots: pots.reverse(), ons: ons.reverse() };
}

/**
 * Breadth-first cycle search from `source` on; returns the nodes closing a loop. Every "off"
 * reached from an "on" (unless it is already on that on's path) is followed at once: an off
 * node is only stored when it closes a loop or reaches a new "on", which is all that can come
 * of it. The order of discovery is that of processing all "on"s of a round, then all "off"s.
 */
function findCycles(g: LinkGraph, source: number, maxDepth: number, budget: Budget): number[] {
  const stamp = nextStamp();
  lastCut = false;
  arena.size = 0;
  const cycles: number[] = [];
  pendingOn.length = 0;
  pendingOn.push(arena.add(source, true, -1));
  onSeen[source] = stamp;
  const sourceKey = source * 2 + 1;
  for (let onHead = 0; onHead < pendingOn.length; ) {
    const p = pendingOn[onHead++];
    const depth = arena.depth[p];
    if (depth + 2 > maxDepth) {
      cut = lastCut = true; // deeper loops are beyond this search's depth
      return cycles;
    }
    budget.spend(1);
    // A loop closes from the second round on (four links or more).
    const closes = depth >= 3;
    const key = arena.pot[p] * 2 + 1;
    for (let e = g.start[key]; e < g.start[key + 1]; e++) {
      const offKey = g.targets[e];
      let useful = false;
      for (let f = g.start[offKey]; f < g.start[offKey + 1] && !useful; f++) {
        const t = g.targets[f];
        useful = (closes && t === sourceKey) || onSeen[t >> 1] !== stamp;
      }
      const q = offKey >> 1;
      if (!useful || hasAncestor(p, q, 0)) continue;
      const off = arena.add(q, false, p);
      for (let f = g.start[offKey]; f < g.start[offKey + 1]; f++) {
        const t = g.targets[f];
        const r = t >> 1;
        if (closes && t === sourceKey) cycles.push(arena.add(r, true, off));
        if (onSeen[r] !== stamp) {
          onSeen[r] = stamp;
          pendingOn.push(arena.add(r, true, off));
        }
      }
    }
  }
  return cycles;
}

/** Breadth-first search for a chain from `source` (on or off) to its negation; returns the end nodes. */
function findForcingChains(g: LinkGraph, source: number, sourceOn: boolean, maxDepth: number, budget: Budget): number[] {
  const stamp = nextStamp();
  lastCut = false;
  arena.size = 0;
  const targets: number[] = [];
  pendingOn.length = 0;
  pendingOff.length = 0;
  if (sourceOn) {
    pendingOn.push(arena.add(source, true, -1));
    onSeen[source] = stamp;
  } else {
    pendingOff.push(arena.add(source, false, -1));
    offSeen[source] = stamp;
  }
  let onHead = 0;
  let offHead = 0;
  let found = false;
  while (onHead < pendingOn.length || offHead < pendingOff.length) {
    while (onHead < pendingOn.length) {
      const p = pendingOn[onHead++];
      if (found) return targets;
      if (arena.depth[p] + 1 > maxDepth) {
        cut = lastCut = true; // deeper chains are beyond this search's depth
        return targets;
      }
      budget.spend(1);
      const key = arena.pot[p] * 2 + 1;
      for (let e = g.start[key]; e < g.start[key + 1]; e++) {
        const q = g.targets[e] >> 1;
        if (sourceOn && q === source && !found) {
          found = true;
          targets.push(arena.add(q, false, p));
        }
        if (offSeen[q] !== stamp) {
          offSeen[q] = stamp;
          pendingOff.push(arena.add(q, false, p));
        }
      }
    }
    while (offHead < pendingOff.length) {
      const p = pendingOff[offHead++];
      if (found) return targets;
      if (arena.depth[p] + 1 > maxDepth) {
        cut = lastCut = true;
        return targets;
      }
      budget.spend(1);
      const key = arena.pot[p] * 2;
      for (let e = g.start[key]; e < g.start[key + 1]; e++) {
        const q = g.targets[e] >> 1;
        if (!sourceOn && q === source && !found) {
          found = true;
          targets.push(arena.add(q, true, p));
        }
        if (onSeen[q] !== stamp) {
          onSeen[q] = stamp;
          pendingOn.push(arena.add(q, true, p));
        }
      }
    }
  }
  return targets;
}

const fwd = new Int32Array(729);
const inLoop = new Int32Array(81);
let elimStamp = 0;

/** Candidates a cycle closing at `dstOn` removes: they see an "on" and an "off" node of their digit. */
function cycleEliminations(cands: Uint16Array, dstOn: number): CellDigit[] {
  const stamp = ++elimStamp;
  for (let n = dstOn; arena.parent[n] >= 0; n = arena.parent[n]) inLoop[potCell(arena.pot[n])] = stamp;
  // Mark what the "on" nodes see, then collect what the "off" nodes see among those.
  for (let n = dstOn; arena.parent[n] >= 0; n = arena.parent[n]) {
    if (!arena.on[n]) continue;
    const pot = arena.pot[n];
    const cell = potCell(pot);
    const bit = 1 << pot % 9;
    for (let k = cell * 20; k < cell * 20 + 20; k++) {
      const c = PEER_CELLS[k];
      if (inLoop[c] !== stamp && cands[c] & bit) fwd[c * 9 + (pot % 9)] = stamp;
    }
  }
  let out: CellDigit[] | null = null;
  for (let n = dstOn; arena.parent[n] >= 0; n = arena.parent[n]) {
    if (arena.on[n]) continue;
    const pot = arena.pot[n];
    const cell = potCell(pot);
    const bit = 1 << pot % 9;
    for (let k = cell * 20; k < cell * 20 + 20; k++) {
      const c = PEER_CELLS[k];
      const q = c * 9 + (pot % 9);
      if (inLoop[c] !== stamp && cands[c] & bit && fwd[q] === stamp) {
        fwd[q] = -stamp; // taken
        (out ??= []).push([c, potDigit(q)]);
      }
    }
  }
  if (!out) return [];
  return out.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
}

/** Kinds of single chains, in the order they are searched: X links, Y links, both. */
const PASSES = [
  { y: false, x: true, cycleBase: 6.5, chainBase: 6.6, sortKey: 2, cycleName: 'x-cycle', chainName: 'x-chain', label: 'X' },
  { y: true, x: false, cycleBase: 6.5, chainBase: 6.6, sortKey: 3, cycleName: 'y-cycle', chainName: 'y-chain', label: 'Y' },
  { y: true, x: true, cycleBase: 7.0, chainBase: 7.0, sortKey: 4, cycleName: 'xy-cycle', chainName: 'aic', label: 'XY' },
] as const;

/**
 * Offer every cycle and forcing chain of the grid to `best`, as if searched in the reference
 * order (pass, cell, digit; cycles, then chains from "on", then from "off"), but by iterative
 * deepening: every search first goes a few links deep, then deeper, so the first short chain
 * found bounds all later searches. Breadth-first search finds the same nodes up to any depth
 * whatever the limit, so the result is the same as one full search in the reference order.
 */
export function searchUnaryChains(state: Candidates, best: BestHint, budget: Budget): void {
  built.fill(0);
  finished.fill(0);
  for (let limit = 6; ; limit *= 2) {
    cut = false;
    const deeper = searchToDepth(state, best, budget, limit);
    if (!cut || !deeper) return;
  }
}

/** One round of the deepening; returns whether some search was cut by `limit` (not by the best). */
function searchToDepth(state: Candidates, best: BestHint, budget: Budget, limit: number): boolean {
  const cands = state.cands;
  let limited = false;
  for (let passIndex = 0; passIndex < PASSES.length; passIndex++) {
    const pass = PASSES[passIndex];
    // Nothing of this kind can beat the best so far: skip the pass (and its graph).
    if (best.maxComplexity(pass.cycleBase, pass.sortKey, 2000) < 4 && (!pass.x || best.maxComplexity(pass.chainBase, pass.sortKey, 2000) < 3)) continue;
    const g = GRAPHS[passIndex];
    if (!built[passIndex]) {
      g.build(cands);
      budget.spend(100);
      built[passIndex] = 1;
    }
    for (let cell = 0; cell < 81; cell++) {
      const count = POPCOUNT[cands[cell]];
      if (state.values[cell] !== 0 || count < 2) continue;
      if (!pass.x && count > 2) continue;
      for (let v = 0; v < 9; v++) {
        if (!(cands[cell] & (1 << v))) continue;
        const pot = cell * 9 + v;
        const seq = ((passIndex * 81 + cell) * 9 + v) * 3;
        // A cycle closing at depth d rests on d - 1 potentials; a chain ending at depth d on d.
        const done = (passIndex * 729 + pot) * 3;
        const cycleBound = best.maxComplexity(pass.cycleBase, pass.sortKey, 2000) + 1;
        if (limit < cycleBound) limited = true;
        // A search that went to the end before found everything it can: offered already.
        // (A loop closes on the source only if some "off" forces it.)
        const cycles = finished[done] || !g.forcedOn[pot * 2 + 1] ? NONE : findCycles(g, pot, Math.min(limit, cycleBound), budget);
        if (!lastCut) finished[done] = 1;
        for (const dst of cycles) {
          const complexity = arena.depth[dst] - 1;
          const difficulty = chainDifficulty(pass.cycleBase, complexity);
          if (!best.beats(difficulty, complexity, pass.sortKey, seq)) continue;
          const elims = cycleEliminations(cands, dst);
          if (!elims.length) continue;
          const { pots, ons } = pathOf(dst);
          const step: Step = {
            technique: pass.cycleName,
            place: [],
            eliminate: elims,
            explain: `${pass.label}-cycle: ${eureka(pots, ons)} (a loop: all its "on" or all its "off" candidates hold): ${outcomeText([], elims)}`,
            rating: roundRating(difficulty),
            pattern: chainsPattern([{ pots, ons }], elims),
          };
          best.keep(difficulty, complexity, pass.sortKey, step, seq);
        }
        if (!pass.x) continue;
        for (let side = 0; side < 2; side++) {
          const on = side === 0;
          // A chain needs the negation of its assumption to be reachable at all.
          if (on ? !g.reaches(pot * 2 + 1, pot * 2) : !g.reaches(pot * 2, pot * 2 + 1)) continue;
          if (finished[done + 1 + side]) continue;
          const chainBound = best.maxComplexity(pass.chainBase, pass.sortKey, 2000);
          if (limit < chainBound) limited = true;
          const ends = findForcingChains(g, pot, on, Math.min(limit, chainBound), budget);
          if (!lastCut) finished[done + 1 + side] = 1;
          for (const dst of ends) {
            const complexity = arena.depth[dst];
            const difficulty = chainDifficulty(pass.chainBase, complexity);
            if (!best.beats(difficulty, complexity, pass.sortKey, seq + 1 + side)) continue;
            const { pots, ons } = pathOf(dst);
            const place: CellDigit[] = on ? [] : [[cell, v + 1]];
            const eliminate: CellDigit[] = on ? [[cell, v + 1]] : [];
            const step: Step = {
              technique: pass.chainName,
              place,
              eliminate,
              explain: `Forcing ${pass.label}-chain: ${eureka(pots, ons)} (${potText(pot, on)} leads to ${potText(pot, !on)}): ${outcomeText(place, eliminate)}`,
              rating: roundRating(difficulty),
              pattern: chainsPattern([{ pots, ons }], eliminate),
            };
            best.keep(difficulty, complexity, pass.sortKey, step, seq + 1 + side);
          }
        }
      }
    }
  }
  return limited;
}
