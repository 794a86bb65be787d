import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { canMountReadOnly, ROOT, runCli, runCliReadOnly } from '../helpers/cli.js';

const tmp = mkdtempSync(join(tmpdir(), 'sp-paths-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('paths in a job', () => {
  it('fonts resolve against the job file, output against the folder the command runs in', () => {
    const jobs = join(tmp, 'jobs');
    const work = join(tmp, 'work');
    mkdirSync(join(jobs, 'fonts'), { recursive: true });
    mkdirSync(work);
    copyFileSync(join(ROOT, 'node_modules/dejavu-fonts-ttf/ttf/DejaVuSerif.ttf'), join(jobs, 'fonts', 'Body.ttf'));
    const job = join(jobs, 'paths.yaml');
    writeFileSync(job, 'name: paths\ntitle: T\nseed: 1\noutput: out-rel\nlayout:\n  fonts: { regular: fonts/Body.ttf }\nsections:\n  - { title: E, bucket: easy, count: 1 }\n');
    const r = runCli(['book', job, '--workers', '1'], undefined, work);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^wrote out-rel\/book\.pdf: 1 puzzle \(/);
    expect(existsSync(join(work, 'out-rel', 'book.pdf'))).toBe(true);
    expect(existsSync(join(jobs, 'out-rel'))).toBe(false);
    // The same font path from the working folder would not exist: it was found beside the job.
    expect(existsSync(join(work, 'fonts', 'Body.ttf'))).toBe(false);
  }, 60_000);
});

describe('init', () => {
  it.skipIf(!canMountReadOnly())('into a read-only folder is one line naming it, even as root', () => {
    const dir = join(tmp, 'read-only');
    mkdirSync(dir);
    const r = runCliReadOnly(dir, ['init', dir]);
    expect(r.status).toBe(1);
    expect(r.stderr).toBe(`sudoku-press: init: folder ${dir}: is read-only (no permission to write in it)\n`);
    const sub = runCliReadOnly(dir, ['init', join(dir, 'sub')]);
    expect(sub.stderr).toBe(`sudoku-press: init: folder ${join(dir, 'sub')}: cannot be made: ${dir} is read-only (no permission to write in it)\n`);
    expect(existsSync(join(dir, 'book.yaml'))).toBe(false);
  });
});
