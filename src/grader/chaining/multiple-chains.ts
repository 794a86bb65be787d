/**
 * Forcing chains with several branches, all following assumptions with propagate.ts:
 *
 * - contradiction: assuming a candidate true (or false) forces some other candidate to be
 *   both on and off, so the assumption is wrong;
 * - double: a candidate true and the same candidate false both force the same result;
 * - cell: each candidate of a cell in turn forces the same result;
 * - region: each place of a digit in a box, row or column in turn forces the same result.
 *
 * Each outcome holds in every case, so it holds. Which of these a producer looks for, and
 * whether its implications follow both digits and cells, strike candidates as they go
 * (dynamic) or call other rules (nested), is its `ChainingKind`. Every cell is tried in turn;
 * each deduction is offered to the BestHint with its rating (base + length) and complexity
 * (the potentials each branch rests on, added up).
 */
import { POPCOUNT } from '../../core/digits.js';
import { cellName, UNIT_CELLS, unitName } from '../../core/units.js';
import type { Candidates } from '../candidates.js';
import type { CellDigit, Step } from '../technique.js';
import { RULE_NAMES } from './advanced-rules.js';
import type { BestHint } from './best-hint.js';
import type { Budget } from './budget.js';
import { ancestorCount, CAUSE_CELL, ImplicationRun, mainPath, nestedComplexity } from './implication-run.js';
import { chainsPattern } from '../pattern.js';
import { implications, outcomeText } from './notation.js';
import { chainDifficulty, potCell, potDigit, potText, roundRating } from './potential.js';
import { CELL_UNITS } from './links.js';
import { propagate, type PropagationMode } from './propagate.js';

export interface ChainingKind {
  /** Cell and region forcing chains on cells with three or more candidates too. */
  readonly multiple: boolean;
  readonly dynamic: boolean;
  readonly nishio: boolean;
  /** Base rating before the length addition. */
  readonly base: number;
  /** Technique name prefix: '', 'dynamic-', ... */
  readonly prefix: string;
  readonly mode: PropagationMode;
}

/**
 * Runs of one search. What a candidate forces when assumed true does not depend on which
 * cell or region asks, so each such run is made once per search and kept (one slot per
 * candidate, allocated on first use and reused by later searches); "false" runs are used once.
 */
export class RunPool {
  private readonly onRuns: (ImplicationRun | undefined)[] = new Array(729);
  private readonly madeIn = new Int32Array(729);
  private search = 0;
  readonly offRun = new ImplicationRun();

  /** Start a new search: forget the runs of the last one. */
  next(): void {
    this.search++;
  }

  /** The run of candidate `pot` assumed true, made now or earlier in this search. */
  onRun(state: Candidates, pot: number, mode: PropagationMode, budget: Budget): ImplicationRun {
    let run = this.onRuns[pot];
    if (run && this.madeIn[pot] === this.search) return run;
    if (!run) run = this.onRuns[pot] = new ImplicationRun();
    startRun(run, state, pot, true);
    propagate(run, mode, budget);
    this.madeIn[pot] = this.search;
    return run;
  }
}

const SORT_DOUBLE = 1;
const SORT_CELL = 5;
const SORT_REGION = 6;
const SORT_CONTRADICTION = 7;

function startRun(run: ImplicationRun, state: Candidates, pot: number, on: boolean): number {
  run.reset(state.cands, state.values);
  const n = run.newNode(pot, on);
  if (on) run.registerOn(n);
  else run.registerOff(n);
  return n;
}

interface Branch {
  run: ImplicationRun;
  node: number;
}

function branchText(b: Branch): string {
  const path = mainPath(b.run, b.node);
  return implications(
    path.map((n) => b.run.nodePot[n]),
    path.map((n) => b.run.nodeOn[n] === 1),
    path.map((n) => RULE_NAMES[b.run.nodeRule[n]]),
  );
}

/** A branch's main path as a chain; a link is drawn only where it is a single implication. */
function branchChain(b: Branch): { pots: number[]; ons: boolean[]; linked: boolean[] } {
  const path = mainPath(b.run, b.node);
  return {
    pots: path.map((n) => b.run.nodePot[n]),
    ons: path.map((n) => b.run.nodeOn[n] === 1),
    linked: path.map((n) => b.run.parCount[n] === 1 && b.run.nodeRule[n] === 0),
  };
}

function complexityOf(branches: readonly Branch[]): number {
  let total = 0;
  for (const b of branches) total += ancestorCount(b.run, b.node);
  let nested = false;
  for (const b of branches) if (b.run.nestedCx.length) nested = true;
  if (nested) {
    const runs = branches.map((b) => b.run);
    const nodes = branches.map((b) => b.node);
    total += nestedComplexity(runs, nodes, runs.length);
  }
  return total;
}

/** Branches of a deduction being considered, before any object is made for it. */
const scratchRuns: ImplicationRun[] = [];
const scratchNodes: number[] = [];

