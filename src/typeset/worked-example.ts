/**
 * The worked example of the how-to-play page: the first deduction a beginner can follow in
 * the book's first puzzle. A "hidden single" is preferred, in a box, then a row, then a
 * column (a digit the unit still needs has only one empty cell left that sees no copy of it);
 * failing that, a "naked single" (an empty cell whose row, column and box already hold eight
 * different digits). Either one is a forced placement, so the example is always correct.
 *
 * The text names the units that rule out the other empty cells, by the unit's kind: for a box,
 * the rows and columns crossing it; for a row, columns and boxes; for a column, rows and boxes.
 * Sentences come from the catalogue (`example.*`) and never put an article before a digit.
 */
import { BOX_OF, COL_OF, PEERS, ROW_OF } from '../core/units.js';
import { catalogue, fill, type Locale, type StringKey, type Strings } from './i18n/index.js';

export type UnitKind = 'box' | 'row' | 'column';

export interface WorkedExample {
  /** Cell index 0-80 and the digit that must go there. */
  cell: number;
  digit: string;
  /** The unit the digit is hidden in; null: a naked single. */
  kind: UnitKind | null;
  /** The units holding the digit that rule out the unit's other empty cells. */
  lines: { kind: UnitKind; index: number }[];
  /** The explanation, in plain words. */
  text: string;
}

const sees = (puzzle: string, cell: number, digit: string) => PEERS[cell].some((p) => puzzle[p] === digit);

const UNIT_OF: Record<UnitKind, ArrayLike<number>> = { box: BOX_OF, row: ROW_OF, column: COL_OF };

function unitCells(kind: UnitKind, k: number): number[] {
  return Array.from({ length: 81 }, (_, i) => i).filter((i) => UNIT_OF[kind][i] === k);
}

/** Does unit (kind, k) hold `digit`? */
const holds = (puzzle: string, kind: UnitKind, k: number, digit: string) => unitCells(kind, k).some((i) => puzzle[i] === digit);

/**
 * The units (of the other two kinds) that rule out every empty cell but the answer: for each
 * such cell, one crossing unit holding the digit, reusing a unit already named where one will do.
 */
function blockers(puzzle: string, kind: UnitKind, cells: number[], digit: string): { kind: UnitKind; index: number }[] {
  const others = (['row', 'column', 'box'] as const).filter((k) => k !== kind);
  const chosen: { kind: UnitKind; index: number }[] = [];
  for (const cell of cells) {
    const options = others.map((k) => ({ kind: k, index: UNIT_OF[k][cell] })).filter((u) => holds(puzzle, u.kind, u.index, digit));
    if (options.some((o) => chosen.some((c) => c.kind === o.kind && c.index === o.index))) continue;
    chosen.push(options[0]);
  }
  const order = { row: 0, column: 1, box: 2 };
  return chosen.sort((a, b) => order[a.kind] - order[b.kind] || a.index - b.index);
}

function lineName(s: Strings, u: { kind: UnitKind; index: number }): string {
  if (u.kind === 'box') return fill(s['example.lineBox'], { box: s[`example.boxName.${u.index + 1}` as StringKey] });
  return fill(s[u.kind === 'row' ? 'example.lineRow' : 'example.lineColumn'], { n: u.index + 1 });
}

/** The first forced placement in `puzzle` (81 characters, '.' for an empty cell), or null. */
export function workedExample(puzzle: string, s: Strings = catalogue('en'), locale: Locale = 'en'): WorkedExample | null {
  const list = new Intl.ListFormat(locale, { type: 'conjunction' });
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
        const lines = blockers(
          puzzle,
          kind,
          empty.filter((i) => i !== cell),
          digit,
        );
        const text = fill(s[`example.${kind}`], {
          box: s[`example.boxName.${BOX_OF[cell] + 1}` as StringKey],
          digit,
          lines: list.format(lines.map((u) => lineName(s, u))),
          row: ROW_OF[cell] + 1,
          column: COL_OF[cell] + 1,
        });
        return { cell, digit, kind, lines, text };
      }
    }
  }
  for (let cell = 0; cell < 81; cell++) {
    if (puzzle[cell] !== '.') continue;
    const left = [1, 2, 3, 4, 5, 6, 7, 8, 9].map(String).filter((d) => !sees(puzzle, cell, d));
    if (left.length !== 1) continue;
    return { cell, digit: left[0], kind: null, lines: [], text: fill(s['example.naked'], { digit: left[0], row: ROW_OF[cell] + 1, column: COL_OF[cell] + 1 }) };
  }
  return null;
}
