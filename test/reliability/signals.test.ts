/**
 * Ctrl-C (SIGINT) and SIGTERM sent for real to running commands at several moments: while
 * output streams to a file or a pipe, while a book generates and while it renders, while the
 * audit writes its reports, while the daily writes its date folders. Each stops with its exit
 * code (130, 143) and message, and leaves the previous output set whole or the new one whole,
 * with no temporary or hidden files.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCliSync, snapshot, startCli, until } from './process.js';

const tmp = mkdtempSync(join(tmpdir(), 'sp-signals-'));

const CODE = { SIGINT: 130, SIGTERM: 143 } as const;
const WORD = { SIGINT: /interrupted/, SIGTERM: /terminated \(SIGTERM\)/ } as const;

/** Names of hidden or temporary entries anywhere under `dir`. */
function leftovers(dir: string): string[] {
  return (readdirSync(dir, { recursive: true }) as string[]).filter((p) => p.split('/').some((part) => part.startsWith('.') || /\.tmp-\d+$/.test(part)));
}

function bookJob(name: string, count: number, output: string, bucket = 'easy'): string {
  const file = join(tmp, `${name}.yaml`);
  writeFileSync(file, `name: ${name}\ntitle: Signals\nseed: 7\noutput: ${output}\ncover: false\nsections:\n  - { title: S, bucket: ${bucket}, count: ${count} }\n`);
  return file;
}

describe('streams stop on a signal, with the output made so far', () => {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    it(`grids to a file, ${signal}`, async () => {
      const file = join(tmp, `grids-${signal}.txt`);
      const run = startCli(['grids', '-n', '100000000', '--seed', 's'], { stdoutFile: file });
      await until(() => existsSync(file) && statSync(file).size > 0);
      process.kill(await run.pid(), signal);
      const { status, output } = await run.exit;
      expect(status, output).toBe(CODE[signal]);
      expect(output).toMatch(WORD[signal]);
      expect(output).not.toContain('internal error');
      const text = readFileSync(file, 'utf8');
      // Whole lines only, each a grid.
      expect(text.endsWith('\n')).toBe(true);
      for (const line of text.trimEnd().split('\n')) expect(line).toMatch(/^[1-9]{81}$/);
    });
  }

  it('generate to a pipe, SIGTERM', async () => {
    const run = startCli(['generate', '-n', '1000000', '--seed', 's']);
    await run.waitFor(/^[.1-9]{81}$/m);
    process.kill(await run.pid(), 'SIGTERM');
    const { status, output } = await run.exit;
    expect(status, output).toBe(143);
    expect(output).toMatch(/terminated \(SIGTERM\)/);
  });

  it('estimate --trials 100000000 on a terminal: flat memory, stops on Ctrl-C', async () => {
    const run = startCli(['estimate', '--trials', '100000000', '--seed', 's', '--workers', '2'], { tty: true });
    // The progress line shows chunks done: the run is past queueing its work.
    await run.waitFor(/estimate \d+\/100000000/);
    await new Promise((r) => setTimeout(r, 1500));
    const pid = await run.pid();
    const peak = Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) * 1024;
    process.kill(pid, 'SIGINT');
    const { status, output } = await run.exit;
    expect(status, output).toBe(130);
    expect(output).toMatch(/interrupted/);
    // Queueing every chunk took gigabytes; a bounded pool stays near the process's own size.
    expect(peak).toBeLessThan(400e6);
  });
});