/** Whether the deduction whose branches are in the scratch arrays would beat the best so far. */
function promising(best: BestHint, kind: ChainingKind, sortKey: number): boolean {
  if (best.sink) return true;
  let total = 0;
  for (let i = 0; i < scratchRuns.length; i++) total += ancestorCount(scratchRuns[i], scratchNodes[i]);
  total += nestedComplexity(scratchRuns, scratchNodes, scratchRuns.length);
  return best.beats(chainDifficulty(kind.base, total), total, sortKey);
}

function scratch(run: ImplicationRun, node: number, first: boolean): void {
  if (first) {
    scratchRuns.length = 0;
    scratchNodes.length = 0;
  }
  scratchRuns.push(run);
  scratchNodes.push(node);
}

/** Place (target on) or remove (target off) the target candidate. */
function outcome(cands: Uint16Array, pot: number, on: boolean): { place: CellDigit[]; eliminate: CellDigit[] } | null {
  const cell = potCell(pot);
  if (!on) return { place: [], eliminate: [[cell, potDigit(pot)]] };
  if (POPCOUNT[cands[cell]] < 2) return null; // nothing to remove: not worth a step
  return { place: [[cell, potDigit(pot)]], eliminate: [] };
}

function offer(
  best: BestHint,
  kind: ChainingKind,
  sortKey: number,
  branches: Branch[],
  result: { place: CellDigit[]; eliminate: CellDigit[] },
  technique: string,
  describe: () => string,
  cause = -1,
): void {
  if (best.sink) {
    best.sink.add(
      branches.map((b) => b.run),
      branches.map((b) => b.node),
      result.place,
      result.eliminate,
      kind.base,
      sortKey,
      cause,
    );
    return;
  }
  const complexity = complexityOf(branches);
  const difficulty = chainDifficulty(kind.base, complexity);
  if (!best.beats(difficulty, complexity, sortKey)) return;
  const step: Step = {
    technique: kind.prefix + technique,
    place: result.place,
    eliminate: result.eliminate,
    explain: `${describe()}: ${outcomeText(result.place, result.eliminate)}`,
    rating: roundRating(difficulty),
    pattern: chainsPattern(branches.map(branchChain), result.eliminate),
  };
  best.keep(difficulty, complexity, sortKey, step);
}

/**
 * Offer every multiple-branch forcing chain of the grid to `best`. With `only`, cells whose
 * entry is 0 are skipped (the caller knows they lead to nothing).
 */
export function searchMultipleChains(state: Candidates, kind: ChainingKind, pool: RunPool, best: BestHint, budget: Budget, only?: Uint8Array): void {
  const cands = state.cands;
  pool.next();
  for (let cell = 0; cell < 81; cell++) {
    if (state.values[cell] !== 0 || (only && !only[cell])) continue;
    const count = POPCOUNT[cands[cell]];
    if (count > 2 || (count > 1 && kind.dynamic)) searchCell(state, cell, count, kind, pool, best, budget);
  }
}

function searchCell(state: Candidates, cell: number, count: number, kind: ChainingKind, pool: RunPool, best: BestHint, budget: Budget): void {
  const cands = state.cands;
  const mode = kind.mode;
  const doDouble = count >= 3 && !kind.nishio && kind.dynamic;
  const doContradiction = kind.dynamic || kind.nishio;
  let first = -1;
  for (let v = 0; v < 9; v++) {
    if (!(cands[cell] & (1 << v))) continue;
    if (first < 0) first = v;
    const pot = cell * 9 + v;
    const run = pool.onRun(state, pot, mode, budget);
    if (run.absurdOn >= 0 && doContradiction) {
      const branches = [
        { run, node: run.absurdOn },
        { run, node: run.absurdOff },
      ];
      offer(best, kind, SORT_CONTRADICTION, branches, { place: [], eliminate: [[cell, v + 1]] }, kind.nishio ? 'nishio-forcing-chain' : 'contradiction-forcing-chain', () =>
        `${potText(pot, true)} leads to a contradiction: ${branchText(branches[0])} ; ${branchText(branches[1])}`,
      );
    }
    if (doContradiction || doDouble) {
      const off = pool.offRun;
      startRun(off, state, pot, false);
      if (!propagate(off, mode, budget) && doContradiction && count > 1) {
        const branches = [
          { run: off, node: off.absurdOn },
          { run: off, node: off.absurdOff },
        ];
        offer(best, kind, SORT_CONTRADICTION, branches, { place: [[cell, v + 1]], eliminate: [] }, kind.nishio ? 'nishio-forcing-chain' : 'contradiction-forcing-chain', () =>
          `${potText(pot, false)} leads to a contradiction: ${branchText(branches[0])} ; ${branchText(branches[1])}`,
        );
      }
      if (doDouble) doubleChains(cands, kind, run, off, best);
    }
    if (!kind.nishio) regionChains(state, kind, cell, v, run, pool, best, budget);
  }
  if (kind.nishio || !(count === 2 || (kind.multiple && count > 2))) return;
  // Cell forcing chains: what every candidate of the cell forces.
  const head = pool.onRun(state, cell * 9 + first, mode, budget);
  for (const on of [true, false]) {
    const list = on ? head.onList : head.offList;
    const len = on ? head.onLen : head.offLen;
    for (let i = 0; i < len; i++) {
      const pot = head.nodePot[list[i]];
      let all = true;
      for (let v = first + 1; v < 9 && all; v++) {
        if (!(cands[cell] & (1 << v))) continue;
        const r = pool.onRun(state, cell * 9 + v, mode, budget);
        all = (on ? r.onNode[pot] : r.offNode[pot]) >= 0;
      }
      if (!all) continue;
      if (on && POPCOUNT[cands[potCell(pot)]] < 2) continue;
      let firstBranch = true;
      for (let v = 0; v < 9; v++) {
        if (!(cands[cell] & (1 << v))) continue;
        const r = pool.onRun(state, cell * 9 + v, mode, budget);
        scratch(r, on ? r.onNode[pot] : r.offNode[pot], firstBranch);
        firstBranch = false;
      }
      if (!promising(best, kind, SORT_CELL)) continue;
      const result = outcome(cands, pot, on);
      if (!result) continue;
      const branches: Branch[] = [];
      for (let v = 0; v < 9; v++) {
        if (!(cands[cell] & (1 << v))) continue;
        const r = pool.onRun(state, cell * 9 + v, mode, budget);
        branches.push({ run: r, node: on ? r.onNode[pot] : r.offNode[pot] });
      }
      offer(best, kind, SORT_CELL, branches, result, 'cell-forcing-chain', () =>
        `each candidate of ${cellName(cell)} leads to ${potText(pot, on)}: ${branches.map(branchText).join(' ; ')}`,
        CAUSE_CELL,
      );
    }
  }
}

