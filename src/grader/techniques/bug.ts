/**
 * Bivalue universal grave (BUG). Call a position a grave when every empty cell has two
 * candidates and every digit has zero or two places in every row, column and box: such a
 * position can always be finished in two ways (swap the two candidates everywhere), so a
 * puzzle known to have one solution never reaches it. When a few "BUG cells" hold one or
 * more extra digits and removing those extras would leave a grave, at least one BUG cell
 * holds one of its extra digits:
 *  - type 1: one BUG cell: it keeps only its extra digit(s) (its other two candidates go);
 *  - type 2: every BUG cell has the same extra digit x: x leaves every cell that sees them all;
 *  - type 3: the BUG cells share a region; their extra digits act as one cell that forms a
 *    naked set with other cells of the region, whose digits then leave the rest of it;
 *  - type 4: two BUG cells in one region sharing exactly one non-extra digit y: one of them
 *    holds its extra digit, so the other is y and neither can hold its remaining candidate.
 * Example: every empty cell has two candidates except r3c1 {1,7,9}, and 7 has three places in
 * row 3, column 1 and box 1: r3c1 is 7 (1 and 9 leave it).
 *
 * The BUG cells and digits are found as Sudoku Explainer does (with lksudoku's handling of a
 * type 2 where the digit has a BUG cell in every region), regions box, row, column in turn;
 * the first deduction found is reported: type 1; else type 2 then 4; else 4 then 3 (pairs
 * first). Ratings: 5.6 (type 1), 5.7 (types 2 and 4), 5.7 + (n - 1) / 10 for a naked set of n.
 */
import { bitOf, digitsOf, lowestDigit, POPCOUNT } from '../../core/digits.js';
import { cellName, PEER_CELLS, UNITS, unitName } from '../../core/units.js';
import type { Candidates } from '../candidates.js';
import { cellList, describeEliminations, digitSet, upTo, type CellDigit, type Step, type Technique } from '../technique.js';
import { cellsPattern } from '../pattern.js';
import { oneDecimal, REGION_KINDS, REGION_ORDER, CELL_REGION_UNIT, SUBSETS_OF } from './unique-common.js';

/** Ratings: type 1; types 2 and 4, and type 3 with a naked pair (each cell more adds 0.1). */
const TYPE_1 = 5.6;
const TYPE_2 = 5.7;
/** The largest naked set type 3 looks for. */
const LARGEST_SET = 6;

// Scratch for one `find` call.
const temp = new Uint16Array(81);
const bugValues = new Uint16Array(81);
const isBug = new Uint8Array(81);
const common = new Uint8Array(81); // cells that see every BUG cell (BUG cells excluded)
const extraCells = new Uint8Array(81);
const keep = new Uint8Array(81);
const places = new Uint16Array(9);

function step(type: number, diff: number, eliminate: CellDigit[], detail: string): Step {
  return {
    technique: `bug-type-${type}`,
    place: [],
    eliminate,
    explain: `BUG type ${type}: without their extra digits the empty cells would form a bivalue grave, which has two solutions, so ${detail}: ${describeEliminations(eliminate)}`,
    rating: oneDecimal(diff),
    pattern: bugPattern(eliminate),
  };
}

/** The BUG cells with their extra digits (what one of them must hold). */
function bugPattern(eliminate: CellDigit[]) {
  const cells: number[] = [];
  const extras = new Uint16Array(81);
  let all = 0;
  for (let c = 0; c < 81; c++) {
    if (!isBug[c]) continue;
    cells.push(c);
    extras[c] = bugValues[c];
    all |= bugValues[c];
  }
  return cellsPattern(extras, cells, 0x1ff, eliminate, { digits: digitsOf(all) });
}

/** Start `common` with the peers of the first BUG cell, then keep only the peers of each next one. */
function narrowCommon(cell: number, started: boolean): void {
  if (!started) {
    common.fill(0);
    for (let k = cell * 20; k < cell * 20 + 20; k++) common[PEER_CELLS[k]] = 1;
    return;
  }
  keep.fill(0);
  for (let k = cell * 20; k < cell * 20 + 20; k++) keep[PEER_CELLS[k]] = 1;
  for (let c = 0; c < 81; c++) common[c] &= keep[c];
}

