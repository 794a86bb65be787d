/**
 * Checking one line of a collection: is it a puzzle, how many solutions, is it minimal, how
 * hard. Pure, so batches of lines can run on worker threads.
 */
import { canonicalString } from '../core/canonical.js';
import type { GradedPuzzle } from '../core/graded-puzzle.js';
import { UserError } from '../core/errors.js';
import { clueCount, parsePuzzleLine, type Grid } from '../core/grid.js';
import { gradeUnique } from '../grader/grade.js';
import { countSolutions, hasSolutionWithout, solveUnique } from '../solver/solver.js';
import { hasSymmetry, orbitsOf, type Symmetry } from '../core/symmetry.js';
import { defineTask } from '../workers/task.js';
import { kindCanon } from '../bank/kinds.js';
import { clueCount as kindClueCount } from '../geometry/geometry.js';
import { parsePuzzleJson, type KindPuzzleRecord } from '../geometry/json.js';
import { bucketOfKind, rateKind } from '../geometry/rate.js';
import { countSolutions as countKindSolutions } from '../geometry/solver.js';

export type Minimality = 'minimal' | 'symmetric' | 'no';

/** Symmetries tried for "minimal for its symmetry", largest first. */
const SYMMETRIES_LARGEST_FIRST: readonly Symmetry[] = ['dihedral', 'rotational', 'diagonal', 'mirror'];

/** Whether no orbit of clues (under `symmetry`) can be blanked with the solution staying unique. */
function minimalUnder(grid: Grid, solution: Grid, symmetry: Symmetry): boolean {
  for (const orbit of orbitsOf(symmetry)) {
    if (grid[orbit[0]] === 0) continue;
    for (const c of orbit) grid[c] = 0;
    const unique = orbit.length === 1 ? !hasSolutionWithout(grid, orbit[0], solution[orbit[0]]) : countSolutions(grid, 2) === 1;
    for (const c of orbit) grid[c] = solution[c];
    if (unique) return false;
  }
  return true;
}

export interface AuditLine {
  lineNo: number;
  text: string;
}

export type LineResult =
  | { lineNo: number; status: 'malformed'; reason: string; label: string }
  | { lineNo: number; status: 'unsolvable' | 'multiple'; clues: number; label: string }
  | (Pick<GradedPuzzle, 'clues' | 'canon' | 'bucket' | 'rating' | 'hardest'> & {
      lineNo: number;
      status: 'valid';
      label: string;
      /**
       * "minimal": no clue can go without a second solution; "symmetric": not minimal, but
       * the clues have a symmetry (`symmetry`) and no orbit of clues under it can go (what the
       * generator guarantees for a symmetric puzzle); "no": a clue or orbit can go.
       */
      minimal: Minimality;
      symmetry?: Symmetry;
      /** The techniques its solving path uses (the names of GradedPuzzle's technique counts). */
      techniques: string[];
      /** Another kind or size than 9x9 classic: "killer 9x9" (its rating SE-like, its bucket the kind's). */
      kind?: string;
    });

/** The 81 cells and label of a puzzle line ("cells<TAB>label") or a JSON line with "puzzle". */
export function splitLine(text: string): { cells: string; label: string } | { error: string } {
  const t = text.trim();
  if (t.startsWith('{')) {
    try {
      const o = JSON.parse(t) as { puzzle?: unknown; label?: unknown; bucket?: unknown };
      if (typeof o.puzzle !== 'string') return { error: 'JSON line without a "puzzle" string' };
      const label = typeof o.label === 'string' ? o.label : typeof o.bucket === 'string' ? o.bucket : '';
      return { cells: o.puzzle, label };
    } catch {
      return { error: 'not valid JSON' };
    }
  }
  return { cells: t, label: '' };
}

/** A JSON line of another kind or size than 9x9 classic, read; null for any other line (told by the classic path). */
function kindLine(text: string, where: string): KindPuzzleRecord | { error: string } | null {
  const t = text.trim();
  if (!t.startsWith('{')) return null;
  let o: Record<string, unknown>;
  try {
    o = JSON.parse(t) as Record<string, unknown>;
  } catch {
    return null;
  }
  if ((o.kind === undefined || o.kind === 'classic') && (o.size === undefined || o.size === 9) && o.x === undefined) return null;
  try {
    const r = parsePuzzleJson(t, where);
    return r.geometry.isClassic9 && !r.geometry.diagonals ? null : r;
  } catch (e) {
    if (!(e instanceof UserError)) throw e;
    return { error: e.message.slice(where.length + 2) };
  }
}

