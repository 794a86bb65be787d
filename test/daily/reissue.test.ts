import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Bank } from '../../src/bank/bank.js';
import { runCli } from '../helpers/cli.js';

const tmp = mkdtempSync(join(tmpdir(), 'sp-daily-reissue-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** Every file under the date folders of `dir`, with its bytes. */
function snapshot(dir: string): Map<string, Buffer> {
  const out = new Map<string, Buffer>();
  for (const d of readdirSync(dir).filter((n) => /^\d{4}-\d{2}-\d{2}$/.test(n))) {
    for (const f of readdirSync(join(dir, d))) out.set(join(d, f), readFileSync(join(dir, d, f)));
  }
  return out;
}

describe('a daily never re-issues a published date with another puzzle', () => {
  const bank = join(tmp, 'bank.sqlite');
  const output = join(tmp, 'out');
  const job = join(tmp, 'daily.yaml');
  writeFileSync(job, readFileSync('config/daily.yaml', 'utf8').replace('bank: output/bank.sqlite', `bank: ${bank}\noutput: ${output}`));
  const daily = (...more: string[]) => runCli(['daily', job, '--from', '2027-03-01', '--days', '2', '--workers', '1', ...more]);

  it('refuses a mistyped --bank before any work, and another bank whose puzzles differ, leaving the date folders byte-identical', () => {
    const first = daily();
    expect(first.status, first.stderr).toBe(0);
    const before = snapshot(output);
    expect(before.size).toBe(10); // two dates: puzzle.pdf, puzzle.svg, puzzle-full.svg, puzzle.json, index.html

    // A typo: no such bank, and none is made.
    const typo = join(tmp, 'bnak.sqlite');
    const r = daily('--bank', typo);
    expect(r.status).toBe(1);
    expect(r.stderr).toBe(`sudoku-press: --bank ${typo}: no such bank; give the path of an existing bank, or add --new-bank to start a new one there\n`);
    expect(existsSync(typo)).toBe(false);
    expect(snapshot(output)).toEqual(before);

    // A real bank, but not the one that issued these dates: its unused puzzles would be printed instead.
    const other = join(tmp, 'other.sqlite');
    const fill = runCli(['bank', 'fill', '--bucket', 'easy', '-n', '2', '--seed', 'another-paper', '--workers', '1', '--bank', other]);
    expect(fill.status, fill.stderr).toBe(0);
    const issued = JSON.parse(readFileSync(join(output, '2027-03-01', 'puzzle.json'), 'utf8')).puzzle as string;
    const o = daily('--bank', other);
    expect(o.status).toBe(1);
    const m = /^sudoku-press: .*daily\.yaml: 2027-03-01 puzzle 1 was issued as (\S+) \(in .*2027-03-01\), but bank .*other\.sqlite gives (\S+); nothing was written/.exec(o.stderr);
    expect(m, o.stderr).not.toBeNull();
    expect(m![1]).toBe(issued);
    expect(m![2]).not.toBe(issued);
    expect(o.stderr.trim().split('\n').length).toBe(1);
    expect(snapshot(output)).toEqual(before);
    // The other bank keeps its puzzles unused: the refused date is not recorded there.
    const b = Bank.open(other, { readOnly: true });
    expect(b.stats().reduce((n, s) => n + s.used, 0)).toBe(0);
    b.close();

    // The right bank still gives the dates their puzzles.
    const again = daily();
    expect(again.status, again.stderr).toBe(0);
    expect(again.stdout).toMatch(/\(2 from the bank, 0 new\)/);
    expect(snapshot(output)).toEqual(before);
  }, 120_000);

  it('starts a new bank at a --bank path only when asked with --new-bank', () => {
    const fresh = join(tmp, 'fresh', 'new.sqlite');
    const r = runCli(['daily', job, '--from', '2027-04-05', '--workers', '1', '--bank', fresh, '--new-bank']);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^wrote 1 daily puzzle for 2027-04-05 into /);
    expect(existsSync(fresh)).toBe(true);
  }, 60_000);
});