function commonEmpty(): boolean {
  for (let c = 0; c < 81; c++) if (common[c]) return false;
  return true;
}

/** A region (unit number) holding every cell of `cells`, trying box, row, column; -1 if none. */
function sharedRegion(cells: readonly number[], t: number): number {
  const u = CELL_REGION_UNIT[cells[0] * 3 + t];
  for (const c of cells) if (CELL_REGION_UNIT[c * 3 + t] !== u) return -1;
  return u;
}

function type4(s: Candidates, bugCells: readonly number[], allValues: number): Step | null {
  const [c1, c2] = bugCells;
  const shared = s.cands[c1] & s.cands[c2] & ~allValues;
  if (POPCOUNT[shared] !== 1) return null;
  for (let t = 0; t < REGION_KINDS; t++) {
    const u = sharedRegion(bugCells, t);
    if (u < 0) continue;
    const value = lowestDigit(shared);
    const elims: CellDigit[] = [];
    for (const c of [c1, c2]) for (const d of digitsOf(s.cands[c] & ~bugValues[c] & ~shared)) elims.push([c, d]);
    return step(4, TYPE_2, elims, `one of ${cellName(c1)}, ${cellName(c2)} (${unitName(u)}) holds its extra digit and the other is ${value}`);
  }
  return null;
}

function type3(s: Candidates, bugCells: readonly number[], allValues: number): Step | null {
  for (let degree = 2; degree <= LARGEST_SET; degree++) {
    for (let t = 0; t < REGION_KINDS; t++) {
      const u = sharedRegion(bugCells, t);
      if (u < 0) continue;
      const regionCells: number[] = [];
      for (let c = 0; c < 81; c++) if (common[c] && CELL_REGION_UNIT[c * 3 + t] === u) regionCells.push(c);
      if (regionCells.length < degree) continue;
      for (const m of SUBSETS_OF[regionCells.length][degree - 1]) {
        let others = 0;
        let ok = POPCOUNT[allValues] > 1;
        for (let i = 0; i < regionCells.length; i++) {
          if (!(m & (1 << i))) continue;
          const p = s.cands[regionCells[i]];
          if (POPCOUNT[p] <= 1) ok = false;
          others |= p;
        }
        if (!ok || POPCOUNT[others] !== degree || POPCOUNT[others | allValues] !== degree) continue;
        const naked = others | allValues;
        const elims: CellDigit[] = [];
        const nakedCells: number[] = [];
        for (let i = 0; i < regionCells.length; i++) {
          const c = regionCells[i];
          if (m & (1 << i)) nakedCells.push(c);
          else for (const d of digitsOf(s.cands[c] & naked)) elims.push([c, d]);
        }
        if (elims.length === 0) continue;
        const diff = TYPE_2 + (degree - 1) * 0.1;
        return step(
          3,
          diff,
          elims,
          `one of ${cellList(bugCells)} holds one of ${digitSet(digitsOf(allValues))}; with ${cellList(nakedCells)} that makes a naked set ${digitSet(digitsOf(naked))} in ${unitName(u)}`,
        );
      }
    }
  }
  return null;
}

