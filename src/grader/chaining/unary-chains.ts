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
import { PEER_CELLS, UNIT_CELLS } from '../../core/units.js';
import type { Candidates } from '../candidates.js';
import type { CellDigit, Step } from '../technique.js';
import type { BestHint } from './best-hint.js';
import type { Budget } from './budget.js';
import { eureka, outcomeText } from './notation.js';
import { chainDifficulty, potCell, potDigit, potText, roundRating } from './potential.js';
import { CELL_UNITS } from './propagate.js';

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
const buf = new Int16Array(32);
const addedCell = new Uint32Array(81);
let addedStamp = 0;

/** The potentials made off by `pot` on, into `buf`; returns how many. */
function offsOf(cands: Uint16Array, pot: number, yLinks: boolean): number {
  const cell = (pot / 9) | 0;
  const dIndex = pot % 9;
  let n = 0;
  if (yLinks) {
    const others = cands[cell] & ~(1 << dIndex);
    for (let v = 0; v < 9; v++) if (others & (1 << v)) buf[n++] = cell * 9 + v;
  }
  addedCell[cell] = ++addedStamp;
  const bit = 1 << dIndex;
  for (let t = 0; t < 3; t++) {
    const base = CELL_UNITS[cell * 3 + t] * 9;
    for (let k = 0; k < 9; k++) {
      const c = UNIT_CELLS[base + k];
      if (cands[c] & bit && addedCell[c] !== addedStamp) {
        addedCell[c] = addedStamp;
        buf[n++] = c * 9 + dIndex;
      }
    }
  }
  return n;
}

/** The potentials made on by `pot` off, into `buf` (no repeats); returns how many. */
function onsOf(cands: Uint16Array, pot: number, yLinks: boolean, xLinks: boolean): number {
  const cell = (pot / 9) | 0;
  const dIndex = pot % 9;
  let n = 0;
  if (yLinks && POPCOUNT[cands[cell]] === 2) buf[n++] = cell * 9 + (31 - Math.clz32(cands[cell] & ~(1 << dIndex)));
  if (!xLinks) return n;
  const bit = 1 << dIndex;
  for (let t = 0; t < 3; t++) {
    const base = CELL_UNITS[cell * 3 + t] * 9;
    let other = -1;
    for (let k = 0; k < 9; k++) {
      const c = UNIT_CELLS[base + k];
      if (c === cell || !(cands[c] & bit)) continue;
      if (other >= 0) {
        other = -2;
        break;
      }
      other = c;
    }
    if (other < 0) continue;
    const p = other * 9 + dIndex;
    let dup = false;
    for (let k = 0; k < n; k++) if (buf[k] === p) dup = true;
    if (!dup) buf[n++] = p;
  }
  return n;
}

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

