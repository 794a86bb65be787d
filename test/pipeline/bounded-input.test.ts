import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MAX_LINE } from '../../src/core/lines.js';
import { loadJob, MAX_JOB_BYTES } from '../../src/pipeline/job.js';
import { runCli } from '../helpers/cli.js';
import { DATA_DIR } from '../helpers/data.js';

const tmp = mkdtempSync(join(tmpdir(), 'sp-bounded-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** One short line on stderr, exit 1, no stack trace. */
function expectShortError(r: { status: number | null; stderr: string }, message: RegExp): void {
  expect(r.status, r.stderr.slice(0, 500)).toBe(1);
  expect(r.stderr).toMatch(message);
  expect(r.stderr.trim().split('\n')).toHaveLength(1);
  expect(r.stderr.length).toBeLessThan(400);
  expect(r.stderr).not.toContain('internal error');
}

describe('job files are read within bounds', () => {
  it('a 2 MB job file is refused by its size, without echoing it', () => {
    const file = join(tmp, 'big.yaml');
    // Valid YAML throughout: only the size is wrong.
    writeFileSync(file, `name: big\ntitle: T\nseed: 1\nsections:\n  - { title: E, bucket: easy, count: 1 }\n${'# padding padding padding padding\n'.repeat(62_000)}`);
    const r = runCli(['book', file]);
    expectShortError(r, new RegExp(`big\\.yaml: 2,\\d{3},\\d{3} bytes, more than a job file may hold \\(${MAX_JOB_BYTES.toLocaleString('en-US')} bytes: a job is a few KB of YAML\\)`));
    expect(r.stderr).not.toContain('padding');
    const d = runCli(['daily', file, '--from', '2027-01-01']);
    expectShortError(d, /big\.yaml: 2,\d{3},\d{3} bytes, more than a job file may hold/);
  });

  it('the zero device and a pipe that never ends are read only up to the limit', async () => {
    expectShortError(runCli(['book', '/dev/zero']), /^sudoku-press: \/dev\/zero: more than a job file may hold \(1,048,576 bytes/);
    const fifo = join(tmp, 'fifo.yaml');
    expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
    // A writer that would write 64 MB; the reader stops after 1 MB and the writer gets EPIPE.
    const writer = spawn(process.execPath, ['-e', `const fs = require('fs'); const fd = fs.openSync(${JSON.stringify(fifo)}, 'w'); const b = Buffer.alloc(1 << 20, 97); try { for (let i = 0; i < 64; i++) fs.writeSync(fd, b); } catch {}`]);
    const r = runCli(['book', fifo]);
    writer.kill();
    expectShortError(r, /fifo\.yaml: more than a job file may hold/);
  });

  it('a puzzle file given as a job quotes at most its first 40 characters', () => {
    const lines = readFileSync(join(DATA_DIR, 'top1465.txt'), 'utf8');
    const file = join(tmp, 'puzzles.yaml');
    writeFileSync(file, lines.repeat(Math.floor(900_000 / lines.length)));
    const r = runCli(['book', file]);
    expect(r.status).toBe(1);
    expect(r.stderr.length).toBeLessThan(600);
    expect(r.stderr).toMatch(/puzzles\.yaml:1:1 \(top level\): expected a mapping of keys, got "[1-9.]{40}" \(and \d+ more characters\)/);
  });

  it('a symbolic link loop is called a loop, not a missing file', () => {
    const a = join(tmp, 'loop-a');
    const b = join(tmp, 'loop-b');
    symlinkSync(b, a);
    symlinkSync(a, b);
    for (const args of [['book', a], ['solve', a], ['audit', a, '--workers', '0'], ['bank', 'stats', '--bank', a]]) {
      expectShortError(runCli(args), /loop-a: a symbolic link that leads back to itself \(a loop of links\)/);
    }
    expectShortError(runCli(['book', join(tmp, 'no-such.yaml')]), /no-such\.yaml: no such job file$/m);
  });
});

describe('puzzle lines are read within bounds', () => {
  const long = join(tmp, 'long.txt');
  // 10 MB of digits and no line break.
  writeFileSync(long, Buffer.alloc(10 << 20, '5'));

  it('a 10 MB line without a line break is an error quoting its start, for every reader', () => {
    const message = new RegExp(`long\\.txt: line 1: longer than ${MAX_LINE} characters .*it starts "5{40}"\\.\\.\\.$`, 'm');
    for (const args of [['solve', long], ['canon', long], ['grade', long], ['audit', long, '--workers', '0'], ['bank', 'import', long, '--bank', join(tmp, 'b.sqlite'), '--new-bank']]) {
      expectShortError(runCli(args), message);
    }
    const stdin = runCli(['solve'], readFileSync(long, 'latin1').slice(0, 1 << 20));
    expectShortError(stdin, /<stdin>: line 1: longer than 4096 characters/);
  });

  it('a long line after good ones is numbered; lines up to the limit are fine', () => {
    const good = '..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..';
    const ok = runCli(['solve'], `${good}\t${'x'.repeat(MAX_LINE - 82)}\n`);
    expect(ok.status, ok.stderr).toBe(0);
    const r = runCli(['solve'], `${good}\n${good}\n${'7'.repeat(MAX_LINE + 1)}\n${good}\n`);
    expectShortError(r, /<stdin>: line 3: longer than 4096 characters/);
  });

  it('control characters are escaped in "bad character" messages', () => {
    const line = '..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.\x1b[2J\n';
    const r = runCli(['solve'], line);
    expect(r.stderr).toContain("<stdin>: line 1: bad character '\\u001b' at column 81");
    expect(r.stderr).not.toContain('\x1b');
  });
});

describe('counts that cannot be met, or would run unbounded, are refused up front with the limit and why', () => {
  const job = (name: string, text: string) => {
    const file = join(tmp, `${name}.yaml`);
    writeFileSync(file, text);
    return file;
  };

  it('a book asking for more puzzles of a bucket than its budget has candidates, or too many puzzles', () => {
    const head = 'name: c\ntitle: T\nseed: 1\n';
    const over = job('over', `${head}budget: { easy: 10 }\nsections:\n  - { title: E, bucket: easy, count: 8 }\n  - { title: F, bucket: easy, count: 8 }\n`);
    const r = runCli(['book', over]);
    expectShortError(r, /over\.yaml:4:17 budget\.easy: 10 candidates cannot give the 16 easy puzzles the sections ask for \(each candidate gives at most one\); raise "budget" to at least 16/);
    const one = job('one', `${head}budget: 5\nsections:\n  - { title: M, bucket: medium, count: 6 }\n`);
    expectShortError(runCli(['book', one]), /one\.yaml:4:9 budget: 5 candidates cannot give the 6 medium puzzles/);
    const huge = job('huge', `${head}budget: 1000000000\nsections:\n  - { title: M, bucket: medium, count: 100000000 }\n`);
    expectShortError(runCli(['book', huge]), /huge\.yaml:\d+:\d+ sections: 100,000,000 puzzles in all; a book holds at most 10,000/);
  });

  it('a daily with perDay 100000, or a weekday count past the limit', () => {
    const daily = readFileSync('config/daily.yaml', 'utf8').replace('bank: output/bank.sqlite', `bank: ${join(tmp, 'never.sqlite')}\noutput: ${join(tmp, 'never')}`);
    const r = runCli(['daily', job('per-day', daily.replace('name: daily', 'name: daily\nperDay: 100000')), '--from', '2027-01-01']);
    expectShortError(r, /per-day\.yaml:\d+:\d+ perDay: at most 100 \(puzzles a day: each is a page, recorded in the bank as issued for the date\), got 100,000/);
    const c = runCli(['daily', job('count', daily.replace('monday:    { bucket: easy,', 'monday:    { bucket: easy, count: 5000,')), '--from', '2027-01-01']);
    expectShortError(c, /count\.yaml:\d+:\d+ schedule\.monday\.count: at most 100 /);
  });

  it('bank fill -n above --budget, and estimate --trials past its limit', () => {
    const bank = join(tmp, 'fill.sqlite');
    const r = runCli(['bank', 'fill', '--bucket', 'easy', '-n', '50', '--budget', '10', '--bank', bank]);
    expectShortError(r, /^sudoku-press: --budget 10 cannot give the 50 puzzles asked for with -n \(each candidate gives at most one\); raise --budget to at least 50$/m);
    expect(existsSync(bank)).toBe(false);
    const e = runCli(['estimate', '--trials', '1000000000']);
    expect(e.status).toBe(1);
    expect(e.stderr).toMatch(/--trials <n>' argument '1000000000' is invalid\. at most 100,000,000 \(some 14 core-hours; for more, run again with other seeds and add the counts\)/);
  });
});

describe('rating bands are checked for what can be made', () => {
  const job = (name: string, section: string) => {
    const file = join(tmp, `${name}.yaml`);
    writeFileSync(file, `name: r\ntitle: T\nseed: 1\nsections:\n  - ${section}\n`);
    return file;
  };

  it('a minimum of 11.5 or more is out of reach, refused at load', () => {
    const r = runCli(['book', job('out-of-reach', '{ title: X, bucket: beyond, count: 1, rating: { min: 11.5 } }')]);
    expectShortError(r, /out-of-reach\.yaml:5:51 sections\[0\]\.rating\.min: 11\.5 is out of reach: no puzzle made from a random grid rates 11\.5 or more/);
    expect(loadJob(job('in-reach', '{ title: X, bucket: beyond, count: 1, rating: { min: 11.4 } }')).sections[0].rating).toEqual({ min: 11.4, max: Infinity });
  });

  it('a negative rating says it must be 0 or more', () => {
    const r = runCli(['book', job('negative', '{ title: X, bucket: easy, count: 1, rating: { min: -1 } }')]);
    expectShortError(r, /negative\.yaml:5:56 sections\[0\]\.rating\.min: expected a number of 0 or more, got -1$/m);
  });
});
