/**
 * One run of implications: everything that follows from an assumption, kept as a graph.
 * Each node is a potential (candidate + on/off) with the nodes it was deduced from (its
 * parents); the sets "made on" and "made off" hold each potential at most once, in the order
 * found (which is also the order they are processed in). A dynamic run also keeps its own
 * copy of the candidates, from which every candidate made off is struck as it is processed.
 *
 * Everything lives in typed arrays sized once; `reset` makes a run ready for reuse, so a
 * search allocates nothing per implication.
 */
import { CAUSE_CELL, fillPlacesOf, placesTable } from './links.js';

const MAX_NODES = 1460;

/** `nodeCause` of a node made on because its cell had one candidate left. */
export { CAUSE_CELL };

export class ImplicationRun {
  /** Node data: its candidate index, state, and parents (a slice of `pool`). */
  readonly nodePot = new Int16Array(MAX_NODES);
  readonly nodeOn = new Uint8Array(MAX_NODES);
  readonly parStart = new Int32Array(MAX_NODES);
  readonly parCount = new Uint16Array(MAX_NODES);
  /** 0 for a plain link; otherwise which rule inside the chain made the node (advanced-rules.ts). */
  readonly nodeRule = new Uint8Array(MAX_NODES);
  /**
   * Why an "on" node holds: the unit (0-26) left with one place for its digit, CAUSE_CELL
   * when its cell was left with one candidate, -1 otherwise (nested rules read it).
   */
  readonly nodeCause = new Int8Array(MAX_NODES);
  /** For a node made off by a nested forcing chain: 1 + its index in `nestedCx`; else 0. */
  readonly nodeNested = new Int32Array(MAX_NODES);
  /** Nested forcing chains used by this run: each one's complexity and a signature of it. */
  nestedCx: number[] = [];
  nestedSig: number[] = [];
  pool = new Int32Array(1024);
  poolLen = 0;
  nodes = 0;
  /** Node made on / off for each candidate index, -1 when none. */
  readonly onNode = new Int16Array(729);
  readonly offNode = new Int16Array(729);
  /** Nodes made on / off, in the order found. */
  readonly onList = new Int16Array(729);
  readonly offList = new Int16Array(729);
  onLen = 0;
  offLen = 0;
  /** The candidates as this run sees them (dynamic runs strike what they make off). */
  readonly cands = new Uint16Array(81);
  /** The candidates when the run started. */
  readonly source = new Uint16Array(81);
  /** Each digit's places in each unit as `cands` has them (links.ts), struck with them. */
  readonly places = placesTable();
  /** After a contradiction: the two nodes that disagree (on, off); -1 otherwise. */
  absurdOn = -1;
  absurdOff = -1;

  /** The grid's placed digits (0 for empty cells), which no run changes. */
  values: Uint8Array = new Uint8Array(81);

  reset(cands: Uint16Array, values: Uint8Array): void {
    this.values = values;
    this.nodes = 0;
    this.poolLen = 0;
    this.onLen = 0;
    this.offLen = 0;
    this.onNode.fill(-1);
    this.offNode.fill(-1);
    this.cands.set(cands);
    this.source.set(cands);
    fillPlacesOf(cands, this.places);
    this.absurdOn = -1;
    this.absurdOff = -1;
    if (this.nestedCx.length) {
      this.nestedCx.length = 0;
      this.nestedSig.length = 0;
    }
  }

  /** A new node; its parents are added with `addParent` right after. */
  newNode(pot: number, on: boolean): number {
    const n = this.nodes++;
    this.nodePot[n] = pot;
    this.nodeOn[n] = on ? 1 : 0;
    this.parStart[n] = this.poolLen;
    this.parCount[n] = 0;
    this.nodeRule[n] = 0;
    this.nodeCause[n] = -1;
    this.nodeNested[n] = 0;
    return n;
  }

