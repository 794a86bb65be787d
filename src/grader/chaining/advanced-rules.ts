/**
 * The level-1 rules: the four basic techniques Sudoku Explainer applies inside dynamic forcing
 * chains ("Dynamic Forcing Chains (+)", level 1) and every deeper level.
 * When a dynamic run has nothing left to follow, these rules look at the run's reduced grid,
 * in this order, and the first that finds anything adds everything it finds:
 *
 * - intersections: the places of a digit in a box, row or column (two to six) all see some
 *   other cells, which lose the digit;
 * - hidden pairs: two digits confined to the same two cells of a unit (boxes, then columns,
 *   then rows) leave those cells' other candidates;
 * - naked pairs: two cells of a unit holding only the same two digits take them from every
 *   cell that sees both;
 * - X-wings: a digit confined to two rows in two columns (or the reverse) leaves the rest of
 *   the cover lines.
 *
 * A finding counts only if it rests on a candidate the chain struck (otherwise it held
 * before the chain and is not news): those struck candidates become the parents of each
 * candidate it removes. Sound because each rule is sound on any grid in which the
 * assumption holds.
 */
import { POPCOUNT } from '../../core/digits.js';
import { BOX_OF, COL_OF, PEER_CELLS, ROW_OF, UNIT_CELLS } from '../../core/units.js';
import type { Budget } from './budget.js';
import type { ImplicationRun } from './implication-run.js';
import { CELL_UNITS, PLACE_IN_UNIT } from './links.js';
import type { PropagationMode } from './propagate.js';

/** Unit numbers (ours) in a search order given by Sudoku Explainer's region types. */
const BOXES = [18, 19, 20, 21, 22, 23, 24, 25, 26];
const ROWS = [0, 1, 2, 3, 4, 5, 6, 7, 8];
const COLS = [9, 10, 11, 12, 13, 14, 15, 16, 17];
const LOCKING_UNITS = [...BOXES, ...ROWS, ...COLS];
const SET_UNITS = [...BOXES, ...COLS, ...ROWS];

/** One finding: candidates removed and the struck candidates it rests on. */
interface Finding {
  removable: number[]; // candidate indexes, in the rule's cell order
  parents: number[]; // candidate indexes made off by the chain
}

const FOUND: Finding[] = [];

/** SEES[a * 81 + b]: 1 when cells a and b are distinct and share a unit. */
const SEES: Uint8Array = (() => {
  const t = new Uint8Array(81 * 81);
  for (let a = 0; a < 81; a++) for (let k = a * 20; k < a * 20 + 20; k++) t[a * 81 + PEER_CELLS[k]] = 1;
  return t;
})();

/**
 * LOST[unit * 9 + v]: positions of digit v + 1 the run struck (in its starting grid, not in
 * its grid now), filled per call. A finding rests on a struck candidate only where these are.
 */
const LOST = new Uint16Array(27 * 9);

function fillLost(cands: Uint16Array, source: Uint16Array): void {
  LOST.fill(0);
  for (let cell = 0; cell < 81; cell++) {
    const gone = source[cell] & ~cands[cell];
    if (!gone) continue;
    for (let t = 0; t < 3; t++) {
      const base = CELL_UNITS[cell * 3 + t] * 9;
      const at = 1 << PLACE_IN_UNIT[cell * 3 + t];
      for (let v = 0; v < 9; v++) if (gone & (1 << v)) LOST[base + v] |= at;
    }
  }
}

/** The places (bit k: the unit's k-th cell) of the digit of `bit` in `unit`, from the run's table. */
function unitPositions(run: ImplicationRun, unit: number, bit: number): number {
  return run.places[unit * 9 + (31 - Math.clz32(bit))];
}

/** The box / row / column holding all cells of a position mask of `unit`, or -1. */
function sharedUnit(unit: number, pos: number, kind: 'row' | 'col' | 'box'): number {
  return SHARED[(kind === 'row' ? 0 : kind === 'col' ? 1 : 2) * 27 * 512 + unit * 512 + pos];
}

/** sharedUnit's answers, by kind (row, column, box), unit and position mask. */
const SHARED: Int8Array = (() => {
  const t = new Int8Array(3 * 27 * 512);
  for (let kind = 0; kind < 3; kind++) {
    for (let unit = 0; unit < 27; unit++) {
      for (let pos = 0; pos < 512; pos++) {
        let shared = -1;
        for (let k = 0; k < 9; k++) {
          if (!(pos & (1 << k))) continue;
          const c = UNIT_CELLS[unit * 9 + k];
          const u = kind === 0 ? ROW_OF[c] : kind === 1 ? 9 + COL_OF[c] : 18 + BOX_OF[c];
          if (shared === -1) shared = u;
          else if (shared !== u) {
            shared = -1;
            break;
          }
        }
        t[kind * 27 * 512 + unit * 512 + pos] = shared;
      }
    }
  }
  return t;
})();

