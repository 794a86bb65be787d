/**
 * A full device for real: a small tmpfs (as root, where mounting is allowed; its inodes used
 * up so the set fails part-way with ENOSPC, or its bytes so the set is refused up front), else
 * a file-size limit (`ulimit -f`: EFBIG), and /dev/full for standard output. Every writer ends
 * with one line naming the path and what was kept, exit 1, and leaves the previous set whole
 * with no temporary files.
 */
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, statfsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { mountTmpfs, runCliSync, snapshot, unmount } from './process.js';

const tmp = mkdtempSync(join(tmpdir(), 'sp-full-'));
const mounted: string[] = [];
afterAll(() => mounted.forEach(unmount));

/** A fresh small tmpfs, or null where mounting is not allowed (then a file-size limit is used). */
function device(name: string, size: string): string | null {
  const dir = join(tmp, name);
  mkdirSync(dir);
  if (!mountTmpfs(dir, `size=${size}`)) return null;
  mounted.push(dir);
  return dir;
}

/** Use up the device's inodes but `left`: the next files made fail with ENOSPC. */
function useInodes(dir: string, left: number): void {
  const filler = join(dir, 'filler');
  mkdirSync(filler);
  let free = Number(statfsSync(dir).ffree);
  // tmpfs counts inodes only when given nr_inodes: then ffree is finite.
  for (let i = 0; free > left; i++, free--) writeFileSync(join(filler, String(i)), '');
}

function mountWithInodes(name: string): string | null {
  const dir = join(tmp, name);
  mkdirSync(dir);
  if (!mountTmpfs(dir, 'size=4m,nr_inodes=64')) return null;
  mounted.push(dir);
  return dir;
}

/** One line naming the problem, exit 1, no stack trace. */
function expectOneLine(r: { status: number | null; stderr: string }, message: RegExp): void {
  expect(r.status, r.stderr).toBe(1);
  expect(r.stderr.trim().split('\n'), r.stderr).toHaveLength(1);
  expect(r.stderr.trimEnd()).toMatch(message);
  expect(r.stderr).not.toContain('internal error');
}

const hidden = (dir: string) => (readdirSync(dir, { recursive: true }) as string[]).filter((p) => p.split('/').some((part) => part.startsWith('.')));
const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function bookJob(name: string, seed: number, output: string): string {
  const file = join(tmp, `${name}-${seed}.yaml`);
  writeFileSync(file, `name: ${name}\ntitle: Full\nseed: ${seed}\noutput: ${output}\nsections:\n  - { title: S, bucket: easy, count: 4 }\n`);
  return file;
}

