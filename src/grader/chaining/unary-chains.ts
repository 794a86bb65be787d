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
import type { Candidates } from '../candidates.js';
import type { CellDigit, Step } from '../technique.js';
import type { BestHint } from './best-hint.js';
import type { Budget } from './budget.js';
import { chainsPattern } from '../pattern.js';
import { eureka, outcomeText } from './notation.js';
import { chainDifficulty, potCell, potDigit, potText, roundRating } from './potential.js';
import { CycleSearch } from './cycle-search.js';
import { UNARY_PASSES as PASSES } from './kinds.js';
import { LinkGraph } from './link-graph.js';

/** The nodes of the last search: forcing chains use its arena too (one parent per node). */
const cycleSearch = new CycleSearch();
const arena = cycleSearch;
const onSeen = new Int32Array(729);
const offSeen = new Int32Array(729);
let runStamp = 0;
const pendingOn: number[] = [];
const pendingOff: number[] = [];
/** Graphs for X links only, Y links only, and both (see PASSES). */
const GRAPHS = PASSES.map((pass) => new LinkGraph(pass.y, pass.x));

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

const removed: number[] = [];

/** Candidates a cycle closing at `end` removes, in cell and digit order. */
function cycleEliminations(cands: Uint16Array, end: number): CellDigit[] {
  cycleSearch.removals(cands, end, removed);
  if (!removed.length) return [];
  return removed.map((q): CellDigit => [potCell(q), potDigit(q)]).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
}

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
        let cycles = NONE;
        if (!finished[done] && g.forcedOn(pot * 2 + 1)) {
          cycles = cycleSearch.find(g, pot, true, true, Math.min(limit, cycleBound), budget, false);
          lastCut = cycleSearch.cut;
          if (lastCut) cut = true;
        }
        if (!lastCut) finished[done] = 1;
        for (const dst of cycles) {
          const complexity = arena.depth[dst] - 1;
          const difficulty = chainDifficulty(pass.cycleBase, complexity);
          if (!best.beats(difficulty, complexity, pass.sortKey, seq)) continue;
          const elims = cycleEliminations(cands, dst);
          if (!elims.length) continue;
          const { pots, ons } = arena.pathOf(dst);
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
            const { pots, ons } = arena.pathOf(dst);
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
