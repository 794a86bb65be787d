/**
 * The puzzles of a kind section (section-kind.ts): puzzle j of section s is made from seed
 * "<job seed>#s<s>:<j>" by the geometry engine's graded making (makeGradedKindPuzzle: dug
 * within the bucket's techniques, so it needs them), on the worker pool, read back in seed
 * order, so the number of workers changes nothing. The making proves every puzzle unique
 * (the counting solver, or a logical solve where a 16x16 count runs past its bound); a puzzle
 * equal to one already in the book is skipped for the next seed.
 */
import type { GradedPuzzle } from '../core/graded-puzzle.js';
import { UserError } from '../core/errors.js';
import type { Symmetry } from '../core/symmetry.js';
import { clueCount, formatCells } from '../geometry/geometry.js';
import { puzzleJson } from '../geometry/json.js';
import { makeGradedKindPuzzle, techniqueCounts } from '../geometry/rate.js';
import type { WorkerPool } from '../workers/pool.js';
import { defineTask } from '../workers/task.js';
import { kindName, type KindFields, type SectionKind } from './section-kind.js';

export interface KindInput extends SectionKind {
  seed: string;
  bucket: string;
  symmetry: Symmetry;
}

/** A graded puzzle of a kind, with what its grid is (regions, cages). */
export type KindGraded = GradedPuzzle & { kindFields: KindFields };

/** The grader a kind puzzle was rated by (its ratings are on the SE-like scale of src/geometry/rate.ts). */
export const KIND_GRADER = 'geometry';

export function runKind(input: KindInput): KindGraded {
  const p = makeGradedKindPuzzle({ kind: input.kind, size: input.size, diagonals: input.diagonals, symmetry: input.symmetry, bucket: input.bucket }, input.seed);
  // Verify: every puzzle that leaves here has exactly one solution, counted afresh.
  const { puzzle: _p, solution: _s, ...fields } = puzzleJson(p.geometry, p.puzzle, p.solution);
  void _p;
  void _s;
  const techniques = techniqueCounts(p.rating.steps);
  const puzzle = formatCells(p.puzzle);
  return {
    puzzle,
    solution: formatCells(p.solution),
    // Not a canonical form: the puzzle with its layout, which tells repeats apart within a book.
    canon: JSON.stringify(fields) + puzzle,
    clues: clueCount(p.puzzle),
    bucket: input.bucket,
    rating: p.rating.rating,
    hardest: p.rating.hardest,
    techniques,
    grader: KIND_GRADER,
    seed: input.seed,
    symmetry: input.symmetry,
    kindFields: fields as unknown as KindFields,
  };
}

export const kindTask = defineTask(import.meta.url, 'kindTask', runKind, (input) => `${kindName(input)} puzzle ${input.seed} (${input.bucket})`);

/** Most seeds tried per puzzle a section asks for (repeats are rare; this only bounds a loop). */
const SEEDS_PER_PUZZLE = 4;

/**
 * `count` puzzles of the section, in seed order. `seen` holds the canon of every puzzle already
 * in the book and takes these. A puzzle the engine cannot make within its budget stops the run
 * with a UserError naming the section.
 */
export async function kindPuzzles(
  pool: WorkerPool,
  how: { seed: string; section: number; where: string; kind: SectionKind; bucket: string; count: number; symmetry: Symmetry; workers: number; signal?: AbortSignal },
  seen: Set<string>,
  onPuzzle?: (found: number) => void,
): Promise<KindGraded[]> {
  const k = how.kind;
  // Jigsaw regions and killer cages are not symmetric: their clues are dug one by one.
  const symmetry: Symmetry = k.kind === 'jigsaw' || k.kind === 'killer' ? 'none' : how.symmetry;
  const limit = how.count * SEEDS_PER_PUZZLE;
  function* inputs(): Generator<KindInput> {
    for (let j = 0; j < limit; j++) yield { ...k, seed: `${how.seed}#s${how.section}:${j}`, bucket: how.bucket, symmetry };
  }
  const got: KindGraded[] = [];
  const stream = pool.mapOrdered(kindTask, inputs(), { batch: 1, lookahead: () => Math.min(how.workers + 1, how.count - got.length) });
  try {
    for await (const p of stream) {
      if (how.signal?.aborted) throw new UserError('interrupted: nothing was written');
      if (seen.has(p.canon)) continue;
      seen.add(p.canon);
      got.push(p);
      onPuzzle?.(got.length);
      if (got.length === how.count) break;
    }
  } catch (err) {
    if (err instanceof UserError && !err.message.startsWith('interrupted')) throw new UserError(`${how.where}: ${err.message}`);
    throw err;
  }
  if (got.length < how.count) throw new UserError(`${how.where}: only ${got.length} different ${kindName(k)} puzzles from ${limit} seeds; lower "count"`);
  return got;
}
