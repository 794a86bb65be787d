/**
 * Hidden single: a digit that has only one place left in a box, row or column must go there.
 * Sound because every unit holds every digit once.
 * Example: in box 3 the only cell still allowing 5 is r2c7, so r2c7 = 5.
 */
import { bitOf } from '../../core/digits.js';
import { cellName, UNITS, unitName } from '../../core/units.js';
import type { Candidates } from '../candidates.js';
import type { Technique } from '../technique.js';
import { UNITS_BOX_FIRST } from './common.js';

export const hiddenSingle: Technique = {
  name: 'hidden-single',
  weight: 1.5,
  find(s: Candidates) {
    for (const u of UNITS_BOX_FIRST) {
      const unit = UNITS[u];
      let once = 0;
      let twice = 0;
      for (const c of unit) {
        const m = s.cands[c];
        twice |= once & m;
        once |= m;
      }
      const hidden = once & ~twice;
      if (hidden === 0) continue;
      for (let d = 1; d <= 9; d++) {
        if (!(hidden & bitOf(d))) continue;
        let cell = unit[0];
        for (const c of unit) if (s.cands[c] & bitOf(d)) cell = c;
        return {
          technique: 'hidden-single',
          place: [[cell, d]],
          eliminate: [],
          explain: `hidden single: ${d} in ${unitName(u)} can only go in ${cellName(cell)}`,
        };
      }
    }
    return null;
  },
};
