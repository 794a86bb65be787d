/**
 * Following an assumption to everything it forces (the engine under every forcing chain).
 *
 * From a potential made on: the cell's other candidates go off (unless only one digit is
 * followed, as in Nishio chains), and so does the digit everywhere else in the cell's box,
 * row and column. From a potential made off: if the cell is left with two candidates, the
 * other goes on; if a box, row or column of the cell is left with one other place for the
 * digit, that place goes on. Potentials made on are followed first, in the order found, then
 * the next one made off. A dynamic run also strikes each candidate made off from its own
 * grid, so later steps see the reduced grid (the strikes behind a step are recorded as its
 * extra parents). When nothing is left to follow, a nested run may ask other rules for more
 * (see advanced-rules.ts).
 *
 * Sound because each step is a plain Sudoku rule applied to a grid in which the assumption
 * holds: when some potential has to be both on and off, the assumption is false.
 */
import { POPCOUNT } from '../../core/digits.js';
import { UNIT_CELLS } from '../../core/units.js';
import type { Budget } from './budget.js';
import { CAUSE_CELL, type ImplicationRun } from './implication-run.js';
import { CELL_UNITS } from './links.js';

export interface PropagationMode {
  /** Follow links between a cell's candidates (false for Nishio: one digit only). */
  readonly cellLinks: boolean;
  /** Strike candidates made off from the run's grid as they are processed. */
  readonly dynamic: boolean;
  /** Asked when nothing is left to follow; adds potentials made off, true when it added any. */
  readonly advanced?: (run: ImplicationRun, budget: Budget) => boolean;
}

/**
 * The only other cell of `unit` (besides `cell`) where the digit of `bit` is a candidate;
 * -1 when there is none, -2 when there are several.
 */
export function otherPlace(cands: Uint16Array, cell: number, unit: number, bit: number): number {
  const base = unit * 9;
  let other = -1;
  for (let k = 0; k < 9; k++) {
    const c = UNIT_CELLS[base + k];
    if (c === cell || !(cands[c] & bit)) continue;
    if (other >= 0) return -2;
    other = c;
  }
  return other;
}

const added = new Uint32Array(81);
let addedStamp = 0;

/**
 * Follow everything already in the run's on and off lists (the assumption). Returns false on
 * a contradiction (then `run.absurdOn` / `run.absurdOff` name the two nodes that disagree).
 */
export function propagate(run: ImplicationRun, mode: PropagationMode, budget: Budget): boolean {
  let onHead = 0;
  let offHead = 0;
  const cands = run.cands;
  for (;;) {
    if (onHead < run.onLen) {
      budget.spend(1);
      if (!followOn(run, run.onList[onHead++], mode.cellLinks)) return false;
      continue;
    }
    if (offHead < run.offLen) {
      budget.spend(1);
      const p = run.offList[offHead++];
      if (!followOff(run, p, mode.cellLinks)) return false;
      if (mode.dynamic) {
        const pot = run.nodePot[p];
        cands[(pot / 9) | 0] &= ~(1 << pot % 9);
      }
      continue;
    }
    if (mode.advanced && mode.advanced(run, budget)) continue;
    return true;
  }
}

/** Make `pot` off because of `parent`; false on a contradiction. */
function makeOff(run: ImplicationRun, pot: number, parent: number): boolean {
  const conj = run.onNode[pot];
  if (conj >= 0) {
    const n = run.newNode(pot, false);
    run.addParent(n, parent);
    run.absurdOn = conj;
    run.absurdOff = n;
    return false;
  }
  if (run.offNode[pot] < 0) {
    const n = run.newNode(pot, false);
    run.addParent(n, parent);
    run.registerOff(n);
  }
  return true;
}

function followOn(run: ImplicationRun, p: number, cellLinks: boolean): boolean {
  const pot = run.nodePot[p];
  const cell = (pot / 9) | 0;
  const dIndex = pot % 9;
  const cands = run.cands;
  if (cellLinks) {
    const others = cands[cell] & ~(1 << dIndex);
    for (let v = 0; v < 9; v++) if (others & (1 << v) && !makeOff(run, cell * 9 + v, p)) return false;
  }
  if (++addedStamp === 0xffffffff) {
    added.fill(0);
    addedStamp = 1;
  }
  added[cell] = addedStamp;
  const bit = 1 << dIndex;
  for (let t = 0; t < 3; t++) {
    const base = CELL_UNITS[cell * 3 + t] * 9;
    for (let k = 0; k < 9; k++) {
      const c = UNIT_CELLS[base + k];
      if (cands[c] & bit && added[c] !== addedStamp) {
        added[c] = addedStamp;
        if (!makeOff(run, c * 9 + dIndex, p)) return false;
      }
    }
  }
  return true;
}

/** Make `pot` on because of `p` (plus the hidden parents the caller adds); false on a contradiction. */
function followOff(run: ImplicationRun, p: number, cellLinks: boolean): boolean {
  const pot = run.nodePot[p];
  const cell = (pot / 9) | 0;
  const dIndex = pot % 9;
  const cands = run.cands;
  const source = run.source;
  if (cellLinks && POPCOUNT[cands[cell]] === 2) {
    const other = cands[cell] & ~(1 << dIndex);
    const v = 31 - Math.clz32(other);
    const onPot = cell * 9 + v;
    const conj = run.offNode[onPot];
    if (conj >= 0 || run.onNode[onPot] < 0) {
      const n = run.newNode(onPot, true);
      run.nodeCause[n] = CAUSE_CELL;
      run.addParent(n, p);
      const gone = source[cell] & ~cands[cell];
      for (let w = 0; w < 9; w++) if (gone & (1 << w)) run.addParent(n, run.offNode[cell * 9 + w]);
      if (conj >= 0) {
        run.absurdOn = n;
        run.absurdOff = conj;
        return false;
      }
      run.registerOn(n);
    }
  }
  const bit = 1 << dIndex;
  for (let t = 0; t < 3; t++) {
    const other = otherPlace(cands, cell, CELL_UNITS[cell * 3 + t], bit);
    if (other < 0) continue;
    const onPot = other * 9 + dIndex;
    const conj = run.offNode[onPot];
    if (conj < 0 && run.onNode[onPot] >= 0) continue;
    const n = run.newNode(onPot, true);
    run.nodeCause[n] = CELL_UNITS[cell * 3 + t];
    run.addParent(n, p);
    const base = CELL_UNITS[cell * 3 + t] * 9;
    for (let k = 0; k < 9; k++) {
      const c = UNIT_CELLS[base + k];
      if (source[c] & bit && !(cands[c] & bit)) run.addParent(n, run.offNode[c * 9 + dIndex]);
    }
    if (conj >= 0) {
      run.absurdOn = n;
      run.absurdOff = conj;
      return false;
    }
    run.registerOn(n);
  }
  return true;
}
