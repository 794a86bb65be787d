/**
 * Puzzles of every kind in the bank: a kind puzzle as a graded-puzzle record (its cells as
 * N² characters, its layout as the JSON form has it), and back.
 */
import { createHash } from 'node:crypto';
import type { GradedPuzzle } from '../core/graded-puzzle.js';
import { kindBuckets } from '../geometry/rate.js';
import { GEOMETRY_TECHNIQUES } from '../geometry/grader.js';
import { CAGE_RULES_REVISION, CAGE_TECHNIQUES } from '../geometry/cage-rules.js';
import type { Kind } from '../geometry/geometry.js';
import { canonicalString } from '../core/canonical.js';
import { canonicalForm } from '../geometry/canonical.js';
import { clueCount, formatCells, type Geometry } from '../geometry/geometry.js';
import { parsePuzzleJson, puzzleJson, type KindPuzzleRecord } from '../geometry/json.js';

/** Whether a geometry is the plain 9x9 classic of the line format. */
function plainClassic9(g: Geometry): boolean {
  return g.isClassic9 && !g.diagonals;
}

/** The layout of a geometry beyond its kind and size (box or regions, x, cages) as JSON; null for 9x9 classic. */
export function layoutOf(g: Geometry): string | null {
  if (plainClassic9(g)) return null;
  const { kind: _k, size: _s, puzzle: _p, ...layout } = puzzleJson(g, new Uint8Array(g.cellCount));
  return JSON.stringify(layout);
}

/** The canonical form a bank keys a puzzle of any kind by (9x9 classic: the 81-character form). */
export function kindCanon(g: Geometry, puzzle: Uint8Array): string {
  return plainClassic9(g) ? canonicalString(puzzle) : canonicalForm(g, puzzle).key;
}

/** The kind, size, layout, cells and canonical form of a record for a puzzle of any kind. */
export function kindFields(g: Geometry, puzzle: Uint8Array, solution: Uint8Array): Pick<GradedPuzzle, 'kind' | 'size' | 'layout' | 'puzzle' | 'solution' | 'canon' | 'clues'> {
  return { kind: g.kind, size: g.size, layout: layoutOf(g), puzzle: formatCells(puzzle), solution: formatCells(solution), canon: kindCanon(g, puzzle), clues: clueCount(puzzle) };
}

/** A banked record read back as a puzzle of its kind (its geometry, cells and solution); `where` names it in errors. */
export function kindRecord(p: Pick<GradedPuzzle, 'kind' | 'size' | 'layout' | 'puzzle' | 'solution'>, where: string): KindPuzzleRecord {
  return parsePuzzleJson(JSON.stringify(kindJson(p)), where);
}

/** The JSON form of a banked puzzle of any kind (with its solution). */
export function kindJson(p: Pick<GradedPuzzle, 'kind' | 'size' | 'layout' | 'puzzle' | 'solution'>): Record<string, unknown> {
  const layout = p.layout ? (JSON.parse(p.layout) as Record<string, unknown>) : { box: [3, 3] };
  return { kind: p.kind ?? 'classic', size: p.size ?? 9, ...layout, puzzle: p.puzzle, solution: p.solution };
}

/**
 * How puzzles of a kind and size are graded, as the bank records it: the kind's bucket table and
 * the techniques' SE-like ratings (the cage techniques' too for killer), so a change to either
 * makes banked puzzles of the kind count as graded by another grader.
 */
export function kindGraderId(kind: Kind, size: number): string {
  const techniques = [...GEOMETRY_TECHNIQUES, ...(kind === 'killer' ? CAGE_TECHNIQUES : [])].map((t) => [t.name, t.rating]);
  const rules = kind === 'killer' ? { cageRules: CAGE_RULES_REVISION } : {};
  return `se-like:${createHash('sha256').update(JSON.stringify({ buckets: kindBuckets(kind, size), techniques, ...rules })).digest('hex').slice(0, 12)}`;
}

export { techniqueCounts } from '../geometry/rate.js';