describe('book on a full device', () => {
  it('fails part-way (ENOSPC, else EFBIG): the previous book is unchanged, no temporaries', () => {
    const dev = mountWithInodes('book-enospc');
    const out = join(dev ?? tmp, 'book-out');
    expect(runCliSync(['book', bookJob('full', 1, out), '--workers', '2']).status).toBe(0);
    const before = snapshot(out);
    expect(Object.keys(before).sort()).toEqual(['book.pdf', 'cover.pdf', 'puzzles.jsonl', 'report.json']);
    let r;
    if (dev) {
      // Room for two of the four new files: the third fails.
      useInodes(dev, 2);
      r = runCliSync(['book', bookJob('full', 2, out), '--workers', '2']);
      expectOneLine(r, new RegExp(`^sudoku-press: no space left on ${esc(dev)} writing (book|cover)\\.pdf: the previous book in ${esc(out)} is unchanged$`));
    } else {
      r = runCliSync(['book', bookJob('full', 2, out), '--workers', '2'], { fileLimitKb: 20 });
      expectOneLine(r, new RegExp(`file too large \\(a file-size limit\\) writing ${esc(out)}/(book|cover)\\.pdf: the previous book in ${esc(out)} is unchanged$`));
    }
    expect(snapshot(out)).toEqual(before);
    expect(hidden(out)).toEqual([]);
  });

  it('a file-size limit (EFBIG) part-way: the previous book is unchanged', () => {
    const out = join(tmp, 'book-efbig');
    expect(runCliSync(['book', bookJob('big', 1, out), '--workers', '2']).status).toBe(0);
    const before = snapshot(out);
    // puzzles.jsonl fits under 20 KB; the PDFs and the report (with its steps) do not.
    const r = runCliSync(['book', bookJob('big', 3, out), '--workers', '2'], { fileLimitKb: 20 });
    expectOneLine(r, new RegExp(`file too large \\(a file-size limit\\) writing ${esc(out)}/((book|cover)\\.pdf|report\\.json): the previous book in ${esc(out)} is unchanged$`));
    expect(snapshot(out)).toEqual(before);
    expect(hidden(out)).toEqual([]);
  });

  it('a set that will not fit is refused before anything is written, naming the sizes', () => {
    const dev = device('book-space', '256k');
    // Without a small device the check cannot be provoked; the file-size limit tests above still run.
    if (!dev) return;
    const out = join(dev, 'out');
    const r1 = runCliSync(['book', bookJob('space', 1, out), '--workers', '2']);
    expect(r1.status, r1.stderr).toBe(0);
    const before = snapshot(out);
    // Leave about 20 KB free: less than the new set, more than nothing.
    const free = Number(statfsSync(dev).bavail) * Number(statfsSync(dev).bsize);
    writeFileSync(join(dev, 'filler'), Buffer.alloc(free - 20_000));
    const r = runCliSync(['book', bookJob('space', 2, out), '--workers', '2']);
    expectOneLine(r, new RegExp(`^sudoku-press: not enough space on ${esc(dev)} for the new book in ${esc(out)}: it needs \\d+ kB, \\d+(\\.\\d)? kB free; the previous book in ${esc(out)} is unchanged$`));
    expect(snapshot(out)).toEqual(before);
    expect(hidden(out)).toEqual([]);
  });
});

describe('a read-only device bites as root too', () => {
  it('book and audit --out into a read-only mount: one line before the work', () => {
    const dir = join(tmp, 'read-only');
    mkdirSync(dir);
    // chmod does not stop root; a read-only mount does (else, as another user, a read-only folder).
    if (mountTmpfs(dir, 'size=64k,ro')) mounted.push(dir);
    else chmodSync(dir, 0o555);
    expectOneLine(runCliSync(['book', bookJob('ro', 1, join(dir, 'out'))]), new RegExp(`output folder ${esc(join(dir, 'out'))}: cannot be made: ${esc(dir)} is read-only`));
    expectOneLine(runCliSync(['audit', 'test/fixtures/audit/collection.txt', '--out', dir, '--workers', '0']), new RegExp(`--out ${esc(dir)}: is read-only`));
  });
});

