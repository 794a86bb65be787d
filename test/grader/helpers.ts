/** Builders for hand-made candidate states in technique tests. */
import { expect } from 'vitest';
import { bitOf } from '../../src/core/digits.js';
import { Candidates } from '../../src/grader/candidates.js';
import type { CellDigit, Step } from '../../src/grader/technique.js';

/** Cell number of a name like "r2c7". */
export function at(name: string): number {
  const m = /^r(\d)c(\d)$/.exec(name);
  if (!m) throw new Error(`bad cell name ${name}`);
  return (Number(m[1]) - 1) * 9 + Number(m[2]) - 1;
}

/** Every cell empty with every candidate. */
export function blank(): Candidates {
  return new Candidates(new Uint8Array(81), new Uint16Array(81).fill(0x1ff));
}

/** Set the candidates of a cell. */
export function cands(s: Candidates, cell: string, digits: number[]): Candidates {
  s.cands[at(cell)] = digits.reduce((m, d) => m | bitOf(d), 0);
  return s;
}

/** Remove digit d from every cell of `cells`. */
export function without(s: Candidates, d: number, cells: string[]): Candidates {
  for (const c of cells) s.cands[at(c)] &= ~bitOf(d);
  return s;
}

/** Keep digit d in `unitCells` only at `keep` (remove it from the rest of the unit). */
export function onlyAt(s: Candidates, d: number, unitCells: string[], keep: string[]): Candidates {
  return without(
    s,
    d,
    unitCells.filter((c) => !keep.includes(c)),
  );
}

export const row = (r: number) => Array.from({ length: 9 }, (_, c) => `r${r}c${c + 1}`);
export const col = (c: number) => Array.from({ length: 9 }, (_, r) => `r${r + 1}c${c}`);
export const box = (b: number) =>
  Array.from({ length: 9 }, (_, k) => `r${Math.floor((b - 1) / 3) * 3 + Math.floor(k / 3) + 1}c${((b - 1) % 3) * 3 + (k % 3) + 1}`);

/** [cell name, digit] pairs to [cell, digit]. */
export function pairs(list: [string, number][]): CellDigit[] {
  return list.map(([c, d]) => [at(c), d]);
}

export function expectStep(step: Step | null, technique: string, expected: { place?: [string, number][]; eliminate?: [string, number][] }): void {
  expect(step).not.toBeNull();
  expect(step!.technique).toBe(technique);
  expect(step!.place).toEqual(pairs(expected.place ?? []));
  expect(step!.eliminate).toEqual(pairs(expected.eliminate ?? []));
  expect(step!.explain.length).toBeGreaterThan(10);
}
