import { describe, expect, it } from 'vitest';
import { jellyfish } from '../../../src/grader/techniques/jellyfish.js';
import { blank, expectStep, onlyAt, row } from '../helpers.js';

describe('jellyfish', () => {
  const build = (lastCol: number) => {
    let s = onlyAt(blank(), 6, row(1), ['r1c1', 'r1c3']);
    s = onlyAt(s, 6, row(3), ['r3c3', 'r3c5']);
    s = onlyAt(s, 6, row(5), ['r5c5', 'r5c7']);
    return onlyAt(s, 6, row(7), ['r7c7', `r7c${lastCol}`]);
  };
  it('removes the digit from four columns outside four rows', () => {
    const eliminate: [string, number][] = [];
    for (const r of [2, 4, 6, 8, 9]) for (const c of [1, 3, 5, 7]) eliminate.push([`r${r}c${c}`, 6]);
    const step = jellyfish.find(build(1));
    expectStep(step, 'jellyfish', { eliminate });
    expect(step!.rating).toBe(5.2);
  });
  it('does not fire when the four rows use five columns', () => {
    expect(jellyfish.find(build(9))).toBeNull();
  });
});
