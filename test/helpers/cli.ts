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

/**
 * How to run a command with `dir` mounted read-only in a private mount namespace (a read-only
 * bind mount bites as root too, where chmod does not), or null where this system allows no
 * such namespace (no unshare, or user namespaces switched off).
 */
function readOnlyPrefix(): string[] | null {
  for (const flags of process.getuid?.() === 0 ? ['-m', '-rm'] : ['-rm']) {
    const probe = spawnSync('unshare', [flags, 'sh', '-c', 'mount --bind / /mnt && mount -o remount,bind,ro /mnt'], { encoding: 'utf8' });
    if (probe.status === 0) return ['unshare', flags];
  }
  return null;
}

let readOnly: string[] | null | undefined;

/** Whether runCliReadOnly can run here. */
export function canMountReadOnly(): boolean {
  readOnly ??= readOnlyPrefix();
  return readOnly !== null;
}

/** Run the command line with folder `dir` seen read-only (a bind mount over itself in a private namespace). */
export function runCliReadOnly(dir: string, args: string[]): RunResult {
  if (!canMountReadOnly()) throw new Error('no read-only mounts on this system');
  const script = 'mount --bind "$1" "$1" && mount -o remount,bind,ro "$1" && shift && exec "$@"';
  const [cmd, flags] = readOnly!;
  const r = spawnSync(cmd, [flags, 'sh', '-c', script, 'sh', dir, process.execPath, MAIN, ...args], { cwd: ROOT, encoding: 'utf8', env: { ...process.env, CI: '1' } });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}
