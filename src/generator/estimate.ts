/**
 * The proper-puzzle experiment (../shared/seeds/002): draw a grid, clear each cell with
 * probability p, and count how often what is left has exactly one solution. With P that
 * fraction, the number of proper puzzles is P · #grids · 2^81 (for p = 1/2, where every
 * one of the 2^81 clue subsets of every grid is equally likely).
 */
import { deriveSeed, Rng, type Seed } from '../core/rng.js';
import { countSolutions } from '../solver/solver.js';
import { defineTask } from '../workers/task.js';
import { FILLS, type FillName } from './fill.js';

export const GRID_COUNT = 6670903752021072936960;

/** The published run: Red Ed, enjoysudoku forum, 2006. */
export const PUBLISHED = { trials: 178100, proper: 65325, low: 5.88e45, high: 5.95e45 } as const;

export interface EstimateChunk {
  seed: Seed;
  from: number;
  to: number;
  p: number;
  fill: FillName;
}

/** Trials from..to-1 (trial i seeded by deriveSeed(seed, i)); returns how many were proper. */
export function runEstimateChunk(chunk: EstimateChunk): number {
  let proper = 0;
  for (let t = chunk.from; t < chunk.to; t++) {
    const rng = new Rng(deriveSeed(chunk.seed, t));
    const g = FILLS[chunk.fill](rng);
    for (let i = 0; i < 81; i++) if (rng.float() < chunk.p) g[i] = 0;
    if (countSolutions(g, 2) === 1) proper++;
  }
  return proper;
}

/** The estimate's task: a chunk of trials on a worker. */
export const estimateTask = defineTask(import.meta.url, 'estimateTask', runEstimateChunk, (c) => `trials ${c.from}-${c.to - 1} of seed "${c.seed}"`);

export interface EstimateResult {
  trials: number;
  proper: number;
  /** Fraction of trials that were proper. */
  p: number;
  /** Its binomial standard error. */
  se: number;
  /** Estimated number of proper puzzles (meaningful for a clearing probability of 1/2). */
  estimate: number;
  /** 95% interval. */
  low: number;
  high: number;
}

export function summarize(trials: number, proper: number): EstimateResult {
  const p = proper / trials;
  const se = Math.sqrt((p * (1 - p)) / trials);
  const scale = GRID_COUNT * 2 ** 81;
  return { trials, proper, p, se, estimate: p * scale, low: (p - 1.96 * se) * scale, high: (p + 1.96 * se) * scale };
}