describe('audit --out and daily on a full device', () => {
  const input = 'test/fixtures/audit/collection.txt';

  it('audit --out: ENOSPC (else EFBIG) keeps the previous four reports', () => {
    const dev = mountWithInodes('audit-enospc');
    const out = join(dev ?? tmp, 'audit-out');
    expect(runCliSync(['audit', input, '--out', out, '--workers', '0', '--format', 'json']).status).toBe(0);
    const before = snapshot(out);
    const other = join(tmp, 'audit-other.txt');
    writeFileSync(other, '..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..\n');
    let r;
    if (dev) {
      useInodes(dev, 1);
      r = runCliSync(['audit', other, '--out', out, '--workers', '0']);
      expectOneLine(r, new RegExp(`^sudoku-press: no space left on ${esc(dev)} writing report\\.csv: the previous audit report in ${esc(out)} is unchanged$`));
    } else {
      r = runCliSync(['audit', other, '--out', out, '--workers', '0'], { fileLimitKb: 8 });
      expectOneLine(r, /file too large \(a file-size limit\) writing .*report\.pdf: the previous audit report in .* is unchanged$/);
    }
    expect(snapshot(out)).toEqual(before);
    expect(hidden(out)).toEqual([]);
  });

  it('audit --out under a file-size limit: EFBIG on report.pdf keeps the previous reports', () => {
    const out = join(tmp, 'audit-efbig');
    expect(runCliSync(['audit', input, '--out', out, '--workers', '0']).status).toBe(0);
    const before = snapshot(out);
    const r = runCliSync(['audit', 'test/fixtures/puzzles/se-rated-40.tsv', '--out', out, '--workers', '0'], { fileLimitKb: 8 });
    expectOneLine(r, new RegExp(`file too large \\(a file-size limit\\) writing ${esc(out)}/report\\.pdf: the previous audit report in ${esc(out)} is unchanged$`));
    expect(snapshot(out)).toEqual(before);
    expect(hidden(out)).toEqual([]);
  });

  it('daily: ENOSPC while a date already written is written again keeps its folder and makes no new one', () => {
    const dev = mountWithInodes('daily-enospc');
    // Without a mount, the file-size limit would stop the bank's own files first: the tests above cover EFBIG.
    if (!dev) return;
    const out = join(dev, 'daily-out');
    const job = join(tmp, 'daily.yaml');
    writeFileSync(job, `name: d\ntitle: T\nseed: 1\nbank: ${join(tmp, 'daily.sqlite')}\noutput: ${out}\nschedule: { monday: easy, tuesday: easy, wednesday: easy, thursday: easy, friday: easy, saturday: easy, sunday: easy }\n`);
    expect(runCliSync(['daily', job, '--from', '2027-01-01', '--days', '2', '--workers', '2']).status).toBe(0);
    const before = snapshot(out);
    useInodes(dev, 2);
    const r = runCliSync(['daily', job, '--from', '2027-01-01', '--days', '3', '--workers', '2']);
    expectOneLine(r, new RegExp(`^sudoku-press: no space left on ${esc(dev)} writing puzzle(-full)?\\.(pdf|svg|json): the previous date folder in ${esc(join(out, '2027-01-01'))} is unchanged$`));
    expect(snapshot(out)).toEqual(before);
    expect(hidden(out)).toEqual([]);
  });
});

describe('standard output and the bank on a full device', () => {
  for (const args of [
    ['generate', '-n', '3', '--seed', 'x'],
    ['grids', '-n', '3', '--seed', 'x'],
    ['audit', 'test/fixtures/audit/collection.txt', '--workers', '0'],
  ]) {
    it(`${args[0]} > /dev/full`, () => {
      expectOneLine(runCliSync(args, { stdout: '/dev/full' }), /^sudoku-press: cannot write to standard output: no space left$/);
    });
  }

  it('bank fill onto a full device', () => {
    const dev = device('bank', '1m');
    const bank = join(dev ?? tmp, 'bank.sqlite');
    expect(runCliSync(['bank', 'fill', '--bucket', 'easy', '-n', '1', '--seed', '1', '--workers', '2', '--bank', bank]).status).toBe(0);
    let r;
    if (dev) {
      const free = Number(statfsSync(dev).bavail) * Number(statfsSync(dev).bsize);
      writeFileSync(join(dev, 'filler'), Buffer.alloc(Math.max(0, free - 48 * 1024)));
      r = runCliSync(['bank', 'fill', '--bucket', 'easy', '-n', '500', '--seed', '2', '--workers', '2', '--bank', bank]);
    } else r = runCliSync(['bank', 'fill', '--bucket', 'easy', '-n', '500', '--seed', '2', '--workers', '2', '--bank', bank], { fileLimitKb: 64 });
    expectOneLine(r, new RegExp(`(no space left|cannot write) .*the bank ${esc(bank)}`));
    const stats = runCliSync(['bank', 'stats', '--bank', bank]);
    expect(stats.status, stats.stderr).toBe(0);
  });
});
