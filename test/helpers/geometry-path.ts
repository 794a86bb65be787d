/**
 * The soundness walk of the grader on any geometry: from a puzzle's start, every step found is
 * checked against the known solution (each placement matches it, each elimination strikes a
 * candidate the cell has and that is not the solution's) and applied; stuck or solved, the
 * position still holds the solution.
 */
import { expect } from 'vitest';
import type { Geometry } from '../../src/geometry/geometry.js';
import { applyStep, findStep, startPosition, type GeometryPosition, type GeometryStep } from '../../src/geometry/grader.js';

export interface KnownPuzzle {
  geometry: Geometry;
  puzzle: Uint8Array;
  solution: Uint8Array;
}

/** Walk the path `next` gives (the grader's table by default), checking each step; the techniques used go into `used`; the end position. */
export function walkSoundPath(p: KnownPuzzle, used: Set<string>, next: (g: Geometry, pos: GeometryPosition) => GeometryStep | null = (g, pos) => findStep(g, pos)): GeometryPosition {
  const g = p.geometry;
  const pos = startPosition(g, p.puzzle);
  const holdsSolution = () => {
    for (let c = 0; c < g.cellCount; c++) {
      if (pos.values[c]) expect(pos.values[c]).toBe(p.solution[c]);
      else expect(pos.cands[c] & (1 << (p.solution[c] - 1))).not.toBe(0);
    }
  };
  holdsSolution();
  for (let step = next(g, pos); step; step = next(g, pos)) {
    used.add(step.technique);
    expect(step.placements.length + step.eliminations.length).toBeGreaterThan(0);
    for (const [c, d] of step.placements) expect(d, `${step.technique} at ${g.cellName(c)}`).toBe(p.solution[c]);
    for (const [c, d] of step.eliminations) {
      expect(pos.cands[c] & (1 << (d - 1)), `${step.technique} strikes a candidate ${g.cellName(c)} has`).not.toBe(0);
      expect(d, `${step.technique} at ${g.cellName(c)}`).not.toBe(p.solution[c]);
    }
    applyStep(g, pos, step);
  }
  holdsSolution();
  return pos;
}
