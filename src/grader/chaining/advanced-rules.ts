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
 * Each rule is the technique's own search (intersection-common.ts, subset-common.ts,
 * fish-common.ts), asked for every pattern in Sudoku Explainer's order on the run's reduced
 * grid; this module only turns a pattern into the candidates it removes there and its parents.
 * A finding counts only if it rests on a candidate the chain struck (otherwise it held
 * before the chain and is not news): those struck candidates become the parents of each
 * candidate it removes. Sound because each rule is sound on any grid in which the
 * assumption holds.
 */
import { PEER_CELLS } from '../../core/units.js';
import { eachFish } from '../techniques/fish-common.js';
import { eachLocking } from '../techniques/intersection-common.js';
import { BOX, COLUMN, fillPositions, INTERSECT, REGION_CELLS, ROW } from '../techniques/se-regions.js';
import { eachSubset } from '../techniques/subset-common.js';
import type { Budget } from './budget.js';
import type { ImplicationRun } from './implication-run.js';
import type { PropagationMode } from './propagate.js';
import { RunMemo } from './run-memo.js';

/** One finding: candidates removed and the struck candidates it rests on. */
interface Finding {
  removable: number[]; // candidate indexes, in the rule's cell order (in removal order once kept)
  parents: number[]; // candidate indexes made off by the chain
}

const FOUND: Finding[] = [];

/** SEES[a * 81 + b]: 1 when cells a and b are distinct and share a unit. */
const SEES: Uint8Array = (() => {
  const t = new Uint8Array(81 * 81);
  for (let a = 0; a < 81; a++) for (let k = a * 20; k < a * 20 + 20; k++) t[a * 81 + PEER_CELLS[k]] = 1;
  return t;
})();

/** The run's grid as the rules see it: its candidates, its starting candidates and values. */
let cands = new Uint16Array(81);
let source = new Uint16Array(81);
/** POS[9·r + v]: positions of digit v + 1 in region r (see se-regions.ts), filled per call. */
const POS = new Uint16Array(243);
/**
 * LOST[9·r + v]: positions of digit v + 1 the run struck (in its starting grid, not in its
 * grid now), filled per call. A finding rests on a struck candidate only where these are.
 */
const LOST = new Uint16Array(243);
const GONE = new Uint16Array(81);
const GONE_GRID = { cands: GONE };
/** How often each digit is placed in the run's grid; no digit skipped by the fish search. */
const PLACED = new Uint8Array(9);
const NO_SKIP = new Uint8Array(9);

function fillTables(run: ImplicationRun): void {
  cands = run.cands;
  source = run.source;
  // The run's places (links.ts: rows, columns, boxes) in the regions' order (boxes, rows, columns).
  const places = run.places;
  POS.set(places.subarray(162, 243), 0);
  POS.set(places.subarray(0, 162), 81);
  for (let c = 0; c < 81; c++) GONE[c] = source[c] & ~cands[c];
  fillPositions(GONE_GRID, LOST);
  PLACED.fill(0);
  const values = run.values;
  for (let c = 0; c < 81; c++) if (values[c] !== 0) PLACED[values[c] - 1]++;
}

/** Cells of region r at the positions of `mask`, as candidates of digit index v, onto `out`. */
function pushPlaces(out: number[], r: number, mask: number, v: number): void {
  for (let k = 0; k < 9; k++) if (mask & (1 << k)) out.push(REGION_CELLS[9 * r + k] * 9 + v);
}

/** Intersections: the cover loses the digit outside the base; parents: the base's struck places. */
function locking(v: number, r1: number, r2: number): boolean {
  // A finding that rests on no struck candidate is not news: skip it before building it.
  if (!LOST[9 * r1 + v]) return false;
  const gone = POS[9 * r2 + v] & ~INTERSECT[27 * r2 + r1];
  if (!gone) return false;
  const removable: number[] = [];
  pushPlaces(removable, r2, gone, v);
  const parents: number[] = [];
  pushPlaces(parents, r1, LOST[9 * r1 + v], v);
  FOUND.push({ removable, parents });
  return false;
}

/** Hidden pairs: the two cells lose their other digits; parents: the pair's struck places. */
function hiddenPair(r: number, pick: number, both: number): boolean {
  const a = 31 - Math.clz32(pick & -pick);
  const b = 31 - Math.clz32(pick);
  if (!(LOST[9 * r + a] | LOST[9 * r + b])) return false;
  const removable: number[] = [];
  for (let k = 0; k < 9; k++) {
    if (!(both & (1 << k))) continue;
    const c = REGION_CELLS[9 * r + k];
    const extra = cands[c] & ~pick;
    for (let w = 0; w < 9; w++) if (extra & (1 << w)) removable.push(c * 9 + w);
  }
  if (!removable.length) return false;
  const parents: number[] = [];
  for (let k = 0; k < 9; k++) {
    if (both & (1 << k)) continue;
    const c = REGION_CELLS[9 * r + k];
    if (source[c] & (1 << a)) parents.push(c * 9 + a);
    if (source[c] & (1 << b)) parents.push(c * 9 + b);
  }
  FOUND.push({ removable, parents });
  return false;
}

