import { describe, expect, it } from 'vitest';
import { UserError } from '../../src/core/errors.js';
import { parsePuzzleJson } from '../../src/geometry/json.js';
import { makeGradedKindPuzzle, rateKind } from '../../src/geometry/rate.js';
import { countSolutions } from '../../src/geometry/solver.js';
import { generate } from '../../src/index.js';

describe("the API's generate for other kinds and sizes", () => {
  it('makes a puzzle of the kind in the bucket, as makeGradedKindPuzzle does, with its JSON form', () => {
    const p = generate({ kind: 'x', size: 6, bucket: 'hard', seed: 'api' });
    const same = makeGradedKindPuzzle({ kind: 'x', size: 6, symmetry: 'none', bucket: 'hard' }, 'api');
    expect(p.puzzle).toHaveLength(36);
    expect(p.bucket).toBe('hard');
    expect(p.rating).toBe(same.rating.rating);
    const record = parsePuzzleJson(JSON.stringify(p.form), 'form');
    expect(record.geometry.kind).toBe('x');
    expect(Array.from(record.puzzle)).toEqual(Array.from(same.puzzle));
    expect(countSolutions(record.geometry, record.puzzle, 2)).toBe(1);
    expect(rateKind(record.geometry, record.puzzle).rating).toBe(p.rating);
    // Without a bucket: a minimal unique puzzle of the kind.
    const jigsaw = generate({ kind: 'jigsaw', size: 6, seed: 'api' });
    expect(jigsaw.form?.regions).toMatch(/^[A-F]{36}$/);
  });

  it('refuses what other kinds do not take, as a UserError naming the option', () => {
    expect(() => generate({ kind: 'jigsaw', size: 6, fill: 'diagonal' })).toThrow(/^fill: 9x9 classic only/);
    expect(() => generate({ kind: 'killer', size: 12 })).toThrow(UserError);
    expect(() => generate({ kind: 'kite' as never, size: 6 })).toThrow(/^kind: expected one of classic, x, jigsaw, killer/);
  });
});