function inUnit(unit: number, cell: number): boolean {
  return unit < 9 ? ROW_OF[cell] === unit : unit < 18 ? COL_OF[cell] === unit - 9 : BOX_OF[cell] === unit - 18;
}

function sees(a: number, b: number): boolean {
  return SEES[a * 81 + b] === 1;
}

function lockings(run: ImplicationRun, out: Finding[]): void {
  const { cands, source } = run;
  for (let t = 0; t < 3; t++) {
    for (let v = 0; v < 9; v++) {
      const bit = 1 << v;
      for (let i = 0; i < 9; i++) {
        const unit = LOCKING_UNITS[t * 9 + i];
        // A finding that rests on no struck candidate is not news: skip it before building it.
        if (!LOST[unit * 9 + v]) continue;
        const pos = unitPositions(run, unit, bit);
        const n = POPCOUNT[pos];
        if (n < 2 || n > 6) continue;
        // Cells seeing every place: only the rest of a line (or box) holding all the places.
        const o1 = sharedUnit(unit, pos, unit >= 18 ? 'row' : 'box');
        const o2 = unit >= 18 ? sharedUnit(unit, pos, 'col') : -1;
        if (o1 < 0 && o2 < 0) continue;
        let removable: number[] | null = null;
        for (let q = 0; q < 2; q++) {
          const other = q === 0 ? o1 : o2;
          if (other < 0) continue;
          for (let k = 0; k < 9; k++) {
            const x = UNIT_CELLS[other * 9 + k];
            if (cands[x] & bit && !inUnit(unit, x)) (removable ??= []).push(x * 9 + v);
          }
        }
        if (!removable) continue;
        removable.sort((a, b) => a - b);
        const parents: number[] = [];
        for (let k = 0; k < 9; k++) {
          const c = UNIT_CELLS[unit * 9 + k];
          if (!(pos & (1 << k)) && source[c] & bit) parents.push(c * 9 + v);
        }
        out.push({ removable, parents });
      }
    }
  }
}

function hiddenPairs(run: ImplicationRun, values: Uint8Array, out: Finding[]): void {
  const { cands, source } = run;
  for (const unit of SET_UNITS) {
    let empty = 0;
    for (let k = 0; k < 9; k++) if (values[UNIT_CELLS[unit * 9 + k]] === 0) empty++;
    if (empty <= 4) continue;
    // Pairs of digits a < b (b ascending, then a) with the same two places, where the run
    // struck a place of one of them.
    for (let b = 1; b < 9; b++) {
      const pb = run.places[unit * 9 + b];
      if (POPCOUNT[pb] !== 2) continue;
      for (let a = 0; a < b; a++) {
        if (run.places[unit * 9 + a] !== pb || !(LOST[unit * 9 + a] | LOST[unit * 9 + b])) continue;
        const both = pb;
        const keep = (1 << a) | (1 << b);
        const removable: number[] = [];
        for (let k = 0; k < 9; k++) {
          if (!(both & (1 << k))) continue;
          const c = UNIT_CELLS[unit * 9 + k];
          const extra = cands[c] & ~keep;
          for (let w = 0; w < 9; w++) if (extra & (1 << w)) removable.push(c * 9 + w);
        }
        if (!removable.length) continue;
        const parents: number[] = [];
        for (let k = 0; k < 9; k++) {
          if (both & (1 << k)) continue;
          const c = UNIT_CELLS[unit * 9 + k];
          if (source[c] & (1 << a)) parents.push(c * 9 + a);
          if (source[c] & (1 << b)) parents.push(c * 9 + b);
        }
        out.push({ removable, parents });
      }
    }
  }
}

function nakedPairs(run: ImplicationRun, values: Uint8Array, out: Finding[]): void {
  const { cands, source } = run;
  for (const unit of SET_UNITS) {
    let empty = 0;
    for (let k = 0; k < 9; k++) if (values[UNIT_CELLS[unit * 9 + k]] === 0) empty++;
    if (empty < 4) continue;
    // Pairs of cells a < b (b ascending, then a) holding the same two digits.
    for (let b = 1; b < 9; b++) {
      const cb = UNIT_CELLS[unit * 9 + b];
      const mb = cands[cb];
      if (POPCOUNT[mb] !== 2) continue;
      for (let a = 0; a < b; a++) {
        const ca = UNIT_CELLS[unit * 9 + a];
        const ma = cands[ca];
        if (ma !== mb) continue;
        if (!((source[ca] | source[cb]) & ~(ma | mb))) continue; // rests on no struck candidate
        const removable: number[] = [];
        for (let v = 0; v < 9; v++) {
          if (!((ma | mb) & (1 << v))) continue;
          for (let x = 0; x < 81; x++) if (x !== ca && x !== cb && cands[x] & (1 << v) && sees(x, ca) && sees(x, cb)) removable.push(x * 9 + v);
        }
        if (!removable.length) continue;
        const parents: number[] = [];
        for (const c of [ca, cb]) {
          const gone = source[c] & ~(ma | mb);
          for (let w = 0; w < 9; w++) if (gone & (1 << w)) parents.push(c * 9 + w);
        }
        out.push({ removable, parents });
      }
    }
  }
}

