import { describe, expect, it } from 'vitest';
import { kindGeometry } from '../../src/geometry/geometry.js';
import { parsePuzzleJson, puzzleJson } from '../../src/geometry/json.js';
import { makeKindPuzzle } from '../../src/geometry/make.js';
import { problems } from '../helpers/user-error.js';

const WHERE = 'p.jsonl: line 4';
const read = (o: unknown) => parsePuzzleJson(JSON.stringify(o), WHERE);
const dots = (n: number) => '.'.repeat(n);

describe('the JSON puzzle form', () => {
  it('writes and reads back every kind: geometry, puzzle and solution', () => {
    for (const [kind, size, diagonals] of [['classic', 16, false], ['x', 6, false], ['jigsaw', 7, true], ['killer', 9, true]] as const) {
      const p = makeKindPuzzle({ kind, size, symmetry: 'none', diagonals }, `json ${kind}`);
      const json = puzzleJson(p.geometry, p.puzzle, p.solution);
      expect(Object.keys(json).slice(0, 2)).toEqual(['kind', 'size']);
      const back = read(json);
      expect(back.geometry.spec()).toEqual(p.geometry.spec());
      expect(back.puzzle).toEqual(p.puzzle);
      expect(back.solution).toEqual(p.solution);
      expect(puzzleJson(back.geometry, back.puzzle, back.solution)).toEqual(json);
    }
  });

  it('writes digits beyond 9 as the letters A-G and reads them in either case', () => {
    const g = kindGeometry('classic', 16);
    const puzzle = new Uint8Array(256);
    puzzle[0] = 10;
    puzzle[1] = 16;
    const json = puzzleJson(g, puzzle);
    expect(String(json.puzzle).slice(0, 3)).toBe('AG.');
    expect(read({ ...json, puzzle: 'ag' + dots(254) }).puzzle.slice(0, 2)).toEqual(Uint8Array.from([10, 16]));
  });

  it('rejects bad input naming the line and the field', () => {
    const regions6 = 'AAABBB' + 'AAABBB' + 'CCCDDD' + 'CCCDDD' + 'EEEFFF' + 'EEEFFF';
    const cases: [unknown, RegExp][] = [
      [{ kind: 'sudoku', size: 9, puzzle: dots(81) }, /^p\.jsonl: line 4: kind: expected one of classic, x, jigsaw, killer, got "sudoku"/],
      [{ kind: 'classic', size: 10, puzzle: dots(100) }, /^p\.jsonl: line 4: size: classic comes in sizes 4, 6, 8, 9, 12, 16/],
      [{ kind: 'killer', size: 12, puzzle: dots(144), cages: [] }, /size: killer comes in sizes up to 9/],
      [{ kind: 'classic', size: 6, box: [3, 3], puzzle: dots(36) }, /line 4: box: expected \[rows, columns\] of a box with 6 cells/],
      [{ kind: 'classic', size: 6, puzzle: dots(35) }, /line 4: puzzle: wrong length: expected 36 cells, got 35/],
      [{ kind: 'classic', size: 6, puzzle: '7' + dots(35) }, /line 4: puzzle: bad character '7' at column 1 \(expected '\.' or 1-6\)/],
      [{ kind: 'classic', size: 6, puzzle: '11' + dots(34) }, /line 4: puzzle: two 1s in row 1/],
      [{ kind: 'jigsaw', size: 6, regions: regions6.slice(1) + 'A', puzzle: dots(36) }, /line 4: regions: region 'A' is not connected/],
      [{ kind: 'jigsaw', size: 6, regions: 'B' + regions6.slice(1), puzzle: dots(36) }, /line 4: regions: region 'A' has 5 cells, expected 6/],
      [{ kind: 'jigsaw', size: 6, regions: regions6.slice(2), puzzle: dots(36) }, /line 4: regions: wrong length: expected 36 cells, got 34/],
      [{ kind: 'jigsaw', size: 6, box: [2, 3], puzzle: dots(36) }, /line 4: box: a jigsaw puzzle has regions, not a box/],
      [{ kind: 'classic', size: 6, regions: regions6, puzzle: dots(36) }, /line 4: regions: only jigsaw puzzles have regions/],
      [{ kind: 'killer', size: 4, cages: [{ sum: 3, cells: [0, 1] }, { sum: 4, cells: [1, 2] }], puzzle: dots(16) }, /line 4: cages\[1\]\.cells: cell 1 \(r1c2\) is in cages\[0\] too: cages overlap/],
      [{ kind: 'killer', size: 4, cages: [{ sum: 3, cells: [0, 1] }], puzzle: dots(16) }, /line 4: cages: cells in no cage: 2 \(r1c3\), 3 \(r1c4\)/],
      [{ kind: 'killer', size: 4, cages: [{ sum: 8, cells: [0, 1] }], puzzle: dots(16) }, /line 4: cages\[0\]\.sum: 8 cannot be made by 2 distinct digits 1-4 \(from 3 to 7\)/],
      [{ kind: 'killer', size: 4, cages: [{ sum: 3, cells: [0, 16] }], puzzle: dots(16) }, /line 4: cages\[0\]\.cells: expected cell numbers 0 to 15, got 16/],
      [{ kind: 'classic', size: 4, cages: [{ sum: 3, cells: [0, 1] }], puzzle: dots(16) }, /line 4: cages: only killer puzzles have cages/],
      [{ kind: 'classic', size: 4, puzzle: '1' + dots(15), solution: '2' + dots(15) }, /line 4: solution: cell r1c2 is empty/],
      [{ kind: 'classic', size: 4, puzzle: '1' + dots(15), solution: '1234123412341234' }, /line 4: solution: two 1s in column 1/],
    ];
    for (const [input, message] of cases) expect(problems(() => read(input))).toMatch(message);
    expect(problems(() => parsePuzzleJson('{"kind":', WHERE))).toMatch(/^p\.jsonl: line 4: not a JSON object/);
  });
});
