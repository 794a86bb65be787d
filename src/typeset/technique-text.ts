/**
 * What a book tells its readers about each solving technique: a paragraph on the pattern,
 * written to match how the grader finds it (src/grader/techniques and chaining/), for the
 * workbook's chapter pages. In English here, in the catalogues' other languages in
 * technique-text-<locale>.ts (the same keys and claims); a workbook in a language without its
 * table is refused (job.ts), so no English sentence lands in such a book.
 *
 * Keys are the registry's names (job files, `needs:`) and the names steps carry.
 */
import { LOCALES, type Locale } from './i18n/index.js';
import { ABOUT_DE } from './technique-text-de.js';
import { ABOUT_ES } from './technique-text-es.js';
import { ABOUT_FR } from './technique-text-fr.js';
import { ABOUT_IT } from './technique-text-it.js';
import { ABOUT_NL } from './technique-text-nl.js';

const SINGLES_ABOUT =
  'A single places a digit: a hidden single is a digit with only one place left in a row, a column or a box; a naked single is a cell with only one digit left.';

/** How each pattern works and how to look for it, by registry or step name. */
const ABOUT: Readonly<Record<string, string>> = {
  'full-house': SINGLES_ABOUT,
  'hidden-single': SINGLES_ABOUT,
  'naked-single': SINGLES_ABOUT,
  'direct-pointing': 'When the places left for a digit in a box all lie in one row or one column, the digit must go in that line inside the box, so it cannot go anywhere else along that line. It is direct when crossing those marks out leaves a digit only one place in a row, column or box, so a digit can be written in at once.',
  'direct-claiming': 'When the places left for a digit in a row or a column all lie in one box, the digit must go in that box along that line, so no other cell of the box can take it. It is direct when crossing those marks out leaves a digit only one place in a row, column or box, so a digit can be written in at once.',
  'direct-hidden-pair': 'When two digits can go only in the same two cells of a row, column or box, those cells hold those two digits and nothing else. It is direct when clearing the other digits from the two cells leaves a single to write in.',
  'direct-hidden-triple': 'When three digits can go only in the same three cells of a row, column or box, those cells hold those three digits. It is direct when clearing the other digits from them leaves a single to write in.',
  pointing: 'Look at one digit in one box. When all its pencil marks in the box lie in a single row or column, the digit will be placed in that line inside the box. Every pencil mark of that digit elsewhere along the line can be crossed out.',
  claiming: 'Look at one digit in one row or column. When all its pencil marks in the line lie in a single box, the digit will be placed in that box along that line. Every other pencil mark of that digit in the box can be crossed out.',
  'naked-pair': 'Two cells of a row, column or box whose pencil marks are the same two digits will take those two digits between them. No other cell of that row, column or box can take either digit, so those pencil marks can be crossed out.',
  'hidden-pair': 'When two digits can go only in the same two cells of a row, column or box, those two cells must hold those two digits. Every other pencil mark in the two cells can be crossed out.',
  'naked-triple': 'Three cells of a row, column or box whose pencil marks together hold only three digits will take those three digits between them (each cell need not show all three). The three digits can be crossed out from the other cells of that row, column or box.',
  'hidden-triple': 'When three digits can go only in the same three cells of a row, column or box, those cells must hold those three digits, and every other pencil mark in them can be crossed out.',
  'naked-quad': 'Four cells of a row, column or box whose pencil marks together hold only four digits take those four digits; they can be crossed out from the rest of that row, column or box.',
  'hidden-quad': 'When four digits can go only in the same four cells of a row, column or box, those cells hold those digits, and every other pencil mark in them can be crossed out.',
  'x-wing': 'Pick one digit. When in two rows the digit can go only in the same two columns, the four corners form a rectangle: the digit goes in two opposite corners, one in each of those columns. So neither column can have the digit anywhere else, and those pencil marks can be crossed out. The same works with columns and rows swapped.',
  swordfish: 'The X-wing with three lines: when in three rows one digit can go only within the same three columns (each row need not use all three), the three rows place the digit once in each of those columns. The digit can be crossed out from the rest of the three columns. The same works with columns and rows swapped.',
  jellyfish: 'The X-wing with four lines: when in four rows one digit can go only within the same four columns, those rows take the digit in each of those columns, and it can be crossed out from the rest of them. The same works with columns and rows swapped.',
  'turbot-fish': 'A chain of two strong links for one digit: in two rows, columns or boxes the digit has only two places each. When a place of the first pair sees a place of the second (same row, column or box), at most one of those two holds the digit, so at least one of the two other places does: any cell that sees both of those other places cannot hold it.',
  skyscraper: 'A turbot fish in two parallel lines: in two rows (or columns) one digit has only two places each, and one place of each pair shares a column (or row). One of the two other ends must hold the digit, so any cell that sees both ends cannot.',
  'two-string-kite': 'A turbot fish in a row and a column: one digit has only two places in a row and two in a column, and one end of each lies in the same box. One of the two far ends must hold the digit, so any cell that sees both cannot.',
  'three-strong-links': 'A chain of three strong links for one digit (rows, columns or boxes where it has only two places), each joined to the next by cells that see each other; one of the chain\'s two ends holds the digit, so cells that see both ends cannot.',
  'four-strong-links': 'A chain of four strong links for one digit (rows, columns or boxes where it has only two places), each joined to the next by cells that see each other; one of the chain\'s two ends holds the digit, so cells that see both ends cannot.',
  'xy-wing': 'Three cells with two pencil marks each: a pivot {x,y} and two pincers it sees, {x,z} and {y,z}. Whichever digit the pivot takes, one pincer becomes z. So z can be crossed out from every cell that sees both pincers.',
  'xyz-wing': 'An XY-wing whose pivot has three pencil marks {x,y,z}, with pincers {x,z} and {y,z}. One of the three cells must be z, so z can be crossed out from every cell that sees all three.',
  'wxyz-wing': 'Three cells of one row, column or box that hold four digits between them, and a fourth cell outside with two pencil marks {x,z}. If every one of the three cells that can be x sees the fourth cell, then were the fourth cell x, the three cells would be left with three digits for three cells, so z would be among them; and were it not x, it is z. Either way z is in the fourth cell or in one of the three that can be z, so z can be crossed out from every cell that sees all of those.',
  'vwxyz-wing': 'The WXYZ-wing with four cells of one row, column or box holding five digits, and a fifth cell {x,z} outside: z can be crossed out from every cell that sees the outside cell and all the others that can be z.',
  'uvwxyz-wing': 'The WXYZ-wing with five cells of one row, column or box holding six digits, and a sixth cell {x,z} outside.',
  'tuvwxyz-wing': 'The WXYZ-wing with six cells of one row, column or box holding seven digits, and a seventh cell {x,z} outside.',
  'unique-loop': 'Every puzzle in this book has exactly one solution. Four cells at the corners of a rectangle in two boxes that could all take only the same two digits would allow two solutions (swap the digits). So where such a pattern is about to form, whatever would complete it is ruled out. Longer loops of cells work the same way.',
  bug: 'A bivalue universal grave: if every empty cell had exactly two pencil marks and every digit two places in each row, column and box, the puzzle would have two solutions. So when only a few extra pencil marks break that pattern, one of them must be true: a single one (type 1) is placed, and in the other types whatever all of them would rule out can be crossed out.',
  'aligned-pair-exclusion': 'Two cells that see each other cannot hold a pair of digits that would empty a third cell both of them see. Pairs ruled out this way can leave a digit with no pairing left, and it can be crossed out.',
  'aligned-triplet-exclusion': 'Aligned pair exclusion with three cells: combinations that would empty a cell all of them see are ruled out, and a digit left without any combination is crossed out.',
  'forcing-chain-cycle': 'A loop of pencil marks where each link forces the next: a mark is either on or off, and following the loop shows which marks must be off.',
  nishio: 'Assume a pencil mark is true and follow the singles and links it forces; when that leads to a contradiction, the mark is false.',
  'multiple-forcing-chain': 'Every choice for a cell (or every place for a digit in a unit) leads by chains to the same conclusion, so that conclusion holds.',
  'dynamic-forcing-chain': 'Forcing chains that use what earlier steps of the chain have set up, followed until a conclusion holds in every case.',
  'dynamic-forcing-chain-plus': 'Dynamic forcing chains that also use the simpler techniques inside the chain.',
  'nested-forcing-chain': 'Forcing chains whose links are themselves proved by forcing chains.',
};

const ABOUT_BY_LOCALE: Partial<Record<Locale, Readonly<Record<string, string>>>> = { en: ABOUT, de: ABOUT_DE, fr: ABOUT_FR, es: ABOUT_ES, it: ABOUT_IT, nl: ABOUT_NL };

/** The languages a workbook's chapter texts are written in (a language without its table is refused). */
export const WORKBOOK_LOCALES: readonly Locale[] = LOCALES.filter((l) => ABOUT_BY_LOCALE[l] !== undefined);

/** The paragraph explaining a technique in a language, or null when the table has none. */
export function techniqueAbout(name: string, locale: Locale = 'en'): string | null {
  return ABOUT_BY_LOCALE[locale]?.[name] ?? null;
}

/** Whether a step or registry name is a single (placing a digit by singles alone). */
export function isSingle(name: string): boolean {
  return name === 'hidden-single' || name === 'naked-single' || name === 'full-house';
}

/** A grader sentence as a reader's sentence: a capital first letter and a full stop. */
export function sentence(text: string): string {
  const t = text.trim();
  const s = t.charAt(0).toUpperCase() + t.slice(1);
  return /[.!?]$/.test(s) ? s : `${s}.`;
}
