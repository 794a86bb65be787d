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
function sameAsEmpty(memo: Int32Array, s: Candidates, r: number): boolean {
  for (let k = 9 * r; k < 9 * r + 9; k++) {
    const c = REGION_CELLS[k];
    if (memo[k] !== (s.values[c] !== 0 ? 0x200 : s.cands[c])) return false;
  }
  return true;
}

function markEmpty(memo: Int32Array, s: Candidates, r: number): void {
  for (let k = 9 * r; k < 9 * r + 9; k++) {
    const c = REGION_CELLS[k];
    memo[k] = s.values[c] !== 0 ? 0x200 : s.cands[c];
  }
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
  const combos = COMBINATIONS[n];
  const memo = emptyRegions();
  return {
    name,
    weight: rating,
    rates: FIXED,
    find(s: Candidates): Step | null {
      const { values, cands } = s;
      for (const t of TYPE_ORDER) {
        for (let r = 9 * t; r < 9 * t + 9; r++) {
          if (sameAsEmpty(memo, s, r)) continue;
          let empty = 0;
          let m = 0;
          for (let k = 0; k < 9; k++) {
            const c = REGION_CELLS[9 * r + k];
            masks[k] = cands[c];
            if (values[c] === 0) empty++;
            // Cells with 2..n candidates: the only ones a subset may use.
            if (POPCOUNT[masks[k]] >= 2 && POPCOUNT[masks[k]] <= n) items[m++] = k;
          }
          if (empty < 2 * n) {
            markEmpty(memo, s, r);
            continue;
          }
          const end = 1 << m;
          for (let x = 0; x < combos.length && combos[x] < end; x++) {
            let pick = 0;
            let union = 0;
            for (let q = combos[x]; q; q &= q - 1) {
              const k = items[31 - Math.clz32(q & -q)];
              pick |= 1 << k;
              union |= masks[k];
            }
            if (POPCOUNT[union] !== n) continue;
            const elims: CellDigit[] = [];
            for (let k = 0; k < 9; k++) {
              if (pick & (1 << k) || !(masks[k] & union)) continue;
              for (const d of digitsOf(masks[k] & union)) elims.push([REGION_CELLS[9 * r + k], d]);
            }
            if (elims.length === 0) continue;
            return {
              technique: name,
              place: [],
              eliminate: elims,
              explain: `naked ${LABELS[n]} ${digitSet(digitsOf(union))} in ${unitName(REGION_UNIT[r])} (${cellList(cellsOf(r, pick))}): ${describeEliminations(elims)}`,
              rating,
              pattern: cellsPattern(cands, cellsOf(r, pick), union, elims, { units: [REGION_UNIT[r]], digits: digitsOf(union) }),
            };
          }
          markEmpty(memo, s, r);
        }
      }
      return null;
    },
  };
}

/**
 * Hidden subsets of size n. `direct`: report only a subset whose removals leave another digit
 * one place in the region, as that placement (named `name`, rated `rating`).
 */
export function hiddenSubset(name: string, n: number, rating: number, direct: boolean): Technique {
  const combos = COMBINATIONS[n];
  const memo = emptyRegions();
  return {
    name,
    weight: rating,
    rates: FIXED,
    find(s: Candidates): Step | null {
      const { values, cands } = s;
      fillPositions(s, pos);
      for (const t of TYPE_ORDER) {
        for (let r = 9 * t; r < 9 * t + 9; r++) {
          if (sameAsEmpty(memo, s, r)) continue;
          let empty = 0;
          for (let k = 9 * r; k < 9 * r + 9; k++) if (values[REGION_CELLS[k]] === 0) empty++;
          if (!(empty > 2 * n || (direct && empty > n))) {
            markEmpty(memo, s, r);
            continue;
          }
          // Digits with 2..n places: the only ones a subset may use. Picking among them in
          // increasing mask order keeps the order of all tuples.
          let m = 0;
          for (let v = 0; v < 9; v++) {
            masks[v] = pos[9 * r + v];
            const k = POPCOUNT[masks[v]];
            if (k >= 2 && k <= n) items[m++] = v;
          }
          const end = 1 << m;
          for (let x = 0; x < combos.length && combos[x] < end; x++) {
            let pick = 0;
            let union = 0;
            for (let q = combos[x]; q; q &= q - 1) {
              const v = items[31 - Math.clz32(q & -q)];
              pick |= 1 << v;
              union |= masks[v];
            }
            if (POPCOUNT[union] !== n) continue;
            if (direct) {
              let found = -1;
              for (let v = 0; v < 9 && found < 0; v++) {
                if (pick & (1 << v)) continue;
                const pm = masks[v];
                if (POPCOUNT[pm] > 1 && POPCOUNT[pm & ~union] === 1) found = v;
              }
              if (found < 0) continue;
              const k = 31 - Math.clz32(masks[found] & ~union);
              const cell = REGION_CELLS[9 * r + k];
              const d = found + 1;
              return {
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
            }
            const elims: CellDigit[] = [];
            for (let k = 0; k < 9; k++) {
              if (!(union & (1 << k))) continue;
              const c = REGION_CELLS[9 * r + k];
              for (const d of digitsOf(cands[c] & ~pick)) elims.push([c, d]);
            }
            if (elims.length === 0) continue;
            return {
              technique: name,
              place: [],
              eliminate: elims,
              explain: `${hiddenText(n, r, pick, union)}: ${describeEliminations(elims)}`,
              rating,
              pattern: cellsPattern(cands, cellsOf(r, union), pick, elims, { units: [REGION_UNIT[r]], digits: digitsOf(pick) }),
            };
          }
          markEmpty(memo, s, r);
        }
      }
      return null;
    },
  };
}
