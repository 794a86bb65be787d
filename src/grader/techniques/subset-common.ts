/**
 * Naked and hidden subsets of size n in one region.
 *
 * Naked: n cells of a region whose candidates together are exactly n digits hold those n
 * digits, so the digits leave every other cell of the region.
 * Hidden: n digits whose places in a region are exactly n cells fill those cells, so every
 * other candidate leaves those cells. The direct form (Sudoku Explainer's direct hidden pair
 * and triplet) only counts when that removal leaves another digit a single place in the
 * region; the step is then that placement alone, as in Sudoku Explainer.
 *
 * Search order, as Sudoku Explainer's: boxes, then columns, then rows; inside a region the
 * n-tuples of cells (naked) or digits (hidden) in increasing mask order ({1,2}, {1,3}, {2,3},
 * {1,4}, ...). Every member needs two candidates (or places) at least. Sudoku Explainer only
 * looks at a region with 2n empty cells or more (naked), more than 2n (hidden), or more than
 * n (direct hidden).
 */
import { digitsOf, POPCOUNT } from '../../core/digits.js';
import { cellName, unitName } from '../../core/units.js';
import type { Candidates } from '../candidates.js';
import { cellList, describeEliminations, digitSet, FIXED, type CellDigit, type Step, type Technique } from '../technique.js';
import { cellsPattern } from '../pattern.js';
import { BOX, COLUMN, COMBINATIONS, REGION_CELLS, REGION_UNIT, fillPositions, ROW } from './se-regions.js';

const TYPE_ORDER = [BOX, COLUMN, ROW];
const LABELS = ['', '', 'pair', 'triple', 'quad'];
const masks = new Uint16Array(9);
const items = new Uint8Array(9);
const pos = new Uint16Array(243);

/**
 * A subset search in a region depends only on the region's cells. Per search, the candidates
 * of each region's cells (0x200: filled) where it last found nothing in that region; -1: none.
 */
function emptyRegions(): Int32Array {
  return new Int32Array(243).fill(-1);
}

/** Whether region r's cells are as they were when the search last found nothing there. */
function sameAsEmpty(memo: Int32Array | null, values: Uint8Array, cands: Uint16Array, r: number): boolean {
  if (!memo) return false;
  for (let k = 9 * r; k < 9 * r + 9; k++) {
    const c = REGION_CELLS[k];
    if (memo[k] !== (values[c] !== 0 ? 0x200 : cands[c])) return false;
  }
  return true;
}

function markEmpty(memo: Int32Array | null, values: Uint8Array, cands: Uint16Array, r: number): void {
  if (!memo) return;
  for (let k = 9 * r; k < 9 * r + 9; k++) {
    const c = REGION_CELLS[k];
    memo[k] = values[c] !== 0 ? 0x200 : cands[c];
  }
}

/**
 * Visit the n-tuples of the first m `items` (indexes into `masks`) in increasing mask order
 * whose masks together hold exactly n bits: visit(r, picked indexes, union of their masks).
 */
function eachTuple(n: number, r: number, m: number, visit: (r: number, pick: number, union: number) => boolean): boolean {
  const combos = COMBINATIONS[n];
  const end = 1 << m;
  for (let x = 0; x < combos.length && combos[x] < end; x++) {
    let pick = 0;
    let union = 0;
    for (let q = combos[x]; q; q &= q - 1) {
      const k = items[31 - Math.clz32(q & -q)];
      pick |= 1 << k;
      union |= masks[k];
    }
    if (POPCOUNT[union] === n && visit(r, pick, union)) return true;
  }
  return false;
}

/**
 * Visit every naked (`hidden` false) or hidden subset of size n in the search order:
 * visit(r, pick, union) with the region r and, naked, its cells' positions `pick` and their
 * n digits `union`, or, hidden, the n digits `pick` and their positions `union` (read from
 * the position table `at`, see fillPositions); it returns true to stop. `direct` (hidden):
 * also regions of more than n empty cells. `memo` (or null) skips, and records, regions where
 * a search found nothing (only for visitors that stop on a finding). `only` (a table like
 * `at`, or null): look only at regions where it is not all 0.
 */