/** Naked pairs: every cell seeing both loses the two digits; parents: the cells' struck digits. */
function nakedPair(r: number, pick: number, m: number): boolean {
  const ca = REGION_CELLS[9 * r + 31 - Math.clz32(pick & -pick)];
  const cb = REGION_CELLS[9 * r + 31 - Math.clz32(pick)];
  if (!((source[ca] | source[cb]) & ~m)) return false; // rests on no struck candidate
  const removable: number[] = [];
  for (let v = 0; v < 9; v++) {
    if (!(m & (1 << v))) continue;
    for (let x = 0; x < 81; x++) if (x !== ca && x !== cb && cands[x] & (1 << v) && SEES[x * 81 + ca] && SEES[x * 81 + cb]) removable.push(x * 9 + v);
  }
  if (!removable.length) return false;
  const parents: number[] = [];
  for (let q = 0; q < 2; q++) {
    const c = q === 0 ? ca : cb;
    const gone = source[c] & ~m;
    for (let w = 0; w < 9; w++) if (gone & (1 << w)) parents.push(c * 9 + w);
  }
  FOUND.push({ removable, parents });
  return false;
}

/** Region of line `line`: a column (byRow 0) or a row (byRow 1). */
function lineRegion(byRow: number, line: number): number {
  return byRow ? 9 + line : 18 + line;
}

/** X-wings: the cover lines lose the digit off the base lines; parents: the bases' struck places. */
function xWing(byRow: number, bases: number, covers: number, v: number): boolean {
  const i = 31 - Math.clz32(bases & -bases);
  const j = 31 - Math.clz32(bases);
  const ri = lineRegion(byRow, i);
  const rj = lineRegion(byRow, j);
  if (!(LOST[9 * ri + v] | LOST[9 * rj + v])) return false;
  const bit = 1 << v;
  const removable: number[] = [];
  for (let r = 0; r < 9; r++) {
    if (!(covers & (1 << r))) continue;
    const cover = lineRegion(1 - byRow, r);
    for (let k = 0; k < 9; k++) {
      const c = REGION_CELLS[9 * cover + k];
      if (!(bases & (1 << k)) && cands[c] & bit) removable.push(c * 9 + v);
    }
  }
  if (!removable.length) return false;
  const parents: number[] = [];
  pushPlaces(parents, ri, LOST[9 * ri + v] & ~covers, v);
  pushPlaces(parents, rj, LOST[9 * rj + v] & ~covers, v);
  FOUND.push({ removable, parents });
  return false;
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

/** What the level-1 rules found on a run grid: the rule that found (-1: none) and its findings, removals in order. */
interface LevelOneFindings {
  rule: number;
  findings: Finding[];
}

/** The level-1 rules' findings by run grid (run-memo.ts). */
const memo = new RunMemo<LevelOneFindings>(15_000);

/** The findings of the first level-1 rule that has any on the run's grid, each rule asked costing 50 units. */
function levelOneFindings(run: ImplicationRun, budget: Budget): LevelOneFindings {
  const h = memo.hash(0, run);
  const known = memo.get(h, 0, run);
  if (known) {
    budget.spend(50 * (known.rule < 0 ? 4 : known.rule + 1));
    return known;
  }
  const values = run.values;
  fillTables(run);
  const found = FOUND;
  let result: LevelOneFindings = { rule: -1, findings: [] };
  for (let r = 0; r < 4; r++) {
    budget.spend(50);
    found.length = 0;
    if (r === 0) {
      eachLocking(POS, BOX, -1, -1, locking, LOST);
      eachLocking(POS, ROW, BOX, -1, locking, LOST);
      eachLocking(POS, COLUMN, BOX, -1, locking, LOST);
    } else if (r === 1) eachSubset(2, true, false, values, cands, POS, null, hiddenPair, LOST);
    else if (r === 2) eachSubset(2, false, false, values, cands, cands, null, nakedPair, LOST);
    else eachFish(2, POS, PLACED, NO_SKIP, xWing, LOST);
    if (found.length) {
      result = { rule: r, findings: found.map((f) => ({ removable: removalOrder(f.removable), parents: f.parents })) };
      break;
    }
  }
  memo.set(h, 0, run, result, result.findings.length);
  return result;
}

/** Add the findings of the first level-1 rule that has any as potentials made off. */
export function addLevelOneRules(run: ImplicationRun, budget: Budget): RuleOutcome {
  const { rule, findings } = levelOneFindings(run, budget);
  let added = false;
  for (const f of findings) {
    for (const pot of f.removable) {
      if (run.offNode[pot] >= 0) continue;
      const n = run.newNode(pot, false);
      run.nodeRule[n] = rule + 1;
      for (const parent of f.parents) run.addParent(n, run.offNode[parent]);
      run.registerOff(n);
      added = true;
    }
  }
  return added ? 'added' : findings.length ? 'known' : 'none';
}

function addAdvanced(run: ImplicationRun, budget: Budget): boolean {
  return addLevelOneRules(run, budget) === 'added';
}

/** Names of the rules, by `nodeRule` (1-based). */
export const RULE_NAMES = ['', 'intersection', 'hidden pair', 'naked pair', 'X-wing', 'nested forcing chain'];

/** Propagation for chains of level 1: dynamic, both link kinds, the level-1 rules when stuck. */
export const LEVEL_ONE_MODE: PropagationMode = { cellLinks: true, dynamic: true, advanced: addAdvanced };
