import { describe, expect, it } from 'vitest';
import type { Candidates } from '../../../src/grader/candidates.js';
import { uniqueLoops } from '../../../src/grader/techniques/unique-loops.js';
import { at, blank, cands } from '../helpers.js';
import { auditSteps, elimNames, parsePosition, readPositions, readPuzzles, THROUGH_BUG, type Audit } from './unique-harness.js';

/** A blank grid where only `cells` hold the digits a and b (with the given candidates). */
function only(a: number, b: number, cells: Record<string, number[]>): Candidates {
  const s = blank();
  const ab = (1 << (a - 1)) | (1 << (b - 1));
  for (let c = 0; c < 81; c++) s.cands[c] &= ~ab;
  for (const [name, digits] of Object.entries(cells)) cands(s, name, digits);
  return s;
}

describe('unique rectangles and loops: hand-made positions', () => {
  it('type 1: the one corner with more than {a,b} loses a and b (4.5)', () => {
    expect(uniqueLoops.needsUniqueness).toBe(true);
    const s = only(5, 8, { r1c1: [5, 8], r1c4: [5, 8], r2c1: [5, 8], r2c4: [5, 8, 9] });
    const step = uniqueLoops.find(s)!;
    expect(step.technique).toBe('unique-rectangle-type-1');
    expect(step.rating).toBe(4.5);
    expect(elimNames(step)).toEqual(['r2c4-5', 'r2c4-8']);
  });

  it('type 2: two corners with the same extra digit; it leaves the cells that see both (4.5)', () => {
    const s = only(5, 8, { r1c1: [5, 8], r1c4: [5, 8], r2c1: [5, 8, 9], r2c4: [5, 8, 9] });
    const step = uniqueLoops.find(s)!;
    expect(step.technique).toBe('unique-rectangle-type-2');
    expect(step.rating).toBe(4.5);
    expect(elimNames(step)).toEqual(['r2c2-9', 'r2c3-9', 'r2c5-9', 'r2c6-9', 'r2c7-9', 'r2c8-9', 'r2c9-9']);
  });

  it('type 4: a digit locked in the two extra corners; the other pair digit leaves both (4.5)', () => {
    const s = only(5, 8, { r1c1: [5, 8], r1c4: [5, 8], r2c1: [5, 8, 9], r2c4: [5, 7, 8] });
    const step = uniqueLoops.find(s)!;
    expect(step.technique).toBe('unique-rectangle-type-4');
    expect(step.rating).toBe(4.5);
    // 5 and 8 have no other place in row 2; Sudoku Explainer locks the lower digit first.
    expect(elimNames(step)).toEqual(['r2c1-8', 'r2c4-8']);
  });

  it('type 1 on a 6-cell loop over three boxes of a band (4.6)', () => {
    const s = only(1, 2, { r1c1: [1, 2], r1c4: [1, 2], r2c4: [1, 2], r2c7: [1, 2], r3c7: [1, 2], r3c1: [1, 2, 9] });
    const step = uniqueLoops.find(s)!;
    expect(step.technique).toBe('unique-loop-type-1');
    expect(step.rating).toBe(4.6);
    expect(elimNames(step)).toEqual(['r3c1-1', 'r3c1-2']);
  });

  it('does not fire on a rectangle over four boxes (the digits cannot be swapped)', () => {
    expect(uniqueLoops.find(only(5, 8, { r1c1: [5, 8], r1c4: [5, 8], r4c1: [5, 8], r4c4: [5, 8, 9] }))).toBeNull();
  });

  it('does not fire without a cell that breaks the pattern, nor on a rectangle inside one box', () => {
    expect(uniqueLoops.find(only(5, 8, { r1c1: [5, 8], r1c4: [5, 8], r2c1: [5, 8], r2c4: [5, 8] }))).toBeNull();
    expect(uniqueLoops.find(only(5, 8, { r1c1: [5, 8], r1c2: [5, 8], r2c1: [5, 8], r2c2: [5, 8, 9] }))).toBeNull();
  });

  it('leaves the state untouched', () => {
    const s = only(5, 8, { r1c1: [5, 8], r1c4: [5, 8], r2c1: [5, 8], r2c4: [5, 8, 9] });
    const before = s.cands.slice();
    uniqueLoops.find(s);
    expect(s.cands).toEqual(before);
    expect(s.cands[at('r2c4')]).toBe(0b110010000);
  });
});

describe('unique rectangles and loops: positions from real solving paths, as Sudoku Explainer reports them', () => {
  const cases = readPositions().filter((c) => !c.technique.startsWith('bug'));
  it.each(cases.map((c) => [c.kind, c] as const))('%s', (_kind, c) => {
    const step = uniqueLoops.find(parsePosition(c.position));
    if (c.technique === 'none') {
      expect(step).toBeNull();
      return;
    }
    expect(step).not.toBeNull();
    expect(step!.technique).toBe(c.technique);
    expect(step!.rating).toBe(c.rating);
    expect(elimNames(step!)).toEqual(c.eliminate);
    expect(step!.place).toEqual([]);
  });
});

describe('unique rectangles and loops on real puzzles', () => {
  it('every step removes only candidates that are not the solution digit', () => {
    const audit: Audit = { fired: {}, wrong: [] };
    const puzzles = [...readPuzzles('unique-er-4.5-7.tsv'), ...readPuzzles('unique-top1465.txt')];
    auditSteps(puzzles, THROUGH_BUG, [uniqueLoops], audit);
    expect(audit.wrong).toEqual([]);
    const total = Object.values(audit.fired).reduce((a, b) => a + b, 0);
    expect(total).toBeGreaterThan(50);
    for (const type of [1, 2, 3, 4]) expect(Object.keys(audit.fired).some((k) => k.includes(`type-${type}`))).toBe(true);
    expect(Object.keys(audit.fired).some((k) => k.startsWith('unique-loop'))).toBe(true);
  });
});
