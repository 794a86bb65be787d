/**
 * Loops of links through a candidate (bidirectional cycles), on a link graph: a loop
 * alternates "on -> off" and "off -> on" links and comes back to its start, so either every
 * "on" of the loop holds or every "off" does; a candidate that sees an "on" and an "off" node
 * of its digit (outside the loop's cells) is out either way.
 *
 * The search is breadth first from the candidate assumed on, round by round (all "on"s of a
 * round, then the "off"s they make); "on" nodes are kept once, "off" nodes once per path
 * (never twice on one path). An "off" is followed at once and stored only when it closes a
 * loop or reaches a new "on", which is all that can come of it. Loops close from four links
 * on. Used by the single-chain producer (unary-chains.ts) and by nested searches
 * (nested-rules.ts), each with its own instance.
 */
import { PEER_CELLS } from '../../core/units.js';
import type { Budget } from './budget.js';
import type { LinkGraph } from './link-graph.js';

export class CycleSearch {
  /** The search's nodes: candidate, on (1) or off (0), parent (-1 for the start), depth (start 1). */
  pot = new Int16Array(8192);
  on = new Uint8Array(8192);
  parent = new Int32Array(8192);
  depth = new Int32Array(8192);
  size = 0;
  /** Set by the last search: whether it stopped at its depth limit with nodes left to follow. */
  cut = false;
  private readonly onSeen = new Int32Array(729);
  private stamp = 0;
  private readonly pendingOn: number[] = [];
  private readonly ends: number[] = [];
  private readonly inLoop = new Int32Array(81);
  private readonly fwd = new Int32Array(729);
  private loopStamp = 0;

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

  /** Whether a node with this candidate and state is among the strict ancestors of `node`. */
  private hasAncestor(node: number, pot: number, on: number): boolean {
    for (let n = this.parent[node]; n >= 0; n = this.parent[n]) if (this.pot[n] === pot && this.on[n] === on) return true;
    return false;
  }

  /**
   * The nodes closing a loop through `source` (on), in the order found, on graph `g`, following
   * its cell links only with `y` and its unit links from "off" only with `x` (a digit's other
   * places from "on" always; a graph built without some links has none to follow), as long as a loop's nodes stay within `maxDepth`. Every "on"
   * followed costs a work unit, and so does every "off" with `countOffs`. The array is reused
   * by the next search. With `inComponent`, only statements of the source's strongly connected
   * component are followed: a loop through the source lies inside it and nothing outside it
   * leads back, so the same loops are found, in the same order, for less work.
   */
  find(g: LinkGraph, source: number, y: boolean, x: boolean, maxDepth: number, budget: Budget, countOffs: boolean, inComponent = false): number[] {
    if (++this.stamp === 0x7fffffff) {
      this.onSeen.fill(0);
      this.stamp = 1;
    }
    const stamp = this.stamp;
    const { onSeen, pendingOn, ends } = this;
    const { start, targets } = g;
    this.cut = false;
    this.size = 0;
    ends.length = 0;
    pendingOn.length = 0;
    pendingOn.push(this.add(source, true, -1));
    onSeen[source] = stamp;
    const sourceKey = source * 2 + 1;
    const all = y && x;
    const component = inComponent ? g.componentOf(sourceKey) : -1;
    for (let onHead = 0; onHead < pendingOn.length; ) {
      const p = pendingOn[onHead++];
      const depth = this.depth[p];
      if (depth + 2 > maxDepth) {
        this.cut = true; // deeper loops are beyond this search's depth
        return ends;
      }
      budget.spend(1);
      // A loop closes from the second round on (four links or more).
      const closes = depth >= 3;
      const cell = (this.pot[p] / 9) | 0;
      const key = this.pot[p] * 2 + 1;
      for (let e = start[key]; e < start[key + 1]; e++) {
        const offKey = targets[e];
        const q = offKey >> 1;
        const qCell = (q / 9) | 0;
        if (!y && qCell === cell) continue;
        if (inComponent && g.componentOf(offKey) !== component) continue;
        let useful = false;
        for (let f = start[offKey]; f < start[offKey + 1] && !useful; f++) {
          const t = targets[f];
          if (!all && ((((t >> 1) / 9) | 0) === qCell ? !y : !x)) continue;
          if (inComponent && g.componentOf(t) !== component) continue;
          useful = (closes && t === sourceKey) || onSeen[t >> 1] !== stamp;
        }
        if (!useful && !countOffs) continue;
        if (this.hasAncestor(p, q, 0)) continue;
        if (countOffs) budget.spend(1);
        if (!useful) continue;
        const off = this.add(q, false, p);
        for (let f = start[offKey]; f < start[offKey + 1]; f++) {
          const t = targets[f];
          const r = t >> 1;
          if (!all && (((r / 9) | 0) === qCell ? !y : !x)) continue;
          if (inComponent && g.componentOf(t) !== component) continue;
          if (closes && t === sourceKey) ends.push(this.add(r, true, off));
          if (onSeen[r] !== stamp) {
            onSeen[r] = stamp;
            pendingOn.push(this.add(r, true, off));
          }
        }
      }
    }
    return ends;
  }

  /**
   * The candidates the loop closing at `end` removes, as candidate indexes in the order found
   * (into `out`): outside the loop's cells, they see an "on" and an "off" node of their digit.
   */
  removals(cands: Uint16Array, end: number, out: number[]): void {
    const stamp = ++this.loopStamp;
    const { inLoop, fwd, pot, on, parent } = this;
    out.length = 0;
    for (let n = end; parent[n] >= 0; n = parent[n]) inLoop[(pot[n] / 9) | 0] = stamp;
    // Mark what the "on" nodes see, then collect what the "off" nodes see among those.
    for (let n = end; parent[n] >= 0; n = parent[n]) {
      if (!on[n]) continue;
      const cell = (pot[n] / 9) | 0;
      const v = pot[n] % 9;
      for (let k = cell * 20; k < cell * 20 + 20; k++) {
        const c = PEER_CELLS[k];
        if (inLoop[c] !== stamp && cands[c] & (1 << v)) fwd[c * 9 + v] = stamp;
      }
    }
    for (let n = end; parent[n] >= 0; n = parent[n]) {
      if (on[n]) continue;
      const cell = (pot[n] / 9) | 0;
      const v = pot[n] % 9;
      for (let k = cell * 20; k < cell * 20 + 20; k++) {
        const c = PEER_CELLS[k];
        const q = c * 9 + v;
        if (inLoop[c] !== stamp && cands[c] & (1 << v) && fwd[q] === stamp) {
          fwd[q] = -stamp; // taken
          out.push(q);
        }
      }
    }
  }

  /** The candidates and states from the start to `node`. */
  pathOf(node: number): { pots: number[]; ons: boolean[] } {
    const pots: number[] = [];
    const ons: boolean[] = [];
    for (let n = node; n >= 0; n = this.parent[n]) {
      pots.push(this.pot[n]);
      ons.push(this.on[n] === 1);
    }
    return { pots: pots.reverse(), ons: ons.reverse() };
  }
}
