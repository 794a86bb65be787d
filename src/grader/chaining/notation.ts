/**
 * Writing chains for people. A chain of single implications is written in Eureka (AIC)
 * notation: candidates in order, "-" where an "on" forces the next "off" (a weak link), "="
 * where an "off" forces the next "on" (a strong link); consecutive candidates of one cell
 * share it, as in (5=3)r2c8; a digit is written again only when it changes:
 * (5)r1c2=r1c7-(5=3)r2c8-... . A branch of a forcing chain is written as the implications
 * from its assumption to its result: r1c2=5 -> r1c7<>5 -> r3c7=5.
 */
import { cellName } from '../../core/units.js';
import type { CellDigit } from '../technique.js';
import { potCell, potDigit, potText } from './potential.js';

/** Eureka text of a chain given as candidate indexes and states, first to last. */
export function eureka(pots: readonly number[], ons: readonly boolean[]): string {
  let out = '';
  let lastDigit = 0;
  let i = 0;
  while (i < pots.length) {
    const cell = potCell(pots[i]);
    let j = i + 1;
    while (j < pots.length && potCell(pots[j]) === cell) j++;
    if (i > 0) out += ons[i] ? '=' : '-';
    if (j - i === 1 && potDigit(pots[i]) === lastDigit) {
      out += cellName(cell);
    } else {
      let digits = `${potDigit(pots[i])}`;
      for (let k = i + 1; k < j; k++) digits += (ons[k] ? '=' : '-') + potDigit(pots[k]);
      out += `(${digits})${cellName(cell)}`;
    }
    lastDigit = potDigit(pots[j - 1]);
    i = j;
  }
  return out;
}

/** "r1c2=5 -> r1c7<>5 -> r3c7=5"; a step made by a rule inside the chain names it: "r4c4<>2 (X-wing)". */
export function implications(pots: readonly number[], ons: readonly boolean[], rules?: readonly string[]): string {
  return pots.map((p, k) => potText(p, ons[k]) + (rules?.[k] ? ` (${rules[k]})` : '')).join(' -> ');
}

/** "removes 2 from r1c1; 5 from r1c2, r3c3" (by digit), or "places 4 in r2c2" */
export function outcomeText(place: readonly CellDigit[], eliminate: readonly CellDigit[]): string {
  if (place.length) return `places ${place[0][1]} in ${cellName(place[0][0])}`;
  const byDigit = new Map<number, number[]>();
  for (const [c, d] of eliminate) {
    const list = byDigit.get(d);
    if (list) list.push(c);
    else byDigit.set(d, [c]);
  }
  const parts = [...byDigit].sort((a, b) => a[0] - b[0]).map(([d, cells]) => `${d} from ${cells.map(cellName).join(', ')}`);
  return `removes ${parts.join('; ')}`;
}
