// BUG+1 positions built in a complete grid, then checked: how many constructions give a
// puzzle (every cell outside the position's empty cells U given) that is unique and whose
// graded path uses the BUG. The second candidates come from a grid B that agrees with the
// solution S outside U, puts p in a cell c0 (whose digit is s), and is valid but in c0's row,
// column and box, where it lacks q and holds s twice: then {S(c), B(c)} on U (and {p, q} in c0)
// is a bivalue grave, and c0 with s too is a BUG+1. B is searched over the cells holding
// `digits` digits (s, p, q and others), each cell's own digit tried first.
// --within-minimal: U kept within the empty cells of a minimal puzzle dug from S (so that the
// puzzle is unique), c0, p and q drawn among the cells and digits that allow it.
//   node bench/bug-construct.mjs [grids=100] [digits=3,4,5] [--per N] [--within-minimal]
// Prints a markdown table for bench/README.md.
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const DIST = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const load = (file) => import(pathToFileURL(path.join(DIST, file)).href);
const { Rng, deriveSeed } = await load('core/rng.js');
const { FILLS } = await load('generator/fill.js');
const { ROW_OF, COL_OF, BOX_OF, UNITS } = await load('core/units.js');
const { countSolutions } = await load('solver/solver.js');
const { pathFacts } = await load('generator/needs.js');
const { digAllowed } = await load('generator/bucket.js');

const args = process.argv.slice(2);
const flag = (name) => {
  const i = args.indexOf(name);
  return i >= 0 && args.splice(i, 1).length > 0;
};
const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i < 0 ? fallback : Number(args.splice(i, 2)[1]);
};
const within = flag('--within-minimal');
const per = option('--per', within ? 200 : 10);
const grids = Number(args[0] ?? 100);
const digitCounts = (args[1] ?? '3,4,5').split(',').map(Number);
const unitsOf = (c) => [ROW_OF[c], 9 + COL_OF[c], 18 + BOX_OF[c]];

/** B over the free cells (null: none within the node budget); U = c0 and the cells where B differs from S. */
function construct(S, rng, digits, free, c0, p, q) {
  const s = S[c0];
  const rest = rng.shuffle([1, 2, 3, 4, 5, 6, 7, 8, 9].filter((d) => d !== s && d !== p && d !== q));
  const set = [s, p, q, ...rest].slice(0, digits);
  const need = new Int8Array(270);
  for (let u = 0; u < 27; u++) for (const d of set) need[10 * u + d] = 1;
  for (const u of unitsOf(c0)) {
    need[10 * u + q] = 0;
    need[10 * u + s] = 2;
    need[10 * u + p]--;
  }
  const open = new Uint8Array(81);
  for (const c of free) if (c !== c0 && set.includes(S[c])) open[c] = 1;
  for (let c = 0; c < 81; c++) if (c !== c0 && !open[c] && set.includes(S[c])) for (const u of unitsOf(c)) need[10 * u + S[c]]--;
  if (need.some((k) => k < 0)) return null;
  const cells = [...Array(81).keys()].filter((c) => open[c]);
  const B = S.slice();
  B[c0] = p;
  const done = new Uint8Array(81);
  const fits = (c, d) => unitsOf(c).every((u) => need[10 * u + d] > 0);
  let nodes = 0;
  const search = (left) => {
    if (++nodes > 20000) return false;
    if (left === 0) return true;
    let cell = -1;
    let options = null;
    for (const c of cells) {
      if (done[c]) continue;
      const o = set.filter((d) => fits(c, d));
      if (o.length === 0) return false;
      if (!options || o.length < options.length) [cell, options] = [c, o];
    }
    done[cell] = 1;
    for (const d of rng.shuffle(options).sort((x, y) => Number(y === S[cell]) - Number(x === S[cell]))) {
      B[cell] = d;
      for (const u of unitsOf(cell)) need[10 * u + d]--;
      if (search(left - 1)) return true;
      for (const u of unitsOf(cell)) need[10 * u + d]++;
    }
    done[cell] = 0;
    B[cell] = S[cell];
    return false;
  };
  return search(cells.length) ? [c0, ...cells.filter((c) => B[c] !== S[c])] : null;
}

console.log(`${grids} grids, ${per} constructions each${within ? ', U within the empty cells of a minimal puzzle' : ''}; one thread, CPU time`);
console.log('');
console.log('| digits | constructions | found | mean size of U | unique | path uses the BUG | CPU s |');
console.log('|---:|---:|---:|---:|---:|---:|---:|');
for (const digits of digitCounts) {
  let tries = 0;
  let found = 0;
  let size = 0;
  let unique = 0;
  let bug = 0;
  const cpu0 = process.cpuUsage();
  for (let j = 0; j < grids; j++) {
    const rng = new Rng(deriveSeed('bug-construct', `${digits}:${j}`));
    const S = FILLS.diagonal(rng);
    const minimal = within ? digAllowed(S.slice(), S, 'none', null, rng) : null;
    const empty = [...Array(81).keys()].filter((c) => !minimal || minimal[c] === 0);
    const inside = new Uint8Array(81);
    for (const c of empty) inside[c] = 1;
    for (let k = 0; k < per; k++) {
      tries++;
      const c0 = rng.pick(empty);
      // p and q: digits whose cells in c0's row, column and box may change.
      const movable = [1, 2, 3, 4, 5, 6, 7, 8, 9].filter((d) => d !== S[c0] && unitsOf(c0).every((u) => UNITS[u].every((c) => S[c] !== d || inside[c])));
      if (movable.length < 2) continue;
      const [p, q] = rng.shuffle(movable);
      const U = construct(S, rng, digits, empty, c0, p, q);
      if (!U) continue;
      found++;
      size += U.length;
      const puzzle = S.slice();
      for (const c of U) puzzle[c] = 0;
      if (countSolutions(puzzle, 2) !== 1) continue;
      unique++;
      if (pathFacts(puzzle).uses.includes('bug')) bug++;
    }
  }
  const cpu = process.cpuUsage(cpu0);
  console.log(`| ${digits} | ${tries} | ${found} | ${found ? (size / found).toFixed(1) : '-'} | ${unique} | ${bug} | ${((cpu.user + cpu.system) / 1e6).toFixed(1)} |`);
}
