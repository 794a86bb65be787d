/** The book pipeline's unit of work: make and grade one candidate, from its own seed. */
import { canonicalString } from '../core/canonical.js';
import { formatGrid } from '../core/grid.js';
import { Rng } from '../core/rng.js';
import { makeCandidate } from '../generator/bucket.js';
import { countSolutions } from '../solver/solver.js';
import type { MakeOptions } from '../generator/make.js';
import type { Level } from '../grader/levels.js';
import { graderId } from '../grader/grade.js';

export interface CandidateInput {
  seed: string;
  bucket: string;
  options: MakeOptions;
  levels: Level[];
}

export interface CandidateOutput {
  seed: string;
  puzzle: string;
  solution: string;
  canon: string;
  clues: number;
  bucket: string;
  /** SE's ER; null when beyond the grader's work limit. */
  rating: number | null;
  hardest: string | null;
  techniques: Record<string, number>;
  /** How it was graded (graderId of the levels). */
  grader: string;
}

export function runCandidate(input: CandidateInput): CandidateOutput {
  const c = makeCandidate(input.options, input.bucket, new Rng(input.seed), input.levels);
  // Verify: every puzzle that leaves here has exactly one solution, counted afresh.
  if (countSolutions(c.puzzle, 2) !== 1) throw new Error(`candidate ${input.seed} is not unique (generator bug)`);
  return {
    seed: input.seed,
    puzzle: formatGrid(c.puzzle),
    solution: formatGrid(c.solution),
    canon: canonicalString(c.puzzle),
    clues: c.clues,
    bucket: c.bucket,
    rating: c.rating,
    hardest: c.hardest,
    techniques: c.techniques,
    grader: graderId(input.levels),
  };
}
