/**
 * `generate --kind`: puzzle i of a run of another kind or size, made from seed `<seed>#<i>`
 * (steered to a bucket when one is asked), as the fields of its JSON line. A task, so a run
 * spreads its puzzles over worker threads and reads them back in order: the same lines
 * whatever the number of workers.
 */
import type { Symmetry } from '../core/symmetry.js';
import type { Kind } from '../geometry/geometry.js';
import { puzzleJson } from '../geometry/json.js';
import { makeKindPuzzle } from '../geometry/make.js';
import { makeGradedKindPuzzle } from '../geometry/rate.js';
import { defineTask } from '../workers/task.js';

export interface KindLineInput {
  kind: Kind;
  size: number;
  diagonals?: boolean;
  symmetry: Symmetry;
  /** Steered to this bucket and graded; made at random when absent. */
  bucket?: string;
  /** With a bucket: most complete grids tried (else the making's time budget). */
  attempts?: number;
  seed: string;
}

/** The puzzle's JSON form with its clue count, grade (with a bucket), seed and symmetry. */
export function kindLine(input: KindLineInput): Record<string, unknown> {
  const options = { kind: input.kind, size: input.size, symmetry: input.symmetry, diagonals: input.diagonals };
  if (input.bucket === undefined) {
    const p = makeKindPuzzle(options, input.seed);
    return { ...puzzleJson(p.geometry, p.puzzle, p.solution), clues: p.clues, seed: p.seed, symmetry: input.symmetry };
  }
  const p = makeGradedKindPuzzle({ ...options, bucket: input.bucket, attempts: input.attempts }, input.seed);
  return { ...puzzleJson(p.geometry, p.puzzle, p.solution), clues: p.clues, bucket: input.bucket, rating: p.rating.rating, hardest: p.rating.hardest, seed: p.seed, symmetry: input.symmetry };
}

export const kindLineTask = defineTask(import.meta.url, 'kindLineTask', kindLine, (input) => `${input.size}x${input.size} ${input.kind} puzzle ${input.seed}`);
