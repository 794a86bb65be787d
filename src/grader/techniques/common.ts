/** Helpers shared by technique files: who sees whom, and elimination steps. */
import { PEER_CELLS } from '../../core/units.js';
import { describeEliminations, type CellDigit, type Step } from '../technique.js';

/** SEES[a * 81 + b] = 1 when cells a and b share a unit (a != b). */
const SEES: Uint8Array = (() => {
  const t = new Uint8Array(81 * 81);
  for (let a = 0; a < 81; a++) for (let k = a * 20; k < a * 20 + 20; k++) t[a * 81 + PEER_CELLS[k]] = 1;
  return t;
})();

export function sees(a: number, b: number): boolean {
  return SEES[a * 81 + b] === 1;
}

/** An elimination step whose sentence is `what` followed by the candidates it removes. */
export function eliminationStep(technique: string, eliminate: CellDigit[], what: string): Step {
  return { technique, place: [], eliminate, explain: `${what}: ${describeEliminations(eliminate)}` };
}
