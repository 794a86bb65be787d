// Unique rectangles / loops and BUG on rated puzzle sets: how often each type fires and the
// CPU time per call, when the techniques before them (in Sudoku Explainer's order, as far as
// this project has them) find nothing.
// Usage: npm run build && node bench/unique.mjs [--data DIR]   (DIR defaults to ../shared/data)
import { readFileSync } from 'node:fs';
import { parseGrid } from '../dist/core/grid.js';
import { Candidates } from '../dist/grader/candidates.js';
import { hiddenSingle } from '../dist/grader/techniques/hidden-single.js';
import { pointing } from '../dist/grader/techniques/pointing.js';
import { claiming } from '../dist/grader/techniques/claiming.js';
import { nakedSingle } from '../dist/grader/techniques/naked-single.js';
import { nakedPair } from '../dist/grader/techniques/naked-pair.js';
import { xWing } from '../dist/grader/techniques/x-wing.js';
import { hiddenPair } from '../dist/grader/techniques/hidden-pair.js';
import { nakedTriple } from '../dist/grader/techniques/naked-triple.js';
import { swordfish } from '../dist/grader/techniques/swordfish.js';
import { hiddenTriple } from '../dist/grader/techniques/hidden-triple.js';
import { skyscraper } from '../dist/grader/techniques/skyscraper.js';
import { twoStringKite } from '../dist/grader/techniques/two-string-kite.js';
import { xyWing } from '../dist/grader/techniques/xy-wing.js';
import { xyzWing } from '../dist/grader/techniques/xyz-wing.js';
import { nakedQuad } from '../dist/grader/techniques/naked-quad.js';
import { jellyfish } from '../dist/grader/techniques/jellyfish.js';
import { hiddenQuad } from '../dist/grader/techniques/hidden-quad.js';
import { wWing } from '../dist/grader/techniques/w-wing.js';
import { simpleColouring } from '../dist/grader/techniques/simple-colouring.js';
import { xChain } from '../dist/grader/techniques/x-chain.js';
import { xyChain } from '../dist/grader/techniques/xy-chain.js';
import { uniqueLoops } from '../dist/grader/techniques/unique-loops.js';
import { bivalueUniversalGrave } from '../dist/grader/techniques/bug.js';

const dataArg = process.argv.indexOf('--data');
const DATA = dataArg > 0 ? process.argv[dataArg + 1].replace(/\/?$/, '/') : new URL('../../shared/data/', import.meta.url).pathname;
const ORDER = [
  hiddenSingle, pointing, claiming, nakedSingle, nakedPair, xWing, hiddenPair, nakedTriple, swordfish, hiddenTriple,
  skyscraper, twoStringKite, xyWing, xyzWing, uniqueLoops, nakedQuad, jellyfish, hiddenQuad, bivalueUniversalGrave,
  // Not Sudoku Explainer's next producers, but they let more puzzles go on to later positions.
  wWing, simpleColouring, xChain, xyChain,
];
const WATCHED = [uniqueLoops, bivalueUniversalGrave];

function puzzles(file, lo, hi, max) {
  const out = [];
  for (const line of readFileSync(DATA + file, 'utf8').split('\n')) {
    if (!line.trim() || line.startsWith('#')) continue;
    const [p, er] = line.split('\t');
    const rating = er === undefined ? null : Number(er);
    if (rating !== null && (rating < lo || rating > hi)) continue;
    out.push(p.trim());
  }
  const step = Math.max(1, Math.floor(out.length / max));
  return out.filter((_, i) => i % step === 0).slice(0, max);
}

function run(label, list) {
  const fired = {};
  const cpu = new Map(WATCHED.map((t) => [t, 0]));
  const calls = new Map(WATCHED.map((t) => [t, 0]));
  for (const p of list) {
    const s = Candidates.fromPuzzle(parseGrid(p));
    while (!s.isSolved()) {
      let step = null;
      for (const t of ORDER) {
        const watched = WATCHED.includes(t);
        const t0 = watched ? process.cpuUsage() : null;
        step = t.find(s);
        if (watched) {
          const d = process.cpuUsage(t0);
          cpu.set(t, cpu.get(t) + d.user + d.system);
          calls.set(t, calls.get(t) + 1);
          if (step) fired[`${step.technique} ${step.rating}`] = (fired[`${step.technique} ${step.rating}`] ?? 0) + 1;
        }
        if (step) break;
      }
      if (!step) break;
      for (const [c, d] of step.place) s.place(c, d);
      for (const [c, d] of step.eliminate) s.eliminate(c, d);
    }
  }
  console.log(`\n${label}: ${list.length} puzzles`);
  for (const t of WATCHED) {
    const n = calls.get(t);
    console.log(`  ${t.name}: ${n} calls, ${(cpu.get(t) / Math.max(1, n)).toFixed(0)} us CPU per call`);
  }
  for (const [k, v] of Object.entries(fired).sort()) console.log(`  ${k}: ${v}`);
}

// One warm-up pass so the timings are of optimised code.
run('warm-up', puzzles('se_rated_dev.tsv', 4.5, 7, 100));
run('se_rated_dev ER 4.5-7', puzzles('se_rated_dev.tsv', 4.5, 7, 600));
run('se_rated_dev ER 7.1-9', puzzles('se_rated_dev.tsv', 7.1, 9, 300));
run('top1465', puzzles('top1465.txt', 0, 99, 300));
