/** Running the built command line (npm test builds it first). */
import { spawn, spawnSync } from 'node:child_process';
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

/** Run the command line without blocking, so independent runs overlap. */
export function runCliAsync(args: string[]): Promise<RunResult> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [MAIN, ...args], { cwd: ROOT, env: { ...process.env, CI: '1' } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('exit', (status) => resolve({ status, stdout, stderr }));
  });
}
