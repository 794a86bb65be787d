/**
 * Canonical forms of 12x12 and 16x16 classic puzzles: `node bench/canon-kinds.mjs [--count N]`
 * makes N puzzles of each size (seeded, the same every run), then times the canonical form
 * of each, one thread, and prints the median and slowest time per puzzle. Needs `npm run build`.
 */
import { makeKindPuzzle } from '../dist/geometry/make.js';
import { canonicalForm } from '../dist/geometry/canonical.js';

const at = process.argv.indexOf('--count');
const count = at > 0 ? Number(process.argv[at + 1]) : 10;
console.log('| size | puzzles | givens (median) | canonical form: median | slowest |');
console.log('|---|---:|---:|---:|---:|');
for (const size of [12, 16]) {
  const made = Array.from({ length: count }, (_, i) => makeKindPuzzle({ kind: 'classic', size, symmetry: 'none' }, `bench canon ${size} ${i}`));
  canonicalForm(made[0].geometry, made[0].puzzle); // warm-up
  const times = made.map((m) => {
    const t = process.hrtime.bigint();
    canonicalForm(m.geometry, m.puzzle);
    return Number(process.hrtime.bigint() - t) / 1e6;
  }).sort((a, b) => a - b);
  const givens = made.map((m) => m.puzzle.filter((d) => d !== 0).length).sort((a, b) => a - b);
  const mid = (a) => a[Math.floor(a.length / 2)];
  console.log(`| ${size}x${size} | ${count} | ${mid(givens)} | ${mid(times).toFixed(0)} ms | ${times[times.length - 1].toFixed(0)} ms |`);
}
