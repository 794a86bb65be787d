/**
 * Basic fish of size n (X-wing 2, swordfish 3, jellyfish 4): when a digit's places in n rows
 * all lie within n columns, those n rows take the digit once in each of the n columns, so
 * the digit leaves those columns' other rows. Likewise with rows and columns swapped.
 */
import { bitOf, POPCOUNT } from '../../core/digits.js';
import type { Candidates } from '../candidates.js';
import { describeEliminations, type CellDigit, type Technique } from '../technique.js';
import { combinations } from './common.js';

const NAMES = ['', '', 'X-wing', 'swordfish', 'jellyfish'];

function listNumbers(xs: number[]): string {
  return xs.length === 2 ? `${xs[0]} and ${xs[1]}` : `${xs.slice(0, -1).join(', ')} and ${xs[xs.length - 1]}`;
}

export function fish(name: string, n: number, weight: number): Technique {
  return {
    name,
    weight,
    find(s: Candidates) {
      for (let d = 1; d <= 9; d++) {
        const bit = bitOf(d);
        for (const byRow of [true, false]) {
          const cell = (line: number, k: number) => (byRow ? line * 9 + k : k * 9 + line);
          const lines: number[] = [];
          const masks: number[] = [];
          for (let line = 0; line < 9; line++) {
            let m = 0;
            for (let k = 0; k < 9; k++) if (s.cands[cell(line, k)] & bit) m |= 1 << k;
            masks[line] = m;
            if (POPCOUNT[m] >= 2 && POPCOUNT[m] <= n) lines.push(line);
          }
          for (const base of combinations(lines, n)) {
            let cover = 0;
            for (const line of base) cover |= masks[line];
            if (POPCOUNT[cover] !== n) continue;
            const elims: CellDigit[] = [];
            for (let line = 0; line < 9; line++) {
              if (base.includes(line)) continue;
              for (let k = 0; k < 9; k++) if (cover & (1 << k) && s.cands[cell(line, k)] & bit) elims.push([cell(line, k), d]);
            }
            if (elims.length === 0) continue;
            const coverLines = [...Array(9).keys()].filter((k) => cover & (1 << k));
            const [a, b] = byRow ? ['rows', 'columns'] : ['columns', 'rows'];
            return {
              technique: name,
              place: [],
              eliminate: elims,
              explain: `${NAMES[n]} on ${d} in ${a} ${listNumbers(base.map((x) => x + 1))}, ${b} ${listNumbers(coverLines.map((x) => x + 1))}: ${describeEliminations(elims)}`,
            };
          }
        }
      }
      return null;
    },
  };
}
