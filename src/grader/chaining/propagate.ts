/**
 * Following an assumption to everything it forces (the engine under every forcing chain).
 *
 * A statement follows the links of links.ts: from a potential made on, the cell's other
 * candidates go off (unless only one digit is followed, as in Nishio chains) and the digit's
 * other places in the cell's box, row and column; from a potential made off, the cell's other
 * candidate when it has two, and the digit's last other place in a unit, go on. Potentials
 * made on are followed first, in the order found, then the next one made off. A dynamic run
 * also strikes each candidate made off from its own grid, so later steps see the reduced grid
 * (the strikes behind a step are recorded as its extra parents). When nothing is left to follow, a nested run may ask other rules for more
 * (see advanced-rules.ts).
 *
 * Sound because each step is a plain Sudoku rule applied to a grid in which the assumption
 * holds: when some potential has to be both on and off, the assumption is false.
 */
import { UNIT_CELLS } from '../../core/units.js';
import type { Budget } from './budget.js';
import { CAUSE_CELL, type ImplicationRun } from './implication-run.js';
import { strike, writeOffLinks, writeOnLinks } from './links.js';

export interface PropagationMode {
  /** Follow links between a cell's candidates (false for Nishio: one digit only). */
  readonly cellLinks: boolean;
  /** Strike candidates made off from the run's grid as they are processed. */
  readonly dynamic: boolean;
  /** Asked when nothing is left to follow; adds potentials made off, true when it added any. */
  readonly advanced?: (run: ImplicationRun, budget: Budget) => boolean;
}

/** The links written for the statement being followed. */
const LINKS = new Int32Array(32);
const WHY = new Int8Array(32);

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
      if (mode.dynamic) strike(cands, run.places, run.nodePot[p]);
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

/** Make off everything `p` (an "on" node) forces off; false on a contradiction. */
function followOn(run: ImplicationRun, p: number, cellLinks: boolean): boolean {
  const pot = run.nodePot[p];
  const n = writeOffLinks(run.cands, run.places, pot, cellLinks, LINKS, 0);
  for (let k = 0; k < n; k++) if (!makeOff(run, LINKS[k] >> 1, p)) return false;
  return true;
}

/**
 * Make on everything `p` (an "off" node) forces on, each with the candidates the run struck
 * that the link rests on (the cell's, or the unit's places of the digit) as further parents;
 * false on a contradiction.
 */
function followOff(run: ImplicationRun, p: number, cellLinks: boolean): boolean {
  const pot = run.nodePot[p];
  const cell = (pot / 9) | 0;
  const dIndex = pot % 9;
  const bit = 1 << dIndex;
  const { cands, source } = run;
  const n = writeOnLinks(cands, run.places, pot, cellLinks, true, LINKS, WHY, 0);
  for (let k = 0; k < n; k++) {
    const onPot = LINKS[k] >> 1;
    const conj = run.offNode[onPot];
    if (conj < 0 && run.onNode[onPot] >= 0) continue;
    const why = WHY[k];
    const node = run.newNode(onPot, true);
    run.nodeCause[node] = why;
    run.addParent(node, p);
    if (why === CAUSE_CELL) {
      const gone = source[cell] & ~cands[cell];
      for (let w = 0; w < 9; w++) if (gone & (1 << w)) run.addParent(node, run.offNode[cell * 9 + w]);
    } else {
      const base = why * 9;
      for (let i = 0; i < 9; i++) {
        const c = UNIT_CELLS[base + i];
        if (source[c] & bit && !(cands[c] & bit)) run.addParent(node, run.offNode[c * 9 + dIndex]);
      }
    }
    if (conj >= 0) {
      run.absurdOn = node;
      run.absurdOff = conj;
      return false;
    }
    run.registerOn(node);
  }
  return true;
}
