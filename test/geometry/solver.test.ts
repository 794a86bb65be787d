import { describe, expect, it } from 'vitest';
import { Rng } from '../../src/core/rng.js';
import { BOXES, findClash, Geometry, kindGeometry, solvesPuzzle, type Kind } from '../../src/geometry/geometry.js';
import { fillGrid, makeKindPuzzle } from '../../src/geometry/make.js';
import { referenceCount } from '../../src/geometry/reference.js';
import { randomRegions } from '../../src/geometry/regions.js';
import { techniquesFor } from '../../src/geometry/grader.js';
import { lastCandidates, solvesWith } from '../../src/geometry/logic.js';
import { collectSolutions, countSolutions, hasSolutionWithout, solverFor, solveUnique } from '../../src/geometry/solver.js';

/** Every kind and size the engine makes, with how many clues of the solution the oracle needs kept at least to stay quick. */
const CASES: { kind: Kind; size: number; keep: number }[] = [
  { kind: 'classic', size: 4, keep: 0 },
  { kind: 'classic', size: 6, keep: 0 },
  { kind: 'classic', size: 8, keep: 0.2 },
  { kind: 'classic', size: 9, keep: 0.3 },
  { kind: 'classic', size: 12, keep: 0.5 },
  { kind: 'classic', size: 16, keep: 0.8 },
  { kind: 'x', size: 4, keep: 0 },
  { kind: 'x', size: 6, keep: 0 },
  { kind: 'x', size: 9, keep: 0.3 },
  { kind: 'x', size: 16, keep: 0.8 },
  { kind: 'jigsaw', size: 5, keep: 0 },
  { kind: 'jigsaw', size: 6, keep: 0 },
  { kind: 'jigsaw', size: 9, keep: 0.3 },
  { kind: 'killer', size: 4, keep: 0 },
  { kind: 'killer', size: 6, keep: 0.2 },
  { kind: 'killer', size: 9, keep: 0.5 },
];

function filled(kind: Kind, size: number, seed: string): { geometry: Geometry; puzzle: Uint8Array; solution: Uint8Array } {
  const geometry = kindGeometry(kind, size);
  const solution = fillGrid(geometry, new Rng(seed))!;
  return { geometry, puzzle: solution, solution };
}

describe('geometry', () => {
  it('has N units of N distinct cells per row, column and region, two more with diagonals, and the classic peers', () => {
    for (const size of Object.keys(BOXES).map(Number)) {
      for (const kind of ['classic', 'x'] as const) {
        const g = kindGeometry(kind, size);
        expect(g.unitCount).toBe(3 * size + (kind === 'x' ? 2 : 0));
        for (let u = 0; u < g.unitCount; u++) expect(new Set(g.unit(u)).size).toBe(size);
        const [br, bc] = BOXES[size];
        const peers = (c: number) => g.peerStart[c + 1] - g.peerStart[c];
        // Row and column, and the box cells outside them; a cell off the diagonals has no more.
        const offDiagonal = size + 1 < size * size ? 1 : 0;
        expect(peers(offDiagonal)).toBe(2 * (size - 1) + size - br - bc + 1);
      }
    }
  });

  it('makes jigsaw regions of N connected cells', () => {
    for (const n of [5, 7, 9, 12, 16]) {
      const regions = randomRegions(n, new Rng(`regions ${n}`));
      const g = kindGeometry('jigsaw', n, { regions });
      for (let u = 2 * n; u < 3 * n; u++) expect(g.unit(u).length).toBe(n);
      expect([...regions].every((r) => r < n)).toBe(true);
    }
  });
});