/** Distinct potentials on the path from the root to `node`. */
function pathComplexity(node: number): number {
  const seen = new Set<number>();
  for (let n = node; n >= 0; n = arena.parent[n]) seen.add(arena.pot[n] * 2 + arena.on[n]);
  return seen.size;
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

/** Breadth-first cycle search from `source` on; returns the nodes closing a loop. */
function findCycles(cands: Uint16Array, source: number, yLinks: boolean, xLinks: boolean, maxDepth: number, budget: Budget): number[] {
  const stamp = nextStamp();
  arena.size = 0;
  const cycles: number[] = [];
  pendingOn.length = 0;
  pendingOff.length = 0;
  pendingOn.push(arena.add(source, true, -1));
  onSeen[source] = stamp;
  let length = 0;
  let onHead = 0;
  let offHead = 0;
  while (onHead < pendingOn.length || offHead < pendingOff.length) {
    length++;
    while (onHead < pendingOn.length) {
      const p = pendingOn[onHead++];
      if (arena.depth[p] + 2 > maxDepth) return cycles; // deeper loops cannot win
      budget.spend(1);
      const n = offsOf(cands, arena.pot[p], yLinks);
      for (let k = 0; k < n; k++) {
        const q = buf[k];
        if (hasAncestor(p, q, 0)) continue;
        pendingOff.push(arena.add(q, false, p));
        offSeen[q] = stamp;
      }
    }
    length++;
    while (offHead < pendingOff.length) {
      const p = pendingOff[offHead++];
      if (arena.depth[p] + 1 > maxDepth) return cycles;
      budget.spend(1);
      const n = onsOf(cands, arena.pot[p], yLinks, xLinks);
      for (let k = 0; k < n; k++) {
        const q = buf[k];
        if (length >= 4 && q === source) cycles.push(arena.add(q, true, p));
        if (onSeen[q] !== stamp) {
          onSeen[q] = stamp;
          pendingOn.push(arena.add(q, true, p));
        }
      }
    }
  }
  return cycles;
}

/** Breadth-first search for a chain from `source` (on or off) to its negation; returns the end nodes. */
function findForcingChains(cands: Uint16Array, source: number, sourceOn: boolean, yLinks: boolean, maxDepth: number, budget: Budget): number[] {
  const stamp = nextStamp();
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
      if (found || arena.depth[p] + 1 > maxDepth) return targets; // deeper chains cannot win
      budget.spend(1);
      const n = offsOf(cands, arena.pot[p], yLinks);
      for (let k = 0; k < n; k++) {
        const q = buf[k];
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
      if (found || arena.depth[p] + 1 > maxDepth) return targets;
      budget.spend(1);
      const n = onsOf(cands, arena.pot[p], yLinks, true);
      for (let k = 0; k < n; k++) {
        const q = buf[k];
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

const fwd = new Uint8Array(729);
const back = new Uint8Array(729);
const inLoop = new Uint8Array(81);

/** Candidates a cycle closing at `dstOn` removes: they see an "on" and an "off" node of their digit. */
function cycleEliminations(cands: Uint16Array, dstOn: number): CellDigit[] {
  fwd.fill(0);
  back.fill(0);
  inLoop.fill(0);
  for (let n = dstOn; arena.parent[n] >= 0; n = arena.parent[n]) inLoop[potCell(arena.pot[n])] = 1;
  for (let n = dstOn; arena.parent[n] >= 0; n = arena.parent[n]) {
    const pot = arena.pot[n];
    const cell = potCell(pot);
    const bit = 1 << pot % 9;
    const mark = arena.on[n] ? fwd : back;
    for (let k = cell * 20; k < cell * 20 + 20; k++) {
      const c = PEER_CELLS[k];
      if (!inLoop[c] && cands[c] & bit) mark[c * 9 + (pot % 9)] = 1;
    }
  }
  const out: CellDigit[] = [];
  for (let p = 0; p < 729; p++) if (fwd[p] && back[p]) out.push([potCell(p), potDigit(p)]);
  return out;
}

/** Kinds of single chains, in the order they are searched: X links, Y links, both. */
const PASSES = [
  { y: false, x: true, cycleBase: 6.5, chainBase: 6.6, sortKey: 2, cycleName: 'x-cycle', chainName: 'x-chain', label: 'X' },
  { y: true, x: false, cycleBase: 6.5, chainBase: 6.6, sortKey: 3, cycleName: 'y-cycle', chainName: 'y-chain', label: 'Y' },
  { y: true, x: true, cycleBase: 7.0, chainBase: 7.0, sortKey: 4, cycleName: 'xy-cycle', chainName: 'aic', label: 'XY' },
] as const;

/** Offer every cycle and forcing chain of the grid to `best`. */
export function searchUnaryChains(state: Candidates, best: BestHint, budget: Budget): void {
  const cands = state.cands;
  for (const pass of PASSES) {
    for (let cell = 0; cell < 81; cell++) {
      const count = POPCOUNT[cands[cell]];
      if (state.values[cell] !== 0 || count < 2) continue;
      if (!pass.x && count > 2) continue;
      for (let v = 0; v < 9; v++) {
        if (!(cands[cell] & (1 << v))) continue;
        const pot = cell * 9 + v;
        const cycleDepth = best.maxComplexity(pass.cycleBase, pass.sortKey, 2000) + 1;
        for (const dst of findCycles(cands, pot, pass.y, pass.x, cycleDepth, budget)) {
          const complexity = pathComplexity(dst);
          const difficulty = chainDifficulty(pass.cycleBase, complexity);
          if (!best.beats(difficulty, complexity, pass.sortKey)) continue;
          const elims = cycleEliminations(cands, dst);
          if (!elims.length) continue;
          const { pots, ons } = pathOf(dst);
          const rating = roundRating(difficulty);
          const step: Step = {
            technique: pass.cycleName,
            place: [],
            eliminate: elims,
            explain: `${pass.label}-cycle: ${eureka(pots, ons)} (a loop: all its "on" or all its "off" candidates hold): ${outcomeText([], elims)}`,
            rating,
          };
          best.keep(difficulty, complexity, pass.sortKey, step);
        }
        if (!pass.x) continue;
        for (const on of [true, false]) {
          const chainDepth = best.maxComplexity(pass.chainBase, pass.sortKey, 2000);
          for (const dst of findForcingChains(cands, pot, on, pass.y, chainDepth, budget)) {
            const complexity = pathComplexity(dst);
            const difficulty = chainDifficulty(pass.chainBase, complexity);
            if (!best.beats(difficulty, complexity, pass.sortKey)) continue;
            const { pots, ons } = pathOf(dst);
            const place: CellDigit[] = on ? [] : [[cell, v + 1]];
            const eliminate: CellDigit[] = on ? [[cell, v + 1]] : [];
            const step: Step = {
              technique: pass.chainName,
              place,
              eliminate,
              explain: `Forcing ${pass.label}-chain: ${eureka(pots, ons)} (${potText(pot, on)} leads to ${potText(pot, !on)}): ${outcomeText(place, eliminate)}`,
              rating: roundRating(difficulty),
            };
            best.keep(difficulty, complexity, pass.sortKey, step);
          }
        }
      }
    }
  }
}
