/**
 * Which cells changed since a search last found nothing, so the next search can look only at
 * the patterns that touch them.
 *
 * Grading only ever removes candidates. A pattern whose cells all keep the same candidates
 * reads the same as before, and the candidates it could remove are a subset of what they
 * were: if it removed nothing then, it removes nothing now. So once a search has gone through
 * every pattern of a state and found nothing, a later state holding a subset of that state's
 * candidates needs a look only at the patterns with a changed cell. Each technique says which
 * cells a pattern's outcome depends on; this class keeps the state of the last empty search
 * and hands out the changed cells as three 27-bit words:
 *
 *   word 0: cells 0-26, word 1: cells 27-53, word 2: cells 54-80 (bit = cell - 27 * word)
 *
 * The answer is exact or absent: any state that is not a subset of the remembered one (a new
 * puzzle, a test jumping between positions) gets `false` and a full search.
 */
import { PEER_CELLS } from '../../core/units.js';

/** Each cell's 20 peers as three 27-bit words: [cell * 3 + word]. */
export const PEER_WORDS: Int32Array = (() => {
  const t = new Int32Array(81 * 3);
  for (let c = 0; c < 81; c++) {
    for (let k = c * 20; k < c * 20 + 20; k++) {
      const p = PEER_CELLS[k];
      t[c * 3 + ((p / 27) | 0)] |= 1 << p % 27;
    }
  }
  return t;
})();

/** Whether cell c is in the three-word set w. */
export function inWords(w: Int32Array, c: number): boolean {
  const k = (c / 27) | 0;
  return (w[k] & (1 << (c - 27 * k))) !== 0;
}

export class ChangesSinceNothing {
  /** Candidates of the state where the search last found nothing. */
  private readonly last = new Uint16Array(81);
  private valid = false;
  /** After `check` returned true: the cells whose candidates differ from that state. */
  readonly changed = new Int32Array(3);

  /**
   * True when the search found nothing at a state whose candidates include every candidate of
   * `cands` (cell by cell); `changed` then holds the cells that lost some.
   */
  check(cands: Uint16Array): boolean {
    if (!this.valid) return false;
    const last = this.last;
    let w0 = 0;
    let w1 = 0;
    let w2 = 0;
    for (let c = 0; c < 81; c++) {
      const was = last[c];
      const now = cands[c];
      if (was === now) continue;
      if (now & ~was) return false;
      if (c < 27) w0 |= 1 << c;
      else if (c < 54) w1 |= 1 << (c - 27);
      else w2 |= 1 << (c - 54);
    }
    this.changed[0] = w0;
    this.changed[1] = w1;
    this.changed[2] = w2;
    return true;
  }

  /** The search went through every pattern of `cands` and found nothing. */
  foundNothing(cands: Uint16Array): void {
    this.last.set(cands);
    this.valid = true;
  }

  /** The search found something (or stopped early): the next one starts afresh. */
  forget(): void {
    this.valid = false;
  }
}
