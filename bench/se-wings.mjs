// Soundness and speed of the strong-link, wing and aligned-exclusion producers on real puzzles.
// Usage: npx tsc -p tsconfig.json && node bench/se-wings.mjs [dev-count] [top1465-count]
// Runs Sudoku Explainer's producers in its order (the project's X-chain and XY-chain stand in
// for its forcing chains), checks every step of the
// strong-link, wing and aligned-exclusion producers against the solution, compares the ER of
// puzzles solved without a stand-in with the published one, and
// prints, per producer, how often it fired and how many calls per second of CPU time it answered
// (CPU time, so a busy machine does not skew the rates much).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseGrid } from '../dist/core/grid.js';
import { solve } from '../dist/solver/solver.js';
import { Candidates } from '../dist/grader/candidates.js';
import { applyStep } from '../dist/grader/grade.js';
import { hiddenSingle } from '../dist/grader/techniques/hidden-single.js';
import { nakedSingle } from '../dist/grader/techniques/naked-single.js';
import { pointing } from '../dist/grader/techniques/pointing.js';
import { claiming } from '../dist/grader/techniques/claiming.js';
import { directPointing } from '../dist/grader/techniques/direct-pointing.js';
import { directClaiming } from '../dist/grader/techniques/direct-claiming.js';
import { directHiddenPair } from '../dist/grader/techniques/direct-hidden-pair.js';
import { directHiddenTriple } from '../dist/grader/techniques/direct-hidden-triple.js';
import { nakedPair } from '../dist/grader/techniques/naked-pair.js';
import { xWing } from '../dist/grader/techniques/x-wing.js';
import { hiddenPair } from '../dist/grader/techniques/hidden-pair.js';
import { nakedTriple } from '../dist/grader/techniques/naked-triple.js';
import { swordfish } from '../dist/grader/techniques/swordfish.js';
import { hiddenTriple } from '../dist/grader/techniques/hidden-triple.js';
import { nakedQuad } from '../dist/grader/techniques/naked-quad.js';
import { jellyfish } from '../dist/grader/techniques/jellyfish.js';
import { hiddenQuad } from '../dist/grader/techniques/hidden-quad.js';
import { uniqueLoops } from '../dist/grader/techniques/unique-loops.js';
import { bivalueUniversalGrave } from '../dist/grader/techniques/bug.js';
import { xChain } from '../dist/grader/techniques/x-chain.js';
import { xyChain } from '../dist/grader/techniques/xy-chain.js';
import { turbotFish, threeStrongLinks, fourStrongLinks } from '../dist/grader/techniques/strong-links.js';
import { xyWing } from '../dist/grader/techniques/xy-wing.js';
import { xyzWing } from '../dist/grader/techniques/xyz-wing.js';
import { wxyzWing, vwxyzWing, uvwxyzWing, tuvwxyzWing } from '../dist/grader/techniques/wxyz-wing.js';
import { alignedPairExclusion, alignedTripletExclusion } from '../dist/grader/techniques/aligned-exclusion.js';

const MINE = new Set([turbotFish, xyWing, xyzWing, threeStrongLinks, wxyzWing, fourStrongLinks, vwxyzWing, alignedPairExclusion, uvwxyzWing, tuvwxyzWing, alignedTripletExclusion]);
const STAND_INS = new Set([xChain, xyChain]);
const ORDER = [
  hiddenSingle, directPointing, directClaiming, directHiddenPair, nakedSingle, directHiddenTriple,
  pointing, claiming, nakedPair, xWing, hiddenPair, nakedTriple, swordfish, hiddenTriple,
  turbotFish, xyWing, xyzWing, uniqueLoops, nakedQuad, jellyfish, hiddenQuad, threeStrongLinks, wxyzWing, bivalueUniversalGrave,
  fourStrongLinks, vwxyzWing, alignedPairExclusion, uvwxyzWing, xChain, xyChain, tuvwxyzWing, alignedTripletExclusion,
];

const data = fileURLToPath(new URL('../../../shared/data/', import.meta.url));
const devCount = Number(process.argv[2] ?? 300);
const topCount = Number(process.argv[3] ?? 150);
const dev = readFileSync(data + 'se_rated_dev.tsv', 'utf8').split('\n').filter((l) => l && !l.startsWith('#'))
  .map((l) => l.split('\t')).filter(([, er]) => Number(er) >= 4.0 && Number(er) <= 7.5);
const top = readFileSync(data + 'top1465.txt', 'utf8').split('\n').filter((l) => l.trim());
const sets = [
  ['se_rated_dev ER 4.0-7.5', dev.filter((_, i) => i % Math.max(1, Math.floor(dev.length / devCount)) === 0).slice(0, devCount)],
  ['top1465', top.filter((_, i) => i % Math.max(1, Math.floor(top.length / topCount)) === 0).slice(0, topCount).map((p) => [p, ''])],
];

for (const [label, lines] of sets) {
  const stats = new Map(ORDER.filter((t) => MINE.has(t)).map((t) => [t.name, { calls: 0, ms: 0, fired: 0, puzzles: 0, bad: 0, ratings: new Map() }]));
  let solved = 0;
  let plain = 0;
  let erEqual = 0;
  for (const [line, published] of lines) {
    const puzzle = parseGrid(line.trim());
    const solution = solve(puzzle);
    const s = Candidates.fromPuzzle(puzzle);
    const firedHere = new Set();
    let standIn = false;
    let er = 0;
    for (let guard = 0; guard < 500 && !s.isSolved(); guard++) {
      let step = null;
      for (const t of ORDER) {
        const st = stats.get(t.name);
        const t0 = st ? process.cpuUsage() : null;
        step = t.find(s);
        if (st) {
          const used = process.cpuUsage(t0);
          st.ms += (used.user + used.system) / 1000;
          st.calls++;
        }
        if (!step) continue;
        if (STAND_INS.has(t)) standIn = true;
        er = Math.max(er, step.rating ?? t.weight);
        if (st) {
          st.fired++;
          firedHere.add(t.name);
          st.ratings.set(step.rating, (st.ratings.get(step.rating) ?? 0) + 1);
          const wrong = step.eliminate.filter(([c, d]) => solution[c] === d).length + step.place.filter(([c, d]) => solution[c] !== d).length;
          if (wrong) {
            st.bad++;
            console.log(`UNSOUND ${t.name} ${line.trim()} ${step.explain}`);
          }
        }
        break;
      }
      if (!step) break;
      applyStep(s, step);
    }
    if (s.isSolved()) {
      solved++;
      if (!standIn) {
        plain++;
        if (published !== '' && er.toFixed(1) === Number(published).toFixed(1)) erEqual++;
      }
    }
    for (const n of firedHere) stats.get(n).puzzles++;
  }
  console.log(`\n${label}: ${lines.length} puzzles, ${solved} solved, ${plain} without a stand-in` + (label.startsWith('se_') ? `, of which ${erEqual} with the published ER` : ''));
  console.log('producer                   calls   fired  puzzles  unsound  calls/s   ratings');
  for (const [name, st] of stats) {
    const rate = st.ms > 0 ? Math.round((st.calls / st.ms) * 1000) : 0;
    const ratings = [...st.ratings].sort((a, b) => a[0] - b[0]).map(([r, n]) => `${r}:${n}`).join(' ');
    console.log(`${name.padEnd(26)}${String(st.calls).padStart(6)}${String(st.fired).padStart(8)}${String(st.puzzles).padStart(9)}${String(st.bad).padStart(9)}${String(rate).padStart(9)}   ${ratings}`);
  }
}
