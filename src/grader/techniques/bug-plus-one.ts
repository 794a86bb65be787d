/**
 * The name job files used for BUG+1 before the full BUG: the same producer (bug.ts: types
 * 1-4) under the old name, so existing level tables keep working.
 */
import type { Technique } from '../technique.js';
import { bivalueUniversalGrave } from './bug.js';

export const bugPlusOne: Technique = { ...bivalueUniversalGrave, name: 'bug-plus-one' };
