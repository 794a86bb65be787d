/**
 * Input files read whole (job files): their size is bounded before anything is read, and
 * filesystem problems are one line naming the file and what is wrong.
 */
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { UserError } from './errors.js';

/** What an error of opening or reading `file` means to a user (no stack, no errno jargon alone). */
export function fileProblem(err: unknown, what: string): string {
  const code = (err as NodeJS.ErrnoException).code;
  switch (code) {
    case 'ENOENT':
      return `no such ${what}`;
    case 'ELOOP':
      return 'a symbolic link that leads back to itself (a loop of links); point it at a real file';
    case 'EACCES':
    case 'EPERM':
      return 'cannot be read (permission denied)';
    case 'ENOTDIR':
      return `no such ${what} (a part of its path is a file, not a folder)`;
    case 'ENAMETOOLONG':
      return 'the path is too long';
    case 'EISDIR':
      return `a folder, not a ${what}`;
    default:
      return `cannot be read (${(err as Error).message})`;
  }
}

/**
 * The bytes of `file`, at most `max` of them: a larger file is refused by its size before it is
 * read, and a device or pipe (which has no size) is read only up to the limit.
 */
export function readCapped(file: string, max: number, what: string, why: string): Buffer {
  const tooLarge = (size?: number) =>
    new UserError(`${file}: ${size === undefined ? '' : `${size.toLocaleString('en-US')} bytes, `}more than a ${what} may hold (${max.toLocaleString('en-US')} bytes: ${why}); is it the right file?`);
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch (err) {
    throw new UserError(`${file}: ${fileProblem(err, what)}`);
  }
  try {
    const st = fstatSync(fd);
    if (st.isDirectory()) throw new UserError(`${file}: a folder, not a ${what}`);
    if (st.isFile() && st.size > max) throw tooLarge(st.size);
    const buf = Buffer.alloc(max + 1);
    let n = 0;
    try {
      for (let got = -1; got !== 0 && n <= max; n += got) got = readSync(fd, buf, n, max + 1 - n, null);
    } catch (err) {
      throw new UserError(`${file}: ${fileProblem(err, what)}`);
    }
    if (n > max) throw tooLarge();
    return buf.subarray(0, n);
  } finally {
    closeSync(fd);
  }
}
