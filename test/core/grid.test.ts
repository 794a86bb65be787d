import { describe, expect, it } from 'vitest';
import { UserError } from '../../src/core/errors.js';
import { clueCount, formatGrid, isSkippedLine, parsePuzzleLine } from '../../src/core/grid.js';

const P = '..92538....8....4..1....2....5..46.2...8.1...1.63..9....1....5..8....3....79361..';

describe('puzzle lines', () => {
  it('reads digits, dots and zeros, and keeps an annotation', () => {
    const { grid, annotation } = parsePuzzleLine(P.replace(/\./g, '0') + '\thard #12', 'f: line 1');
    expect(formatGrid(grid)).toBe(P);
    expect(annotation).toBe('hard #12');
    expect(clueCount(grid)).toBe(28);
  });

  it('strips a trailing CR', () => {
    expect(formatGrid(parsePuzzleLine(P + '\r', 'x').grid)).toBe(P);
  });

  it.each([
    [P.slice(0, 80), 'f.txt: line 7: wrong length: expected 81 cells, got 80'],
    [P + '5', 'f.txt: line 7: wrong length: expected 81 cells, got 82'],
    [P.slice(0, 10) + 'x' + P.slice(11), "f.txt: line 7: bad character 'x' at column 11 (expected 1-9, '.' or '0')"],
    ['55' + P.slice(2), 'f.txt: line 7: two 5s in row 1'],
    ['4' + '.'.repeat(26) + '4' + '.'.repeat(53), 'f.txt: line 7: two 4s in column 1'],
    ['.1.' + '.'.repeat(6) + '1' + '.'.repeat(71), 'f.txt: line 7: two 1s in box 1'],
  ])('rejects a malformed line with a clear message (%#)', (line, message) => {
    expect(() => parsePuzzleLine(line, 'f.txt: line 7')).toThrow(UserError);
    expect(() => parsePuzzleLine(line, 'f.txt: line 7')).toThrow(message);
  });

  it('skips blank and comment lines', () => {
    expect(isSkippedLine('')).toBe(true);
    expect(isSkippedLine('   ')).toBe(true);
    expect(isSkippedLine('# header')).toBe(true);
    expect(isSkippedLine(P)).toBe(false);
  });
});
