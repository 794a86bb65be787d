/** The bank file used when none is named (kept apart from bank.ts so naming it loads no SQLite driver). */
export const DEFAULT_BANK = 'output/bank.sqlite';
