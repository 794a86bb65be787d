/**
 * XY-chain: a chain of cells with two candidates each, every cell seeing the next and sharing
 * a digit with it. If the first cell is not a, it is its other digit x; the next cell, which
 * sees it and holds x, is then its own other digit; and so on. When the last cell's other
 * digit is a again, one of the two ends holds a, and a leaves every cell that sees both.
 * XY-wings are XY-chains of three cells; this finds a shortest chain (up to 12 cells),
 * reaching each cell with each digit once.
 */
import { bitOf, DIGIT_OF_BIT } from '../../core/digits.js';
import { cellName } from '../../core/units.js';
import type { Candidates } from '../candidates.js';
import type { Technique } from '../technique.js';
import { bivalueCells, eliminationsSeenByAll, eliminationStep, sees } from './common.js';

const MAX_CELLS = 12;

export const xyChain: Technique = {
  name: 'xy-chain',
  weight: 6.6,
  find(s: Candidates) {
    const pairs = bivalueCells(s);
    const other = (c: number, d: number) => DIGIT_OF_BIT[s.cands[c] & ~bitOf(d)];
    for (const start of pairs) {
      for (let a = 1; a <= 9; a++) {
        if (!(s.cands[start] & bitOf(a))) continue;
        // Each node: a cell and the digit it must hold if the start is not a.
        type Node = { cell: number; holds: number; path: number[] };
        let frontier: Node[] = [{ cell: start, holds: other(start, a), path: [start] }];
        // Each (cell, digit it holds) is reached once, by a shortest chain.
        const seen = new Set<number>([start * 10 + other(start, a)]);
        for (let len = 2; len <= MAX_CELLS && frontier.length; len++) {
          const next: Node[] = [];
          for (const n of frontier) {
            for (const c of pairs) {
              if (n.path.includes(c) || !(s.cands[c] & bitOf(n.holds)) || !sees(c, n.cell)) continue;
              const holds = other(c, n.holds);
              if (seen.has(c * 10 + holds)) continue;
              seen.add(c * 10 + holds);
              const path = [...n.path, c];
              if (holds === a && len >= 3) {
                const elims = eliminationsSeenByAll(s, [start, c], a).filter(([x]) => !path.includes(x));
                if (elims.length) {
                  return eliminationStep('xy-chain', elims, `XY-chain on ${a}: ${path.map(cellName).join(' - ')} (one end holds ${a})`);
                }
              }
              next.push({ cell: c, holds, path });
            }
          }
          frontier = next;
        }
      }
    }
    return null;
  },
};
