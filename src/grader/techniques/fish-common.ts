/**
 * Basic fish of size n (X-wing 2, swordfish 3, jellyfish 4): when a digit's places in n
 * columns all lie within n rows, those n columns take the digit once in each of the n rows,
 * so the digit leaves those rows' other cells. Likewise with rows and columns swapped.
 *
 * Search order, as Sudoku Explainer's: columns as the base first, then rows; n-tuples of base
 * lines in increasing mask order ({1,2}, {1,3}, {2,3}, {1,4}, ...), and for each tuple the
 * digits 1..9. A digit placed more than 9 - 2n times is skipped, each base line needs two
 * places at least, and the rating is fixed by n (Sudoku Explainer: 3.2, 3.8, 5.2).
 */
import { POPCOUNT } from '../../core/digits.js';
import type { Candidates } from '../candidates.js';
import { describeEliminations, FIXED, type CellDigit, type Step, type StepPattern, type Technique } from '../technique.js';
import { cellsPattern } from '../pattern.js';
import { COMBINATIONS } from './se-regions.js';

const NAMES = ['', '', 'X-wing', 'swordfish', 'jellyfish'];

/** places[81·byRow + 9·(d - 1) + line]: positions of digit d along a column (byRow 0) or row (1). */
const places = new Uint16Array(162);
const placed = new Uint8Array(9);

function listNumbers(mask: number): string {
  const xs: number[] = [];
  for (let k = 0; k < 9; k++) if (mask & (1 << k)) xs.push(k + 1);
  return xs.length === 2 ? `${xs[0]} and ${xs[1]}` : `${xs.slice(0, -1).join(', ')} and ${xs[xs.length - 1]}`;
}

export function fish(name: string, n: number, rating: number): Technique {
  const combos = COMBINATIONS[n];
  // A digit's fish depend only on its places (and how often it is placed): per digit, the row
  // masks and placed count where this fish last found nothing for it (placed -1: none yet).
  const emptyRows = new Uint16Array(81);
  const emptyPlaced = new Int8Array(9).fill(-1);
  const skip = new Uint8Array(9);
  return {
    name,
    weight: rating,
    rates: FIXED,
    find(s: Candidates): Step | null {
      const { values, cands } = s;
      places.fill(0);
      placed.fill(0);
      for (let c = 0; c < 81; c++) {
        if (values[c] !== 0) placed[values[c] - 1]++;
        const row = (c / 9) | 0;
        const col = c % 9;
        for (let m = cands[c]; m; m &= m - 1) {
          const v = 31 - Math.clz32(m & -m);
          places[81 + 9 * v + row] |= 1 << col;
          places[9 * v + col] |= 1 << row;
        }
      }
      for (let v = 0; v < 9; v++) {
        let same = emptyPlaced[v] === placed[v];
        for (let r = 0; r < 9 && same; r++) same = emptyRows[v * 9 + r] === places[81 + 9 * v + r];
        skip[v] = same || placed[v] + 2 * n > 9 ? 1 : 0;
      }
      // byRow 0: base columns, cover rows; byRow 1: base rows, cover columns.
      for (let byRow = 0; byRow < 2; byRow++) {
        for (let x = 0; x < combos.length; x++) {
          const base = combos[x];
          for (let v = 0; v < 9; v++) {
            if (skip[v]) continue;
            const at = 81 * byRow + 9 * v;
            let cover = 0;
            let ok = true;
            for (let m = base; m; m &= m - 1) {
              const p = places[at + 31 - Math.clz32(m & -m)];
              if (POPCOUNT[p] < 2) {
                ok = false;
                break;
              }
              cover |= p;
            }
            if (!ok || POPCOUNT[cover] !== n) continue;
            const d = v + 1;
            const bit = 1 << v;
            const elims: CellDigit[] = [];
            // Cells of the cover lines outside the base lines, in cell order.
            for (let c = 0; c < 81; c++) {
              if (!(cands[c] & bit)) continue;
              const row = (c / 9) | 0;
              const col = c % 9;
              if (byRow ? cover & (1 << col) && !(base & (1 << row)) : cover & (1 << row) && !(base & (1 << col))) elims.push([c, d]);
            }
            if (elims.length === 0) continue;
            const [a, b] = byRow ? ['rows', 'columns'] : ['columns', 'rows'];
            return {
              technique: name,
              place: [],
              eliminate: elims,
              explain: `${NAMES[n]} on ${d} in ${a} ${listNumbers(base)}, ${b} ${listNumbers(cover)}: ${describeEliminations(elims)}`,
              rating,
              pattern: fishPattern(cands, byRow === 1, base, cover, d, elims),
            };
          }
        }
      }
      for (let v = 0; v < 9; v++) {
        emptyPlaced[v] = placed[v];
        for (let r = 0; r < 9; r++) emptyRows[v * 9 + r] = places[81 + 9 * v + r];
      }
      return null;
    },
  };
}

/**
 * The fish's pattern: its corners (its candidates where base and cover lines cross), the base
 * lines, then the cover lines (rows 0-8, columns 9-17). Kept out of `find`, whose loops it
 * would otherwise slow down.
 */
function fishPattern(cands: Uint16Array, byRow: boolean, base: number, cover: number, d: number, elims: CellDigit[]): StepPattern {
  const bit = 1 << (d - 1);
  const corners: number[] = [];
  for (let c = 0; c < 81; c++) {
    const row = (c / 9) | 0;
    const col = c % 9;
    if (cands[c] & bit && (byRow ? base & (1 << row) && cover & (1 << col) : base & (1 << col) && cover & (1 << row))) corners.push(c);
  }
  const lines = (mask: number, offset: number) => [0, 1, 2, 3, 4, 5, 6, 7, 8].filter((k) => mask & (1 << k)).map((k) => k + offset);
  return cellsPattern(cands, corners, bit, elims, {
    units: [...lines(base, byRow ? 0 : 9), ...lines(cover, byRow ? 9 : 0)],
    digits: [d],
  });
}
