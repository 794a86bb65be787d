/** The registry of fill strategies: each makes a valid complete grid from an Rng. */
import type { Grid } from '../core/grid.js';
import type { Rng } from '../core/rng.js';
import { fillBacktrack } from './fill-backtrack.js';
import { fillDiagonal } from './fill-diagonal.js';
import { fillPotential } from './fill-potential.js';
import { fillTransform } from './fill-transform.js';
import { fillUniform } from './fill-uniform.js';

export type FillFn = (rng: Rng) => Grid;

export const FILLS = {
  backtrack: fillBacktrack,
  diagonal: fillDiagonal,
  potential: fillPotential,
  transform: fillTransform,
  uniform: fillUniform,
} as const satisfies Record<string, FillFn>;

export type FillName = keyof typeof FILLS;
export const FILL_NAMES = Object.keys(FILLS) as FillName[];

/** The default fill: the fastest of those that can reach every grid (see README). */
export const DEFAULT_FILL: FillName = 'diagonal';

export function isFillName(name: string): name is FillName {
  return Object.hasOwn(FILLS, name);
}
