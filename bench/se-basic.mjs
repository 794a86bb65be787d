// Sudoku Explainer's basic producers, in its order, on the se_rated_dev puzzles up to a given ER:
// share solved, share whose hardest step equals the published ER, puzzles per second, and the
// mismatches grouped by (published, ours, hardest technique).
// Usage: npx tsc -p tsconfig.json && node bench/se-basic.mjs [--min 0] [--max 4.0] [--show 2] [--log N] [--stand-in]
import { existsSync, readFileSync } from 'node:fs';
import { parseGrid } from '../dist/core/grid.js';
import { Candidates } from '../dist/grader/candidates.js';
import { hiddenSingle } from '../dist/grader/techniques/hidden-single.js';
import { directPointing } from '../dist/grader/techniques/direct-pointing.js';
import { directClaiming } from '../dist/grader/techniques/direct-claiming.js';
import { directHiddenPair } from '../dist/grader/techniques/direct-hidden-pair.js';
import { nakedSingle } from '../dist/grader/techniques/naked-single.js';
import { directHiddenTriple } from '../dist/grader/techniques/direct-hidden-triple.js';
import { pointing } from '../dist/grader/techniques/pointing.js';
import { claiming } from '../dist/grader/techniques/claiming.js';
import { nakedPair } from '../dist/grader/techniques/naked-pair.js';
import { xWing } from '../dist/grader/techniques/x-wing.js';
import { hiddenPair } from '../dist/grader/techniques/hidden-pair.js';
import { nakedTriple } from '../dist/grader/techniques/naked-triple.js';
import { swordfish } from '../dist/grader/techniques/swordfish.js';
import { hiddenTriple } from '../dist/grader/techniques/hidden-triple.js';
import { nakedQuad } from '../dist/grader/techniques/naked-quad.js';
import { jellyfish } from '../dist/grader/techniques/jellyfish.js';
import { hiddenQuad } from '../dist/grader/techniques/hidden-quad.js';

import { skyscraper } from '../dist/grader/techniques/skyscraper.js';

const argv = process.argv.slice(2);
// --stand-in: put the project's skyscraper, rated 4.0, where Sudoku Explainer's turbot fish
// (StrongLinks(2)) goes, to see how the ER 4.0 puzzles fare until that producer exists.
const standIn = argv.includes('--stand-in')
  ? [{ name: 'skyscraper-stand-in', weight: 4.0, find: (s) => { const st = skyscraper.find(s); return st && { ...st, rating: 4.0 }; } }]
  : [];
const ORDER = [
  hiddenSingle, directPointing, directClaiming, directHiddenPair, nakedSingle, directHiddenTriple,
  pointing, claiming, nakedPair, xWing, hiddenPair, nakedTriple, swordfish, hiddenTriple,
  ...standIn, nakedQuad, jellyfish, hiddenQuad,
];

const opt = (name, dflt) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : dflt);
const maxEr = Number(opt('--max', '4.0'));
const minEr = Number(opt('--min', '0'));
const show = Number(opt('--show', '2'));
const logIndex = Number(opt('--log', '-1'));

// ../shared/data beside the checkout (or one folder further up).
const dataFile = ['../../shared/data/se_rated_dev.tsv', '../../../shared/data/se_rated_dev.tsv']
  .map((p) => new URL(p, import.meta.url))
  .find((u) => existsSync(u));
const lines = readFileSync(dataFile, 'utf8')
  .split('\n')
  .filter((l) => l && !l.startsWith('#'))
  .map((l) => l.split('\t'))
  .filter(([, er]) => Number(er) <= maxEr && Number(er) >= minEr);

function grade(puzzle, keep) {
  const s = Candidates.fromPuzzle(puzzle);
  let er = 0;
  let hardest = null;
  const steps = [];
  for (;;) {
    let solved = true;
    for (let c = 0; c < 81; c++) if (s.values[c] === 0) { solved = false; break; }
    if (solved) return { solved: true, er, hardest, steps };
    let step = null;
    for (const t of ORDER) {
      step = t.find(s);
      if (step) break;
    }
    if (!step) return { solved: false, er, hardest, steps };
    for (const [c, d] of step.place) s.place(c, d);
    for (const [c, d] of step.eliminate) s.eliminate(c, d);
    if (step.rating > er) { er = step.rating; hardest = step.technique; }
    if (keep) steps.push(step);
  }
}

const puzzles = lines.map(([p]) => parseGrid(p));
for (let i = 0; i < Math.min(50, puzzles.length); i++) grade(puzzles[i], false); // warm-up
// CPU time of this thread (the machine is shared; wall time says more about the neighbours).
let results = [];
let seconds = Infinity;
for (let round = 0; round < 3; round++) {
  const t0 = process.cpuUsage();
  results = puzzles.map((p) => grade(p, false));
  const t = process.cpuUsage(t0);
  seconds = Math.min(seconds, (t.user + t.system) / 1e6);
}

let solved = 0;
let exact = 0;
const classes = new Map();
results.forEach((r, i) => {
  const published = Number(lines[i][1]);
  if (r.solved) solved++;
  if (r.solved && Math.abs(r.er - published) < 1e-9) { exact++; return; }
  const key = `published ${published.toFixed(1)} ours ${r.solved ? r.er.toFixed(1) : 'stuck'} (${r.hardest})`;
  if (!classes.has(key)) classes.set(key, []);
  classes.get(key).push(i);
});
const pct = (n) => ((100 * n) / results.length).toFixed(1);
console.log(`puzzles ${results.length} (ER ${minEr}-${maxEr}): solved ${solved} (${pct(solved)}%), ER exact ${exact} (${pct(exact)}%)`);
console.log(`speed: ${(results.length / seconds).toFixed(0)} puzzles/s (${seconds.toFixed(2)} s CPU, one thread, best of 3)`);
const byPublished = new Map();
results.forEach((r, i) => {
  const k = lines[i][1];
  const e = byPublished.get(k) ?? [0, 0, 0];
  e[0]++;
  if (r.solved) e[1]++;
  if (r.solved && Math.abs(r.er - Number(k)) < 1e-9) e[2]++;
  byPublished.set(k, e);
});
console.log('published ER: puzzles, solved, exact');
for (const [k, [n, s, e]] of [...byPublished].sort()) console.log(`  ${k}: ${n} ${s} ${e}`);
console.log('mismatch classes:');
for (const [k, idx] of [...classes].sort((a, b) => b[1].length - a[1].length)) {
  console.log(`  ${idx.length} × ${k}: e.g. ${idx.slice(0, show).map((i) => `#${i} ${lines[i][0]}`).join(' ')}`);
}
if (logIndex >= 0) {
  const r = grade(puzzles[logIndex], true);
  console.log(`step log of #${logIndex} (${lines[logIndex][0]}, published ${lines[logIndex][1]}):`);
  r.steps.forEach((st, k) => console.log(`  ${k + 1}. ${st.rating} ${st.explain}`));
}
