/**
 * The worked example of the how-to-play page: the first deduction a beginner can follow in
 * the book's first puzzle. A "hidden single" is preferred, in a box, then a row, then a
 * column (a digit the unit still needs has only one empty cell left that sees no copy of it);
 * failing that, a "naked single" (an empty cell whose row, column and box already hold eight
 * different digits). Either one is a forced placement, so the example is always correct.
 */
import { BOX_OF, COL_OF, PEERS, ROW_OF } from '../core/units.js';

export interface WorkedExample {
  /** Cell index 0-80 and the digit that must go there. */
  cell: number;
  digit: string;
  /** The explanation, in plain words. */
  text: string;
}

const BOX_NAMES = ['top-left', 'top-middle', 'top-right', 'middle-left', 'centre', 'middle-right', 'bottom-left', 'bottom-middle', 'bottom-right'];

const sees = (puzzle: string, cell: number, digit: string) => PEERS[cell].some((p) => puzzle[p] === digit);

const UNIT_NAMES = ['box', 'row', 'column'] as const;

function unitCells(kind: (typeof UNIT_NAMES)[number], k: number): number[] {
  const all = Array.from({ length: 81 }, (_, i) => i);
  if (kind === 'box') return all.filter((i) => BOX_OF[i] === k);
  if (kind === 'row') return all.filter((i) => ROW_OF[i] === k);
  return all.filter((i) => COL_OF[i] === k);
}

function unitName(kind: (typeof UNIT_NAMES)[number], k: number): string {
  return kind === 'box' ? `the ${BOX_NAMES[k]} box` : `${kind} ${k + 1}`;
}

/** The first forced placement in `puzzle` (81 characters, '.' for an empty cell), or null. */
export function workedExample(puzzle: string): WorkedExample | null {
  // Boxes with a few empty cells first: they make the shortest, most convincing example.
  for (const [kind, most] of [['box', 5], ['box', 9], ['row', 9], ['column', 9]] as const) {
    for (let k = 0; k < 9; k++) {
      const cells = unitCells(kind, k);
      const empty = cells.filter((i) => puzzle[i] === '.');
      if (empty.length < 2 || empty.length > most) continue;
      for (let d = 1; d <= 9; d++) {
        const digit = String(d);
        if (cells.some((i) => puzzle[i] === digit)) continue;
        const open = empty.filter((i) => !sees(puzzle, i, digit));
        if (open.length !== 1) continue;
        const cell = open[0];
        const where = unitName(kind, k);
        return {
          cell,
          digit,
          text:
            `Look at ${where} of the first puzzle: it still needs a ${digit}. Each of its other empty cells ` +
            `already sees a ${digit} in its row, column or box, so the ${digit} can only go in the shaded cell ` +
            `(row ${ROW_OF[cell] + 1}, column ${COL_OF[cell] + 1}). Write it in, and look for the next digit in the same way.`,
        };
      }
    }
  }
  for (let cell = 0; cell < 81; cell++) {
    if (puzzle[cell] !== '.') continue;
    const left = [1, 2, 3, 4, 5, 6, 7, 8, 9].map(String).filter((d) => !sees(puzzle, cell, d));
    if (left.length !== 1) continue;
    return {
      cell,
      digit: left[0],
      text:
        `Look at the shaded cell of the first puzzle (row ${ROW_OF[cell] + 1}, column ${COL_OF[cell] + 1}). Its row, its column ` +
        `and its box already hold every digit except ${left[0]}, so ${left[0]} must go there.`,
    };
  }
  return null;
}
