/**
 * The puzzles of a kind section (section-kind.ts): puzzle j of section s is made from seed
 * "<job seed>#s<s>:<j>" by the geometry engine's graded making (makeGradedKindPuzzle: dug
 * within the bucket's techniques, so it needs them), on the worker pool, read back in seed
 * order, so the number of workers changes nothing. The making proves every puzzle unique
 * (the counting solver, or a logical solve where a 16x16 count runs past its bound). Puzzles
 * are told apart by their canonical form within the kind and size (src/geometry/canonical.ts):
 * a puzzle equivalent to one already in the book (an isomorph: its grid turned, mirrored or
 * relabelled) is skipped for the next seed. With a bank, unused banked puzzles of the kind, size
 * and bucket come first, every puzzle the section takes is recorded as the book's, and one
 * another run used already is skipped too.
 */
import type { Wanted } from '../bank/bank.js';
import type { GradedPuzzle } from '../core/graded-puzzle.js';
import { UserError } from '../core/errors.js';
import type { Symmetry } from '../core/symmetry.js';
import { kindFields, kindGraderId, kindJson } from '../bank/kinds.js';
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

export function runKind(input: KindInput): KindGraded {
  const p = makeGradedKindPuzzle({ kind: input.kind, size: input.size, diagonals: input.diagonals, symmetry: input.symmetry, bucket: input.bucket }, input.seed);
  return withLayout({
    // Kind, size, layout, cells and the canonical form within the kind and size, as the bank keys them.
    ...kindFields(p.geometry, p.puzzle, p.solution),
    bucket: input.bucket,
    rating: p.rating.rating,
    hardest: p.rating.hardest,
    techniques: techniqueCounts(p.rating.steps),
    grader: kindGraderId(input.kind, input.size),
    seed: input.seed,
    symmetry: input.symmetry,
  });
}

/** A kind puzzle's record with the fields that draw its grid: its JSON form less the cells. */
function withLayout(p: GradedPuzzle): KindGraded {
  const { puzzle: _p, solution: _s, ...fields } = kindJson(p);
  void _p;
  void _s;
  return { ...p, kindFields: fields as unknown as KindFields };
}

export const kindTask = defineTask(import.meta.url, 'kindTask', runKind, (input) => `${kindName(input)} puzzle ${input.seed} (${input.bucket})`);

/** What a section asks of a bank: its unused puzzles (claimed for the book), and a new puzzle recorded as the book's (false when used already). */
export interface KindBank {
  claim(wanted: Wanted, count: number, exclude: ReadonlySet<string>): GradedPuzzle[] | Promise<GradedPuzzle[]>;
  keep(p: GradedPuzzle): boolean | Promise<boolean>;
}

/** Most seeds tried per puzzle a section asks for (repeats are rare; this only bounds a loop). */
const SEEDS_PER_PUZZLE = 4;

/**
 * `count` puzzles of the section, in seed order. `seen` holds the canonical form of every kind
 * puzzle already in the book, tagged with its kind and size, and takes these. A puzzle the engine cannot make within its budget stops the run
 * with a UserError naming the section.
 */
export async function kindPuzzles(
  pool: WorkerPool,
  how: { seed: string; section: number; where: string; kind: SectionKind; bucket: string; count: number; symmetry: Symmetry; workers: number; signal?: AbortSignal },
  seen: Set<string>,
  onPuzzle?: (found: number) => void,
  bank?: KindBank,
): Promise<KindGraded[]> {
  const k = how.kind;
  // Jigsaw regions and killer cages are not symmetric: their clues are dug one by one.
  const symmetry: Symmetry = k.kind === 'jigsaw' || k.kind === 'killer' ? 'none' : how.symmetry;
  const limit = how.count * SEEDS_PER_PUZZLE;
  function* inputs(): Generator<KindInput> {
    for (let j = 0; j < limit; j++) yield { ...k, seed: `${how.seed}#s${how.section}:${j}`, bucket: how.bucket, symmetry };
  }
  const got: KindGraded[] = [];
  // Canonical forms compare within a kind and size: `seen` holds them tagged with both.
  const tag = `${kindName(k)}:`;
  // A bank's unused puzzles of the kind, size and bucket first (an X killer section takes none:
  // the bank tells killers from X killers by their layout only).
  if (bank && !k.diagonals) {
    const wanted = { grader: kindGraderId(k.kind, k.size), bucket: how.bucket, kind: k.kind, size: k.size };
    const exclude = new Set([...seen].filter((c) => c.startsWith(tag)).map((c) => c.slice(tag.length)));
    for (const q of await bank.claim(wanted, how.count, exclude)) {
      seen.add(tag + q.canon);
      got.push(withLayout(q));
      onPuzzle?.(got.length);
    }
  }
  if (got.length === how.count) return got;
  const stream = pool.mapOrdered(kindTask, inputs(), { batch: 1, lookahead: () => Math.min(how.workers + 1, how.count - got.length) });
  try {
    for await (const p of stream) {
      if (how.signal?.aborted) throw new UserError('interrupted: nothing was written');
      if (seen.has(tag + p.canon)) continue;
      seen.add(tag + p.canon);
      // Used before by another book or day, or recorded meanwhile by another run: the next seed.
      if (bank && !(await bank.keep(p))) continue;
      got.push(p);
      onPuzzle?.(got.length);
      if (got.length === how.count) break;
    }
  } catch (err) {
    if (err instanceof UserError && !err.message.startsWith('interrupted')) throw new UserError(`${how.where}: ${err.message}`);
    throw err;
  }
  if (got.length < how.count) throw new UserError(`${how.where}: only ${got.length} different${bank ? ' unused' : ''} ${kindName(k)} puzzles from ${limit} seeds; lower "count"`);
  return got;
}
