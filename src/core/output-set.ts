/**
 * Output sets: the files a run writes together (a book's book.pdf, cover.pdf, puzzles.jsonl and
 * report.json; a daily date's pages; an audit's reports) are one commit. Every file is first
 * written under a temporary name in the same folder, after checking the device has room for
 * all of them; only then are they moved into place together. A failure at any point (no
 * space, a read-only device, a file-size limit) removes the temporaries and leaves the
 * previous set whole, or, once the moves are done, the new set whole: never a mix.
 *
 * The whole commit is synchronous, so a signal (Ctrl-C, SIGTERM) is handled before it starts
 * or after it ends, never in the middle. Temporaries left by a run that was killed outright
 * (SIGKILL, a power cut) carry its process id and are removed by the next run in that folder.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, realpathSync, renameSync, rmSync, statfsSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve, sep } from 'node:path';
import { UserError } from './errors.js';

export interface OutputFile {
  name: string;
  data: string | Uint8Array;
}

export interface OutputSetOptions {
  /** What the set is, for messages: "book", "audit report", "pages of 2027-01-01". */
  what: string;
  /** Files of the previous set that the new one no longer has: removed with the commit. */
  remove?: readonly string[];
}

/** What went wrong with the filesystem, in words, for the error codes a user can meet; else null. */
export function fsProblem(err: unknown): string | null {
  switch ((err as NodeJS.ErrnoException | null)?.code) {
    case 'ENOSPC':
      return 'no space left';
    case 'EDQUOT':
      return 'disk quota exceeded';
    case 'EROFS':
      return 'read-only filesystem';
    case 'EFBIG':
      return 'file too large (a file-size limit)';
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    case 'EIO':
      return 'input/output error';
    default:
      return null;
  }
}

/** Problems that belong to the whole device, told as "on <mount point>". */
const DEVICE_WIDE = new Set(['ENOSPC', 'EDQUOT', 'EROFS']);

/** The mount point holding `path` (from /proc/self/mounts where there is one), else the path itself. */
export function mountPointOf(path: string): string {
  let real: string;
  try {
    let at = resolve(path);
    while (!existsSync(at) && dirname(at) !== at) at = dirname(at);
    real = realpathSync(at);
  } catch {
    return path;
  }
  let mounts: string[];
  try {
    mounts = readFileSync('/proc/self/mounts', 'utf8')
      .split('\n')
      .map((l) => (l.split(' ')[1] ?? '').replace(/\\([0-7]{3})/g, (_, o: string) => String.fromCharCode(parseInt(o, 8))));
  } catch {
    return path;
  }
  let best = '';
  for (const m of mounts) {
    if (!m) continue;
    const inside = m === '/' || real === m || real.startsWith(m.endsWith(sep) ? m : m + sep);
    if (inside && m.length > best.length) best = m;
  }
  return best || path;
}

/** "1.2 MB", "340 kB", "512 bytes". */
export function sizeText(bytes: number): string {
  if (bytes < 1000) return `${bytes} bytes`;
  if (bytes < 1e6) return `${(bytes / 1e3).toFixed(bytes < 1e4 ? 1 : 0)} kB`;
  if (bytes < 1e9) return `${(bytes / 1e6).toFixed(1)} MB`;
  return `${(bytes / 1e9).toFixed(1)} GB`;
}

/** Bytes free to this user on the device holding `dir` (an existing folder), or null when unknown. */
export function freeBytes(dir: string): number | null {
  try {
    const s = statfsSync(dir);
    return Number(s.bavail) * Number(s.bsize);
  } catch {
    return null;
  }
}

const TEMP = /^\.(.+)\.(new|old|partial)-(\d+)$/;

function alive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Remove the temporaries (".<name>.new-PID", ".<name>.old-PID", ".<name>.partial-PID") that
 * runs which no longer exist left in `dir`. A running process's are left alone: two runs may
 * write into one folder at once.
 */
export function removeStaleTemporaries(dir: string): void {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return;
  }
  for (const name of names) {
    const m = TEMP.exec(name);
    if (m && !alive(Number(m[3]))) rmSync(join(dir, name), { recursive: true, force: true });
  }
}

/** The sentence saying what a failure left: the previous set, or nothing. */
function keptText(dir: string, what: string, hadOld: boolean, fresh: boolean): string {
  if (hadOld) return `the previous ${what} in ${dir} is unchanged`;
  return fresh ? `${dir} was not made` : `no ${what} was written in ${dir}`;
}

/** The error for a filesystem failure while writing `name` of the set in `dir`; other errors as they are. */
function failure(err: unknown, dir: string, name: string, kept: string): unknown {
  const problem = fsProblem(err);
  if (!problem) return err;
  const code = (err as NodeJS.ErrnoException).code!;
  const where = DEVICE_WIDE.has(code) ? `${problem} on ${mountPointOf(dir)} writing ${name}` : `${problem} writing ${join(dir, name)}`;
  return new UserError(`${where}: ${kept}`);
}

