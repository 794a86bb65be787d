/** Running the built command line (npm test builds it first). */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const MAIN = fileURLToPath(new URL('../../dist/cli/main.js', import.meta.url));

export interface RunResult {
  status: number | null;
  stdout: string;
  stderr: string;
}

export function runCli(args: string[], input?: string, cwd = ROOT): RunResult {
  const r = spawnSync(process.execPath, [MAIN, ...args], { input, cwd, encoding: 'utf8', env: { ...process.env, CI: '1' } });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}
