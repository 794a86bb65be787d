/**
 * Building a step's `pattern` (technique.ts: StepPattern) where the step is built: the cells
 * of the pattern with their candidates of the given digits, the eliminated candidates left out.
 */
import type { CellDigit, StepPattern } from './technique.js';

/**
 * The pattern made of `cells` (in the order given, each once) and their candidates among
 * `digitMask` (bit d - 1: digit d), less what the step eliminates.
 */
export function cellsPattern(
  cands: Uint16Array,
  cells: readonly number[],
  digitMask: number,
  eliminate: readonly CellDigit[],
  about: { units?: number[]; digits?: number[] } = {},
): StepPattern {
  const gone = new Set(eliminate.map(([c, d]) => c * 9 + d - 1));
  const seen = new Set<number>();
  const out: number[] = [];
  const candidates: CellDigit[] = [];
  for (const c of cells) {
    if (seen.has(c)) continue;
    seen.add(c);
    out.push(c);
    for (let m = cands[c] & digitMask; m; m &= m - 1) {
      const d = 32 - Math.clz32(m & -m);
      if (!gone.has(c * 9 + d - 1)) candidates.push([c, d]);
    }
  }
  const pattern: StepPattern = { cells: out, candidates };
  if (about.units) pattern.units = [...new Set(about.units)];
  if (about.digits) pattern.digits = [...new Set(about.digits)].sort((a, b) => a - b);
  return pattern;
}

/** Digits 1-9 of a mask (bit d - 1). */
function digitList(mask: number): number[] {
  const out: number[] = [];
  for (let d = 1; d <= 9; d++) if (mask & (1 << (d - 1))) out.push(d);
  return out;
}

/**
 * The pattern of chains given as candidate indexes (cell * 9 + digit - 1) and states, each
 * first to last: the candidates in chain order (each once, eliminated ones left out), their
 * cells, their digits and a link between consecutive ones, strong when it makes the next one
 * "on". `linked[k]`, when given, says whether the link into the k-th candidate is a single
 * implication (links that are not are left out).
 */
export function chainsPattern(
  chains: readonly { pots: readonly number[]; ons: readonly boolean[]; linked?: readonly boolean[] }[],
  eliminate: readonly CellDigit[],
): StepPattern {
  const gone = new Set(eliminate.map(([c, d]) => c * 9 + d - 1));
  const seenPot = new Set<number>();
  const seenCell = new Set<number>();
  const cells: number[] = [];
  const candidates: CellDigit[] = [];
  const links: NonNullable<StepPattern['links']> = [];
  let digits = 0;
  const cd = (pot: number): CellDigit => [(pot / 9) | 0, (pot % 9) + 1];
  for (const { pots, ons, linked } of chains) {
    for (let k = 0; k < pots.length; k++) {
      const pot = pots[k];
      const cell = (pot / 9) | 0;
      if (!seenCell.has(cell)) {
        seenCell.add(cell);
        cells.push(cell);
      }
      digits |= 1 << pot % 9;
      if (!seenPot.has(pot) && !gone.has(pot)) {
        seenPot.add(pot);
        candidates.push(cd(pot));
      }
      if (k > 0 && pots[k - 1] !== pot && (!linked || linked[k])) links.push({ from: cd(pots[k - 1]), to: cd(pot), strong: ons[k] });
    }
  }
  return { cells, candidates, digits: digitList(digits), links };
}