export function eachSubset(
  n: number,
  hidden: boolean,
  direct: boolean,
  values: Uint8Array,
  cands: Uint16Array,
  at: Uint16Array,
  memo: Int32Array | null,
  visit: (r: number, pick: number, union: number) => boolean,
  only: Uint16Array | null = null,
): boolean {
  for (const t of TYPE_ORDER) {
    for (let r = 9 * t; r < 9 * t + 9; r++) {
      if (sameAsEmpty(memo, values, cands, r)) continue;
      if (only) {
        let any = 0;
        for (let v = 0; v < 9; v++) any |= only[9 * r + v];
        if (!any) continue;
      }
      let empty = 0;
      for (let k = 9 * r; k < 9 * r + 9; k++) if (values[REGION_CELLS[k]] === 0) empty++;
      if (hidden ? !(empty > 2 * n || (direct && empty > n)) : empty < 2 * n) {
        markEmpty(memo, values, cands, r);
        continue;
      }
      // Members (cells, or digits) with 2..n candidates (or places): the only ones a subset may
      // use. Picking among them in increasing mask order keeps the order of all tuples.
      let m = 0;
      for (let k = 0; k < 9; k++) {
        masks[k] = hidden ? at[9 * r + k] : cands[REGION_CELLS[9 * r + k]];
        const p = POPCOUNT[masks[k]];
        if (p >= 2 && p <= n) items[m++] = k;
      }
      if (eachTuple(n, r, m, visit)) return true;
      markEmpty(memo, values, cands, r);
    }
  }
  return false;
}

/** Region r's cells picked by a 9-bit position mask. */
function cellsOf(r: number, positions: number): number[] {
  const out: number[] = [];
  for (let k = 0; k < 9; k++) if (positions & (1 << k)) out.push(REGION_CELLS[9 * r + k]);
  return out;
}

function hiddenText(n: number, r: number, digits: number, positions: number): string {
  return `hidden ${LABELS[n]} ${digitSet(digitsOf(digits))} in ${unitName(REGION_UNIT[r])} (${cellList(cellsOf(r, positions))})`;
}

export function nakedSubset(name: string, n: number, rating: number): Technique {
  const memo = emptyRegions();
  return {
    name,
    weight: rating,
    rates: FIXED,
    find(s: Candidates): Step | null {
      const { values, cands } = s;
      let step: Step | null = null;
      eachSubset(n, false, false, values, cands, cands, memo, (r, pick, union) => {
        const elims: CellDigit[] = [];
        for (let k = 0; k < 9; k++) {
          const m = cands[REGION_CELLS[9 * r + k]];
          if (pick & (1 << k) || !(m & union)) continue;
          for (const d of digitsOf(m & union)) elims.push([REGION_CELLS[9 * r + k], d]);
        }
        if (elims.length === 0) return false;
        step = {
          technique: name,
          place: [],
          eliminate: elims,
          explain: `naked ${LABELS[n]} ${digitSet(digitsOf(union))} in ${unitName(REGION_UNIT[r])} (${cellList(cellsOf(r, pick))}): ${describeEliminations(elims)}`,
          rating,
          pattern: cellsPattern(cands, cellsOf(r, pick), union, elims, { units: [REGION_UNIT[r]], digits: digitsOf(union) }),
        };
        return true;
      });
      return step;
    },
  };
}

/**
 * Hidden subsets of size n. `direct`: report only a subset whose removals leave another digit
 * one place in the region, as that placement (named `name`, rated `rating`).
 */
export function hiddenSubset(name: string, n: number, rating: number, direct: boolean): Technique {
  const memo = emptyRegions();
  return {
    name,
    weight: rating,
    rates: FIXED,
    find(s: Candidates): Step | null {
      const { values, cands } = s;
      fillPositions(s, pos);
      let step: Step | null = null;
      eachSubset(n, true, direct, values, cands, pos, memo, (r, pick, union) => {
        if (direct) {
          let found = -1;
          for (let v = 0; v < 9 && found < 0; v++) {
            if (pick & (1 << v)) continue;
            const pm = pos[9 * r + v];
            if (POPCOUNT[pm] > 1 && POPCOUNT[pm & ~union] === 1) found = v;
          }
          if (found < 0) return false;
          const k = 31 - Math.clz32(pos[9 * r + found] & ~union);
          const cell = REGION_CELLS[9 * r + k];
          const d = found + 1;
          step = {
            technique: name,
            place: [[cell, d]],
            eliminate: [],
            explain: `${hiddenText(n, r, pick, union)} leaves ${cellName(cell)} the only place for ${d}`,
            rating,
            pattern: {
              ...cellsPattern(cands, cellsOf(r, union), pick, [], { units: [REGION_UNIT[r]], digits: digitsOf(pick) }),
              cells: [...cellsOf(r, union), cell],
            },
          };
          return true;
        }
        const elims: CellDigit[] = [];
        for (let k = 0; k < 9; k++) {
          if (!(union & (1 << k))) continue;
          const c = REGION_CELLS[9 * r + k];
          for (const d of digitsOf(cands[c] & ~pick)) elims.push([c, d]);
        }
        if (elims.length === 0) return false;
        step = {
          technique: name,
          place: [],
          eliminate: elims,
          explain: `${hiddenText(n, r, pick, union)}: ${describeEliminations(elims)}`,
          rating,
          pattern: cellsPattern(cands, cellsOf(r, union), pick, elims, { units: [REGION_UNIT[r]], digits: digitsOf(pick) }),
        };
        return true;
      });
      return step;
    },
  };
}
