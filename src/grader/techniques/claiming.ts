/**
 * Claiming (locked candidates, line to box): a digit whose places in a row (or column) all lie
 * in one box must be in that part of the box, so it leaves the rest of the box.
 * Example: in row 5, 3 is only in r5c1 and r5c2 (box 4), so 3 goes from r4c1..r6c3 off row 5.
 */
import type { Candidates } from '../candidates.js';
import type { Technique } from '../technique.js';
import { findLockedCandidates, lineBoxCover } from './intersection-common.js';

const LINE_UNITS = Array.from({ length: 18 }, (_, i) => i);

export const claiming: Technique = {
  name: 'claiming',
  weight: 2.8,
  find: (s: Candidates) => findLockedCandidates(s, 'claiming', LINE_UNITS, lineBoxCover),
};
