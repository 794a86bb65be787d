/** The pipeline's unit of work: make, verify and grade one candidate, from its own seed. */
import { canonicalString } from '../core/canonical.js';
import type { GradedPuzzle } from '../core/graded-puzzle.js';
import { formatGrid } from '../core/grid.js';
import { Rng } from '../core/rng.js';
import { makeCandidate, REWORK_ROUNDS, type Candidate, type CandidateWant } from '../generator/bucket.js';
import { makeNeedsCandidate, type Needs, type PathFacts } from '../generator/needs.js';
import { countSolutions } from '../solver/solver.js';
import type { MakeOptions } from '../generator/make.js';
import type { Level } from '../grader/levels.js';
import { graderId } from '../grader/grade.js';
import { defineTask } from '../workers/task.js';

export interface CandidateInput {
  seed: string;
  /** The bucket aimed at. */
  bucket: string;
  options: MakeOptions;
  levels: Level[];
  /** The section's clue counts (clues are given back up to a count drawn from them) and rating band. */
  want?: CandidateWant;
  /** Dig toward puzzles that need this technique instead (`bucket`, when not empty, widens what digging may use). */
  needs?: Needs | null;
}

/** A graded candidate; one made for `needs` tells what its graded path is made of. */
export type GradedCandidate = GradedPuzzle & { path?: PathFacts };

export function runCandidate(input: CandidateInput): GradedCandidate {
  const rng = new Rng(input.seed);
  const c: Candidate & { path?: PathFacts } = input.needs
    ? makeNeedsCandidate(input.options, input.needs, rng, input.levels, input.bucket || null)
    : makeCandidate(input.options, input.bucket, rng, input.levels, REWORK_ROUNDS, input.want);
  // Verify: every puzzle that leaves here has exactly one solution, counted afresh.
  if (countSolutions(c.puzzle, 2) !== 1) throw new Error(`candidate ${input.seed} is not unique (generator bug)`);
  return {
    puzzle: formatGrid(c.puzzle),
    solution: formatGrid(c.solution),
    canon: canonicalString(c.puzzle),
    clues: c.clues,
    bucket: c.bucket,
    rating: c.rating,
    hardest: c.hardest,
    techniques: c.techniques,
    grader: graderId(input.levels),
    seed: input.seed,
    fill: input.options.fill,
    dig: input.options.dig,
    symmetry: input.options.symmetry,
    ...(c.path ? { path: c.path } : {}),
  };
}

/** The candidate source's task: one candidate made, verified and graded on a worker. */
export const candidateTask = defineTask(import.meta.url, 'candidateTask', runCandidate, (input) => `candidate ${input.seed} (aimed at ${input.bucket})`);
