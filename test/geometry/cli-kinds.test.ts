import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';
import { parsePuzzleJson } from '../../src/geometry/json.js';
import { referenceCount } from '../../src/geometry/reference.js';
import { runCli } from '../helpers/cli.js';

const lines = (text: string) => text.trim().split('\n');

describe('generate, solve and canon with --kind and --size', () => {
  it('prints JSON lines of unique puzzles for other kinds, reproducibly, that solve and canon read back', () => {
    const dir = mkdtempSync(join(tmpdir(), 'kinds-'));
    const file = join(dir, 'mixed.jsonl');
    const made: string[] = [];
    for (const args of [['--kind', 'x', '--size', '6'], ['--kind', 'jigsaw', '--size', '6'], ['--kind', 'killer', '--size', '4', '--diagonals'], ['--kind', 'classic', '--size', '4', '--symmetry', 'rotational']]) {
      const r = runCli(['generate', '-n', '2', '--seed', 'cli', ...args]);
      expect(r.stderr).toBe('');
      expect(r.status).toBe(0);
      expect(runCli(['generate', '-n', '2', '--seed', 'cli', '--workers', '2', ...args]).stdout).toBe(r.stdout);
      for (const line of lines(r.stdout)) {
        const rec = JSON.parse(line);
        expect(rec).toMatchObject({ kind: args[1], size: Number(args[3]) });
        const { geometry, puzzle, solution } = parsePuzzleJson(line, 'out');
        const slow = referenceCount(geometry, puzzle, 2);
        expect(slow.count).toBe(1);
        expect(slow.first).toEqual(solution);
        made.push(line);
      }
    }
    // A 9x9 classic line among them stays a line.
    const classic = runCli(['generate', '-n', '1', '--seed', 'cli']).stdout.trim();
    expect(classic).toMatch(/^[.1-9]{81}$/);
    writeFileSync(file, [...made, classic].join('\n') + '\n');
    const solved = runCli(['solve', file]);
    expect(solved.status).toBe(0);
    expect(lines(solved.stdout)).toEqual([...made.map((l) => JSON.parse(l).solution), expect.stringMatching(/^[1-9]{81}$/)]);
    const counted = runCli(['solve', '--count', '--format', 'jsonl', file]);
    expect(lines(counted.stdout).map((l) => JSON.parse(l).solutions)).toEqual(made.map(() => 1).concat(1));
    const canon = runCli(['canon', file]);
    expect(canon.status).toBe(0);
    const forms = lines(canon.stdout);
    expect(forms.length).toBe(made.length + 1);
    for (let i = 0; i < made.length; i++) {
      const form = JSON.parse(forms[i]);
      expect(form.kind).toBe(JSON.parse(made[i]).kind);
      // The canonical puzzle is a puzzle of the same kind with one solution.
      const back = parsePuzzleJson(forms[i], 'canon');
      expect(referenceCount(back.geometry, back.puzzle, 2).count).toBe(1);
    }
  });

  it('keeps 9x9 classic exactly as it was, and refuses what other kinds do not have yet', () => {
    expect(runCli(['generate', '-n', '3', '--seed', 's', '--kind', 'classic', '--size', '9']).stdout).toBe(runCli(['generate', '-n', '3', '--seed', 's']).stdout);
    const needs = runCli(['generate', '-n', '1', '--kind', 'x', '--needs', 'x-wing']);
    expect(needs.status).toBe(1);
    expect(needs.stderr).toMatch(/--needs: 9x9 classic only/);
    const bucket = runCli(['generate', '-n', '1', '--kind', 'x', '--size', '6', '--bucket', 'master']);
    expect(bucket.status).toBe(1);
    expect(bucket.stderr).toBe('sudoku-press: --bucket: 6x6 x has the buckets easy, medium, hard, expert; got "master"\n');
    const size = runCli(['generate', '-n', '1', '--kind', 'killer', '--size', '12']);
    expect(size.status).toBe(1);
    expect(size.stderr).toMatch(/--size: killer comes in sizes up to 9/);
    const sym = runCli(['generate', '-n', '1', '--kind', 'jigsaw', '--symmetry', 'rotational']);
    expect(sym.stderr).toMatch(/jigsaw regions are made at random/);
    expect(sym.stderr.split('\n').length).toBeLessThanOrEqual(3);
  });

  it('reports a bad JSON line with its file, line and field, and goes on', () => {
    const dir = mkdtempSync(join(tmpdir(), 'kinds-'));
    const file = join(dir, 'bad.jsonl');
    const good = '{"kind":"classic","size":4,"puzzle":"1.......3.1....2"}';
    writeFileSync(file, [good, '{"kind":"jigsaw","size":4,"regions":"AABBAABBCCDDCDDC","puzzle":"................"}', good].join('\n'));
    const r = runCli(['solve', '--count', file]);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain(`${file}: line 2: regions: region 'C' is not connected`);
    expect(r.stderr).not.toMatch(/at .*\.js/);
    expect(lines(r.stdout).length).toBe(2);
  });

  it('generates graded puzzles of a kind in a bucket, which grade reads back in that bucket, with the steps in words', () => {
    const dir = mkdtempSync(join(tmpdir(), 'kinds-'));
    const file = join(dir, 'graded.jsonl');
    const r = runCli(['generate', '-n', '2', '--seed', 'g', '--kind', 'classic', '--size', '6', '--bucket', 'hard', '--workers', '0']);
    expect(r.stderr).toBe('');
    // The same lines whatever the number of worker threads.
    expect(runCli(['generate', '-n', '2', '--seed', 'g', '--kind', 'classic', '--size', '6', '--bucket', 'hard', '--workers', '2']).stdout).toBe(r.stdout);
    const made = lines(r.stdout).map((l) => JSON.parse(l));
    for (const m of made) {
      expect(m.bucket).toBe('hard');
      expect(m.rating).toBeGreaterThanOrEqual(2.6);
      const { geometry, puzzle } = parsePuzzleJson(JSON.stringify(m), 'out');
      expect(referenceCount(geometry, puzzle, 2).count).toBe(1);
    }
    const jigsaw = runCli(['generate', '-n', '1', '--seed', 'g', '--kind', 'jigsaw', '--size', '6', '--bucket', 'easy']).stdout.trim();
    writeFileSync(file, [r.stdout.trim(), jigsaw, '..9..8.4.2.6...7....4..6.......2.3..3.7.6...598..4..1.....31...1..5.......5...8..'].join('\n') + '\n');
    const graded = runCli(['grade', '--steps', file]);
    expect(graded.stderr).toBe('');
    const rows = lines(graded.stdout).map((l) => JSON.parse(l));
    expect(rows.map((x) => x.line)).toEqual([1, 2, 3, 4]);
    for (let i = 0; i < 2; i++) {
      expect(rows[i]).toMatchObject({ kind: 'classic', size: 6, box: [2, 3], puzzle: made[i].puzzle, solution: made[i].solution, bucket: 'hard', rating: made[i].rating, hardest: made[i].hardest });
      const hardest = rows[i].steps.find((s: { technique: string }) => s.technique === made[i].hardest);
      expect(hardest.rating).toBe(made[i].rating);
      expect(hardest.explain).toMatch(/^[A-Z].*: .*\.$/);
      expect(hardest.explain).not.toContain('step.');
    }
    expect(rows[2]).toMatchObject({ kind: 'jigsaw', size: 6, bucket: 'easy' });
    expect(rows[2].regions).toMatch(/^[A-F]{36}$/);
    expect(rows[2].steps.some((s: { explain: string }) => /^Hidden single in region \d: \d goes in r\dc\d\.$/.test(s.explain))).toBe(true);
    // The 9x9 classic line is graded by the 9x9 grader, as before.
    expect(rows[3]).toMatchObject({ bucket: 'easy', rating: 1.5 });
    expect(rows[3].regions).toBeUndefined();
    const text = runCli(['grade', '--steps', '--format', 'text', file]).stdout;
    expect(text).toContain('puzzle 6x6 classic ');
    expect(text).toContain(`hardest: ${made[0].hardest}`);
  });

  it('says so within its budget when a bucket cannot be met', () => {
    // Seed "a"'s first grid gives no 6x6 expert puzzle (seed "c"'s does).
    const r = runCli(['generate', '-n', '1', '--seed', 'a', '--kind', 'classic', '--size', '6', '--bucket', 'expert', '--budget', '1']);
    expect(r.status).toBe(1);
    expect(r.stderr).toBe('sudoku-press: no 6x6 classic puzzle of the bucket expert (SE-like 6 to 20) within 1 complete grid; try another bucket or seed, or a larger budget\n');
    expect(runCli(['generate', '-n', '1', '--seed', 'c', '--kind', 'classic', '--size', '6', '--bucket', 'expert', '--budget', '1']).status).toBe(0);
  });
});
