/**
 * Whether a set of techniques solves a puzzle, fast: the question steered digging asks for
 * every clue it blanks. Singles and locked candidates run in bulk on bitmasks (which of them
 * fires first does not change what they reach); past them, the table's finders
 * (src/geometry/grader.ts) take one step at a time, and the singles run again. The path a
 * person takes, step by step in rating order, is solvePath's; this only answers solved or
 * stuck, and reaches what that path reaches with the same techniques.
 */
import type { Geometry } from './geometry.js';
import { applyStep, fillCandidates, stepRating, type GeometryPosition, type GeometryStep, type GeometryTechniqueDef } from './grader.js';
import { loneDigits, POP16 } from './solver.js';

const BULK = new Set(['hidden-single', 'naked-single', 'pointing', 'claiming']);

interface Scratch {
  values: Uint8Array;
  cands: Uint16Array;
  /** Cells waiting to be placed, and their digit bits. */
  queueCell: Int32Array;
  queueBit: Int32Array;
  /** Units whose cells changed since their last hidden-single look. */
  dirty: Uint8Array;
  dirtyList: Int32Array;
  /** The position as the finders see it: an object of the same shape as the grader's positions, so the finders stay monomorphic. */
  view: GeometryPosition;
}

const SCRATCH = new WeakMap<Geometry, Scratch>();

function scratchOf(g: Geometry): Scratch {
  let s = SCRATCH.get(g);
  if (!s) {
    const cells = g.cellCount;
    const values = new Uint8Array(cells);
    const cands = new Uint16Array(cells);
    s = { values, cands, queueCell: new Int32Array(cells * 4), queueBit: new Int32Array(cells * 4), dirty: new Uint8Array(g.unitCount), dirtyList: new Int32Array(g.unitCount), view: { values, cands } };
    SCRATCH.set(g, s);
  }
  return s;
}

/**
 * Naked singles (when `naked`) and hidden singles until none is left, by a queue: a placed
 * digit leaves its peers, a peer left one candidate is queued, and only the units whose cells
 * changed are looked at again for hidden singles. `all`: every unit is looked at first.
 * `until`: they stop once those cells are placed.
 */
function singles(g: Geometry, s: Scratch, naked: boolean, all: boolean, until?: readonly number[]): void {
  const { cands, values, queueCell, queueBit, dirty, dirtyList } = s;
  const { peers, peerStart, unitsOf, unitsStart, unitCells } = g;
  const n = g.size;
  let qt = 0;
  let dn = 0;
  // The cells of `until` still open: the singles stop once they are placed.
  let left = 0;
  if (until) for (let i = 0; i < until.length; i++) if (values[until[i]] === 0) left++;
  const touch = (c: number) => {
    for (let k = unitsStart[c], end = unitsStart[c + 1]; k < end; k++) {
      const u = unitsOf[k];
      if (!dirty[u]) {
        dirty[u] = 1;
        dirtyList[dn++] = u;
      }
    }
  };
  if (all) {
    for (let u = 0; u < g.unitCount; u++) {
      dirty[u] = 1;
      dirtyList[dn++] = u;
    }
    if (naked) {
      for (let c = 0; c < g.cellCount; c++) {
        const m = cands[c];
        if (values[c] === 0 && m !== 0 && (m & (m - 1)) === 0) {
          queueCell[qt] = c;
          queueBit[qt++] = m;
        }
      }
    }
  }
  for (;;) {
    for (let qh = 0; qh < qt; qh++) {
      const c = queueCell[qh];
      const b = queueBit[qh];
      if (values[c] !== 0 || (cands[c] & b) === 0) continue;
      values[c] = 32 - Math.clz32(b);
      cands[c] = 0;
      if (left > 0 && until!.includes(c) && --left === 0) {
        for (let i = 0; i < dn; i++) dirty[dirtyList[i]] = 0;
        return;
      }
      touch(c);
      for (let k = peerStart[c], end = peerStart[c + 1]; k < end; k++) {
        const p = peers[k];
        const m = cands[p];
        if (m & b) {
          const r = m ^ b;
          cands[p] = r;
          touch(p);
          if (naked && r !== 0 && (r & (r - 1)) === 0) {
            queueCell[qt] = p;
            queueBit[qt++] = r;
          }
        }
      }
    }
    qt = 0;
    if (dn === 0) return;
    // Hidden singles in the units that changed.
    const count = dn;
    dn = 0;
    for (let i = 0; i < count; i++) {
      const u = dirtyList[i];
      dirty[u] = 0;
      const base = u * n;
      let h = loneDigits(cands, unitCells, base, n);
      while (h) {
        const b = h & -h;
        h ^= b;
        for (let k = 0; k < n; k++) {
          const c = unitCells[base + k];
          if (cands[c] & b) {
            queueCell[qt] = c;
            queueBit[qt++] = b;
            break;
          }
        }
      }
    }
    if (qt === 0) return;
  }
}

