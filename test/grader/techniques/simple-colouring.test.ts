import { describe, expect, it } from 'vitest';
import { simpleColouring } from '../../../src/grader/techniques/simple-colouring.js';
import { blank, box, col, expectStep, onlyAt, row } from '../helpers.js';

describe('simple colouring', () => {
  it('removes the digit from a cell that sees both colours of a chain', () => {
    let s = onlyAt(blank(), 2, row(1), ['r1c1', 'r1c5']);
    s = onlyAt(s, 2, box(2), ['r1c5', 'r3c6']);
    s = onlyAt(s, 2, col(6), ['r3c6', 'r8c6']);
    expectStep(simpleColouring.find(s), 'simple-colouring', { eliminate: [['r8c1', 2]] });
  });
  it('removes a whole colour when two of its cells see each other', () => {
    // Chain r1c1 - r1c5 - r4c5 - r4c2 - r2c2: r1c1, r4c5 and r2c2 share a colour, and
    // r1c1 and r2c2 share box 1, so that colour is false.
    let s = onlyAt(blank(), 2, row(1), ['r1c1', 'r1c5']);
    s = onlyAt(s, 2, col(5), ['r1c5', 'r4c5']);
    s = onlyAt(s, 2, row(4), ['r4c5', 'r4c2']);
    s = onlyAt(s, 2, col(2), ['r4c2', 'r2c2']);
    expectStep(simpleColouring.find(s), 'simple-colouring', {
      eliminate: [
        ['r1c1', 2],
        ['r2c2', 2],
        ['r4c5', 2],
      ],
    });
  });
  it('does not fire on a chain with no cell seeing both colours', () => {
    let s = onlyAt(blank(), 2, row(1), ['r1c1', 'r1c5']);
    s = onlyAt(s, 2, col(5), ['r1c5', 'r9c5']);
    expect(simpleColouring.find(s)).toBeNull();
  });
});
