import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { folderProblem } from '../../src/core/writable.js';
import { canMountReadOnly, runCli, runCliReadOnly } from '../helpers/cli.js';

const tmp = mkdtempSync(join(tmpdir(), 'sp-fs-'));
const aFile = join(tmp, 'a-file');
writeFileSync(aFile, 'not a folder\n');
const puzzles = join(tmp, 'puzzles.txt');
writeFileSync(puzzles, '..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..\n');

function book(extra: string): string {
  const file = join(tmp, `job-${Math.random().toString(36).slice(2)}.yaml`);
  writeFileSync(file, `name: fs\ntitle: T\nseed: 1\n${extra}\nsections:\n  - { title: E, bucket: easy, count: 1 }\n`);
  return file;
}

/** One line naming the path and the problem, exit 1, no stack trace. */
function expectUserError(r: { status: number | null; stderr: string }, message: RegExp): void {
  expect(r.status, r.stderr).toBe(1);
  expect(r.stderr.trim().split('\n')).toHaveLength(1);
  expect(r.stderr).toMatch(message);
  expect(r.stderr).not.toContain('internal error');
}

describe('filesystem problems are user errors, told before the work starts', () => {
  it('folderProblem: missing folders are fine, files in the way are not', () => {
    expect(folderProblem(join(tmp, 'new', 'deeper'))).toBeNull();
    expect(folderProblem(aFile)).toBe('is a file, not a folder');
    expect(folderProblem(join(aFile, 'sub', 'dir'))).toBe(`cannot be made: ${aFile} is a file, not a folder`);
  });

  it('book: output path is a file, or under a file', () => {
    expectUserError(runCli(['book', book(`output: ${aFile}`)]), /output folder .*a-file: is a file, not a folder/);
    expectUserError(runCli(['book', book(`output: ${join(aFile, 'out')}`)]), /output folder .*a-file\/out: cannot be made: .*a-file is a file, not a folder/);
  });

  // A read-only mount: it bites as root too, where a folder's mode does not.
  it.skipIf(!canMountReadOnly())('book: output folder read-only', () => {
    const ro = join(tmp, 'read-only');
    mkdirSync(ro);
    expectUserError(runCliReadOnly(ro, ['book', book(`output: ${join(ro, 'out')}`)]), /cannot be made: .*read-only is read-only/);
    expectUserError(runCliReadOnly(ro, ['book', book(`output: ${ro}`)]), /read-only: is read-only/);
  });

  it('a bank whose folder cannot be made', () => {
    expectUserError(runCli(['book', book(`bank: ${join(aFile, 'bank.sqlite')}`)]), /bank .*bank\.sqlite: folder .*a-file: is a file, not a folder/);
    expectUserError(runCli(['bank', 'fill', '--bucket', 'easy', '-n', '1', '--bank', join(aFile, 'x', 'bank.sqlite')]), /bank\.sqlite: cannot create a puzzle bank: its folder .* cannot be made: .*a-file is a file, not a folder/);
    expect(existsSync(join(aFile, 'x'))).toBe(false);
  });

  it('audit --out on an existing file, before the audit', () => {
    const r = runCli(['audit', puzzles, '--out', aFile, '--workers', '0']);
    expectUserError(r, /^sudoku-press: --out .*a-file: is a file, not a folder$/m);
    expect(r.stdout).toBe('');
  });

  it('daily: output path is a file', () => {
    const job = join(tmp, 'daily.yaml');
    writeFileSync(job, `name: d\ntitle: T\nseed: 1\nbank: ${join(tmp, 'daily.sqlite')}\noutput: ${aFile}\nschedule: { monday: easy, tuesday: easy, wednesday: easy, thursday: easy, friday: easy, saturday: easy, sunday: easy }\n`);
    expectUserError(runCli(['daily', job, '--from', '2027-01-01']), /output folder .*a-file: is a file, not a folder/);
    expect(existsSync(join(tmp, 'daily.sqlite'))).toBe(false);
  });
});
