import { describe, expect, it } from 'vitest';
import { fourStrongLinks, threeStrongLinks, turbotFish } from '../../../src/grader/techniques/strong-links.js';
import { box, blank, col, expectStep, onlyAt, row } from '../helpers.js';
import { expectSeAgreement } from '../se-positions.js';

describe('turbot fish (two strong links)', () => {
  it('finds a skyscraper: two rows sharing one column, rated 4.0', () => {
    const s = onlyAt(onlyAt(blank(), 4, row(2), ['r2c1', 'r2c5']), 4, row(7), ['r7c1', 'r7c6']);
    const step = turbotFish.find(s);
    expectStep(step, 'skyscraper', {
      eliminate: [
        ['r1c6', 4],
        ['r3c6', 4],
        ['r8c5', 4],
        ['r9c5', 4],
      ],
    });
    expect(step!.rating).toBe(4.0);
    expect(step!.explain).toMatch(/^2 strong links on 4: /);
  });
  it('finds a two-string kite: a row and a column meeting in a box, rated 4.1', () => {
    const s = onlyAt(onlyAt(blank(), 5, row(1), ['r1c2', 'r1c7']), 5, col(1), ['r3c1', 'r8c1']);
    const step = turbotFish.find(s);
    expectStep(step, 'two-string-kite', { eliminate: [['r8c7', 5]] });
    expect(step!.rating).toBe(4.1);
  });
  it('finds a turbot fish: a box and a row, rated 4.1', () => {
    const s = onlyAt(onlyAt(blank(), 3, box(1), ['r1c2', 'r3c1']), 3, row(7), ['r7c1', 'r7c8']);
    const step = turbotFish.find(s);
    expectStep(step, 'turbot-fish', { eliminate: [['r1c8', 3]] });
    expect(step!.rating).toBe(4.1);
  });
  it('closes a loop when both ends share a unit too (the X-wing shape), like Sudoku Explainer', () => {
    const s = onlyAt(onlyAt(blank(), 4, row(2), ['r2c1', 'r2c5']), 4, row(7), ['r7c1', 'r7c5']);
    const step = turbotFish.find(s);
    expect(step).not.toBeNull();
    expect(step!.rating).toBe(4.0);
    // Columns 1 and 5 lose 4 outside rows 2 and 7, as an X-wing would remove.
    expect(step!.eliminate.map(([c]) => c).sort((a, b) => a - b)).toEqual([0, 4, 18, 22, 27, 31, 36, 40, 45, 49, 63, 67, 72, 76]);
  });
  it('does not fire when the two links do not meet', () => {
    expect(turbotFish.find(onlyAt(onlyAt(blank(), 4, row(2), ['r2c1', 'r2c5']), 4, row(7), ['r7c2', 'r7c6']))).toBeNull();
  });
  it("gives Sudoku Explainer's first hint on recorded positions", () => expectSeAgreement(turbotFish));
});

describe('three strong links', () => {
  it('chains three rows, rated 5.4', () => {
    let s = onlyAt(blank(), 6, row(1), ['r1c1', 'r1c4']);
    s = onlyAt(s, 6, row(5), ['r5c4', 'r5c7']);
    s = onlyAt(s, 6, row(9), ['r9c7', 'r9c2']);
    const step = threeStrongLinks.find(s);
    expectStep(step, 'three-strong-links', {
      eliminate: [
        ['r2c2', 6],
        ['r3c2', 6],
        ['r7c1', 6],
        ['r8c1', 6],
      ],
    });
    expect(step!.rating).toBe(5.4);
  });
  it('does not fire with only two links', () => {
    expect(threeStrongLinks.find(onlyAt(onlyAt(blank(), 4, row(2), ['r2c1', 'r2c5']), 4, row(7), ['r7c1', 'r7c6']))).toBeNull();
  });
  it("gives Sudoku Explainer's first hint on recorded positions", () => expectSeAgreement(threeStrongLinks));
});

describe('four strong links', () => {
  it("gives Sudoku Explainer's first hint on recorded positions", () => expectSeAgreement(fourStrongLinks));
  it('does not fire with only three links', () => {
    let s = onlyAt(blank(), 6, row(1), ['r1c1', 'r1c4']);
    s = onlyAt(s, 6, row(5), ['r5c4', 'r5c7']);
    s = onlyAt(s, 6, row(9), ['r9c7', 'r9c2']);
    expect(fourStrongLinks.find(s)).toBeNull();
  });
});
