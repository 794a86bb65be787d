/**
 * Real child processes of the built command line for the reliability tests: started on pipes,
 * with stdout into a file, or on a pseudo-terminal (util-linux `script`) so that progress lines
 * show and serve as markers of the moment reached; real signals sent to them by process id.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { openSync, readdirSync, readFileSync, statSync, closeSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const MAIN = fileURLToPath(new URL('../../dist/cli/main.js', import.meta.url));

const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

export interface Running {
  child: ChildProcess;
  /** Everything the command wrote to stdout and stderr (on a terminal: both, with progress lines). */
  output(): string;
  /** The command's own process id (under `script`, its child). */
  pid(): Promise<number>;
  /** Resolves when the output matches `re`; rejects when the command ends first. */
  waitFor(re: RegExp): Promise<void>;
  exit: Promise<{ status: number | null; output: string }>;
}

export interface StartOptions {
  /** Run on a pseudo-terminal (progress lines shown). */
  tty?: boolean;
  /** Send stdout into this file instead of a pipe. */
  stdoutFile?: string;
  cwd?: string;
}

export function startCli(args: string[], opts: StartOptions = {}): Running {
  const env = { ...process.env };
  let child: ChildProcess;
  if (opts.tty) {
    delete env.CI;
    const command = `exec ${[process.execPath, MAIN, ...args].map(quote).join(' ')}`;
    child = spawn('script', ['-qefc', command, '/dev/null'], { cwd: opts.cwd ?? ROOT, env, stdio: ['pipe', 'pipe', 'pipe'] });
  } else {
    env.CI = '1';
    const out = opts.stdoutFile ? openSync(opts.stdoutFile, 'w') : 'pipe';
    child = spawn(process.execPath, [MAIN, ...args], { cwd: opts.cwd ?? ROOT, env, stdio: ['ignore', out, 'pipe'] });
    if (typeof out === 'number') closeSync(out);
  }
  let text = '';
  const listeners = new Set<() => void>();
  const add = (d: Buffer) => {
    text += d.toString('utf8');
    for (const l of listeners) l();
  };
  child.stdout?.on('data', add);
  child.stderr?.on('data', add);
  let ended = false;
  const exit = new Promise<{ status: number | null; output: string }>((resolve) =>
    child.on('close', (status) => {
      ended = true;
      for (const l of listeners) l();
      resolve({ status, output: text });
    }),
  );
  const pid = async (): Promise<number> => {
    if (!opts.tty) return child.pid!;
    // The node process `script` started (exec'd by its shell).
    for (;;) {
      try {
        const kids = readFileSync(`/proc/${child.pid}/task/${child.pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
        for (const k of kids) if (readFileSync(`/proc/${k}/cmdline`, 'utf8').includes(MAIN)) return k;
      } catch {
        // not started yet
      }
      if (ended) throw new Error(`the command ended before it was found:\n${text}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  const waitFor = (re: RegExp) =>
    new Promise<void>((resolve, reject) => {
      const check = () => {
        if (re.test(text)) {
          listeners.delete(check);
          resolve();
        } else if (ended) {
          listeners.delete(check);
          reject(new Error(`the command ended before its output matched ${re}:\n${text}`));
        }
      };
      listeners.add(check);
      check();
    });
  return { child, output: () => text, pid, waitFor, exit };
}

/** Resolves when `test` holds (polled every 20 ms). */
export async function until(test: () => boolean): Promise<void> {
  while (!test()) await new Promise((r) => setTimeout(r, 20));
}

/** Run the command line to its end (CI set: no progress lines), optionally under a file-size limit in KB (`ulimit -f`). */
export function runCliSync(args: string[], opts: { fileLimitKb?: number; stdout?: string; cwd?: string } = {}): { status: number | null; stdout: string; stderr: string } {
  const command = [process.execPath, MAIN, ...args].map(quote).join(' ');
  const limit = opts.fileLimitKb !== undefined ? `ulimit -f ${opts.fileLimitKb}; ` : '';
  const redirect = opts.stdout ? ` > ${quote(opts.stdout)}` : '';
  const r = spawnSync('bash', ['-c', `${limit}exec ${command}${redirect}`], { cwd: opts.cwd ?? ROOT, encoding: 'utf8', env: { ...process.env, CI: '1' } });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** Every file under `dir` (names relative to it, hidden ones too) with a hash of its bytes. */
export function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string, prefix: string) => {
    for (const name of readdirSync(d)) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) walk(p, `${prefix}${name}/`);
      else out[`${prefix}${name}`] = createHash('sha256').update(readFileSync(p)).digest('hex');
    }
  };
  walk(dir, '');
  return out;
}

/** A small tmpfs mounted at `dir` (root only, where mounting is allowed); false when it cannot be. */
export function mountTmpfs(dir: string, options: string): boolean {
  const r = spawnSync('mount', ['-t', 'tmpfs', '-o', options, 'tmpfs', dir], { encoding: 'utf8' });
  return r.status === 0;
}

export function unmount(dir: string): void {
  spawnSync('umount', [dir]);
}
