import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { Bank } from '../../src/bank/bank.js';
import { canonicalString } from '../../src/core/canonical.js';
import { formatGrid, parseGrid } from '../../src/core/grid.js';
import { checkLine } from '../../src/audit/check.js';
import { makePuzzle } from '../../src/generator/make.js';
import { gradePuzzle, graderId } from '../../src/grader/grade.js';
import { collisionBound, HashSet128 } from '../../src/audit/hash-set.js';
import { runCli, runCliAsync } from '../helpers/cli.js';
import { readPdf } from '../helpers/pdf.js';

const FIXTURE = 'test/fixtures/audit/collection.txt';
const tmp = mkdtempSync(join(tmpdir(), 'sp-audit-'));


describe('sudoku-press audit', () => {
  // The fixture is audited three times at once: with workers, on the main thread, and into --out files.
  const out = join(tmp, 'report');
  let json: ReturnType<typeof JSON.parse>;
  let inline: typeof json;
  let written: Awaited<ReturnType<typeof runCliAsync>>;
  beforeAll(async () => {
    const runs = await Promise.all([
      runCliAsync(['audit', FIXTURE, '--format', 'json', '--workers', '2']),
      runCliAsync(['audit', FIXTURE, '--format', 'json', '--workers', '0']),
      runCliAsync(['audit', FIXTURE, '--out', out]),
    ]);
    [json, inline] = runs.slice(0, 2).map((r) => JSON.parse(r.stdout));
    written = runs[2];
  }, 60_000);

  it('finds every problem of the fixture, with line numbers', () => {
    expect(json.total).toBe(11);
    expect(json.valid).toBe(6);
    expect(json.problems).toEqual({ malformed: 3, unsolvable: 1, multiple: 1, notMinimal: 1, duplicates: 1 });
    expect(json.problemLines.map((p: { line: number; problem: string }) => `${p.line}:${p.problem}`)).toEqual([
      '5:malformed',
      '6:malformed',
      '7:unsolvable',
      '8:multiple',
      '9:notMinimal',
      '11:duplicate',
      '13:malformed',
    ]);
  });

  it('reports the distribution and the label table the grader gives line by line', () => {
    const lines = readFileSync(FIXTURE, 'utf8').split('\n');
    const valid = [2, 3, 4, 9, 10, 11].map((n) => {
      const t = lines[n - 1];
      const [cells, label] = t.startsWith('{') ? [JSON.parse(t).puzzle, JSON.parse(t).label] : t.split('\t');
      return { g: gradePuzzle(parseGrid(cells)), label };
    });
    const buckets: Record<string, number> = {};
    for (const { g } of valid) buckets[g.bucket] = (buckets[g.bucket] ?? 0) + 1;
    expect(json.buckets).toEqual(buckets);
    // The two hardest need chains (alternating inference chains, ER 7.2): master.
    expect(json.buckets).toEqual({ medium: 2, easy: 2, master: 2 });
    expect(json.confusion).toEqual({ medium: { medium: 2 }, easy: { easy: 2 }, hard: { master: 1 } });
    expect(json.clues).toEqual({ '9': 1, '17': 5, '19': 1, '34': 1 });
    expect(Object.values(json.ratings).reduce((a: number, b) => a + (b as number), 0)).toBe(6);
    for (const { g } of valid) if (g.hardest) expect(json.techniques[g.hardest].needed).toBeGreaterThan(0);
    expect(json.techniques['hidden-single']).toEqual({ needed: 0, used: 6 });
    expect(Object.keys(json).sort()).toEqual(
      ['buckets', 'clues', 'confusion', 'files', 'kinds', 'minimalForSymmetry', 'problemLines', 'problems', 'ratings', 'shares', 'techniques', 'total', 'valid'].sort(),
    );
  });

  it('gives the same report on the main thread and with workers, as text and csv too', () => {
    expect(inline).toEqual(json);
    const text = readFileSync(join(out, 'report.txt'), 'utf8');
    expect(text).toContain('duplicates      1');
    expect(text).toContain('line 9: notMinimal');
    expect(text).toMatch(/label \(input\) against bucket/);
    const csv = readFileSync(join(out, 'report.csv'), 'utf8').trim().split('\n');
    expect(csv[0]).toBe('kind,name,value,extra');
    expect(csv).toContain('problem,notMinimal,1,');
    expect(csv).toContain('confusion,hard,1,master');
    expect(JSON.parse(readFileSync(join(out, 'report.json'), 'utf8'))).toEqual(json);
  });

  it('writes json, csv, text and a PDF with charts with --out', async () => {
    expect(written.status).toBe(0);
    for (const f of ['report.json', 'report.csv', 'report.txt', 'report.pdf']) expect(existsSync(join(out, f))).toBe(true);
    const pdf = await readPdf(join(out, 'report.pdf'));
    expect(pdf.pages.length).toBe(2);
    const text = pdf.pages.map((p) => p.map((t) => t.str).join(' ')).join(' ');
    expect(text).toContain('Puzzles per bucket');
    expect(text).toContain('Puzzles using each technique');
  });

  it('audits a bank, labelling each puzzle with its banked bucket', () => {
    const file = join(tmp, 'audit.sqlite');
    const b = Bank.open(file);
    const p = parseGrid(readFileSync(FIXTURE, 'utf8').split('\n')[1].split('\t')[0]);
    const g = gradePuzzle(p);
    b.add([{ ...g, grader: graderId(), solution: g.solution!, canon: canonicalString(p), clues: 17, seed: null }]);
    b.close();
    const r = JSON.parse(runCli(['audit', file, '--format', 'json']).stdout);
    expect(r).toMatchObject({ total: 1, valid: 1, confusion: { [g.bucket]: { [g.bucket]: 1 } } });
  });

  it('never fails on bad lines, and names missing files', () => {
    // The --out run above read the fixture's bad lines and still succeeded.
    expect(written.status).toBe(0);
    const r = runCli(['audit', join(tmp, 'none.txt')]);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('none.txt: no such file');
  });
});

