import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatGrid, parseGrid, solves } from '../../src/core/grid.js';
import { hasSymmetry } from '../../src/core/symmetry.js';
import { gradePuzzle } from '../../src/grader/grade.js';
import { DEFAULT_LEVELS, levelRatingCeiling, levelRatingFloor } from '../../src/grader/levels.js';
import { countSolutions } from '../../src/solver/solver.js';
import { ROOT, runCli } from '../helpers/cli.js';
import { DATA_DIR, loadSet } from '../helpers/data.js';

const tmp = mkdtempSync(join(tmpdir(), 'sp-cli-'));
const P1 = '..92538....8....4..1....2....5..46.2...8.1...1.63..9....1....5..8....3....79361..';
const S1 = '479253861628179543513648297835794612792861435146325978361482759984517326257936184';

describe('sudoku-press solve', () => {
  it('prints a solution, "no solution" or "multiple solutions" per puzzle, skipping comments', () => {
    const unsolvable = '12345678.' + '........9' + '.'.repeat(63);
    const r = runCli(['solve'], `# a comment\n${P1}\tlabel\n\n${'.'.repeat(81)}\n${unsolvable}\n`);
    expect(r.status).toBe(0);
    expect(r.stdout).toBe(`${S1}\nmultiple solutions\nno solution\n`);
  });

  it('counts solutions up to a limit, from a file', () => {
    const f = join(tmp, 'p.txt');
    writeFileSync(f, `${P1}\n${'.'.repeat(81)}\n`);
    expect(runCli(['solve', '--count', f]).stdout).toBe('1\n2\n');
    expect(runCli(['solve', '--count', '--limit', '50', f]).stdout).toBe('1\n50\n');
  });

  it('reports a malformed line with its file and line number, goes on with the good ones, and exits 1 at the end', () => {
    const f = join(tmp, 'bad.txt');
    writeFileSync(f, `${P1}\n\n${'55' + '.'.repeat(79)}\n${P1}\n`);
    const r = runCli(['solve', f]);
    expect(r.status).toBe(1);
    expect(r.stdout).toBe(`${S1}\n${S1}\n`);
    expect(r.stderr).toBe(`sudoku-press: ${f}: line 3: two 5s in row 1\nsudoku-press: 1 bad line skipped (listed above)\n`);
    const short = runCli(['solve'], '123\n');
    expect(short.status).toBe(1);
    expect(short.stderr.split('\n')[0]).toBe('sudoku-press: <stdin>: line 1: wrong length: expected 81 cells, got 3');
    expect(runCli(['solve', join(tmp, 'missing.txt')]).stderr).toContain('missing.txt: no such file');
  });

  it('stops at the first malformed line with --strict, keeping the output made before it', () => {
    const r = runCli(['solve', '--strict'], `${P1}\nxyz\n${P1}\n`);
    expect(r.status).toBe(1);
    expect(r.stdout).toBe(`${S1}\n`);
    expect(r.stderr).toBe("sudoku-press: <stdin>: line 2: bad character 'x' at column 1 (expected 1-9, '.' or '0')\n");
  });

  it('writes jsonl and csv with the input line number', () => {
    const input = `# header\n${P1}\n${'.'.repeat(81)}\n`;
    const rows = runCli(['solve', '--format', 'jsonl'], input).stdout.trim().split('\n').map((l) => JSON.parse(l));
    expect(rows).toEqual([
      { line: 2, puzzle: P1, solutions: 1, solution: S1 },
      { line: 3, puzzle: '.'.repeat(81), solutions: 2, solution: null },
    ]);
    expect(runCli(['solve', '--format', 'csv', '--count', '--limit', '3'], input).stdout).toBe(`line,puzzle,solutions\n2,${P1},1\n3,${'.'.repeat(81)},3\n`);
    expect(runCli(['solve', '--format', 'xml'], input).status).toBe(1);
  });
});

describe('Ctrl-C', () => {
  it('exits with 130', async () => {
    const child = spawn(process.execPath, [join(ROOT, 'dist/cli/main.js'), 'solve'], { cwd: ROOT, env: { ...process.env, CI: '1' } });
    let stdout = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stdin.write(`${P1}\n`);
    // Wait for the first answer, so the command is running, then interrupt it.
    for (let i = 0; i < 100 && !stdout; i++) await new Promise((r) => setTimeout(r, 100));
    child.kill('SIGINT');
    const code = await new Promise<number | null>((resolve) => child.on('exit', (c) => resolve(c)));
    expect(stdout).toBe(`${S1}\n`);
    expect(code).toBe(130);
  }, 20_000);
});