function doubleChains(cands: Uint16Array, kind: ChainingKind, run: ImplicationRun, off: ImplicationRun, best: BestHint): void {
  const src = run.nodePot[0];
  for (const on of [true, false]) {
    const list = on ? run.onList : run.offList;
    const len = on ? run.onLen : run.offLen;
    for (let i = 0; i < len; i++) {
      const a = list[i];
      const pot = run.nodePot[a];
      const b = on ? off.onNode[pot] : off.offNode[pot];
      if (b < 0) continue;
      scratch(run, a, true);
      scratch(off, b, false);
      if (!promising(best, kind, SORT_DOUBLE)) continue;
      const result = outcome(cands, pot, on);
      if (!result) continue;
      const branches = [
        { run, node: a },
        { run: off, node: b },
      ];
      offer(best, kind, SORT_DOUBLE, branches, result, 'double-forcing-chain', () =>
        `${potText(src, true)} and ${potText(src, false)} both lead to ${potText(pot, on)}: ${branches.map(branchText).join(' ; ')}`,
      );
    }
  }
}

function regionChains(
  state: Candidates,
  kind: ChainingKind,
  cell: number,
  v: number,
  run: ImplicationRun,
  pool: RunPool,
  best: BestHint,
  budget: Budget,
): void {
  const cands = state.cands;
  const bit = 1 << v;
  for (let t = 0; t < 3; t++) {
    const unit = CELL_UNITS[cell * 3 + t];
    const base = unit * 9;
    let count = 0;
    let firstCell = -1;
    for (let k = 0; k < 9; k++) {
      const c = UNIT_CELLS[base + k];
      if (cands[c] & bit) {
        if (firstCell < 0) firstCell = c;
        count++;
      }
    }
    if (!(count === 2 || (kind.multiple && count > 2)) || firstCell !== cell) continue;
    const runs: ImplicationRun[] = [run];
    for (let k = 0; k < 9; k++) {
      const c = UNIT_CELLS[base + k];
      if (c === cell || !(cands[c] & bit)) continue;
      runs.push(pool.onRun(state, c * 9 + v, kind.mode, budget));
    }
    for (const on of [true, false]) {
      const list = on ? run.onList : run.offList;
      const len = on ? run.onLen : run.offLen;
      for (let i = 0; i < len; i++) {
        const pot = run.nodePot[list[i]];
        let all = true;
        for (let k = 1; k < runs.length && all; k++) all = (on ? runs[k].onNode[pot] : runs[k].offNode[pot]) >= 0;
        if (!all) continue;
        for (let k = 0; k < runs.length; k++) scratch(runs[k], on ? runs[k].onNode[pot] : runs[k].offNode[pot], k === 0);
        if (!promising(best, kind, SORT_REGION)) continue;
        const result = outcome(cands, pot, on);
        if (!result) continue;
        const branches = runs.map((r) => ({ run: r, node: on ? r.onNode[pot] : r.offNode[pot] }));
        offer(best, kind, SORT_REGION, branches, result, 'region-forcing-chain', () =>
          `each place of ${v + 1} in ${unitName(unit)} leads to ${potText(pot, on)}: ${branches.map(branchText).join(' ; ')}`,
          unit,
        );
      }
    }
  }
}
