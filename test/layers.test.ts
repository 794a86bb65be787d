import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './helpers/cli.js';

const SRC = join(ROOT, 'src');

/** The folder order ARCHITECTURE.md states, lowest first ("the files at the top of src/" last). */
function statedLayers(): string[] {
  const text = readFileSync(join(ROOT, 'ARCHITECTURE.md'), 'utf8');
  const at = text.indexOf('Folder layers, lowest first');
  expect(at, 'ARCHITECTURE.md states the folder layers').toBeGreaterThanOrEqual(0);
  const line = text.slice(at).split('\n\n')[0];
  return [...line.matchAll(/`([a-z-]+)`\s*(?:→|$)/gm)].map((m) => m[1]).concat('(top)');
}

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : []));
}

const folderOf = (file: string) => {
  const parts = relative(SRC, file).split('/');
  return parts.length === 1 ? '(top)' : parts[0];
};

describe('source folders', () => {
  it('import only from their own folder or folders below them in the stated layers (no folder cycle)', () => {
    const layers = statedLayers();
    const folders = new Set(files(SRC).map(folderOf));
    expect([...folders].filter((f) => !layers.includes(f)), 'folders missing from ARCHITECTURE.md').toEqual([]);
    const upward: string[] = [];
    for (const file of files(SRC)) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/(?:^|\n)\s*(?:import|export)\s[^;]*?from\s+'(\.[^']+)'|import\(\s*'(\.[^']+)'\s*\)/g)) {
        const from = folderOf(file);
        const to = folderOf(resolve(dirname(file), m[1] ?? m[2]));
        if (layers.indexOf(to) > layers.indexOf(from)) upward.push(`${relative(ROOT, file)} imports ${m[1] ?? m[2]} (${from} -> ${to})`);
      }
    }
    expect(upward).toEqual([]);
    expect(layers.indexOf('workers')).toBeLessThan(layers.indexOf('grader'));
  });
});
