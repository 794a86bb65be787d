/** Loading candidate states and puzzles for the chaining tests (test/fixtures/chaining/). */
import { readFileSync } from 'node:fs';
import { parseGrid } from '../../../src/core/grid.js';
import { Candidates } from '../../../src/grader/candidates.js';
import { applyStep } from '../../../src/grader/grade.js';
import { TECHNIQUES } from '../../../src/grader/registry.js';
import type { FindContext, Step, Technique } from '../../../src/grader/technique.js';
import { solveUnique } from '../../../src/solver/solver.js';

const DIR = new URL('../../fixtures/chaining/', import.meta.url);

/** A state file: a comment line, then 81 cells ("=d" placed, otherwise the candidates). */
export function loadState(name: string): Candidates {
  const line = readFileSync(new URL(`${name}.txt`, DIR), 'utf8')
    .split('\n')
    .find((l) => l.trim() && !l.startsWith('#'))!;
  const cells = line.trim().split(/\s+/);
  if (cells.length !== 81) throw new Error(`${name}.txt: expected 81 cells, found ${cells.length}`);
  const s = new Candidates(new Uint8Array(81), new Uint16Array(81));
  cells.forEach((tok, c) => {
    if (tok.startsWith('=')) s.values[c] = Number(tok.slice(1));
    else for (const ch of tok) s.cands[c] |= 1 << (Number(ch) - 1);
  });
  return s;
}

export function loadPuzzles(file: string): string[] {
  return readFileSync(new URL(file, DIR), 'utf8')
    .split('\n')
    .map((l) => l.split('\t')[0].trim())
    .filter((l) => l.length === 81);
}

/** Non-chaining techniques of the registry, for reaching the chaining part of real puzzles. */
const NOT_SE = new Set(['x-chain', 'xy-chain', 'w-wing']);
export function cheapTechniques(exclude: ReadonlySet<string>): Technique[] {
  return TECHNIQUES.filter((t) => t.weight < 6.5 && !NOT_SE.has(t.name) && !exclude.has(t.name));
}

export interface CheckedRun {
  solved: boolean;
  /** Steps of the checked producers, each verified against the solution. */
  checked: number;
  /** Steps whose placement or elimination contradicts the solution. */
  wrong: Step[];
  stopped?: string;
}

/** Solve with `producers` in order (first step of the first producer), checking `watched` steps. */
export function runChecked(puzzle: string, producers: readonly Technique[], watched: ReadonlySet<string>, ctx: FindContext): CheckedRun {
  const grid = parseGrid(puzzle);
  const r = solveUnique(grid);
  if (!('solution' in r)) throw new Error(`not a proper puzzle: ${puzzle}`);
  const solution = r.solution;
  const s = Candidates.fromPuzzle(grid);
  const out: CheckedRun = { solved: false, checked: 0, wrong: [] };
  for (;;) {
    if (s.isSolved()) {
      out.solved = true;
      return out;
    }
    let step: Step | null = null;
    let by: Technique | null = null;
    for (const t of producers) {
      step = t.find(s, ctx);
      if (step) {
        by = t;
        break;
      }
      if (ctx.stopped) {
        out.stopped = ctx.stopped;
        return out;
      }
    }
    if (!step || !by) return out;
    if (watched.has(by.name)) {
      out.checked++;
      const bad = step.place.some(([c, d]) => solution[c] !== d) || step.eliminate.some(([c, d]) => solution[c] === d);
      if (bad) out.wrong.push(step);
    }
    applyStep(s, step);
  }
}
