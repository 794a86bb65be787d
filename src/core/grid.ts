/**
 * The grid model and the puzzle line format.
 *
 * A Grid is a Uint8Array(81), row by row, 0 for a blank, 1..9 for a digit.
 * A puzzle line is 81 characters: digits 1-9, and '.' or '0' for blanks. Anything after
 * the 81 characters (a tab and a label, say) is an annotation, kept but not solved.
 */
import { escapeControls, UserError } from './errors.js';
import { BOX_OF, COL_OF, ROW_OF, UNITS, unitName } from './units.js';

export type Grid = Uint8Array;

export interface PuzzleLine {
  grid: Grid;
  /** Text after the 81 cells, without the separating whitespace ('' when none). */
  annotation: string;
}

export function emptyGrid(): Grid {
  return new Uint8Array(81);
}

/** 81 characters, '.' for blanks. */
export function formatGrid(grid: Grid, blank = '.'): string {
  let s = '';
  for (let i = 0; i < 81; i++) s += grid[i] === 0 ? blank : String(grid[i]);
  return s;
}

export function clueCount(grid: Grid): number {
  let n = 0;
  for (let i = 0; i < 81; i++) if (grid[i] !== 0) n++;
  return n;
}

export function isComplete(grid: Grid): boolean {
  for (let i = 0; i < 81; i++) if (grid[i] === 0) return false;
  return true;
}

/** The first digit that repeats in a unit, as a sentence fragment, or null. */
export function findRepeat(grid: Grid): string | null {
  for (let u = 0; u < 27; u++) {
    let seen = 0;
    for (const c of UNITS[u]) {
      const d = grid[c];
      if (d === 0) continue;
      const bit = 1 << d;
      if (seen & bit) return `two ${d}s in ${unitName(u)}`;
      seen |= bit;
    }
  }
  return null;
}

/** A complete grid that breaks no rule. */
export function isValidSolution(grid: Grid): boolean {
  return isComplete(grid) && findRepeat(grid) === null;
}

/** Whether `solution` is complete, valid, and agrees with every clue of `puzzle`. */
export function solves(puzzle: Grid, solution: Grid): boolean {
  if (!isValidSolution(solution)) return false;
  for (let i = 0; i < 81; i++) if (puzzle[i] !== 0 && puzzle[i] !== solution[i]) return false;
  return true;
}

const CELL_CHARS = /^[0-9.]$/;

/** Digits seen so far in each row, column and box, as 9-bit masks (reused by every parse). */
const SEEN_ROW = new Uint16Array(9);
const SEEN_COL = new Uint16Array(9);
const SEEN_BOX = new Uint16Array(9);

/**
 * Parse one puzzle line. `where` names the place for errors ("puzzles.txt: line 7").
 * Throws UserError for a wrong length, a bad character or a clue repeated in a unit.
 * `into`, when given, is cleared and filled instead of a new grid (a caller streaming many
 * lines that keeps no grid saves an allocation per line).
 */
export function parsePuzzleLine(text: string, where: string, into?: Grid): PuzzleLine {
  const line = text.charCodeAt(text.length - 1) === 13 ? text.slice(0, -1) : text; // drop a '\r'
  const grid = into ? into.fill(0) : new Uint8Array(81);
  SEEN_ROW.fill(0);
  SEEN_COL.fill(0);
  SEEN_BOX.fill(0);
  let repeated = false;
  let n = 0;
  // One pass: read the cells, and note whether a digit repeats in a row, column or box.
  for (const end = Math.min(81, line.length); n < end; n++) {
    const ch = line.charCodeAt(n);
    if (ch === 46 || ch === 48) continue;
    if (ch < 49 || ch > 57) break;
    const d = ch - 48;
    grid[n] = d;
    const bit = 1 << d;
    const r = ROW_OF[n];
    const c = COL_OF[n];
    const b = BOX_OF[n];
    if ((SEEN_ROW[r] | SEEN_COL[c] | SEEN_BOX[b]) & bit) repeated = true;
    SEEN_ROW[r] |= bit;
    SEEN_COL[c] |= bit;
    SEEN_BOX[b] |= bit;
  }
  if (n < 81) {
    if (n < line.length && !/\s/.test(line[n])) {
      throw new UserError(`${where}: bad character '${escapeControls(line[n])}' at column ${n + 1} (expected 1-9, '.' or '0')`);
    }
    throw new UserError(`${where}: wrong length: expected 81 cells, got ${n}`);
  }
  if (line.length > 81 && !/[\s,;|]/.test(line[81])) {
    let m = n;
    while (m < line.length && CELL_CHARS.test(line[m])) m++;
    if (m > 81) throw new UserError(`${where}: wrong length: expected 81 cells, got ${m}`);
    throw new UserError(`${where}: bad character '${escapeControls(line[81])}' at column 82 (expected a tab or space before an annotation)`);
  }
  if (repeated) throw new UserError(`${where}: ${findRepeat(grid)}`);
  return { grid, annotation: line.length === 81 ? '' : line.slice(81).replace(/^[\s,;|]+/, '') };
}

/** Parse an 81-character string (no annotation allowed) into a grid. */
export function parseGrid(text: string, where = 'puzzle'): Grid {
  const { grid, annotation } = parsePuzzleLine(text, where);
  if (annotation !== '') throw new UserError(`${where}: wrong length: expected 81 cells, got more`);
  return grid;
}

/** Whether a line of a puzzle file carries no puzzle (blank, or a '#' comment). */
export function isSkippedLine(text: string): boolean {
  // Called for every line of a file: look at the first character that is not ASCII white
  // space without making a trimmed copy; anything else falls back to trim().
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (ch === 32 || (ch >= 9 && ch <= 13)) continue;
    if (ch < 128) return ch === 35;
    const t = text.trim();
    return t === '' || t.startsWith('#');
  }
  return true;
}