/** Bytes a file of `size` bytes takes on a device with blocks of `block` bytes. */
const onDisk = (size: number, block: number) => Math.ceil(size / block) * block + block;

/**
 * Write `files` into folder `dir` as one set (see the top of this file). A missing `dir` is
 * made whole: its files are written into a hidden sibling folder that is renamed into place.
 * Throws a UserError naming the path, the problem and what was kept.
 */
export function writeOutputSet(dir: string, files: readonly OutputFile[], opts: OutputSetOptions): void {
  const remove = (opts.remove ?? []).filter((r) => !files.some((f) => f.name === r));
  const fresh = !existsSync(dir);
  const parent = dirname(resolve(dir));
  let stage = dir;
  try {
    if (fresh) {
      mkdirSync(parent, { recursive: true });
      removeStaleTemporaries(parent);
      stage = join(parent, `.${basename(resolve(dir))}.partial-${process.pid}`);
      rmSync(stage, { recursive: true, force: true });
      mkdirSync(stage);
    } else removeStaleTemporaries(dir);
  } catch (err) {
    if (stage !== dir) rmSync(stage, { recursive: true, force: true });
    throw failure(err, dir, files[0]?.name ?? '', keptText(dir, opts.what, false, fresh));
  }
  const hadOld = !fresh && [...files.map((f) => f.name), ...remove].some((n) => existsSync(join(dir, n)));
  const kept = keptText(dir, opts.what, hadOld, fresh);

  // Room for the whole set, told before anything is written.
  const bytes = files.map((f) => (typeof f.data === 'string' ? Buffer.byteLength(f.data) : f.data.byteLength));
  const free = freeBytes(stage);
  if (free !== null) {
    let block = 4096;
    try {
      block = Number(statfsSync(stage).bsize) || block;
    } catch {
      // the default block size
    }
    const need = bytes.reduce((n, b) => n + onDisk(b, block), 0);
    if (need > free) {
      if (stage !== dir) rmSync(stage, { recursive: true, force: true });
      const total = bytes.reduce((n, b) => n + b, 0);
      throw new UserError(`not enough space on ${mountPointOf(dir)} for the new ${opts.what} in ${dir}: it needs ${sizeText(total)}, ${sizeText(free)} free; ${kept}`);
    }
  }

  // Every file under a temporary name.
  const temp = (name: string) => (stage === dir ? join(dir, `.${name}.new-${process.pid}`) : join(stage, name));
  const written: string[] = [];
  let at = '';
  try {
    for (const f of files) {
      at = f.name;
      const t = temp(f.name);
      written.push(t);
      writeFileSync(t, f.data);
    }
  } catch (err) {
    if (stage !== dir) rmSync(stage, { recursive: true, force: true });
    else for (const t of written) rmSync(t, { force: true });
    throw failure(err, dir, at, kept);
  }

  // Into place.
  if (stage !== dir) {
    try {
      renameSync(stage, dir);
      return;
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      // Another run made the folder meanwhile: move the files in one by one, as below.
      if (code !== 'ENOTEMPTY' && code !== 'EEXIST') {
        rmSync(stage, { recursive: true, force: true });
        throw failure(err, dir, files[0]?.name ?? '', kept);
      }
    }
  }
  commitFiles(dir, stage, files, remove, kept);
}

/** Move the staged files over the old ones; a failed move puts back everything moved so far. */
function commitFiles(dir: string, stage: string, files: readonly OutputFile[], remove: readonly string[], kept: string): void {
  const staged = (name: string) => (stage === dir ? join(dir, `.${name}.new-${process.pid}`) : join(stage, name));
  const backup = (name: string) => join(dir, `.${name}.old-${process.pid}`);
  const undo: (() => void)[] = [];
  const olds: string[] = [];
  let at = '';
  try {
    for (const name of [...files.map((f) => f.name), ...remove]) {
      at = name;
      const target = join(dir, name);
      if (existsSync(target)) {
        renameSync(target, backup(name));
        olds.push(backup(name));
        undo.push(() => renameSync(backup(name), target));
      }
      if (remove.includes(name)) continue;
      renameSync(staged(name), target);
      undo.push(() => renameSync(target, staged(name)));
    }
  } catch (err) {
    for (const u of undo.reverse()) {
      try {
        u();
      } catch {
        // best effort: put back what can be put back
      }
    }
    for (const f of files) rmSync(staged(f.name), { force: true });
    if (stage !== dir) rmSync(stage, { recursive: true, force: true });
    throw failure(err, dir, at, kept);
  }
  for (const o of olds) rmSync(o, { force: true });
  if (stage !== dir) rmSync(stage, { recursive: true, force: true });
}
