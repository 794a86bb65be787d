/**
 * Candidate states from real puzzles with Sudoku Explainer 1.18's first hint for a producer
 * (test/fixtures/se-rated/wing-positions.tsv): the reference our producers must match.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { Candidates } from '../../src/grader/candidates.js';
import type { CellDigit, Technique } from '../../src/grader/technique.js';

export interface SePosition {
  producer: string;
  source: string;
  state: Candidates;
  /** null: Sudoku Explainer's producer finds nothing here. */
  expected: { rating: number; eliminate: CellDigit[] } | null;
}

const FILE = fileURLToPath(new URL('../fixtures/se-rated/wing-positions.tsv', import.meta.url));

export function sePositions(producer: string): SePosition[] {
  const out: SePosition[] = [];
  for (const line of readFileSync(FILE, 'utf8').split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const [name, source, cells, answer] = line.split('\t');
    if (name !== producer) continue;
    const values = new Uint8Array(81);
    const cands = new Uint16Array(81);
    cells.split(',').forEach((v, c) => {
      const n = Number(v);
      if (n < 0) values[c] = -n;
      else cands[c] = n;
    });
    let expected: SePosition['expected'] = null;
    if (answer !== 'none') {
      const [rating, elims] = answer.split(' ');
      expected = {
        rating: Number(rating),
        eliminate: elims.split(',').map((e) => e.split(':').map(Number) as CellDigit),
      };
    }
    out.push({ producer: name, source, state: new Candidates(values, cands), expected });
  }
  return out;
}

/** The producer gives Sudoku Explainer's first hint (or nothing) on every recorded position. */
export function expectSeAgreement(t: Technique): void {
  const positions = sePositions(t.name);
  expect(positions.length).toBeGreaterThanOrEqual(3);
  expect(positions.some((p) => p.expected === null)).toBe(true);
  expect(positions.some((p) => p.expected !== null)).toBe(true);
  for (const p of positions) {
    const before = p.state.cands.slice();
    const step = t.find(p.state);
    expect(p.state.cands).toEqual(before);
    if (p.expected === null) {
      expect(step, `${t.name} on ${p.source}`).toBeNull();
      continue;
    }
    expect(step, `${t.name} on ${p.source}`).not.toBeNull();
    const got = [...step!.eliminate].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    expect(got, `${t.name} on ${p.source}`).toEqual(p.expected.eliminate);
    // Ratings are reported to one decimal, as Sudoku Explainer prints them.
    expect(step!.rating).toBe(Math.round(p.expected.rating * 10) / 10);
    expect(step!.place).toEqual([]);
  }
}