/** A puzzle of another kind: solutions counted to two, minimal (one clue at a time), rated on the SE-like scale. */
function checkKind(r: KindPuzzleRecord, lineNo: number, label: string): LineResult {
  const g = r.geometry;
  const grid = r.puzzle.slice();
  const clues = kindClueCount(grid);
  const count = countKindSolutions(g, grid, 2);
  if (count !== 1) return { lineNo, status: count === 0 ? 'unsolvable' : 'multiple', clues, label };
  let minimal: Minimality = 'minimal';
  for (let c = 0; c < grid.length && minimal === 'minimal'; c++) {
    if (grid[c] === 0) continue;
    const d = grid[c];
    grid[c] = 0;
    if (countKindSolutions(g, grid, 2) === 1) minimal = 'no';
    grid[c] = d;
  }
  const rating = rateKind(g, grid);
  const steps = new Set(rating.steps.map((s) => s.technique));
  return {
    lineNo,
    status: 'valid',
    label,
    clues,
    canon: kindCanon(g, grid),
    minimal,
    bucket: bucketOfKind(g.kind, g.size, rating.rating) ?? 'beyond',
    rating: rating.solved ? rating.rating : null,
    hardest: rating.hardest,
    techniques: [...steps],
    kind: `${g.kind}${g.diagonals && g.kind !== 'x' ? '-x' : ''} ${g.size}x${g.size}`,
  };
}

export function checkLine(line: AuditLine, source: string): LineResult {
  const where = `${source}: line ${line.lineNo}`;
  const kind = kindLine(line.text, where);
  if (kind && 'error' in kind) return { lineNo: line.lineNo, status: 'malformed', reason: kind.error, label: '' };
  if (kind) {
    const o = JSON.parse(line.text) as { label?: unknown; bucket?: unknown };
    return checkKind(kind, line.lineNo, typeof o.label === 'string' ? o.label : typeof o.bucket === 'string' ? o.bucket : '');
  }
  const split = splitLine(line.text);
  if ('error' in split) return { lineNo: line.lineNo, status: 'malformed', reason: split.error, label: '' };
  let parsed;
  try {
    parsed = parsePuzzleLine(split.cells, where);
  } catch (e) {
    if (!(e instanceof UserError)) throw e;
    return { lineNo: line.lineNo, status: 'malformed', reason: e.message.slice(where.length + 2), label: '' };
  }
  const grid = parsed.grid;
  const label = split.label || parsed.annotation.split(/\s+/)[0] || '';
  const clues = clueCount(grid);
  const r = solveUnique(grid);
  if (!('solution' in r)) return { lineNo: line.lineNo, status: r.count === 0 ? 'unsolvable' : 'multiple', clues, label };
  // Minimal: no clue can go without a second solution appearing. A proper puzzle with 17
  // clues is always minimal: no proper 16-clue puzzle exists (McGuire, Tugemann and Civario's
  // exhaustive search, 2012), so the 17 searches are skipped for it.
  let minimal: Minimality = clues <= 17 || minimalUnder(grid, r.solution, 'none') ? 'minimal' : 'no';
  let symmetry: Symmetry | undefined;
  if (minimal === 'no') {
    symmetry = SYMMETRIES_LARGEST_FIRST.find((s) => hasSymmetry(grid, s) && minimalUnder(grid, r.solution, s));
    if (symmetry) minimal = 'symmetric';
  }
  const { bucket, log } = gradeUnique(grid);
  return {
    lineNo: line.lineNo,
    status: 'valid',
    label,
    clues,
    canon: canonicalString(grid),
    minimal,
    ...(symmetry ? { symmetry } : {}),
    bucket,
    rating: log.solved ? log.rating : null,
    hardest: log.hardest,
    techniques: Object.keys(log.counts),
  };
}

/** A line of a named collection, as the audit sends it to a worker. */
export interface AuditInput extends AuditLine {
  source: string;
}

/** The audit's task: one line checked on a worker. */
export const auditTask = defineTask(import.meta.url, 'auditTask', (line: AuditInput) => checkLine(line, line.source), (line) => `${line.source}: line ${line.lineNo}`);
