/**
 * Pointing (locked candidates, box to line): a digit whose places in a box all lie in one row
 * (or column) must be in that box's part of the line, so it leaves the rest of the line.
 * Example: in box 4, 3 is only in r5c1 and r5c2, so 3 goes from r5c7 and r5c8.
 */
import type { Candidates } from '../candidates.js';
import type { Technique } from '../technique.js';
import { boxLineCover, findLockedCandidates } from './intersection-common.js';

const BOX_UNITS = Array.from({ length: 9 }, (_, i) => 18 + i);

export const pointing: Technique = {
  name: 'pointing',
  weight: 2.6,
  find: (s: Candidates) => findLockedCandidates(s, 'pointing', BOX_UNITS, boxLineCover),
};
