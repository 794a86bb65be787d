/** A daily schedule that gives a weekday another kind: a week of classic days with one of another kind. */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { Bank } from '../../src/bank/bank.js';
import { kindCanon } from '../../src/bank/kinds.js';
import { dateRange } from '../../src/daily/daily.js';
import { solvesPuzzle } from '../../src/geometry/geometry.js';
import { parsePuzzleJson } from '../../src/geometry/json.js';
import { bucketOfKind } from '../../src/geometry/rate.js';
import { countSolutions } from '../../src/geometry/solver.js';
import { ROOT, runCli } from '../helpers/cli.js';
import { readPdf } from '../helpers/pdf.js';
import { blackOnlyProblems } from '../typeset/pdf-ops.js';

const tmp = mkdtempSync(join(tmpdir(), 'sp-daily-kinds-'));

/** The day of another kind, as the schedule names it. */
const KIND = { kind: 'killer', size: 9, bucket: 'hard' } as const;
const SATURDAY = `  saturday:  { kind: ${KIND.kind}, size: ${KIND.size}, bucket: ${KIND.bucket} }`;

/** config/daily.yaml with Saturday's line replaced by `saturday` and its bank and output in a temporary folder. */
function job(name: string, saturday = SATURDAY): string {
  const text = readFileSync(join(ROOT, 'config/daily.yaml'), 'utf8')
    .replace('bank: output/bank.sqlite', `bank: ${join(tmp, `${name}.sqlite`)}\noutput: ${join(tmp, name)}`)
    .replace(/^ {2}saturday: .*$/m, saturday);
  const file = join(tmp, `${name}.yaml`);
  writeFileSync(file, text);
  return file;
}

const readDay = (name: string, date: string) => JSON.parse(readFileSync(join(tmp, name, date, 'puzzle.json'), 'utf8')) as Record<string, unknown>;

