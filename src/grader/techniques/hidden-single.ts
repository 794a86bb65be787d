/**
 * Hidden single: a digit that has only one place left in a box, row or column must go there.
 * Sound because every unit holds every digit once. When that place is the unit's last empty
 * cell the step is a full house (the easiest find: 1.0); otherwise a hidden single in a box
 * rates 1.2 and one in a row or column 1.5, as on Sudoku Explainer's scale.
 * Example: in box 3 the only cell still allowing 5 is r2c7, so r2c7 = 5.
 *
 * Order (Sudoku Explainer's, so the same single comes first): all full houses over boxes,
 * then columns, then rows; then the other hidden singles in the same region order; inside a
 * region the smallest digit first.
 */
import { cellName, unitName } from '../../core/units.js';
import type { Candidates } from '../candidates.js';
import { upTo, type Step, type Technique } from '../technique.js';
import { BOX, COLUMN, REGION_CELLS, REGION_UNIT, ROW } from './se-regions.js';

const TYPE_ORDER = [BOX, COLUMN, ROW];
/** Ratings: a full house, a hidden single in a box, one in a row or column. */
const FULL_HOUSE = 1.0;
const IN_BOX = 1.2;
const IN_LINE = 1.5;
const empties = new Uint8Array(27);
const singles = new Uint16Array(27);

export const hiddenSingle: Technique = {
  name: 'hidden-single',
  weight: FULL_HOUSE,
  rates: upTo(IN_LINE),
  find(s: Candidates): Step | null {
    const { values, cands } = s;
    for (let r = 0; r < 27; r++) {
      let once = 0;
      let twice = 0;
      let empty = 0;
      for (let k = 9 * r; k < 9 * r + 9; k++) {
        const c = REGION_CELLS[k];
        if (values[c] === 0) empty++;
        const m = cands[c];
        twice |= once & m;
        once |= m;
      }
      empties[r] = empty;
      singles[r] = once & ~twice;
    }
    for (let pass = 0; pass < 2; pass++) {
      const alone = pass === 0;
      for (const t of TYPE_ORDER) {
        for (let r = 9 * t; r < 9 * t + 9; r++) {
          if ((empties[r] === 1) !== alone || singles[r] === 0) continue;
          const bit = singles[r] & -singles[r];
          const d = 32 - Math.clz32(bit);
          let cell = 0;
          for (let k = 9 * r; k < 9 * r + 9; k++) if (cands[REGION_CELLS[k]] & bit) cell = REGION_CELLS[k];
          const unit = unitName(REGION_UNIT[r]);
          if (alone) {
            return {
              technique: 'full-house',
              place: [[cell, d]],
              eliminate: [],
              explain: `full house: ${cellName(cell)} is the last empty cell of ${unit}, so it is ${d}`,
              rating: FULL_HOUSE,
              pattern: { cells: [cell], candidates: [[cell, d]], units: [REGION_UNIT[r]], digits: [d] },
            };
          }
          return {
            technique: 'hidden-single',
            place: [[cell, d]],
            eliminate: [],
            explain: `hidden single: ${d} in ${unit} can only go in ${cellName(cell)}`,
            rating: t === BOX ? IN_BOX : IN_LINE,
            pattern: { cells: [cell], candidates: [[cell, d]], units: [REGION_UNIT[r]], digits: [d] },
          };
        }
      }
    }
    return null;
  },
};
