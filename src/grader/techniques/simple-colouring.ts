/**
 * Simple colouring: join the cells of a digit that are the only two places of that digit in
 * some unit (conjugate pairs). In each chain of such pairs the cells alternate between two
 * colours, and exactly one colour holds the digit.
 *  - colour wrap: two cells of one colour see each other, so that colour is false and the
 *    digit leaves all its cells;
 *  - colour trap: a cell outside the colours that sees both colours loses the digit.
 */
import { bitOf } from '../../core/digits.js';
import type { Candidates } from '../candidates.js';
import { cellList, describeEliminations, type CellDigit, type Technique } from '../technique.js';
import { conjugatePairs, sees } from './common.js';

export const simpleColouring: Technique = {
  name: 'simple-colouring',
  weight: 5.5,
  find(s: Candidates) {
    for (let d = 1; d <= 9; d++) {
      const bit = bitOf(d);
      const links = conjugatePairs(s, d);
      const colour = new Map<number, number>();
      for (const start of [...links.keys()].sort((x, y) => x - y)) {
        if (colour.has(start)) continue;
        const groups: number[][] = [[], []];
        colour.set(start, 0);
        const queue = [start];
        while (queue.length) {
          const c = queue.shift()!;
          groups[colour.get(c)!].push(c);
          for (const n of links.get(c)!) {
            if (!colour.has(n)) {
              colour.set(n, 1 - colour.get(c)!);
              queue.push(n);
            }
          }
        }
        if (groups[0].length + groups[1].length < 3) continue;
        for (const k of [0, 1]) {
          const g = groups[k];
          const clash = g.some((a, i) => g.slice(i + 1).some((b) => sees(a, b)));
          if (clash) {
            const elims: CellDigit[] = [...g].sort((a, b) => a - b).map((c) => [c, d]);
            return {
              technique: 'simple-colouring',
              place: [],
              eliminate: elims,
              explain: `simple colouring on ${d}: two cells of the colour ${cellList(g)} see each other, so that colour is false: ${describeEliminations(elims)}`,
            };
          }
        }
        const elims: CellDigit[] = [];
        for (let c = 0; c < 81; c++) {
          if (!(s.cands[c] & bit) || groups[0].includes(c) || groups[1].includes(c)) continue;
          if (groups[0].some((a) => sees(a, c)) && groups[1].some((b) => sees(b, c))) elims.push([c, d]);
        }
        if (elims.length) {
          return {
            technique: 'simple-colouring',
            place: [],
            eliminate: elims,
            explain: `simple colouring on ${d}: one of the colours ${cellList(groups[0])} / ${cellList(groups[1])} holds it: ${describeEliminations(elims)}`,
          };
        }
      }
    }
    return null;
  },
};