const OCCURRENCES = new Uint8Array(10);

function xWings(run: ImplicationRun, values: Uint8Array, out: Finding[]): void {
  const { cands, source } = run;
  const occurrences = OCCURRENCES;
  occurrences.fill(0);
  for (let c = 0; c < 81; c++) occurrences[values[c]]++;
  // Base lines columns (cover rows) first, then rows (cover columns).
  for (let pass = 0; pass < 2; pass++) {
    const baseFirst = pass === 0 ? 9 : 0;
    const coverFirst = baseFirst === 9 ? 0 : 9;
    // Pairs of base lines i < j (j ascending, then i) holding the digit in the same two places,
    // where the run struck a place of it.
    for (let j = 1; j < 9; j++) {
      for (let i = 0; i < j; i++) {
        for (let v = 0; v < 9; v++) {
          if (occurrences[v + 1] + 4 > 9) continue;
          const bit = 1 << v;
          const pi = run.places[(baseFirst + i) * 9 + v];
          if (POPCOUNT[pi] !== 2 || run.places[(baseFirst + j) * 9 + v] !== pi) continue;
          if (!(LOST[(baseFirst + i) * 9 + v] | LOST[(baseFirst + j) * 9 + v])) continue;
          const covers = pi;
          const bases = (1 << i) | (1 << j);
          const removable: number[] = [];
          for (let r = 0; r < 9; r++) {
            if (!(covers & (1 << r))) continue;
            for (let k = 0; k < 9; k++) {
              const c = UNIT_CELLS[(coverFirst + r) * 9 + k];
              if (!(bases & (1 << k)) && cands[c] & bit) removable.push(c * 9 + v);
            }
          }
          if (!removable.length) continue;
          const parents: number[] = [];
          for (const line of [i, j]) {
            for (let k = 0; k < 9; k++) {
              if (covers & (1 << k)) continue;
              const c = UNIT_CELLS[(baseFirst + line) * 9 + k];
              if (source[c] & bit && !(cands[c] & bit)) parents.push(c * 9 + v);
            }
          }
          out.push({ removable, parents });
        }
      }
    }
  }
}

/**
 * The order a finding's removals are taken in: Sudoku Explainer keeps them in a hash map of
 * cells, whose iteration order is by cell number modulo the table size, then insertion order.
 */
export function removalOrder(removable: number[]): number[] {
  const cells: number[] = [];
  for (const p of removable) {
    const c = (p / 9) | 0;
    if (!cells.includes(c)) cells.push(c);
  }
  let cap = 16;
  while (cells.length > cap * 0.75) cap *= 2;
  const order = cells.map((c, k) => ({ c, k })).sort((x, y) => (x.c & (cap - 1)) - (y.c & (cap - 1)) || x.k - y.k);
  const out: number[] = [];
  for (const { c } of order) for (let v = 0; v < 9; v++) if (removable.includes(c * 9 + v)) out.push(c * 9 + v);
  return out;
}

/**
 * What rules asked inside a chain gave its run: nothing that rests on the chain (`none`),
 * findings that rest on it but remove nothing the run did not know (`known`), or new
 * potentials made off (`added`).
 */
export type RuleOutcome = 'none' | 'known' | 'added';

/** Add the findings of the first level-1 rule that has any as potentials made off. */
export function addLevelOneRules(run: ImplicationRun, budget: Budget): RuleOutcome {
  const values = run.values;
  let any = false;
  let added = false;
  fillLost(run.cands, run.source);
  const found = FOUND;
  for (let r = 0; r < 4; r++) {
    budget.spend(50);
    found.length = 0;
    if (r === 0) lockings(run, found);
    else if (r === 1) hiddenPairs(run, values, found);
    else if (r === 2) nakedPairs(run, values, found);
    else xWings(run, values, found);
    for (const f of found) {
      if (!f.parents.length) continue;
      any = true;
      for (const pot of removalOrder(f.removable)) {
        if (run.offNode[pot] >= 0) continue;
        const n = run.newNode(pot, false);
        run.nodeRule[n] = r + 1;
        for (const parent of f.parents) run.addParent(n, run.offNode[parent]);
        run.registerOff(n);
        added = true;
      }
    }
    if (any) break;
  }
  return added ? 'added' : any ? 'known' : 'none';
}

function addAdvanced(run: ImplicationRun, budget: Budget): boolean {
  return addLevelOneRules(run, budget) === 'added';
}

/** Names of the rules, by `nodeRule` (1-based). */
export const RULE_NAMES = ['', 'intersection', 'hidden pair', 'naked pair', 'X-wing', 'nested forcing chain'];

/** Propagation for chains of level 1: dynamic, both link kinds, the level-1 rules when stuck. */
export const LEVEL_ONE_MODE: PropagationMode = { cellLinks: true, dynamic: true, advanced: addAdvanced };
