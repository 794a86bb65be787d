/**
 * Which statements force which through a graph of links (link-graph.ts), without following
 * chains: the graph's strongly connected components (Tarjan's, iterative), then each
 * component's reachable set, as a bitset of statements, from those of the components it
 * links to (Tarjan emits a component after all those it reaches). Sound and complete for
 * reachability, so it only tells a search where a chain can exist.
 *
 * Reachable sets hold only the statements of candidates on the grid, numbered densely, so a
 * grid with few candidates left has short sets.
 */
const N = 1458;
const WORDS = 46; // ceil(1458 / 32)

/** Work arrays of the component search, shared (one computation at a time). */
const index = new Int32Array(N);
const low = new Int32Array(N);
const onStack = new Uint8Array(N);
const stack = new Int32Array(N);
const callNode = new Int32Array(N);
const callEdge = new Int32Array(N);
/** Per component: the last component that merged it in. */
const mergedInto = new Int32Array(N);
const common = new Uint32Array(WORDS);

export class ReachSets {
  /** Component of each statement; -1 for a statement whose candidate is not on the grid. */
  private readonly comp = new Int32Array(N).fill(-1);
  /** Dense number of each statement on the grid, -1 for the others. */
  private readonly live = new Int32Array(N).fill(-1);
  private readonly reach = new Uint32Array(N * WORDS);
  /** Per component: whether it reaches anything (the others' rows of `reach` are not written). */
  private readonly reachesAny = new Uint8Array(N);
  private words = WORDS;

  /**
   * Components and reachable sets of the graph whose links from statement k are
   * `targets[start[k] .. start[k + 1])`, on the grid `cands`. Returns the work it cost: a unit
   * per two links and per four words of reachable sets merged.
   */
  compute(start: Int32Array, targets: Int32Array, cands: Uint16Array): number {
    const { comp, live, reach, reachesAny } = this;
    let n = 0;
    for (let cell = 0, key = 0; cell < 81; cell++) {
      const m = cands[cell];
      for (let bit = 1; bit < 512; bit <<= 1, key += 2) {
        if (m & bit) {
          live[key] = n++;
          live[key + 1] = n++;
        } else live[key] = live[key + 1] = -1;
      }
    }
    const words = (this.words = (n + 31) >>> 5);
    const merges = findComponents(N, start, targets, live, words, comp, reach, reachesAny);
    return 1 + ((merges * words) >> 2) + (start[N] >> 1);
  }

  /** Whether statement `to` follows from statement `from` through one link or more. */
  reaches(from: number, to: number): boolean {
    const t = this.live[to];
    const c = this.comp[from];
    if (c < 0 || t < 0 || !this.reachesAny[c]) return false;
    return (this.reach[c * this.words + (t >>> 5)] & (1 << (t & 31))) !== 0;
  }

  /**
   * The strongly connected component of a statement (statements that reach each other share
   * one), or -1 for a statement whose candidate is not on the grid. A closed walk through a
   * link exists exactly when both its ends lie in one component.
   */
  componentOf(key: number): number {
    return this.comp[key];
  }

  /** Whether the statements `keys[0..count)` have a consequence in common. */
  shareConsequence(keys: Int32Array, count: number): boolean {
    const { comp, reach, words, reachesAny } = this;
    for (let i = 0; i < count; i++) if (!reachesAny[comp[keys[i]]]) return false;
    const r0 = comp[keys[0]] * words;
    for (let k = 0; k < words; k++) common[k] = reach[r0 + k];
    for (let i = 1; i < count; i++) {
      const r = comp[keys[i]] * words;
      let any = 0;
      for (let k = 0; k < words; k++) any |= common[k] &= reach[r + k];
      if (!any) return false;
    }
    for (let k = 0; k < words; k++) if (common[k]) return true;
    return false;
  }
}

/**
 * The strongly connected components of the graph of `nodes` nodes whose links from node k are
 * `targets[start[k] .. start[k + 1])` (Tarjan's, iterative), into `comp` (numbered in the order
 * found: a component after every one it links to), and each component's reachable set into
 * `reach` (`words` words a component, bit `bit[k]` for node k; a node with bit -1 is left out
 * of the sets, and one with bit -1 and no links is passed over): its members if it loops, what
 * they link to, and the sets of the components they link to. `reachesAny` tells the components
 * whose set is not empty; the rows of the others are not written. Returns the sets merged.
 */
export function findComponents(
  nodes: number,
  start: Int32Array,
  targets: Int32Array,
  bit: Int32Array,
  words: number,
  comp: Int32Array,
  reach: Uint32Array,
  reachesAny: Uint8Array,
): number {
  index.fill(-1, 0, nodes);
  onStack.fill(0, 0, nodes);
  comp.fill(-1, 0, nodes);
  mergedInto.fill(-1, 0, nodes);
  let counter = 0;
  let sp = 0;
  let nComp = 0;
  let merges = 0;
  for (let root = 0; root < nodes; root++) {
    if (index[root] >= 0 || (bit[root] < 0 && start[root] === start[root + 1])) continue;
    let depth = 0;
    callNode[0] = root;
    callEdge[0] = start[root];
    index[root] = low[root] = counter++;
    stack[sp++] = root;
    onStack[root] = 1;
    while (depth >= 0) {
      const u = callNode[depth];
      const ei = callEdge[depth];
      if (ei < start[u + 1]) {
        callEdge[depth] = ei + 1;
        const w = targets[ei];
        if (index[w] < 0) {
          index[w] = low[w] = counter++;
          stack[sp++] = w;
          onStack[w] = 1;
          depth++;
          callNode[depth] = w;
          callEdge[depth] = start[w];
        } else if (onStack[w] && index[w] < low[u]) low[u] = index[w];
        continue;
      }
      if (low[u] === index[u]) {
        // Pop the component; its reach = members (if it loops) and what its members link to.
        const c = nComp++;
        const r = c * words;
        let any = 0;
        let first = sp;
        do first--;
        while (stack[first] !== u);
        const size = sp - first;
        // A lone node with no links (most "off" statements) reaches nothing: its row stays unwritten.
        if (size > 1 || start[u + 1] > start[u]) for (let k = r; k < r + words; k++) reach[k] = 0;
        for (let k = first; k < sp; k++) comp[stack[k]] = c;
        for (let k = first; k < sp; k++) {
          const m = stack[k];
          onStack[m] = 0;
          const bm = bit[m];
          if (size > 1 && bm >= 0) {
            reach[r + (bm >>> 5)] |= 1 << (bm & 31);
            any = 1;
          }
          for (let x = start[m]; x < start[m + 1]; x++) {
            const w = targets[x];
            const cw = comp[w];
            const bw = bit[w];
            if (bw >= 0) {
              reach[r + (bw >>> 5)] |= 1 << (bw & 31);
              any = 1;
            }
            if (cw === c || !reachesAny[cw] || mergedInto[cw] === c) continue;
            mergedInto[cw] = c;
            const o = cw * words;
            for (let k2 = 0; k2 < words; k2++) reach[r + k2] |= reach[o + k2];
            any = 1;
            merges++;
          }
        }
        reachesAny[c] = any;
        sp = first;
      }
      depth--;
      if (depth >= 0) {
        const parent = callNode[depth];
        if (low[u] < low[parent]) low[parent] = low[u];
      }
    }
  }
  return merges;
}
