/**
 * The one record of a graded puzzle, as every part of the pipeline passes it on: made on a
 * worker, banked, claimed from the bank, chosen for a book or a day. Output records (a book's
 * puzzles.jsonl, a daily page) pick their fields from it.
 */
export interface GradedPuzzle {
  /** 81 characters, '.' for a blank. */
  puzzle: string;
  solution: string;
  /** Canonical form: the same for every puzzle equivalent to this one. */
  canon: string;
  clues: number;
  /** The bucket of the bucket table named by `grader`. */
  bucket: string;
  /** SE's ER; null when beyond the grader's work limit. */
  rating: number | null;
  /** The technique of the hardest step; null when singles were never needed beyond the first step. */
  hardest: string | null;
  /** How many steps each technique made. */
  techniques: Record<string, number>;
  /** How it was graded (graderId: rating scale and bucket table); "legacy" for puzzles of schema-1 banks. */
  grader: string;
  /** Where it came from: the seed it was made from, "bank:<id>" or "import:<file>: line <n>". */
  seed: string | null;
  /** How it was made, as it ran (null for imported puzzles). */
  fill?: string | null;
  dig?: string | null;
  symmetry?: string | null;
  /** The puzzle's kind and size (classic and 9 when absent): `puzzle` and `solution` are then N² characters, digits then letters. */
  kind?: string;
  size?: number;
  /** The layout beyond the kind and size, as the JSON form has it ({"box"}, {"regions"}, "x", "cages"); null for 9x9 classic. */
  layout?: string | null;
}
