/**
 * Naked and hidden subsets of size n in one unit.
 *
 * Naked: n empty cells whose candidates together are exactly n digits hold those n digits,
 * so the digits leave every other cell of the unit.
 * Hidden: n digits whose places in the unit are exactly n cells fill those cells, so every
 * other candidate leaves those cells.
 *
 * Both are the same search over 9-bit masks: pick n items (cells, or digits) whose masks
 * (candidates, or places) have a union of exactly n bits.
 */
import { bitOf, digitsOf, POPCOUNT } from '../../core/digits.js';
import { UNITS, unitName } from '../../core/units.js';
import type { Candidates } from '../candidates.js';
import { cellList, describeEliminations, digitSet, type CellDigit, type Technique } from '../technique.js';
import { UNITS_BOX_FIRST } from './common.js';

const masks = new Uint16Array(9);
const chosen = new Int32Array(4);

/**
 * Search items 0..count-1 (masks in `masks`) for n whose union has exactly n bits, calling
 * `found(union)` with the choice in `chosen[0..n)`; stops when `found` returns true.
 */
function searchSubsets(count: number, n: number, depth: number, start: number, union: number, found: (union: number) => boolean): boolean {
  if (depth === n) return found(union);
  for (let i = start; i <= count - (n - depth); i++) {
    const u = union | masks[i];
    if (POPCOUNT[u] > n) continue;
    chosen[depth] = i;
    if (searchSubsets(count, n, depth + 1, i + 1, u, found)) return true;
  }
  return false;
}

export function nakedSubset(name: string, n: number, weight: number): Technique {
  const label = name.replace('-', ' ');
  return {
    name,
    weight,
    find(s: Candidates) {
      const items: number[] = [];
      for (const u of UNITS_BOX_FIRST) {
        const unit = UNITS[u];
        let open = 0;
        items.length = 0;
        for (const c of unit) {
          if (s.values[c] !== 0) continue;
          open++;
          const k = POPCOUNT[s.cands[c]];
          if (k >= 2 && k <= n) {
            masks[items.length] = s.cands[c];
            items.push(c);
          }
        }
        if (open <= n || items.length < n) continue;
        let step = null;
        searchSubsets(items.length, n, 0, 0, 0, (union) => {
          const cells = Array.from(chosen.subarray(0, n), (i) => items[i]);
          const elims: CellDigit[] = [];
          for (const c of unit) {
            if (s.values[c] !== 0 || cells.includes(c)) continue;
            for (const d of digitsOf(s.cands[c] & union)) elims.push([c, d]);
          }
          if (elims.length === 0) return false;
          step = {
            technique: name,
            place: [],
            eliminate: elims,
            explain: `${label} ${digitSet(digitsOf(union))} in ${unitName(u)} (${cellList(cells)}): ${describeEliminations(elims)}`,
          };
          return true;
        });
        if (step) return step;
      }
      return null;
    },
  };
}

export function hiddenSubset(name: string, n: number, weight: number): Technique {
  const label = name.replace('-', ' ');
  return {
    name,
    weight,
    find(s: Candidates) {
      const digits: number[] = [];
      for (const u of UNITS_BOX_FIRST) {
        const unit = UNITS[u];
        let open = 0;
        for (const c of unit) if (s.values[c] === 0) open++;
        if (open <= n) continue;
        digits.length = 0;
        for (let d = 1; d <= 9; d++) {
          const pos = s.positions(unit, d);
          const k = POPCOUNT[pos];
          if (k >= 2 && k <= n) {
            masks[digits.length] = pos;
            digits.push(d);
          }
        }
        if (digits.length < n) continue;
        let step = null;
        searchSubsets(digits.length, n, 0, 0, 0, (union) => {
          const ds = Array.from(chosen.subarray(0, n), (i) => digits[i]);
          const cells = unit.filter((_, k) => union & (1 << k));
          let keep = 0;
          for (const d of ds) keep |= bitOf(d);
          const elims: CellDigit[] = [];
          for (const c of cells) for (const d of digitsOf(s.cands[c] & ~keep)) elims.push([c, d]);
          if (elims.length === 0) return false;
          step = {
            technique: name,
            place: [],
            eliminate: elims,
            explain: `${label} ${digitSet(ds)} in ${unitName(u)} (${cellList(cells)}): ${describeEliminations(elims)}`,
          };
          return true;
        });
        if (step) return step;
      }
      return null;
    },
  };
}
