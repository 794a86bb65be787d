/** The bank file used when none is named (kept apart from bank.ts so naming it loads no SQLite driver). */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { UserError } from '../core/errors.js';
import { isPostgresUrl } from './store.js';

export const DEFAULT_BANK = 'output/bank.sqlite';

/**
 * Refuse a bank path that does not exist, unless it is the command's default bank (`fallback`:
 * the job's `bank`, else DEFAULT_BANK) or a new bank was asked for (--new-bank): a mistyped
 * --bank must not start an empty bank and hand out again puzzles the real one has used.
 */
export function checkBankExists(file: string, fallback: string | null, newBank: boolean | undefined): void {
  // A PostgreSQL bank (a connection string) is checked when it is opened.
  if (isPostgresUrl(file)) return;
  if (newBank || existsSync(file) || (fallback !== null && resolve(file) === resolve(fallback))) return;
  throw new UserError(`--bank ${file}: no such bank; give the path of an existing bank, or add --new-bank to start a new one there`);
}
