/**
 * Locked candidates: when all of a digit's places in one unit (the base) lie inside a second
 * unit (the cover), the digit must be in the overlap, so it goes from the rest of the cover.
 */
import { bitOf } from '../../core/digits.js';
import { BOX_OF, COL_OF, ROW_OF, UNITS, unitName } from '../../core/units.js';
import type { Candidates } from '../candidates.js';
import { describeEliminations, type CellDigit, type Step } from '../technique.js';

/**
 * For each base unit and digit with at least two places, `cover(unit, places)` names the
 * unit (other than the base) holding all of those places, or -1.
 */
export function findLockedCandidates(
  s: Candidates,
  name: string,
  bases: readonly number[],
  cover: (unit: number, places: number) => number,
): Step | null {
  for (const u of bases) {
    const unit = UNITS[u];
    for (let d = 1; d <= 9; d++) {
      const places = s.positions(unit, d);
      if (places === 0 || (places & (places - 1)) === 0) continue;
      const v = cover(u, places);
      if (v < 0) continue;
      const bit = bitOf(d);
      const elims: CellDigit[] = [];
      for (const c of UNITS[v]) {
        if (s.cands[c] & bit && !unit.includes(c)) elims.push([c, d]);
      }
      if (elims.length === 0) continue;
      return {
        technique: name,
        place: [],
        eliminate: elims,
        explain: `${name}: in ${unitName(u)}, ${d} lies only in ${unitName(v)}, so ${describeEliminations(elims)}`,
      };
    }
  }
  return null;
}

/** Box positions k = 3·(row in box) + (column in box): the line through all `places`, or -1. */
export function boxLineCover(u: number, places: number): number {
  const first = UNITS[u][31 - Math.clz32(places & -places)];
  for (let k = 0; k < 3; k++) if ((places & ~(0b111 << (3 * k))) === 0) return ROW_OF[first];
  for (let k = 0; k < 3; k++) if ((places & ~(0b1001001 << k)) === 0) return 9 + COL_OF[first];
  return -1;
}

/** Line positions k = index along the line: the box holding all `places`, or -1. */
export function lineBoxCover(u: number, places: number): number {
  const first = UNITS[u][31 - Math.clz32(places & -places)];
  for (let k = 0; k < 3; k++) if ((places & ~(0b111 << (3 * k))) === 0) return 18 + BOX_OF[first];
  return -1;
}
