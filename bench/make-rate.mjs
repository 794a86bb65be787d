// One side of the puzzle-making comparison, in its own fresh process, so neither program runs
// after other work in the same process: prints minimal rotationally symmetric puzzles made per
// second over SECS seconds, after 20 warm-up puzzles.
// Usage: node bench/make-rate.mjs ours|qqwing SECS
import { createRequire } from 'node:module';
import { makePuzzle } from '../dist/generator/make.js';
import { deriveSeed } from '../dist/core/rng.js';

const [side, secsArg] = process.argv.slice(2);
const secs = Number(secsArg) || 5;
let make;
if (side === 'ours') {
  make = (i) => makePuzzle({ fill: 'diagonal', dig: 'remove', symmetry: 'rotational' }, deriveSeed('bench', i));
} else if (side === 'qqwing') {
  const QQWing = createRequire(import.meta.url)('qqwing');
  const gen = new QQWing();
  gen.setRecordHistory(false);
  gen.setLogHistory(false);
  make = () => gen.generatePuzzleSymmetry(QQWing.Symmetry.ROTATE180);
} else {
  console.error('usage: node bench/make-rate.mjs ours|qqwing SECS');
  process.exit(1);
}
for (let i = 0; i < 20; i++) make(i);
let n = 0;
const t = Date.now();
while (Date.now() - t < secs * 1000) make(n++);
console.log(String(n / ((Date.now() - t) / 1000)));
