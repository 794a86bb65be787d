/** Where the package's own files are, so an installed sudoku-press works from any directory. */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The package's root folder (holding config/, templates/, schema/). */
export const PACKAGE_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** config/<name> in the current directory when it is there, else the example shipped in the package. */
export function defaultJob(name: string, cwd = process.cwd()): string {
  const local = join(cwd, 'config', name);
  return existsSync(local) ? join('config', name) : join(PACKAGE_ROOT, 'config', name);
}