describe('sudoku-press generate', () => {
  it('makes the requested number of unique, symmetric puzzles, the same for the same seed', () => {
    const args = ['generate', '-n', '5', '--seed', 'cli', '--symmetry', 'rotational', '--with-solution'];
    const a = runCli(args);
    expect(a.status).toBe(0);
    expect(runCli(args).stdout).toBe(a.stdout);
    const lines = a.stdout.trim().split('\n');
    expect(lines.length).toBe(5);
    for (const line of lines) {
      const [p, s] = line.split('\t').map((x) => parseGrid(x));
      expect(solves(p, s)).toBe(true);
      expect(countSolutions(p, 2)).toBe(1);
      expect(hasSymmetry(p, 'rotational')).toBe(true);
    }
    expect(runCli([...args.slice(0, 4), 'other', '--symmetry', 'rotational', '--with-solution']).stdout).not.toBe(a.stdout);
  });

  it('writes jsonl and csv with number, puzzle, solution, clue count, seed and options', () => {
    const r = runCli(['generate', '-n', '2', '--seed', '9', '--format', 'jsonl', '--fill', 'potential', '--dig', 'add']);
    const rows = r.stdout.trim().split('\n').map((l) => JSON.parse(l));
    expect(rows.length).toBe(2);
    expect(rows[0]).toMatchObject({ number: 1, seed: '9#0', fill: 'potential', dig: 'add', symmetry: 'none' });
    const csv = runCli(['generate', '-n', '2', '--seed', '9', '--format', 'csv', '--fill', 'potential', '--dig', 'add']).stdout.trim().split('\n');
    expect(csv[0]).toBe('number,puzzle,solution,clues,seed,fill,dig,symmetry');
    expect(csv[2]).toBe(`2,${rows[1].puzzle},${rows[1].solution},${rows[1].clues},9#1,potential,add,none`);
    for (const row of rows) {
      expect(row.clues).toBe([...row.puzzle].filter((c: string) => c !== '.').length);
      expect(solves(parseGrid(row.puzzle), parseGrid(row.solution))).toBe(true);
      expect(countSolutions(parseGrid(row.puzzle), 2)).toBe(1);
    }
  });

  it('rejects bad options in one line with exit 1', () => {
    for (const args of [['-n', 'ten'], ['-n', '2', '--symmetry', 'spiral'], ['-n', '2', '--fill', 'magic']]) {
      const r = runCli(['generate', ...args]);
      expect(r.status).toBe(1);
      expect(r.stderr).toMatch(/^error: option .* is invalid/);
      expect(r.stderr).not.toMatch(/\n\s+at /);
    }
  });
});

describe('sudoku-press canon', () => {
  it('prints the same form for equivalent puzzles', () => {
    const lines = runCli(['canon', join(DATA_DIR, 'forum_hardest_1106.txt')]).stdout.trim().split('\n');
    expect(lines.length).toBe(125);
    const csv = runCli(['canon', '--format', 'csv'], `\n${P1}\n`).stdout.trim().split('\n');
    expect(csv).toEqual(['line,puzzle,canonical', `2,${P1},${lines.length ? runCli(['canon'], P1).stdout.trim() : ''}`]);
    // A puzzle turned a quarter (transposed and mirrored) is equivalent.
    const p = parseGrid(P1);
    const turned = Array.from({ length: 81 }, (_, i) => p[(8 - (i % 9)) * 9 + Math.floor(i / 9)] || '.').join('');
    const r = runCli(['canon'], `${P1}\n${turned}\n`).stdout.trim().split('\n');
    expect(r[0]).toBe(r[1]);
  });
});