describe('long work on workers stops on a signal', () => {
  // Four copies of the 17-clue collection: long enough to be stopped half-way.
  const many = join(tmp, 'many.txt');
  writeFileSync(many, readFileSync('test/fixtures/data/17clue.txt', 'utf8').repeat(4));
  const cases = [
    { name: 'grade', args: ['grade', many, '--workers', '2'], tty: false, marker: /^\{"line":/m, signal: 'SIGTERM' },
    { name: 'audit', args: ['audit', many, '--workers', '2'], tty: true, marker: /audit \d+/, signal: 'SIGINT' },
    { name: 'bank fill', args: ['bank', 'fill', '--bucket', 'easy', '-n', '1000', '--seed', 's', '--workers', '2', '--bank', join(tmp, 'fill.sqlite')], tty: true, marker: /bank fill easy \d+\/1000/, signal: 'SIGTERM' },
  ] as const;
  for (const c of cases) {
    it(`${c.name}, ${c.signal}`, async () => {
      const run = startCli([...c.args], { tty: c.tty });
      await run.waitFor(c.marker);
      process.kill(await run.pid(), c.signal);
      const { status, output } = await run.exit;
      expect(status, output).toBe(CODE[c.signal]);
      expect(output).toMatch(WORD[c.signal]);
      expect(output).not.toContain('internal error');
    });
  }
});

describe('book: a signal leaves the previous book whole', () => {
  const out = join(tmp, 'book-out');
  const small = bookJob('signals-book', 4, out);
  // The previous book, made once.
  let made!: ReturnType<typeof runCliSync>;
  let before!: Record<string, string>;
  beforeAll(() => {
    made = runCliSync(['book', small, '--workers', '2']);
    before = existsSync(join(out, 'book.pdf')) ? snapshot(out) : {};
  }, 60_000);

  const cases = [
    { moment: 'generation', signal: 'SIGINT', marker: /puzzles \(S \d+\/\d+\)/, message: /interrupted: nothing was written/ },
    { moment: 'rendering', signal: 'SIGTERM', marker: /rendering \d+ pages/, message: /terminated \(SIGTERM\) while rendering: nothing was written/ },
  ] as const;
  for (const c of cases) {
    it(`${c.signal} during ${c.moment}`, async () => {
      expect(made.status, made.stderr).toBe(0);
      // A bigger book into the same folder, on a terminal so the progress lines mark the moment.
      const run = startCli(['book', bookJob(`signals-${c.moment}`, c.moment === 'rendering' ? 100 : 400, out), '--workers', '2'], { tty: true });
      await run.waitFor(c.marker);
      process.kill(await run.pid(), c.signal);
      const { status, output } = await run.exit;
      expect(status, output).toBe(CODE[c.signal]);
      expect(output).toMatch(c.message);
      expect(snapshot(out)).toEqual(before);
      expect(leftovers(tmp).filter((p) => p.startsWith('book-out'))).toEqual([]);
    });
  }
});

describe('audit --out: a signal while the reports are written leaves one whole set', () => {
  const input = join(tmp, 'audit-input.txt');
  writeFileSync(input, readFileSync(join('test/fixtures/data/17clue.txt'), 'utf8').split('\n').slice(0, 30).join('\n') + '\n');
  const out = join(tmp, 'audit-out');
  const ref = join(tmp, 'audit-ref');

  it('SIGINT and SIGTERM at several moments after the report is printed', async () => {
    const first = runCliSync(['audit', 'test/fixtures/audit/collection.txt', '--out', out, '--workers', '2']);
    const second = runCliSync(['audit', input, '--out', ref, '--workers', '2']);
    expect(first.status, first.stderr).toBe(0);
    expect(second.status, second.stderr).toBe(0);
    const old = snapshot(out);
    const fresh = snapshot(ref);
    expect(Object.keys(old).sort()).toEqual(['report.csv', 'report.json', 'report.pdf', 'report.txt']);
    expect(fresh).not.toEqual(old);
    for (const [i, delay] of [0, 30, 120].entries()) {
      const signal = i % 2 === 0 ? 'SIGINT' : 'SIGTERM';
      const run = startCli(['audit', input, '--out', out, '--workers', '2']);
      // The report on stdout comes first; the four files are written after it.
      await run.waitFor(/^audit of /m);
      if (delay) await new Promise((r) => setTimeout(r, delay));
      process.kill(await run.pid(), signal);
      const { status, output } = await run.exit;
      const now = snapshot(out);
      // Stopped before the files were committed (old set) or after (new set, exit 0): never a mix.
      if (status === 0) expect(now).toEqual(fresh);
      else {
        expect(status, output).toBe(CODE[signal]);
        expect(now).toEqual(old);
      }
      expect(leftovers(out)).toEqual([]);
    }
  });
});

describe('daily: a signal while date folders are written', () => {
  it('SIGTERM leaves complete date folders only, and the next run removes what a killed run left', async () => {
    const out = join(tmp, 'daily-out');
    const job = join(tmp, 'daily.yaml');
    const day = '{ bucket: easy }';
    writeFileSync(
      job,
      `name: d\ntitle: T\nseed: 1\nbank: ${join(tmp, 'daily.sqlite')}\noutput: ${out}\nschedule: { monday: ${day}, tuesday: ${day}, wednesday: ${day}, thursday: ${day}, friday: ${day}, saturday: ${day}, sunday: ${day} }\n`,
    );
    const run = startCli(['daily', job, '--from', '2027-03-01', '--days', '40', '--workers', '2']);
    await until(() => existsSync(out) && readdirSync(out).some((f) => /^\d{4}-/.test(f)));
    process.kill(await run.pid(), 'SIGTERM');
    const { status, output } = await run.exit;
    expect(status, output).toBe(143);
    expect(output).toMatch(/terminated \(SIGTERM\) while writing pages: kept \d+ complete date folders? /);
    expect(leftovers(out)).toEqual([]);
    const dates = readdirSync(out);
    expect(dates.length).toBeLessThan(40);
    // Every date folder complete: the same files in each, the page, the grid and the record among them.
    const files = readdirSync(join(out, dates[0])).sort();
    expect(files).toEqual(expect.arrayContaining(['puzzle.json', 'puzzle.pdf', 'puzzle.svg']));
    for (const d of dates) expect(readdirSync(join(out, d)).sort()).toEqual(files);

    // What a run killed outright (SIGKILL) leaves: removed by the next run, a live run's kept.
    const dead = spawnSync(process.execPath, ['-e', '']).pid!;
    mkdirSync(join(out, `.2027-03-02.partial-${dead}`));
    writeFileSync(join(out, dates[0], `.puzzle.pdf.sp-new-${dead}`), 'half');
    mkdirSync(join(out, `.2027-03-03.partial-${process.pid}`));
    writeFileSync(join(out, `.notes.partial-${dead}`), 'a file of the user, not a folder of a run');
    const again = runCliSync(['daily', job, '--from', '2027-03-01', '--days', '2', '--workers', '2']);
    expect(again.status, again.stderr).toBe(0);
    expect(existsSync(join(out, `.2027-03-02.partial-${dead}`))).toBe(false);
    expect(existsSync(join(out, dates[0], `.puzzle.pdf.sp-new-${dead}`))).toBe(false);
    expect(existsSync(join(out, `.2027-03-03.partial-${process.pid}`))).toBe(true);
    expect(existsSync(join(out, `.notes.partial-${dead}`))).toBe(true);
  });
});
