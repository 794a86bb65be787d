/**
 * What a book of other kinds and sizes says about its puzzles: the rules of each kind and
 * size it holds (how-to-play page), and a worked example that can be followed in one of its
 * puzzles. Built from the sections' kinds, never fixed: a children's 6x6 book speaks of
 * 2×3 boxes and digits 1 to 6, a killer book of cages and their sums.
 */
import { BOXES, charDigit, digitChar, kindGeometry, type Geometry, type Kind } from '../geometry/geometry.js';
import { fill, type Locale, type Strings } from './i18n/index.js';
import { digitText, type DigitStyle } from './kind-grid.js';
import type { WorkedExample } from './worked-example.js';

/** A section's kind and size (absent from a section of 9x9 classic puzzles). */
export interface SectionKind {
  kind: Kind;
  size: number;
  /** Both main diagonals are units (always for x). */
  diagonals: boolean;
}

/** The kind of a 9x9 classic section. */
export const CLASSIC_9: SectionKind = Object.freeze({ kind: 'classic', size: 9, diagonals: false });

/** "6x6 classic", "9x9 killer with diagonals". */
export function kindName(k: SectionKind): string {
  return `${k.size}x${k.size} ${k.kind}${k.diagonals && k.kind !== 'x' ? ' with diagonals' : ''}`;
}

/**
 * The kinds of a book's sections, each once, in book order; empty when every section is
 * 9x9 classic (such a book keeps the classic rules word for word).
 */
export function bookKinds(sections: readonly { kind?: SectionKind }[]): SectionKind[] {
  if (!sections.some((s) => s.kind)) return [];
  const out: SectionKind[] = [];
  for (const s of sections) {
    const k = s.kind ?? CLASSIC_9;
    if (!out.some((o) => o.kind === k.kind && o.size === k.size && o.diagonals === k.diagonals)) out.push(k);
  }
  return out;
}

/**
 * "a digit from 1 to 6", "a digit from 1 to 9 or a letter from A to G (A stands for 10...)",
 * "a number from 1 to 16"; what the letters stand for is said the first time only (`said`).
 */
function digitsText(n: number, s: Strings, digits: DigitStyle, said: { letters: boolean }): string {
  if (n <= 9) return fill(s['rules.digits'], { n });
  if (digits === 'numbers') return fill(s['rules.digitsNumbers'], { n });
  const text = fill(s[said.letters ? 'rules.digitsLettersAgain' : 'rules.digitsLetters'], { last: digitChar(n) });
  said.letters = true;
  return text;
}

/**
 * The rules paragraph of the kinds a book holds: for each size with boxes, the goal with its
 * digits and box shape; for each size of jigsaw, the goal with its regions; then the
 * diagonals' rule and the cages' rule when the book has them.
 */
export function kindRules(kinds: readonly SectionKind[], s: Strings, digits: DigitStyle = 'letters'): string[] {
  const sentences: string[] = [];
  const boxed = [...new Set(kinds.filter((k) => k.kind !== 'jigsaw').map((k) => k.size))];
  const jigsaw = [...new Set(kinds.filter((k) => k.kind === 'jigsaw').map((k) => k.size))];
  const said = { letters: false };
  for (const n of boxed) sentences.push(fill(s['rules.goalSized'], { n, digits: digitsText(n, s, digits, said), box: `${BOXES[n][0]}×${BOXES[n][1]}` }));
  for (const n of jigsaw) sentences.push(fill(s['rules.goalJigsaw'], { n, digits: digitsText(n, s, digits, said) }));
  const extra: string[] = [];
  if (kinds.some((k) => k.diagonals)) extra.push(s['rules.diagonals']);
  if (kinds.some((k) => k.kind === 'killer')) extra.push(s['rules.killer']);
  return [sentences.join(' '), ...(extra.length ? [extra.join(' ')] : [])];
}

/** The clues paragraph: a killer book's clues are its cage sums too. */
export function kindClues(kinds: readonly SectionKind[], s: Strings): string {
  return kinds.some((k) => k.kind === 'killer') ? s['rules.cluesKiller'] : s['rules.clues'];
}

/** A puzzle as the worked example reads it: its number, grid and clues (N² characters, '.' for empty). */
export interface ExamplePuzzle {
  number: number;
  puzzle: string;
  geometry?: Geometry;
}

/**
 * The worked example of a book of kinds: the first puzzle (in book order) with a digit that
 * a row or a column still needs and can place in one empty cell only, every other empty cell
 * of the line seeing that digit in its column or row, its box or region, or a shaded
 * diagonal. A forced placement, so the example is always correct. Null when no puzzle has
 * one (killer puzzles without givens).
 */
