import { describe, it, expect } from 'vitest';
import { claiming } from '../../../src/grader/techniques/claiming.js';
import { blank, expectStep, onlyAt, row } from '../helpers.js';

describe('claiming', () => {
  it('removes a digit from the rest of the box that holds all its places in a row', () => {
    const s = onlyAt(blank(), 3, row(5), ['r5c1', 'r5c2']);
    expectStep(claiming.find(s), 'claiming', {
      eliminate: [
        ['r4c1', 3],
        ['r4c2', 3],
        ['r4c3', 3],
        ['r6c1', 3],
        ['r6c2', 3],
        ['r6c3', 3],
      ],
    });
  });
  it('does not fire when the row places span two boxes', () => {
    expect(claiming.find(onlyAt(blank(), 3, row(5), ['r5c1', 'r5c4']))).toBeNull();
  });
});
