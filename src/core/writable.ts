/**
 * Checks, before any work starts, that a folder can be made (where missing) and written to:
 * an output folder, the folder of a bank. Ordinary filesystem problems (the path is a file,
 * lies under a file, or is read-only) are a user's to fix, so they are told as one line
 * naming the path and what is wrong, not found after an hour of work as a crash.
 */
import { accessSync, constants, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { UserError } from './errors.js';

/** What stands in the way of writing into folder `dir` (making it and its parents first), or null. */
export function folderProblem(dir: string): string | null {
  const target = resolve(dir);
  let at = target;
  for (;;) {
    let isDir: boolean;
    try {
      isDir = statSync(at).isDirectory();
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') {
        const up = dirname(at);
        if (up === at) return 'cannot be made: no such drive or root';
        at = up;
        continue;
      }
      if (code === 'ENOTDIR') {
        // A part of the path is a file; go up to find it.
        at = dirname(at);
        continue;
      }
      if (code === 'EACCES') return `cannot be reached (permission denied on ${at})`;
      return `cannot be used (${(err as Error).message})`;
    }
    if (!isDir) return at === target ? 'is a file, not a folder' : `cannot be made: ${at} is a file, not a folder`;
    try {
      accessSync(at, constants.W_OK | constants.X_OK);
    } catch {
      return at === target ? 'is read-only (no permission to write in it)' : `cannot be made: ${at} is read-only (no permission to write in it)`;
    }
    return null;
  }
}

/** Throw a UserError "<what> <dir>: <problem>" when `dir` cannot be made or written to. */
export function checkWritableFolder(dir: string, what: string): void {
  const problem = folderProblem(dir);
  if (problem) throw new UserError(`${what} ${dir}: ${problem}`);
}
