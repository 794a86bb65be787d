import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { dateRange } from '../../src/daily/daily.js';
import { ROOT } from '../helpers/cli.js';

const tmp = mkdtempSync(join(tmpdir(), 'sp-daily-twice-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('two daily runs at once on the same dates and bank', () => {
  it('both finish and agree on every day: a slot recorded by one is re-read by the other', async () => {
    const bank = join(tmp, 'bank.sqlite');
    const files = ['one', 'two'].map((out) => {
      const text = readFileSync('config/daily.yaml', 'utf8').replace('bank: output/bank.sqlite', `bank: ${bank}\noutput: ${join(tmp, out)}`);
      const file = join(tmp, `${out}.yaml`);
      writeFileSync(file, text);
      return file;
    });
    const runs = files.map(
      (file) =>
        new Promise<{ code: number | null; stderr: string }>((resolve) => {
          const child = spawn(process.execPath, ['dist/cli/main.js', 'daily', file, '--from', '2027-03-01', '--days', '3', '--workers', '1'], {
            cwd: ROOT,
            env: { ...process.env, CI: '1' },
          });
          let stderr = '';
          child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
          child.on('exit', (code) => resolve({ code, stderr }));
        }),
    );
    const results = await Promise.all(runs);
    for (const r of results) expect(r.code, r.stderr).toBe(0);
    for (const date of dateRange('2027-03-01', 3)) {
      const [a, b] = ['one', 'two'].map((out) => JSON.parse(readFileSync(join(tmp, out, date, 'puzzle.json'), 'utf8')) as { puzzle: string });
      expect(a.puzzle).toBe(b.puzzle);
    }
  }, 180_000);
});