export const bivalueUniversalGrave: Technique = {
  name: 'bug',
  weight: TYPE_1,
  rates: upTo(oneDecimal(TYPE_2 + (LARGEST_SET - 1) * 0.1)),
  needsUniqueness: true,
  find(s: Candidates) {
    const cands = s.cands;
    temp.set(cands);
    bugValues.fill(0);
    isBug.fill(0);
    extraCells.fill(0);
    const bugCells: number[] = [];
    let allValues = 0;
    let commonStarted = false;
    let extraStarted = false;
    let onlyValue = 0;
    let oneValue = true;
    // places[d - 1]: positions of d in the region (9 bits)
    for (let r = 0; r < 27; r++) {
      const cells = UNITS[REGION_ORDER[r]];
      places.fill(0);
      let crowded = 0; // positions of cells with three or more candidates
      for (let i = 0; i < 9; i++) {
        const m = cands[cells[i]];
        if (POPCOUNT[m] >= 3) crowded |= 1 << i;
        for (let d = 0; d < 9; d++) if (m & (1 << d)) places[d] |= 1 << i;
      }
      for (let d = 1; d <= 9; d++) {
        const count = POPCOUNT[places[d - 1]];
        if (count === 0 || count === 2) continue;
        const bit = bitOf(d);
        const newBug = places[d - 1] & crowded; // cells with extra digits among d's places
        if (!extraStarted) {
          extraStarted = true;
          for (let i = 0; i < 9; i++) if (newBug & (1 << i)) extraCells[cells[i]] = 1;
          onlyValue = d;
        } else if (oneValue) {
          if (onlyValue === d) {
            for (let i = 0; i < 9; i++) if (newBug & (1 << i)) extraCells[cells[i]] = 1;
          } else oneValue = false;
        }
        // d has three or more places and none is in a cell with extra digits: no grave.
        if (newBug === 0) return null;
        if (POPCOUNT[newBug] === 1) {
          // Only one cell with extra digits among the places: d is its BUG digit.
          const cell = cells[31 - Math.clz32(newBug)];
          if (!isBug[cell]) {
            isBug[cell] = 1;
            bugCells.push(cell);
          }
          bugValues[cell] |= bit;
          allValues |= bit;
          temp[cell] &= ~bit;
          narrowCommon(cell, commonStarted);
          commonStarted = true;
          for (const b of bugCells) common[b] = 0;
          if (bugCells.length > 1 && POPCOUNT[allValues] > 1 && commonEmpty()) return null;
        }
      }
    }
    if (oneValue && extraStarted) {
      let size = 0;
      for (let c = 0; c < 81; c++) size += extraCells[c];
      if (size > bugCells.length) {
        const bit = bitOf(onlyValue);
        for (let c = 0; c < 81; c++) {
          if (!extraCells[c] || isBug[c]) continue;
          isBug[c] = 1;
          bugCells.push(c);
          bugValues[c] = bit;
          temp[c] &= ~bit;
          narrowCommon(c, commonStarted);
          commonStarted = true;
          for (const b of bugCells) common[b] = 0;
          if (bugCells.length > 1 && POPCOUNT[allValues] > 1 && commonEmpty()) return null;
        }
      }
    }
    // Without the BUG digits: every empty cell has two candidates, every digit two places per region.
    for (let c = 0; c < 81; c++) if (s.values[c] === 0 && POPCOUNT[temp[c]] !== 2) return null;
    for (let u = 0; u < 27; u++) {
      const cells = UNITS[u];
      for (let d = 0; d < 9; d++) {
        let count = 0;
        for (let i = 0; i < 9; i++) if (temp[cells[i]] & (1 << d)) count++;
        if (count !== 0 && count !== 2) return null;
      }
    }
    if (bugCells.length === 1) {
      const cell = bugCells[0];
      const elims: CellDigit[] = digitsOf(cands[cell] & ~allValues).map((d) => [cell, d]);
      return step(1, TYPE_1, elims, `${cellName(cell)}, the only cell with more, holds one of its extra digits ${digitSet(digitsOf(allValues))}`);
    }
    if (POPCOUNT[allValues] === 1) {
      const value = lowestDigit(allValues);
      if (commonStarted) {
        const elims: CellDigit[] = [];
        for (let c = 0; c < 81; c++) if (common[c] && cands[c] & allValues) elims.push([c, value]);
        if (elims.length > 0) return step(2, TYPE_2, elims, `one of ${cellList(bugCells)} is ${value}, and no cell that sees them all can be`);
      }
      return bugCells.length === 2 ? type4(s, bugCells, allValues) : null;
    }
    if (commonStarted && !commonEmpty()) {
      if (bugCells.length === 2) {
        const found = type4(s, bugCells, allValues);
        if (found) return found;
      }
      return type3(s, bugCells, allValues);
    }
    return null;
  },
};
