/**
 * X-chain: a chain of one digit's places, alternating strong links (the only two places of
 * the digit in some unit: one of them holds it) and weak links (two places that see each
 * other: not both hold it), starting and ending with a strong link. If the first cell does
 * not hold the digit, the strong link puts it in the next, the weak link takes it from the
 * one after, and so on: the last cell holds it. So one of the two ends holds the digit, and
 * it leaves every cell that sees both ends. Skyscrapers and kites are X-chains of three
 * links; this finds a shortest chain (up to 11 links) that removes something, reaching
 * each cell at each link parity once.
 */
import { bitOf } from '../../core/digits.js';
import { cellName } from '../../core/units.js';
import type { Candidates } from '../candidates.js';
import type { Technique } from '../technique.js';
import { conjugatePairs, eliminationsSeenByAll, eliminationStep, sees } from './common.js';

const MAX_LINKS = 11;

export const xChain: Technique = {
  name: 'x-chain',
  weight: 6.5,
  find(s: Candidates) {
    for (let d = 1; d <= 9; d++) {
      const bit = bitOf(d);
      const cells: number[] = [];
      for (let c = 0; c < 81; c++) if (s.cands[c] & bit) cells.push(c);
      const strong = conjugatePairs(s, d);
      for (const start of [...strong.keys()].sort((x, y) => x - y)) {
        // Breadth first over (cell, next link kind); a chain never revisits a cell.
        type Node = { cell: number; path: number[] };
        let frontier: Node[] = [{ cell: start, path: [start] }];
        // Each (cell, link parity) is reached once, by a shortest chain: keeps the search small.
        const seen = new Set<number>([start * 2]);
        for (let links = 1; links <= MAX_LINKS && frontier.length; links++) {
          const strongStep = links % 2 === 1;
          const next: Node[] = [];
          for (const n of frontier) {
            const targets = strongStep ? (strong.get(n.cell) ?? []) : cells.filter((c) => c !== n.cell && sees(c, n.cell));
            for (const t of targets) {
              const state = t * 2 + (strongStep ? 1 : 0);
              if (n.path.includes(t) || seen.has(state)) continue;
              seen.add(state);
              const path = [...n.path, t];
              if (strongStep && links >= 3) {
                const elims = eliminationsSeenByAll(s, [start, t], d).filter(([c]) => !path.includes(c));
                if (elims.length) {
                  return eliminationStep('x-chain', elims, `X-chain on ${d}: ${path.map(cellName).join(' - ')} (one end holds ${d})`);
                }
              }
              next.push({ cell: t, path });
            }
          }
          frontier = next;
        }
      }
    }
    return null;
  },
};

