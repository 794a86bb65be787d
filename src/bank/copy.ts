/**
 * `bank copy FROM TO`: every puzzle of one bank into another, between the two stores (SQLite
 * file, PostgreSQL), with its uses and dates, in the order they were banked. The target must
 * hold no puzzles yet. Both sides are counted and summed with a checksum that does not depend
 * on row ids or order, and the copy is refused as failed unless they agree.
 */
import { createHash } from 'node:crypto';
import { UserError } from '../core/errors.js';
import { storedParams, type StoredPuzzle } from './bank.js';
import { openBank, type PuzzleBank } from './store.js';

export interface BankSum {
  puzzles: number;
  used: number;
  /** Sum (mod 2^128) of each puzzle's SHA-256 over every field but its row id, in hex. */
  checksum: string;
}

/** What a puzzle is, everything but where it sits (its row id). */
function puzzleHash(p: StoredPuzzle): bigint {
  const h = createHash('sha256').update(JSON.stringify(storedParams(p))).digest();
  return h.readBigUInt64BE(0) * 2n ** 64n + h.readBigUInt64BE(8);
}

/** Count and checksum a bank's puzzles. */
export async function bankSum(bank: PuzzleBank): Promise<BankSum> {
  let puzzles = 0;
  let used = 0;
  let sum = 0n;
  for await (const p of bank.export()) {
    puzzles++;
    if (p.usedKind !== null) used++;
    sum = (sum + puzzleHash(p)) % 2n ** 128n;
  }
  return { puzzles, used, checksum: sum.toString(16).padStart(32, '0') };
}

/** Copy `from` into `to` (made when it does not exist); returns both sides' sums, which agree. */
export async function copyBank(from: string, to: string): Promise<{ from: BankSum; to: BankSum }> {
  const source = await openBank(from, { create: false, readOnly: true });
  try {
    const target = await openBank(to);
    try {
      const there = (await target.stats()).reduce((n, r) => n + r.total, 0);
      if (there > 0) throw new UserError(`bank copy: ${target.file} already holds ${there} puzzle${there === 1 ? '' : 's'}; copy into a new or empty bank`);
      let chunk: StoredPuzzle[] = [];
      for await (const p of source.export()) {
        chunk.push(p);
        if (chunk.length === 1000) {
          await target.addStored(chunk);
          chunk = [];
        }
      }
      await target.addStored(chunk);
      const sums = { from: await bankSum(source), to: await bankSum(target) };
      if (sums.from.puzzles !== sums.to.puzzles || sums.from.checksum !== sums.to.checksum) {
        throw new UserError(`bank copy: ${target.file} does not match ${source.file} after the copy (${sums.to.puzzles} puzzles, checksum ${sums.to.checksum}; ${sums.from.puzzles}, ${sums.from.checksum}): was ${source.file} changed meanwhile?`);
      }
      return sums;
    } finally {
      await target.close();
    }
  } finally {
    await source.close();
  }
}
