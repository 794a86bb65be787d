import { describe, expect, it } from 'vitest';
import { swordfish } from '../../../src/grader/techniques/swordfish.js';
import { blank, expectStep, onlyAt, row } from '../helpers.js';

describe('swordfish', () => {
  it('removes the digit from three columns outside three rows', () => {
    let s = onlyAt(blank(), 4, row(1), ['r1c2', 'r1c5']);
    s = onlyAt(s, 4, row(5), ['r5c5', 'r5c8']);
    s = onlyAt(s, 4, row(9), ['r9c2', 'r9c8']);
    const eliminate: [string, number][] = [];
    for (const r of [2, 3, 4, 6, 7, 8]) for (const c of [2, 5, 8]) eliminate.push([`r${r}c${c}`, 4]);
    const step = swordfish.find(s);
    expectStep(step, 'swordfish', { eliminate });
    expect(step!.rating).toBe(3.8);
  });
  it('does not fire when the three rows use four columns', () => {
    let s = onlyAt(blank(), 4, row(1), ['r1c2', 'r1c5']);
    s = onlyAt(s, 4, row(5), ['r5c5', 'r5c8']);
    s = onlyAt(s, 4, row(9), ['r9c2', 'r9c9']);
    expect(swordfish.find(s)).toBeNull();
  });
});