describe('sudoku-press grade', () => {
  const file = join(tmp, 'grade.txt');
  writeFileSync(file, `${P1}\teasy-ish\n${'.'.repeat(81)}\n`);

  it('writes one jsonl object per puzzle, invalid ones marked', () => {
    const rows = runCli(['grade', file]).stdout.trim().split('\n').map((l) => JSON.parse(l));
    // P1 needs hidden singles in lines (SE: ER 1.5, EP and ED 1.2): an easy puzzle.
    expect(rows[0]).toMatchObject({ line: 1, puzzle: P1, solution: S1, label: 'easy-ish', bucket: 'easy', rating: 1.5, ep: 1.2, ed: 1.2, hardest: 'hidden-single' });
    expect(rows[0].steps).toBeUndefined();
    expect(rows[1]).toMatchObject({ line: 2, bucket: 'invalid', solutions: 2, rating: null });
  });

  it('rates puzzles as Sudoku Explainer does: ER, EP and ED equal to serate\'s, one puzzle per ER band', () => {
    const known = readFileSync(new URL('../fixtures/se-rated/heldout-sample.tsv', import.meta.url), 'utf8')
      .split('\n')
      .filter((l) => l.trim() !== '' && !l.startsWith('#'))
      .map((l) => l.split('\t'))
      .filter(([, er], i, all) => all.findIndex(([, other]) => Math.floor(Number(other)) === Math.floor(Number(er))) === i);
    expect(known.length).toBeGreaterThanOrEqual(8);
    const rows = runCli(['grade'], known.map(([p]) => p).join('\n') + '\n').stdout.trim().split('\n').map((l) => JSON.parse(l));
    expect(rows.map((r) => [r.puzzle, r.rating, r.ep, r.ed])).toEqual(known.map(([p, er, ep, ed]) => [p, Number(er), Number(ep), Number(ed)]));
    // The bucket is the library's.
    for (const r of rows) expect(r.bucket).toBe(gradePuzzle(parseGrid(r.puzzle)).bucket);
  }, 180_000); // about 5 s of CPU: the time allowed is for a loaded machine

  it('lists steps that solve the puzzle: placements of the solution, eliminations of other digits, ER their largest rating', () => {
    const r = JSON.parse(runCli(['grade', '--steps'], P1 + '\n').stdout);
    const grid = parseGrid(P1);
    const counts: Record<string, number> = {};
    for (const step of r.steps) {
      expect(step.explain.length).toBeGreaterThan(10);
      for (const [c, d] of step.place) {
        expect(String(d)).toBe(S1[c]);
        grid[c] = d;
      }
      for (const [c, d] of step.eliminate) expect(String(d)).not.toBe(S1[c]);
      counts[step.technique] = (counts[step.technique] ?? 0) + 1;
    }
    expect(formatGrid(grid)).toBe(S1);
    expect(counts).toEqual(r.techniques);
    expect(Math.max(...r.steps.map((s: { rating: number }) => s.rating))).toBe(r.rating);
    expect(r.steps[0].rating).toBe(r.ed);
  });

  it('writes a walkthrough as text and a row per puzzle as csv', () => {
    const text = runCli(['grade', '--format', 'text', '--steps', file]).stdout;
    expect(text).toMatch(/^puzzle .* \(line 1\)\n {2}1\. hidden single: /);
    expect(text).toMatch(/bucket: \w+, rating \d\.\d \(EP \d\.\d, ED \d\.\d\)/);
    expect(text).toContain('invalid: more than one solution');
    const csv = runCli(['grade', '--format', 'csv', file]).stdout.trim().split('\n');
    expect(csv[0]).toBe('line,puzzle,solution,bucket,rating,ep,ed,hardest,clues,solutions,techniques');
    expect(csv.length).toBe(3);
    expect(csv[1].startsWith(`1,${P1},${S1},easy,1.5,1.2,1.2,hidden-single,${[...P1].filter((c) => c !== '.').length},`)).toBe(true);
    const line = runCli(['grade', '--format', 'line', file]).stdout.split('\n');
    expect(line[0]).toMatch(new RegExp(`^${P1.replace(/\./g, '\\.')}\t\\w+\t\\d`));
    expect(line.slice(1)).toEqual([`${'.'.repeat(81)}\tinvalid\t`, '']); // no rating
  });

  it('gives the same output with worker threads, in input order, bad lines reported', () => {
    // 17-clue puzzles of all three buckets: quick to grade, but unequal enough that the workers finish out of order.
    const input = [...loadSet('17clue.txt', 40, 12).map((g) => formatGrid(g)), 'bad line', '.'.repeat(81)].join('\n') + '\n';
    const one = runCli(['grade', '--format', 'csv'], input);
    const two = runCli(['grade', '--format', 'csv', '--workers', '2'], input);
    expect(one.status).toBe(1);
    expect(two.status).toBe(1);
    expect(two.stdout).toBe(one.stdout);
    const rows = one.stdout.trim().split('\n');
    expect(rows.length).toBe(1 + 41); // header, 40 puzzles, the empty grid (invalid, but well-formed)
    // Each row's bucket and rating are the library's.
    for (const row of rows.slice(1, 41)) {
      const [, puzzle, , bucket, rating] = row.split(',');
      const r = gradePuzzle(parseGrid(puzzle));
      expect([bucket, Number(rating)]).toEqual([r.bucket, r.rating]);
    }
    expect(new Set(rows.slice(1, 41).map((row) => row.split(',')[3]))).toEqual(new Set(['easy', 'medium', 'hard']));
    expect(two.stderr).toBe(one.stderr);
    expect(two.stderr).toContain('<stdin>: line 41: bad character');
    expect(runCli(['grade', '--workers', 'two'], P1).stderr).toMatch(/option '--workers <k>' argument 'two' is invalid/);
    // The option's own name, not the job key's.
    expect(runCli(['grade', '--workers', '1000'], P1).stderr).toMatch(/^sudoku-press: --workers: expected a whole number from 0 to 64 /);
  });
});

