/**
 * Puzzle lines of every kind: a line starting with '{' is the JSON form (any kind and size),
 * any other line the 81-character line of 9x9 classic. 9x9 classic in either form goes to
 * the fast 9x9 code; other kinds to the geometry engine.
 */
import { parsePuzzleLine, type Grid } from '../core/grid.js';
import { parsePuzzleJson, type KindPuzzleRecord } from '../geometry/json.js';
import { eachLine, type BadLines } from './io.js';

/** Whether a record is plain 9x9 classic (the line format's puzzles). */
export function isClassic9(r: KindPuzzleRecord): boolean {
  return r.geometry.isClassic9 && !r.geometry.diagonals;
}

/**
 * Call `onClassic` for 9x9 classic lines (with `json` true when the line was JSON) and
 * `onKind` for the JSON lines of other kinds, in order; malformed lines go to `bad`.
 */
export function eachKindPuzzle(
  file: string | undefined,
  bad: BadLines,
  onClassic: (grid: Grid, lineNo: number, json: boolean) => void | Promise<void>,
  onKind: (record: KindPuzzleRecord, lineNo: number, where: string) => void | Promise<void>,
  into?: Grid,
): Promise<void> {
  return eachLine(file, (text, line, source) => {
    const t = text.trimStart();
    const where = `${source}: line ${line}`;
    let record: KindPuzzleRecord;
    try {
      if (t.charCodeAt(0) !== 123) return onClassic(parsePuzzleLine(t, where, into).grid, line, false);
      record = parsePuzzleJson(t, where);
    } catch (err) {
      return bad.report(err);
    }
    return isClassic9(record) ? onClassic(record.puzzle, line, true) : onKind(record, line, where);
  });
}
