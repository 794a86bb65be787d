/**
 * Potentials: the statements a chain reasons about. A potential is one candidate (a cell and a
 * digit) together with a state, "on" (the cell holds the digit) or "off" (it does not).
 *
 *   candidate index  pot  = cell * 9 + (digit - 1)        0..728
 *   node key         key  = pot * 2 + (on ? 1 : 0)         0..1457
 *
 * Also here: the rating a chain gets for its length, the same table for every chaining
 * technique (the number of distinct potentials the deduction rests on, minus two, is compared
 * with a growing ladder of thresholds 4, 6, 8, 12, 16, 24, 32, ...; each threshold passed adds
 * 0.1).
 */
import { cellName } from '../../core/units.js';

export function potCell(pot: number): number {
  return (pot / 9) | 0;
}

export function potDigit(pot: number): number {
  return (pot % 9) + 1;
}

/** "r3c5=7" or "r3c5<>7" */
export function potText(pot: number, on: boolean): string {
  return `${cellName(potCell(pot))}${on ? '=' : '<>'}${potDigit(pot)}`;
}

/** How much a chain of `complexity` potentials adds to its technique's base rating. */
export function lengthAddition(complexity: number): number {
  let added = 0;
  let ceil = 4;
  const length = complexity - 2;
  let odd = false;
  // Thresholds grow by x3/2 and x4/3 in turn: 4, 6, 8, 12, 16, 24, 32, 48, ...
  while (length > ceil) {
    added += 0.1;
    ceil = odd ? ((ceil * 4) / 3) | 0 : ((ceil * 3) / 2) | 0;
    odd = !odd;
  }
  return added;
}

/** The unrounded difficulty (compared as is when ranking hints), base plus length. */
export function chainDifficulty(base: number, complexity: number): number {
  return base + lengthAddition(complexity);
}

/** A difficulty as printed: one decimal. */
export function roundRating(x: number): number {
  return Math.round(x * 10) / 10;
}
