/** Making one puzzle: fill a grid, dig a minimal unique puzzle from it. */
import { clueCount, type Grid } from '../core/grid.js';
import { Rng, type Seed } from '../core/rng.js';
import type { Symmetry } from '../core/symmetry.js';
import { DIGS, type DigName } from './dig.js';
import { DEFAULT_FILL, FILLS, type FillName } from './fill.js';

export interface MakeOptions {
  fill: FillName;
  dig: DigName;
  symmetry: Symmetry;
}

export const DEFAULT_MAKE_OPTIONS: MakeOptions = { fill: DEFAULT_FILL, dig: 'remove', symmetry: 'none' };

export interface MadePuzzle {
  puzzle: Grid;
  solution: Grid;
  clues: number;
  seed: string;
}

/** Make one minimal puzzle with a unique solution from its own seed. */
export function makePuzzle(options: MakeOptions, seed: Seed): MadePuzzle {
  const rng = new Rng(seed);
  const solution = FILLS[options.fill](rng);
  const puzzle = DIGS[options.dig](solution, options.symmetry, rng);
  return { puzzle, solution, clues: clueCount(puzzle), seed: String(seed) };
}
