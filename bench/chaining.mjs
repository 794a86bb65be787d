// Chaining accuracy and speed against Sudoku Explainer's ratings (ER) on the dev set.
// Usage: npm run build && node bench/chaining.mjs [--min 6.5] [--max 9.1] [--limit N] [--file path]
// Grades each puzzle with an SE-order loop (the singles, subsets, fish and wings the project
// has, then the chaining producers): first step of the first producer is applied, ER = the
// largest step rating. Prints the share rated exactly, within 0.1 and 0.5, solved, and speed.
import { existsSync, readFileSync } from 'node:fs';
import { parseGrid } from '../dist/core/grid.js';
import { Candidates } from '../dist/grader/candidates.js';
import { TECHNIQUES } from '../dist/grader/registry.js';
import * as chains from '../dist/grader/chaining/producers.js';

const argv = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : dflt;
};
const min = Number(opt('min', '6.5'));
const max = Number(opt('max', '9.1'));
const limit = Number(opt('limit', '100000'));
const every = Number(opt('every', '1'));
const dataDir = ['../../shared/data/', '../../../shared/data/'].map((p) => new URL(p, import.meta.url)).find((u) => existsSync(u));
const file = opt('file', new URL('se_rated_dev.tsv', dataDir).pathname);
const maxWork = Number(opt('work', '20000000'));

// The registry's techniques before the chaining slots (in its order), without the project's own
// chains (the chaining producers replace them).
const cheap = TECHNIQUES.filter((t) => t.weight < 6.5 && !['x-chain', 'xy-chain', 'w-wing'].includes(t.name));
const producers = [...cheap, chains.forcingChainCycle, chains.nishio, chains.multipleForcingChain, chains.dynamicForcingChain, chains.dynamicForcingChainPlus];

const timeBy = new Map();
function grade(puzzle) {
  const s = Candidates.fromPuzzle(parseGrid(puzzle));
  const ctx = { work: 0, maxWork, maxLevel: 4 };
  let er = 0;
  const used = {};
  for (;;) {
    if (s.isSolved()) return { er, solved: true, used };
    let step = null;
    let by = null;
    for (const t of producers) {
      const t1 = performance.now();
      step = t.find(s, ctx);
      timeBy.set(t.name, (timeBy.get(t.name) ?? 0) + performance.now() - t1);
      if (step) { by = t; break; }
      if (ctx.stopped) return { er, solved: false, used, stopped: ctx.stopped };
    }
    if (!step) return { er, solved: false, used };
    const r = step.rating ?? by.weight;
    if (r > er) er = r;
    used[step.technique] = (used[step.technique] ?? 0) + 1;
    for (const [c, d] of step.place) s.place(c, d);
    for (const [c, d] of step.eliminate) s.eliminate(c, d);
  }
}

const lines = readFileSync(file, 'utf8').split('\n').filter((l) => /^[0-9.]{81}\t/.test(l));
const rows = lines.map((l) => l.split('\t')).map(([p, e]) => [p, Number(e)]).filter(([, e]) => e >= min && e <= max).filter((_, i) => i % every === 0).slice(0, limit);
let exact = 0, near = 0, half = 0, solved = 0;
const diffs = new Map();
const t0 = process.hrtime.bigint();
const cpu0 = process.cpuUsage();
for (const [p, e] of rows) {
  const r = grade(p);
  const er = Math.round(r.er * 10) / 10;
  if (r.solved) solved++;
  const d = Math.round((er - e) * 10) / 10;
  if (d === 0) exact++;
  if (Math.abs(d) <= 0.1) near++;
  if (Math.abs(d) <= 0.5) half++;
  const key = `${e}`;
  const v = diffs.get(key) ?? { n: 0, exact: 0, hi: 0, lo: 0 };
  v.n++;
  if (d === 0) v.exact++;
  else if (d > 0) v.hi++;
  else v.lo++;
  diffs.set(key, v);
  if (argv.includes('--verbose') && d !== 0) console.log(p, e, er, r.solved ? '' : 'UNSOLVED', JSON.stringify(r.used));
}
const secs = Number(process.hrtime.bigint() - t0) / 1e9;
const cpu = process.cpuUsage(cpu0);
const cpuSecs = (cpu.user + cpu.system) / 1e6;
const pct = (x) => ((100 * x) / rows.length).toFixed(1) + '%';
console.log(`${rows.length} puzzles ER ${min}-${max}: exact ${pct(exact)}, within 0.1 ${pct(near)}, within 0.5 ${pct(half)}, solved ${pct(solved)}, ${(rows.length / secs).toFixed(1)} puzzles/s (${(rows.length / cpuSecs).toFixed(1)} per CPU second)`);
if (argv.includes('--by-er')) for (const [k, v] of [...diffs].sort((a, b) => a[0] - b[0])) console.log(k, `n=${v.n} exact=${v.exact} high=${v.hi} low=${v.lo}`);
if (argv.includes('--by-producer')) for (const [k, v] of [...timeBy].sort((a, b) => b[1] - a[1])) console.log(k, `${(v / 1000).toFixed(2)} s`);