  /** Add a parent to the node created last. */
  addParent(node: number, parent: number): void {
    if (this.poolLen === this.pool.length) {
      const bigger = new Int32Array(this.pool.length * 2);
      bigger.set(this.pool);
      this.pool = bigger;
    }
    this.pool[this.poolLen++] = parent;
    this.parCount[node]++;
  }

  registerOn(node: number): void {
    this.onNode[this.nodePot[node]] = node;
    this.onList[this.onLen++] = node;
  }

  registerOff(node: number): void {
    this.offNode[this.nodePot[node]] = node;
    this.offList[this.offLen++] = node;
  }

  firstParent(node: number): number {
    return this.parCount[node] > 0 ? this.pool[this.parStart[node]] : -1;
  }
}

const seenStamp = new Int32Array(1460);
let stamp = 0;
const todo = new Int32Array(MAX_NODES * 2);

/**
 * How many distinct potentials (candidate and state) `node` rests on, itself included:
 * the chain's complexity, which sets its length rating.
 */
export function ancestorCount(run: ImplicationRun, node: number): number {
  if (++stamp === 0x7fffffff) {
    seenStamp.fill(0);
    stamp = 1;
  }
  let head = 0;
  let tail = 0;
  seenStamp[run.nodePot[node] * 2 + run.nodeOn[node]] = stamp;
  todo[tail++] = node;
  while (head < tail) {
    const n = todo[head++];
    const s = run.parStart[n];
    const e = s + run.parCount[n];
    for (let k = s; k < e; k++) {
      const p = run.pool[k];
      const key = run.nodePot[p] * 2 + run.nodeOn[p];
      if (seenStamp[key] === stamp) continue;
      seenStamp[key] = stamp;
      todo[tail++] = p;
    }
  }
  const count = tail;
  return count;
}

/** The nodes from the run's first assumption to `node`, following first parents. */
export function mainPath(run: ImplicationRun, node: number): number[] {
  const path: number[] = [];
  for (let n = node; n >= 0; n = run.firstParent(n)) path.push(n);
  return path.reverse();
}

const sigSeen: number[] = [];

/**
 * The complexity the nested forcing chains behind some branches add: each distinct nested
 * chain among the branches' ancestors counts its own complexity once.
 */
export function nestedComplexity(runs: readonly ImplicationRun[], nodes: readonly number[], count: number): number {
  let any = false;
  for (let i = 0; i < count; i++) if (runs[i].nestedCx.length) any = true;
  if (!any) return 0;
  sigSeen.length = 0;
  let total = 0;
  for (let i = 0; i < count; i++) {
    const run = runs[i];
    if (!run.nestedCx.length) continue;
    if (++stamp === 0x7fffffff) {
      seenStamp.fill(0);
      stamp = 1;
    }
    let head = 0;
    let tail = 0;
    seenStamp[run.nodePot[nodes[i]] * 2 + run.nodeOn[nodes[i]]] = stamp;
    todo[tail++] = nodes[i];
    while (head < tail) {
      const n = todo[head++];
      const id = run.nodeNested[n];
      if (id > 0) {
        const sig = run.nestedSig[id - 1];
        if (!sigSeen.includes(sig)) {
          sigSeen.push(sig);
          total += run.nestedCx[id - 1];
        }
      }
      const s = run.parStart[n];
      const e = s + run.parCount[n];
      for (let k = s; k < e; k++) {
        const p = run.pool[k];
        const key = run.nodePot[p] * 2 + run.nodeOn[p];
        if (seenStamp[key] === stamp) continue;
        seenStamp[key] = stamp;
        todo[tail++] = p;
      }
    }
  }
  return total;
}

/**
 * The complexity of a deduction resting on `nodes` of `runs` (its branches): the potentials
 * each branch rests on, added up, and each distinct nested chain behind them once.
 */
export function chainComplexity(runs: readonly ImplicationRun[], nodes: readonly number[]): number {
  let total = 0;
  for (let i = 0; i < runs.length; i++) total += ancestorCount(runs[i], nodes[i]);
  return total + nestedComplexity(runs, nodes, runs.length);
}
