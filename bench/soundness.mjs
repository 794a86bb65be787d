// The full soundness sweep: every step of the grader's run (every technique, Sudoku Explainer's
// order, the default work limits) on thousands of published puzzles, checked against the
// known solution: a placement must be the solution's digit, an elimination must keep it. Each
// step's rating must lie within what its technique declares (weight up to highestRating).
//
//   node bench/soundness.mjs [--data DIR] [--every N] [--max-nested-work N]
//
// Sets (from ../shared/data, README there): se_rated_dev.tsv (4,802, ER 2.5-9.1), the first
// 1,000 of 17clue.txt, top1465.txt, the first 20 of forum_hardest_1106.txt; every N-th of
// each (default 1). Prints puzzles, steps, steps per technique, ER bands, wrong steps, CPU
// seconds; exits 1 when a step is wrong.
import { readFileSync } from 'node:fs';
import { formatGrid, parseGrid } from '../dist/core/grid.js';
import { Candidates } from '../dist/grader/candidates.js';
import { emptyLog, runTechniques, workContext } from '../dist/grader/grade.js';
import { highestRating, TECHNIQUES } from '../dist/grader/registry.js';
import { solveUnique } from '../dist/solver/solver.js';

const argv = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : dflt;
};
const dir = opt('data', new URL('../../shared/data/', import.meta.url).pathname).replace(/\/?$/, '/');
const every = Number(opt('every', '1'));
const limits = opt('max-nested-work') ? { maxNestedWork: Number(opt('max-nested-work')) } : {};

const SETS = [
  ['se_rated_dev.tsv', Infinity],
  ['17clue.txt', 1000],
  ['top1465.txt', Infinity],
  ['forum_hardest_1106.txt', 20],
];

const fired = new Map(TECHNIQUES.map((t) => [t.name, 0]));
const bands = new Map();
const wrong = [];
let puzzles = 0;
let steps = 0;
const cpu0 = process.cpuUsage();
for (const [name, max] of SETS) {
  const lines = readFileSync(dir + name, 'utf8').split('\n').filter((l) => l.trim() !== '' && !l.startsWith('#'));
  const t0 = process.cpuUsage();
  let n = 0;
  for (let i = 0; i < lines.length && i < max; i += every) {
    const puzzle = parseGrid(lines[i].split('\t')[0].trim());
    const r = solveUnique(puzzle);
    if (!('solution' in r)) throw new Error(`${name} line ${i + 1}: not exactly one solution`);
    const solution = r.solution;
    const state = Candidates.fromPuzzle(puzzle);
    state.unique = true;
    const log = emptyLog();
    const solved = runTechniques(state, TECHNIQUES, log, false, workContext(limits), (step, by) => {
      const where = `${name} line ${i + 1}: ${step.explain}`;
      if (step.place.some(([c, d]) => solution[c] !== d) || step.eliminate.some(([c, d]) => solution[c] === d)) wrong.push(`unsound: ${where}`);
      if (step.place.length + step.eliminate.length === 0) wrong.push(`empty: ${where}`);
      const rating = step.rating ?? by.weight;
      const highest = highestRating(by.name);
      if (rating < by.weight || (highest !== null && rating > highest)) wrong.push(`rated ${rating} outside ${by.weight}-${highest}: ${where}`);
      fired.set(by.name, fired.get(by.name) + 1);
      steps++;
    });
    if (solved && formatGrid(state.values) !== formatGrid(solution)) wrong.push(`${name} line ${i + 1}: solved to another grid`);
    const band = solved ? `ER ${Math.floor(log.rating)}` : 'stopped';
    bands.set(band, (bands.get(band) ?? 0) + 1);
    n++;
  }
  const u = process.cpuUsage(t0);
  puzzles += n;
  console.log(`${name.padEnd(28)} ${String(n).padStart(5)} puzzles  ${((u.user + u.system) / 1e6).toFixed(1)} s CPU`);
}
const u = process.cpuUsage(cpu0);
console.log(`\n${puzzles} puzzles, ${steps} steps checked, ${wrong.length} wrong, ${((u.user + u.system) / 1e6).toFixed(1)} s CPU`);
console.log([...bands].sort().map(([b, n]) => `${b}: ${n}`).join(', '));
console.log('steps per technique:', [...fired].map(([t, n]) => `${t} ${n}`).join(', '));
for (const w of wrong.slice(0, 20)) console.log(w);
process.exitCode = wrong.length > 0 ? 1 : 0;