describe('the counting solver against the reference solver', () => {
  for (const { kind, size, keep } of CASES) {
    it(`agrees on ${size}x${size} ${kind} puzzles, their blanked variants and corrupted ones`, () => {
      for (let s = 0; s < (size > 12 ? 1 : 3); s++) {
        // 16x16: a complete grid stands for the dug puzzle (digging one takes seconds).
        const made = size > 12 ? filled(kind, size, `agree ${kind} ${size} ${s}`) : makeKindPuzzle({ kind, size, symmetry: 'none' }, `agree ${kind} ${size} ${s}`);
        const g = made.geometry;
        expect(solvesPuzzle(g, made.puzzle, made.solution)).toBe(true);
        const rng = new Rng(`variants ${kind} ${size} ${s}`);
        const puzzles: Uint8Array[] = [];
        if (keep === 0) puzzles.push(made.puzzle);
        for (let v = 0; v < 4; v++) {
          // Some of the solution's cells (at least `keep` of them), a few of them blanked again,
          // and now and then a clue changed (maybe no solution then).
          const p = made.puzzle.slice();
          for (let c = 0; c < p.length; c++) if (rng.float() < keep) p[c] = made.solution[c];
          for (let k = 0; k < 1 + v; k++) p[rng.below(p.length)] = 0;
          if (v === 3) {
            const c = rng.below(p.length);
            p[c] = 1 + rng.below(size);
          }
          puzzles.push(p);
        }
        for (const p of puzzles) {
          const fast = countSolutions(g, p, 2);
          const slow = referenceCount(g, p, 2);
          expect(fast, `${kind} ${size}`).toBe(slow.count);
          if (fast >= 1) {
            const [first] = collectSolutions(g, p, 1);
            expect(solvesPuzzle(g, p, first)).toBe(true);
          }
          if (fast === 1) expect(solveUnique(g, p)).toEqual({ solution: slow.first });
        }
      }
    });
  }

  it('proves a blank keeps or breaks uniqueness as counting to two does', () => {
    const made = makeKindPuzzle({ kind: 'classic', size: 6, symmetry: 'none' }, 'without');
    const g = made.geometry;
    for (let c = 0; c < 36; c++) {
      if (made.puzzle[c] === 0) continue;
      const p = made.puzzle.slice();
      p[c] = 0;
      expect(hasSolutionWithout(g, p, c, made.solution[c])).toBe(referenceCount(g, p, 2).count === 2);
    }
  });

  it('counts the solutions of an empty 4x4 (288) and finds none where givens clash', () => {
    const g = kindGeometry('classic', 4);
    expect(countSolutions(g, new Uint8Array(16), 1000)).toBe(288);
    expect(referenceCount(g, new Uint8Array(16), 1000).count).toBe(288);
    const clash = new Uint8Array(16);
    clash[0] = clash[5] = 1; // same box
    expect(countSolutions(g, clash, 2)).toBe(0);
    expect(findClash(g, clash)).toBe('two 1s in box 1');
  });

  it('reads killer cages: a sum no digits reach has no solution', () => {
    const g = new Geometry({ kind: 'killer', size: 4, box: [2, 2], cages: [{ sum: 2, cells: [0, 1] }] });
    expect(countSolutions(g, new Uint8Array(16), 2)).toBe(0);
    expect(referenceCount(g, new Uint8Array(16), 2).count).toBe(0);
  });
});

describe('counting from pencil marks', () => {
  it('counts the same solutions from the marks a logical solve left as from the clues, with a digit forbidden too', () => {
    let stuck = 0;
    for (const [kind, size] of [['classic', 6], ['jigsaw', 9], ['x', 9]] as const) {
      for (let s = 0; s < 6; s++) {
        const p = makeKindPuzzle({ kind, size, symmetry: 'none' }, `marks ${s}`);
        const g = p.geometry;
        // Blank one more clue: often two solutions, and singles stuck.
        const c = p.puzzle.findIndex((v) => v !== 0);
        const fewer = p.puzzle.slice();
        fewer[c] = 0;
        if (solvesWith(g, fewer, techniquesFor(g, 2.5, true))) continue;
        stuck++;
        const marks = lastCandidates(g, new Uint16Array(g.cellCount));
        // The marks hold the solution and fewer digits than the clues leave.
        for (let x = 0; x < g.cellCount; x++) expect(marks[x] & (1 << (p.solution[x] - 1))).not.toBe(0);
        const solver = solverFor(g);
        const plain = solver.run(fewer, { limit: 3, keep: 3 });
        const fromMarks = solver.run(fewer, { limit: 3, keep: 3, cands: marks });
        expect(fromMarks.count).toBe(plain.count);
        expect(fromMarks.solutions.map((x) => x.join('')).sort()).toEqual(plain.solutions.map((x) => x.join('')).sort());
        const forbid = { cell: c, digit: p.solution[c] };
        expect(solver.run(fewer, { limit: 1, forbid, cands: marks }).count).toBe(solver.run(fewer, { limit: 1, forbid }).count);
      }
    }
    expect(stuck).toBeGreaterThan(3);
  });
});
