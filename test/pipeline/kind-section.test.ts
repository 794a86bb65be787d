import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { openBank } from '../../src/bank/store.js';
import { kindCanon } from '../../src/bank/kinds.js';
import { parsePuzzleJson } from '../../src/geometry/json.js';
import { runCliAsync } from '../helpers/cli.js';

const tmp = mkdtempSync(join(tmpdir(), 'sp-kind-section-'));

const FOURS = '  - { title: Fours, kind: classic, size: 4, bucket: easy, count: 12 }';
const SIXES = '  - { title: Sixes, kind: classic, size: 6, bucket: easy, count: 6 }\n  - { title: Cages, kind: killer, size: 4, bucket: easy, count: 3 }';

/** A book of the given sections (`name`, the job's reference), into a temporary folder. */
function job(name: string, sections: string): string {
  const file = join(tmp, `${name}.yaml`);
  writeFileSync(
    file,
    `name: ${name}
title: "Small Grids"
author: "Test Author"
seed: small-grids-1
date: 2026-02-03
sections:
${sections}
layout:
  template: letter-4up
answers: end
output: ${join(tmp, name)}
`,
  );
  return file;
}

/** Each puzzle of a book as puzzles.jsonl has it: its section and its canonical form within its kind and size. */
function forms(name: string): { section: string; canon: string }[] {
  return readFileSync(join(tmp, name, 'puzzles.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map((line, i) => {
      const r = parsePuzzleJson(line, `line ${i + 1}`);
      return { section: (JSON.parse(line) as { section: string }).section, canon: `${r.geometry.kind} ${r.geometry.size} ${kindCanon(r.geometry, r.puzzle)}` };
    });
}

async function book(name: string, sections: string, more: string[] = []): Promise<void> {
  const r = await runCliAsync(['book', job(name, sections), '--workers', '1', ...more]);
  expect(r.stderr.replace(/^sudoku-press: warning: .*\(rule: KDP page count\)\n/, '')).toBe('');
  expect(r.status).toBe(0);
}

describe('sections of another kind', () => {
  const bankFile = join(tmp, 'bank.db');
  beforeAll(async () => {
    await book('fours', FOURS);
    await book('plain', SIXES);
    await book('first', SIXES, ['--bank', bankFile, '--new-bank']);
    await book('second', SIXES, ['--bank', bankFile]);
  }, 180_000);

  it('hold no two equivalent puzzles (an isomorph of an earlier puzzle is skipped)', () => {
    // 4x4 grids have few puzzles up to isomorphism: a dozen seeds give some twice over.
    const got = forms('fours');
    expect(got).toHaveLength(12);
    expect(new Set(got.map((p) => p.canon)).size).toBe(got.length);
  });

  it('are recorded in a bank as the book uses them, and a second book takes none of them again', async () => {
    const first = forms('first');
    const second = forms('second');
    // Without a bank, the same seed gives the same puzzles; the bank makes the second book new.
    expect(first.map((p) => p.canon)).toEqual(forms('plain').map((p) => p.canon));
    const firstSet = new Set(first.map((p) => p.canon));
    expect(second.filter((p) => firstSet.has(p.canon))).toEqual([]);
    const bank = await openBank(bankFile);
    try {
      for (const [ref, got] of [
        ['first', first],
        ['second', second],
      ] as const) {
        const used = await bank.usedBy('book', ref);
        expect(used.map((p) => `${p.kind} ${p.size} ${p.canon}`).sort()).toEqual(got.map((p) => p.canon).sort());
        // Numbered as the book numbers them.
        expect(used.map((p) => p.usedNumber).sort((a, b) => a - b)).toEqual(got.map((_, i) => i + 1));
      }
    } finally {
      await bank.close();
    }
  });
});
