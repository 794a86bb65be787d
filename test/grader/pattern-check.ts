/** What every step's pattern must satisfy against the position it was found in (pattern tests). */
import { readFileSync } from 'node:fs';
import { cellName, unitName, UNITS } from '../../src/core/units.js';
import type { Candidates } from '../../src/grader/candidates.js';
import type { CellDigit, Step } from '../../src/grader/technique.js';
import { sees } from '../../src/grader/techniques/common.js';

const key = ([c, d]: CellDigit) => c * 9 + d - 1;
const inUnit = (u: number, c: number) => UNITS[u].includes(c);

/** The problems found with `step.pattern` in position `s` (none: an empty list). */
export function patternProblems(s: Candidates, step: Step): string[] {
  const p = step.pattern;
  const out: string[] = [];
  const say = (what: string) => out.push(`${step.technique}: ${what} (${step.explain})`);
  if (!p) return [`${step.technique}: no pattern`];
  if (p.cells.length === 0) say('no cells');
  if (new Set(p.cells).size !== p.cells.length) say('a cell twice');
  const cells = new Set(p.cells);
  const gone = new Set(step.eliminate.map(key));
  const marked = new Set(p.candidates.map(key));
  if (marked.size !== p.candidates.length) say('a candidate twice');
  for (const [c, d] of p.candidates) {
    if (!(s.cands[c] & (1 << (d - 1)))) say(`${cellName(c)} ${d} is not a candidate`);
    if (gone.has(key([c, d]))) say(`${cellName(c)} ${d} is eliminated yet in the pattern`);
    if (!cells.has(c)) say(`candidate in ${cellName(c)} outside the pattern's cells`);
  }
  for (const u of p.units ?? []) {
    if (!(u >= 0 && u < 27)) say(`unit ${u}`);
    else if (!p.cells.some((c) => inUnit(u, c))) say(`${unitName(u)} holds no pattern cell`);
  }
  for (const d of p.digits ?? []) {
    if (!(d >= 1 && d <= 9)) say(`digit ${d}`);
    else if (!step.explain.includes(String(d))) say(`digit ${d} not in the explanation`);
  }
  // Every elimination is in the pattern's cells or sees one of them.
  for (const [c] of step.eliminate) if (!cells.has(c) && !p.cells.some((x) => sees(c, x))) say(`${cellName(c)} is far from the pattern`);
  // Every placement is in the pattern's cells.
  for (const [c] of step.place) if (!cells.has(c)) say(`placement ${cellName(c)} outside the pattern`);
  // Links join candidates of the pattern (or the step's own target) that are linked on the grid:
  // one cell, or one digit in cells that see each other.
  const ends = new Set([...marked, ...gone, ...step.place.map(key)]);
  for (const { from, to } of p.links ?? []) {
    if (!ends.has(key(from)) || !ends.has(key(to))) say(`link ${cellName(from[0])}${from[1]}-${cellName(to[0])}${to[1]} ends outside the pattern`);
    const sameCell = from[0] === to[0] && from[1] !== to[1];
    const sameDigit = from[1] === to[1] && from[0] !== to[0] && sees(from[0], to[0]);
    if (!sameCell && !sameDigit) say(`link ${cellName(from[0])}${from[1]}-${cellName(to[0])}${to[1]} joins unlinked candidates`);
  }
  return out;
}

/** Technique-specific checks where the pattern's shape is known. */
export function shapeProblems(step: Step): string[] {
  const p = step.pattern!;
  const out: string[] = [];
  const say = (what: string) => out.push(`${step.technique}: ${what} (${step.explain})`);
  const t = step.technique;
  const units = p.units ?? [];
  if (/^(x-wing|swordfish|jellyfish)$/.test(t)) {
    const n = units.length / 2;
    const base = units.slice(0, n);
    const cover = units.slice(n);
    for (const [c] of step.eliminate) {
      if (!cover.some((u) => inUnit(u, c))) say(`${cellName(c)} outside the cover lines`);
      if (base.some((u) => inUnit(u, c))) say(`${cellName(c)} inside a base line`);
    }
    for (const c of p.cells) if (!base.some((u) => inUnit(u, c)) || !cover.some((u) => inUnit(u, c))) say(`corner ${cellName(c)} off the fish`);
    for (const u of units) if (!step.explain.includes(String(u < 9 ? u + 1 : u - 8))) say(`line ${unitName(u)} not in the explanation`);
  }
  if (/^(pointing|claiming)$/.test(t)) {
    const [base, cover] = units;
    for (const c of p.cells) if (!inUnit(base, c) || !inUnit(cover, c)) say(`${cellName(c)} off the intersection`);
    for (const [c] of step.eliminate) if (!inUnit(cover, c) || inUnit(base, c)) say(`${cellName(c)} not in the cover outside the base`);
  }
  if (/^naked-(pair|triple|quad)$/.test(t)) {
    for (const [c, d] of step.eliminate) {
      if (!inUnit(units[0], c) || p.cells.includes(c)) say(`${cellName(c)} not in the unit outside the subset`);
      if (!p.digits!.includes(d)) say(`${d} not a subset digit`);
    }
  }
  if (/^hidden-(pair|triple|quad)$/.test(t)) {
    for (const [c, d] of step.eliminate) if (!p.cells.includes(c) || p.digits!.includes(d)) say(`${cellName(c)} ${d} is not a non-subset digit of a subset cell`);
  }
  if (/^(naked-|hidden-|direct-|pointing|claiming|full-house)/.test(t)) for (const u of units) if (!step.explain.includes(unitName(u))) say(`${unitName(u)} not in the explanation`);
  if (t === 'xy-wing' || t === 'xyz-wing') {
    const [pivot, a, b] = p.cells;
    for (const [c] of step.eliminate) if (!sees(c, a) || !sees(c, b) || (t === 'xyz-wing' && !sees(c, pivot))) say(`${cellName(c)} does not see the pincers`);
  }
  if (t === 'hidden-single' || t === 'naked-single' || t === 'full-house') {
    if (p.cells.length !== 1 || p.cells[0] !== step.place[0][0]) say('the single is not its cell');
  }
  if (p.links?.length) {
    for (const { from, to, strong } of p.links) if (strong && from[0] !== to[0] && from[1] !== to[1]) say('strong link across cells and digits');
  }
  return out;
}

/** Puzzles of a fixture file (test/fixtures/...), one line in `every`. */
export function fixturePuzzles(file: string, every = 1): string[] {
  return readFileSync(new URL(`../fixtures/${file}`, import.meta.url), 'utf8')
    .split('\n')
    .filter((l) => l && !l.startsWith('#'))
    .map((l) => l.split('\t')[0].trim())
    .filter((p, i) => p.length === 81 && i % every === 0);
}

/** Puzzles whose graded paths reach every technique up to the chains (and most step names). */
export function patternSources(): string[] {
  return [
    ...fixturePuzzles('se-rated/basic.tsv', 4),
    ...fixturePuzzles('se-rated/er-4-to-7.5.tsv', 2),
    ...fixturePuzzles('se-rated/wings-er.tsv', 2),
    ...fixturePuzzles('se-rated/unique-er-4.5-7.tsv', 6),
    ...fixturePuzzles('chaining/se-rated-7-9.tsv', 3),
  ];
}