/** Locked candidates between every two overlapping units, in bulk: whether any candidate went. */
function locked(g: Geometry, pos: Scratch, pointing: boolean, claiming: boolean): boolean {
  const { cands } = pos;
  let any = false;
  const n = g.size;
  const isLine = (u: number) => u < 2 * n || u >= 3 * n;
  for (const ov of g.overlaps) {
    let mShared = 0;
    let mA = 0;
    let mB = 0;
    const { shared, restA, restB } = ov;
    for (let k = 0; k < shared.length; k++) mShared |= cands[shared[k]];
    for (let k = 0; k < restA.length; k++) mA |= cands[restA[k]];
    for (let k = 0; k < restB.length; k++) mB |= cands[restB[k]];
    // From A (a line: claiming; a region: pointing) to the rest of B, and the other way round.
    const aOk = isLine(ov.units[0]) ? claiming : pointing;
    const bOk = isLine(ov.units[1]) ? claiming : pointing;
    const fromA = aOk ? mShared & ~mA & mB : 0;
    const fromB = bOk ? mShared & ~mB & mA : 0;
    if (fromA) {
      for (let k = 0; k < restB.length; k++) cands[restB[k]] &= ~fromA;
      any = true;
    }
    if (fromB) {
      for (let k = 0; k < restA.length; k++) cands[restA[k]] &= ~fromB;
      any = true;
    }
  }
  return any;
}

interface Plan {
  naked: boolean;
  pointing: boolean;
  claiming: boolean;
  others: readonly GeometryTechniqueDef[];
}

const PLANS = new WeakMap<readonly GeometryTechniqueDef[], Plan>();

/** Which bulk techniques a table has, and the others (looked up once per table). */
function planOf(techniques: readonly GeometryTechniqueDef[]): Plan {
  let plan = PLANS.get(techniques);
  if (!plan) {
    const has = (name: string) => techniques.some((t) => t.name === name);
    plan = { naked: has('naked-single'), pointing: has('pointing'), claiming: has('claiming'), others: techniques.filter((t) => !BULK.has(t.name)) };
    PLANS.set(techniques, plan);
  }
  return plan;
}

/** Whether every cell of `cells` has a value. */
function filled(values: Uint8Array, cells: readonly number[]): boolean {
  for (let i = 0; i < cells.length; i++) if (values[cells[i]] === 0) return false;
  return true;
}

/** The hardest step a logical solve took past the techniques run in bulk: its rating (0: none) and technique (the first of that rating). */
export interface HardestStep {
  rating: number;
  technique: string | null;
}

/**
 * Whether `techniques` (a table in rating order, as techniquesFor gives) solve `puzzle`. The
 * hidden singles are always among them; naked singles, pointing and claiming run in bulk
 * when the table has them; the other techniques step by step. `until`: cells the caller
 * knows the puzzle to be solved by the techniques once they are filled (blanks of a puzzle
 * they solve): true as soon as those are placed. `hardest`, when given, notes the hardest
 * step past the bulk techniques.
 */
export function solvesWith(g: Geometry, puzzle: Uint8Array, techniques: readonly GeometryTechniqueDef[], until?: readonly number[], hardest?: HardestStep): boolean {
  const pos = scratchOf(g);
  pos.values.set(puzzle);
  fillCandidates(g, pos.values, pos.cands);
  return solveOn(g, pos, techniques, until, hardest);
}

/**
 * Go on with the last logical solve on `g` where it stopped (stuck), with `techniques` (as
 * many as the last solve's or more): whether they solve the puzzle, as solvesWith.
 */
export function resumeWith(g: Geometry, techniques: readonly GeometryTechniqueDef[], until?: readonly number[]): boolean {
  return solveOn(g, scratchOf(g), techniques, until);
}

/** The pencil marks where the last logical solve on `g` stopped, as the counting solver takes them (a placed cell: its digit's bit), into `into`. */
export function lastCandidates(g: Geometry, into: Uint16Array): Uint16Array {
  const { values, cands } = scratchOf(g);
  for (let c = 0; c < g.cellCount; c++) into[c] = values[c] === 0 ? cands[c] : 1 << (values[c] - 1);
  return into;
}

function solveOn(g: Geometry, pos: Scratch, techniques: readonly GeometryTechniqueDef[], until: readonly number[] | undefined, hardest?: HardestStep): boolean {
  const { values, cands } = pos;
  const { naked, pointing, claiming, others } = planOf(techniques);
  const view = pos.view;
  for (;;) {
    singles(g, pos, naked, true, until);
    if (until && filled(values, until)) return true;
    let empty = 0;
    for (let c = 0; c < g.cellCount; c++) if (values[c] === 0) empty++;
    if (empty === 0) return true;
    for (let c = 0; c < g.cellCount; c++) if (values[c] === 0 && POP16[cands[c]] === 0) return false;
    if ((pointing || claiming) && locked(g, pos, pointing, claiming)) continue;
    let step: GeometryStep | null = null;
    for (let i = 0; i < others.length && !step; i++) {
      step = others[i].find(g, view);
      if (step && hardest) {
        const rating = stepRating(step, others[i]);
        if (rating > hardest.rating) {
          hardest.rating = rating;
          hardest.technique = step.technique;
        }
      }
    }
    if (!step) return false;
    applyStep(g, view, step);
  }
}
