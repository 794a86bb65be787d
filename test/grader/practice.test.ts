import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseGrid } from '../../src/core/grid.js';
import { unitName } from '../../src/core/units.js';
import { Candidates } from '../../src/grader/candidates.js';
import { applyStep } from '../../src/grader/grade.js';
import { practicePosition, type PracticePosition } from '../../src/grader/practice.js';
import { stepHint, stepPrompt } from '../../src/grader/step-words.js';
import { EN } from '../../src/typeset/i18n/en.js';
import { TECHNIQUES } from '../../src/grader/registry.js';
import { solveUnique } from '../../src/solver/solver.js';
import { runCli } from '../helpers/cli.js';
import { patternProblems } from './pattern-check.js';

const hintText = (step: Parameters<typeof stepHint>[1]): string => stepHint(EN, step);

const PUZZLES = ['se-rated/er-4-to-7.5.tsv', 'se-rated/wings-er.tsv', 'se-rated/unique-er-4.5-7.tsv']
  .flatMap((f) => readFileSync(new URL(`../fixtures/${f}`, import.meta.url), 'utf8').split('\n'))
  .filter((l) => l && !l.startsWith('#'))
  .map((l) => l.split('\t')[0])
  .filter((_, i) => i % 3 === 0);

/** The grader's first step from a position (every technique, Sudoku Explainer's order). */
function firstStep(values: Uint8Array, cands: Uint16Array) {
  const s = new Candidates(values.slice(), cands.slice());
  s.unique = true;
  for (const t of TECHNIQUES) {
    const step = t.find(s, { work: 0, maxWork: 50_000_000, maxLevel: 3 });
    if (step) return step;
  }
  return null;
}

function found(technique: string, max: number): { puzzle: string; position: PracticePosition }[] {
  const out: { puzzle: string; position: PracticePosition }[] = [];
  for (const puzzle of PUZZLES) {
    const position = practicePosition(parseGrid(puzzle), technique);
    if (position) out.push({ puzzle, position });
    if (out.length >= max) break;
  }
  return out;
}

describe('practice positions', () => {
  // Step names as grade prints them, and registry names that cover several of them.
  const names = ['pointing', 'naked-pair', 'x-wing', 'swordfish', 'xy-wing', 'turbot-fish', 'unique-loop', 'bug', 'forcing-chain-cycle'];

  for (const name of names) {
    it(`${name}: the position before its first use, whose first step is that step, sound, with a prompt and a hint`, () => {
      const list = found(name, 1);
      expect(list.length).toBeGreaterThan(0);
      for (const { puzzle, position } of list) {
        const grid = parseGrid(puzzle);
        // The earlier steps applied to the puzzle give the position, and none of them is the technique.
        const s = Candidates.fromPuzzle(grid);
        for (const step of position.before) {
          expect(step.technique).not.toBe(name);
          applyStep(s, step);
        }
        expect(s.values).toEqual(position.values);
        expect(s.cands).toEqual(position.cands);
        // The marked step is exactly the grader's first step from there.
        const first = firstStep(position.values, position.cands)!;
        expect({ technique: first.technique, place: first.place, eliminate: first.eliminate, pattern: first.pattern }).toEqual({
          technique: position.step.technique,
          place: position.step.place,
          eliminate: position.step.eliminate,
          pattern: position.step.pattern,
        });
        // Sound against the solution.
        const r = solveUnique(grid);
        if (!('solution' in r)) throw new Error('not unique');
        for (const [c, d] of position.step.place) expect(r.solution[c]).toBe(d);
        for (const [c, d] of position.step.eliminate) expect(r.solution[c]).not.toBe(d);
        expect(patternProblems(s, position.step)).toEqual([]);
        expect(stepPrompt(EN, position.step)).toMatch(/^Find the /);
        expect(hintText(position.step)).toMatch(/^Look /);
      }
    });
  }

  it('a fish is asked for with its digit, and hinted with its base lines', () => {
    const [{ position }] = found('x-wing', 1);
    const d = position.step.pattern!.digits![0];
    expect(stepPrompt(EN, position.step)).toBe(`Find the X-wing on ${d}`);
    const units = position.step.pattern!.units!;
    const base = units.slice(0, 2).map((u) => unitName(u).split(' ')[1]);
    expect(hintText(position.step)).toBe(`Look for an X-wing on ${d} in ${unitName(units[0]).split(' ')[0]}s ${base[0]} and ${base[1]}`);
    expect(position.step.explain).toContain(`${unitName(units[0]).split(' ')[0]}s ${base[0]} and ${base[1]}`);
  });

  it('singles are hinted with their unit and digit; chains with where they start', () => {
    const hidden = found('hidden-single', 1)[0].position.step;
    expect(hintText(hidden)).toBe(`Look at ${unitName(hidden.pattern!.units![0])} for ${hidden.place[0][1]}`);
    const chain = found('forcing-chain-cycle', 1)[0].position.step;
    const [c, d] = chain.pattern!.links![0].from;
    expect(hintText(chain)).toContain(`starting from ${d} in r${Math.floor(c / 9) + 1}c${(c % 9) + 1}`);
  });

  it('a technique the path never uses gives no position', () => {
    expect(practicePosition(parseGrid(PUZZLES[0]), 'jellyfish')).toBeNull();
  });
});

describe('sudoku-press practice', () => {
  it('prints each puzzle practice position as jsonl and writes its diagram', () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'sp-practice-')), 'svg');
    const input = PUZZLES.slice(0, 12);
    const r = runCli(['practice', '--technique', 'x-wing', '--svg', dir], input.join('\n') + '\n');
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const rows = r.stdout.trim().split('\n').map((l) => JSON.parse(l));
    const expected = input.map((p) => practicePosition(parseGrid(p), 'x-wing'));
    expect(rows.length).toBe(expected.filter(Boolean).length);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      const p = expected[input.indexOf(row.puzzle)]!;
      expect(row.values).toBe(Array.from(p.values, (v) => (v ? String(v) : '.')).join(''));
      expect(row.candidates.map((c: string) => [...c].reduce((m, d) => m | (1 << (Number(d) - 1)), 0))).toEqual([...p.cands]);
      expect(row.step.eliminate).toEqual(p.step.eliminate);
      expect(row.prompt).toBe(stepPrompt(EN, p.step));
      expect(row.hint).toBe(hintText(p.step));
      const svg = readFileSync(join(dir, `${input.indexOf(row.puzzle) + 1}-${row.stepNumber}-x-wing.svg`), 'utf8');
      expect(svg).toContain('data-role="eliminated"');
    }
    expect(readdirSync(dir).length).toBe(rows.length);
  });

  it('refuses an unknown technique in one line, naming the known ones', () => {
    const r = runCli(['practice', '--technique', 'x-wings'], PUZZLES[0] + '\n');
    expect(r.status).toBe(1);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toContain('x-wing,');
  });
});