export function kindExample<P extends ExamplePuzzle>(puzzles: readonly P[], s: Strings, locale: Locale, digits: DigitStyle = 'letters'): { puzzle: P; ex: WorkedExample } | null {
  const list = new Intl.ListFormat(locale, { type: 'conjunction' });
  for (const p of puzzles) {
    const g = p.geometry ?? kindGeometry('classic', 9);
    const n = g.size;
    const values = Uint8Array.from(p.puzzle, (ch) => Math.max(0, charDigit(ch)));
    // Digits 1-9 first (a letter reads less plainly in a sentence), then lines in order: rows, then columns.
    for (let d = 1; d <= n; d++) {
      for (let u = 0; u < 2 * n; u++) {
        const cells = Array.from(g.unit(u));
        if (cells.some((c) => values[c] === d)) continue;
        const empty = cells.filter((c) => values[c] === 0);
        const blockerOf = (c: number) => {
          // The unit through c (other than the line itself) that holds d: the crossing line first.
          for (let k = g.unitsStart[c]; k < g.unitsStart[c + 1]; k++) {
            const v = g.unitsOf[k];
            if (v === u) continue;
            if (Array.from(g.unit(v)).some((x) => values[x] === d)) return v;
          }
          return -1;
        };
        const open = empty.filter((c) => blockerOf(c) < 0);
        if (open.length !== 1 || empty.length < 2) continue;
        const cell = open[0];
        const used = new Set<number>();
        for (const c of empty) if (c !== cell) used.add(blockerOf(c));
        const names = [...used].sort((a, b) => a - b).map((v) => unitText(g, v, values, d, s));
        const row = Math.floor(cell / n) + 1;
        const column = (cell % n) + 1;
        const text = fill(s[u < n ? 'example.kindRow' : 'example.kindColumn'], { number: p.number, digit: digitText(d, digits), lines: list.format(names), row, column });
        return { puzzle: p, ex: { cell, digit: digitChar(d), kind: u < n ? 'row' : 'column', lines: [], text } };
      }
    }
  }
  for (const p of puzzles) {
    const innie = p.geometry?.cages.length ? cageExample(p, s, digits) : null;
    if (innie) return { puzzle: p, ex: innie };
  }
  return null;
}

/**
 * A killer's sum rule over one row, column or box: the cages lying wholly inside it cover all
 * of it but one empty cell (and no given), so that cell holds what the unit's total
 * (1 + 2 + ... + N) leaves over. A forced placement. Null when no unit is covered so.
 */
function cageExample(p: ExamplePuzzle, s: Strings, digits: DigitStyle): WorkedExample | null {
  const g = p.geometry!;
  const n = g.size;
  const values = Uint8Array.from(p.puzzle, (ch) => Math.max(0, charDigit(ch)));
  const total = (n * (n + 1)) / 2;
  for (let u = 0; u < 3 * n; u++) {
    const cells = new Set(g.unit(u));
    const inside = g.cages.filter((c) => c.cells.every((x) => cells.has(x)));
    const covered = new Set(inside.flatMap((c) => c.cells));
    const rest = [...cells].filter((c) => !covered.has(c));
    if (rest.length !== 1 || values[rest[0]] !== 0) continue;
    const cell = rest[0];
    const sum = inside.reduce((a, c) => a + c.sum, 0);
    const d = total - sum;
    if (d < 1 || d > n) continue;
    const row = Math.floor(cell / n) + 1;
    const column = (cell % n) + 1;
    const unit = u < n ? fill(s['example.unitRow'], { n: u + 1 }) : u < 2 * n ? fill(s['example.unitColumn'], { n: u - n + 1 }) : s['example.unitBox'];
    const text = fill(s['example.innie'], { unit, number: p.number, n, total, inside: sum, digit: digitText(d, digits), row, column });
    return { cell, digit: digitChar(d), kind: null, lines: [], text };
  }
  return null;
}

/** A unit named so a reader finds it: "column 4", "the box of row 2, column 5" (where the digit stands), "a shaded diagonal". */
function unitText(g: Geometry, u: number, values: Uint8Array, d: number, s: Strings): string {
  const n = g.size;
  if (u < n) return fill(s['example.lineRow'], { n: u + 1 });
  if (u < 2 * n) return fill(s['example.lineColumn'], { n: u - n + 1 });
  if (u >= 3 * n) return s['example.lineDiagonal'];
  const at = Array.from(g.unit(u)).find((c) => values[c] === d)!;
  return fill(s[g.box ? 'example.lineBoxAt' : 'example.lineRegionAt'], { row: Math.floor(at / n) + 1, column: (at % n) + 1 });
}
