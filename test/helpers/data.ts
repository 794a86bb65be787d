/**
 * Access to the puzzle sets the tests use: slices of public sets kept in test/fixtures/data/
 * under the names of the full sets (test/fixtures/README.md names their sources and licences).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseGrid, type Grid } from '../../src/core/grid.js';

export const DATA_DIR = fileURLToPath(new URL('../fixtures/data/', import.meta.url));

/** Every `step`-th puzzle of a fixture set, at most `max` of them. */
export function loadSet(name: string, max = Infinity, step = 1): Grid[] {
  const lines = readFileSync(DATA_DIR + name, 'utf8').split('\n').filter((l) => l.trim() !== '');
  const out: Grid[] = [];
  for (let i = 0; i < lines.length && out.length < max; i += step) out.push(parseGrid(lines[i]));
  return out;
}

export const grid = (s: string): Grid => parseGrid(s.replace(/\s+/g, ''));