describe('compact hash set', () => {
  it('tells members from new strings across growth', () => {
    const s = new HashSet128();
    let added = 0;
    for (let i = 0; i < 200_000; i++) if (s.add(`p${i}`)) added++;
    expect(added).toBe(200_000);
    let again = 0;
    for (let i = 0; i < 200_000; i += 997) if (s.add(`p${i}`)) again++;
    expect(again).toBe(0);
    expect(s.size).toBe(200_000);
  });

  it('keeps canonical forms apart that differ in one cell, and states its collision bound', () => {
    const s = new HashSet128();
    const base = '1'.repeat(81);
    for (let cell = 0; cell < 81; cell++) for (let d = 0; d <= 9; d++) s.add(base.slice(0, cell) + d + base.slice(cell + 1));
    expect(s.size).toBe(81 * 9 + 1);
    expect(collisionBound(1e7)).toBeLessThan(1e-24);
    expect(collisionBound(1e7)).toBeGreaterThan(1e-26);
    expect(collisionBound(1)).toBe(0);
  });
});

describe('minimality', () => {
  it('tells minimal, minimal for its symmetry, and not minimal apart', () => {
    const symmetric = Array.from({ length: 6 }, (_, i) => makePuzzle({ fill: 'diagonal', dig: 'remove', symmetry: 'rotational' }, `min-${i}`).puzzle);
    const results = symmetric.map((p, i) => checkLine({ lineNo: i + 1, text: formatGrid(p) }, 'gen'));
    for (const r of results) {
      expect(r.status).toBe('valid');
      if (r.status !== 'valid') continue;
      expect(['minimal', 'symmetric']).toContain(r.minimal);
      if (r.minimal === 'symmetric') expect(r.symmetry).toBe('rotational');
    }
    // Generated rotational puzzles are almost never minimal outright.
    expect(results.some((r) => r.status === 'valid' && r.minimal === 'symmetric')).toBe(true);
    // Add back one clue of a minimal asymmetric puzzle: not minimal, and no symmetry rescues it.
    const m = makePuzzle({ fill: 'diagonal', dig: 'remove', symmetry: 'none' }, 'min-none');
    const extra = m.puzzle.slice();
    const blank = extra.findIndex((d) => d === 0);
    extra[blank] = m.solution[blank];
    expect(checkLine({ lineNo: 1, text: formatGrid(m.puzzle) }, 'gen')).toMatchObject({ minimal: 'minimal' });
    expect(checkLine({ lineNo: 1, text: formatGrid(extra) }, 'gen')).toMatchObject({ minimal: 'no' });
  });
});
