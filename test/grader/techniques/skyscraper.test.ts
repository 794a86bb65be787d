import { describe, expect, it } from 'vitest';
import { skyscraper } from '../../../src/grader/techniques/skyscraper.js';
import { blank, expectStep, onlyAt, row } from '../helpers.js';

describe('skyscraper', () => {
  it('removes the digit from cells seeing both tops', () => {
    const s = onlyAt(onlyAt(blank(), 4, row(2), ['r2c1', 'r2c5']), 4, row(7), ['r7c1', 'r7c6']);
    const step = skyscraper.find(s);
    expectStep(step, 'skyscraper', {
      eliminate: [
        ['r1c6', 4],
        ['r3c6', 4],
        ['r8c5', 4],
        ['r9c5', 4],
      ],
    });
    expect(step!.explain).toMatch(/^skyscraper on 4 in rows 2 and 7, base r2c1-r7c1, tops r2c5 and r7c6/);
  });
  it('does not fire on an X-wing (both columns shared)', () => {
    expect(skyscraper.find(onlyAt(onlyAt(blank(), 4, row(2), ['r2c1', 'r2c5']), 4, row(7), ['r7c1', 'r7c5']))).toBeNull();
  });
});