describe(`daily with a ${KIND.kind} Saturday`, () => {
  const week = dateRange('2027-01-04', 7);
  const saturday = '2027-01-09';
  beforeAll(() => {
    const r = runCli(['daily', job('week'), '--from', week[0], '--days', '7', '--workers', '1', '--publish-until', week[6]]);
    expect(r.status, r.stderr).toBe(0);
  }, 180_000);

  it('gives Saturday a unique puzzle of its kind in its bucket, the other days 9x9 classic', () => {
    for (const d of week) {
      const day = readDay('week', d);
      expect(day.kind ?? 'classic', d).toBe(d === saturday ? KIND.kind : 'classic');
    }
    const day = readDay('week', saturday);
    const { geometry, puzzle, solution } = parsePuzzleJson(JSON.stringify(day), saturday);
    expect(geometry.size).toBe(KIND.size);
    expect(countSolutions(geometry, puzzle, 2)).toBe(1);
    expect(solvesPuzzle(geometry, puzzle, solution!)).toBe(true);
    expect(day.bucket).toBe(KIND.bucket);
    expect(bucketOfKind(KIND.kind, KIND.size, day.rating as number)).toBe(KIND.bucket);
    // Recorded in the bank under its kind.
    const b = Bank.open(join(tmp, 'week.sqlite'), { create: false });
    try {
      expect(b.isUsed(kindCanon(geometry, puzzle), KIND.kind, KIND.size)).toBe(true);
      expect(b.usedBy('daily', `daily:${saturday}`).map((p) => [p.kind, p.size])).toEqual([[KIND.kind, KIND.size]]);
    } finally {
      b.close();
    }
  });

  it("prints the kind's grid and rules on Saturday's page, and its solution on Sunday's, in black only", async () => {
    const day = readDay('week', saturday);
    const { geometry, puzzle } = parsePuzzleJson(JSON.stringify(day), saturday);
    const pdf = await readPdf(join(tmp, 'week', saturday, 'puzzle.pdf'));
    const text = pdf.pages[0].map((t) => t.str).join(' ');
    expect(text).toContain('Saturday 9 January 2027');
    expect(text).toContain('dashed cage add up to its small number, none repeated.');
    expect(text).not.toContain('three-by-three');
    // Every cage's sum is printed.
    const sums = pdf.pages[0].filter((t) => /^\d+$/.test(t.str) && Number(t.str) > 9).map((t) => Number(t.str));
    for (const cage of geometry.cages.filter((c) => c.sum > 9)) expect(sums).toContain(cage.sum);
    expect(blackOnlyProblems(join(tmp, 'week', saturday, 'puzzle.pdf'))).toEqual([]);
    // The givens, then Sunday: its own grid's givens and Saturday's whole solution.
    const small = Math.min(...pdf.pages[0].filter((t) => /^[1-9]$/.test(t.str)).map((t) => t.size));
    const digits = (items: { str: string; size: number }[]) => items.filter((t) => /^[1-9]$/.test(t.str) && t.size > small).length;
    // Cage sums are set small: the digits are the givens and Friday's whole solution.
    expect(digits(pdf.pages[0])).toBe(puzzle.filter((d) => d !== 0).length + 81);
    const sunday = await readPdf(join(tmp, 'week', '2027-01-10', 'puzzle.pdf'));
    expect(sunday.pages[0].map((t) => t.str).join(' ')).toContain('Solution to Sat 9 Jan');
    // The SVGs draw the kind's grid: dashed cages with their sums, and the givens.
    const svg = readFileSync(join(tmp, 'week', saturday, 'puzzle.svg'), 'utf8');
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg).toContain('stroke-dasharray');
    expect((svg.match(/<text /g) ?? []).length).toBe(puzzle.filter((d) => d !== 0).length + geometry.cages.length);
    const full = readFileSync(join(tmp, 'week', saturday, 'puzzle-full.svg'), 'utf8');
    expect(full).toContain('Saturday 9 January 2027');
    expect(full).toContain('<svg x="0" y=');
    // The web edition plays the kind: Saturday's page carries its layout and the grader's path, and the days link through it.
    const data = (d: string) => JSON.parse(/<script type="application\/json"[^>]*>(.*?)<\/script>/s.exec(readFileSync(join(tmp, 'week', d, 'index.html'), 'utf8'))![1]);
    const sat = data(saturday);
    expect(sat.layout.kind).toBe(KIND.kind);
    expect(sat.layout.cages).toEqual(geometry.cages.map((c) => ({ sum: c.sum, cells: [...c.cells] })));
    expect(sat.puzzle).toBe(day.puzzle);
    expect(sat.steps.length).toBeGreaterThan(0);
    expect(data('2027-01-08').layout).toBeUndefined();
    expect(data('2027-01-08').links.next).toBe('../2027-01-09/index.html');
    expect(data('2027-01-10').links.prev).toBe('../2027-01-09/index.html');
    // The day list and the feed name it.
    const index = JSON.parse(readFileSync(join(tmp, 'week', 'web', 'index.json'), 'utf8')) as { dates: { date: string; html: string }[] };
    expect(index.dates.map((e) => e.date)).toContain(saturday);
    const feed = JSON.parse(readFileSync(join(tmp, 'week', 'web', 'feed.json'), 'utf8')) as { items: { url: string; summary: string }[] };
    expect(feed.items.map((i) => i.url)).toContain(`${saturday}/index.html`);
    // Its rating is SE-like, the classic days' Sudoku Explainer's.
    const summary = (d: string) => feed.items.find((i) => i.url === `${d}/index.html`)!.summary;
    expect(summary(saturday)).toMatch(/SE-like rating \d+\.\d/);
    expect(summary('2027-01-08')).toMatch(/(^|, )SE rating \d+\.\d/);
    expect(index.dates.find((e) => e.date === saturday)).toMatchObject({ kind: KIND.kind, size: KIND.size });
    expect(index.dates.find((e) => e.date === '2027-01-08')).not.toHaveProperty('kind');
  });

  it('gives a date the same puzzle again, and the next Saturday another', () => {
    const again = runCli(['daily', job('week'), '--from', saturday, '--days', '1', '--workers', '1']);
    expect(again.status, again.stderr).toBe(0);
    expect(again.stdout).toMatch(/\(1 from the bank, 0 new\)/);
    const next = runCli(['daily', job('week'), '--from', '2027-01-16', '--days', '1', '--workers', '1']);
    expect(next.status, next.stderr).toBe(0);
    const form = (d: string) => {
      const r = parsePuzzleJson(JSON.stringify(readDay('week', d)), d);
      return kindCanon(r.geometry, r.puzzle);
    };
    expect(form('2027-01-16')).not.toBe(form(saturday));
  }, 120_000);

  it('rejects a kind the day cannot have, naming the file, line and field', () => {
    const bad = (name: string, line: string, pattern: RegExp) => {
      const r = runCli(['daily', job(name, line), '--from', saturday, '--days', '1']);
      expect(r.status).toBe(1);
      expect(r.stderr).toMatch(pattern);
      expect(r.stderr).not.toMatch(/\n\s+at /);
    };
    bad('k12', '  saturday: { kind: killer, size: 12, bucket: hard }', /k12\.yaml:\d+:\d+ schedule\.saturday\.size: killer comes in sizes up to 9/);
    bad('kx', '  saturday: { kind: kilers, bucket: hard }', /kx\.yaml:\d+:\d+ schedule\.saturday\.kind: .*kilers/);
    bad('kb', '  saturday: { kind: jigsaw, size: 6, bucket: fiendish }', /kb\.yaml:\d+:\d+ schedule\.saturday\.bucket: .*6x6 jigsaw/);
    bad('kn', '  saturday: { kind: x, bucket: hard, needs: x-wing }', /kn\.yaml:\d+:\d+ schedule\.saturday\.needs: .*9x9 x/);
  });
});