describe('sudoku-press grade limits', () => {
  it('calls a puzzle past the nested budget beyond, saying so, and checks the option', () => {
    // The first puzzle of the forum's hardest list: serate needs nested forcing chains (10.3).
    const hardest = '........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3';
    const r = JSON.parse(runCli(['grade', '--max-nested-work', '50000'], hardest + '\n').stdout);
    expect(r).toMatchObject({ bucket: 'beyond', rating: null, stopped: 'nested forcing chain work limit of 50000 implications' });
    const bad = runCli(['grade', '--max-nested-work', '0'], hardest + '\n');
    expect(bad.status).toBe(1);
    expect(bad.stderr).toMatch(/--max-nested-work/);
  });
});

describe('sudoku-press generate --bucket', () => {
  it('makes puzzles that grade into the requested bucket', () => {
    const out = runCli(['generate', '-n', '2', '--seed', 'b', '--bucket', 'medium']).stdout;
    const graded = runCli(['grade'], out).stdout.trim().split('\n').map((l) => JSON.parse(l));
    expect(graded.map((g) => g.bucket)).toEqual(['medium', 'medium']);
    for (const g of graded) {
      expect(countSolutions(parseGrid(g.puzzle), 2)).toBe(1);
      // Medium's ER range: from the direct pointing (1.7) to the hidden triple (4.0).
      expect(g.rating).toBeGreaterThanOrEqual(levelRatingFloor(DEFAULT_LEVELS, 1));
      expect(g.rating).toBeLessThanOrEqual(levelRatingCeiling(DEFAULT_LEVELS[1])!);
    }
    expect(runCli(['generate', '-n', '1', '--bucket', 'tricky']).status).toBe(1);
  });
});

describe('sudoku-press grids and estimate', () => {
  it('prints valid grids, the same for the same seed', () => {
    const a = runCli(['grids', '-n', '5', '--seed', 'g']).stdout;
    expect(runCli(['grids', '-n', '5', '--seed', 'g']).stdout).toBe(a);
    const lines = a.trim().split('\n');
    expect(lines.length).toBe(5);
    for (const l of lines) expect(countSolutions(parseGrid(l), 2)).toBe(1);
    expect(runCli(['grids', '-n', '2', '--fill', 'potential', '--seed', 'g']).stdout.trim().split('\n').length).toBe(2);
  });

  it('estimates the proper fraction the same way whatever the number of workers', () => {
    const run = (w: string) => JSON.parse(runCli(['estimate', '--trials', '100', '--seed', 'e', '--workers', w, '--format', 'json']).stdout);
    const one = run('1');
    expect(Object.keys(one).sort()).toEqual(['estimate', 'high', 'low', 'p', 'proper', 'se', 'trials']);
    expect(run('0')).toEqual(one);
    expect(run('2')).toEqual(one);
    expect(one.trials).toBe(100);
    expect(one.proper).toBeGreaterThan(0);
    expect(one.proper).toBeLessThan(100);
    expect(one.p).toBeCloseTo(one.proper / 100, 12);
    expect(one.low).toBeLessThan(one.estimate);
    expect(one.high).toBeGreaterThan(one.estimate);
    // The estimate: p times the number of (grid, clue pattern) pairs, 95% from p's standard error.
    const scale = 6_670_903_752_021_072_936_960 * 2 ** 81;
    expect(one.se).toBeCloseTo(Math.sqrt((one.p * (1 - one.p)) / 100), 12);
    expect(one.estimate / (one.p * scale)).toBeCloseTo(1, 12);
    expect(one.low / ((one.p - 1.96 * one.se) * scale)).toBeCloseTo(1, 12);
    const text = runCli(['estimate', '--trials', '50', '--seed', 'e', '--workers', '0']).stdout;
    expect(text).toContain('published (Red Ed, 2006): 65325 proper of 178100');
    expect(runCli(['estimate', '--p', '2']).status).toBe(1);
  }, 180_000);
});
