// How close our ratings come to Sudoku Explainer's published ER, and how fast we grade.
//
//   node bench/rating.mjs [--file TSV] [--every N] [--min-er X] [--max-er Y] [--max-level L] [--max-work W] [--max-nested-work N] [--misses K] [--json]
//
// A file of plain puzzle lines (no ER column) gives speed, beyond count and memory only.
//
// Reads puzzle<TAB>ER lines (or puzzle<TAB>ER<TAB>EP<TAB>ED, then EP and ED are compared too) (default ../shared/data/se_rated_dev.tsv, the Sudoku Exchange
// bank's puzzles with Sukaku Explainer's ER), grades every N-th one and prints: share with
// ER equal, within 0.1, within 0.5; Spearman's rank correlation; how many came out beyond;
// the same by ER band; grading rate; peak memory. --misses K lists K mismatches per band.
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { parseGrid } from '../dist/core/grid.js';
import { gradePuzzle } from '../dist/grader/grade.js';

const argv = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : dflt;
};
const file = opt('file', new URL('../../shared/data/se_rated_dev.tsv', import.meta.url).pathname);
const every = Number(opt('every', '1'));
const misses = Number(opt('misses', '0'));
const limits = {};
if (opt('max-level')) limits.maxLevel = Number(opt('max-level'));
if (opt('max-work')) limits.maxWork = Number(opt('max-work'));
if (opt('max-nested-work')) limits.maxNestedWork = Number(opt('max-nested-work'));

const rows = readFileSync(file, 'utf8')
  .split('\n')
  .filter((l) => l && !l.startsWith('#'))
  .map((l) => l.split('\t'))
  .filter((_, i) => i % every === 0)
  .map(([p, er, ep, ed]) => ({ puzzle: p, er: er === undefined ? NaN : Number(er), ep: ep === undefined ? undefined : Number(ep), ed: ed === undefined ? undefined : Number(ed) }));
const minEr = Number(opt('min-er', '-1'));
const maxEr = Number(opt('max-er', '99'));
const selected = rows.filter((r) => Number.isNaN(r.er) || (r.er >= minEr && r.er <= maxEr));

/** Average ranks (ties share their mean rank). */
function ranks(values) {
  const idx = values.map((v, i) => [v, i]).sort((a, b) => a[0] - b[0]);
  const r = new Array(values.length);
  for (let i = 0; i < idx.length; ) {
    let j = i;
    while (j + 1 < idx.length && idx[j + 1][0] === idx[i][0]) j++;
    for (let k = i; k <= j; k++) r[idx[k][1]] = (i + j) / 2 + 1;
    i = j + 1;
  }
  return r;
}

function spearman(a, b) {
  const ra = ranks(a);
  const rb = ranks(b);
  const n = a.length;
  const ma = ra.reduce((s, x) => s + x, 0) / n;
  const mb = rb.reduce((s, x) => s + x, 0) / n;
  let num = 0;
  let da = 0;
  let db = 0;
  for (let i = 0; i < n; i++) {
    num += (ra[i] - ma) * (rb[i] - mb);
    da += (ra[i] - ma) ** 2;
    db += (rb[i] - mb) ** 2;
  }
  return num / Math.sqrt(da * db);
}

const results = [];
let peak = 0;
const t0 = performance.now();
for (const row of selected) {
  const t = performance.now();
  const c = process.cpuUsage();
  const g = gradePuzzle(parseGrid(row.puzzle), { limits });
  const used = process.cpuUsage(c);
  results.push({ ...row, ours: g.rating, oursEp: g.ep, oursEd: g.ed, hardest: g.hardest, stopped: g.stopped, ms: performance.now() - t, cpuMs: (used.user + used.system) / 1000 });
  peak = Math.max(peak, process.memoryUsage().rss);
}
const secs = (performance.now() - t0) / 1000;

const pct = (n, d) => (d ? `${((100 * n) / d).toFixed(1)}%` : '-');
function summary(list) {
  const rated = list.filter((r) => r.ours !== null);
  const eq = rated.filter((r) => Math.abs(r.ours - r.er) < 0.05).length;
  const w1 = rated.filter((r) => Math.abs(r.ours - r.er) < 0.15).length;
  const w5 = rated.filter((r) => Math.abs(r.ours - r.er) < 0.55).length;
  const ms = list.reduce((s, r) => s + r.ms, 0);
  return { n: list.length, equal: eq, within01: w1, within05: w5, beyond: list.length - rated.length, perSec: list.length / (ms / 1000) };
}

const all = summary(results);
const rated = results.filter((r) => r.ours !== null);
const rho = spearman(
  rated.map((r) => r.er),
  rated.map((r) => r.ours),
);
const bands = [...new Set(results.map((r) => Math.floor(r.er)))].sort((a, b) => a - b);
const byBand = bands.map((b) => ({ band: `${b}.0-${b}.9`, ...summary(results.filter((r) => Math.floor(r.er) === b)) }));
const low = summary(results.filter((r) => r.er <= 4.4));

if (selected.every((r) => Number.isNaN(r.er))) {
  // A plain puzzle file: speed, beyond count and memory only.
  const rated = results.filter((r) => r.ours !== null);
  const worst = Math.max(...results.map((r) => r.ms));
  // CPU time too: on a shared machine wall time also counts the other jobs.
  const cpuSecs = results.reduce((s, r) => s + r.cpuMs, 0) / 1000;
  const worstCpu = Math.max(...results.map((r) => r.cpuMs));
  const worstBeyondCpu = Math.max(0, ...results.filter((r) => r.ours === null).map((r) => r.cpuMs));
  const line = { file, n: results.length, perSec: results.length / secs, perCpuSec: results.length / cpuSecs, beyond: results.length - rated.length, worstMs: worst, worstCpuMs: worstCpu, worstBeyondCpuMs: worstBeyondCpu, peakRssMB: peak / 2 ** 20 };
  console.log(
    argv.includes('--json')
      ? JSON.stringify(line)
      : `${file}: ${line.n} puzzles, ${line.perSec.toFixed(1)}/s (${line.perCpuSec.toFixed(1)} per CPU second), beyond ${line.beyond}, slowest ${worst.toFixed(0)} ms (CPU ${worstCpu.toFixed(0)} ms; slowest beyond: CPU ${worstBeyondCpu.toFixed(0)} ms), peak RSS ${line.peakRssMB.toFixed(0)} MB`,
  );
  process.exit(0);
}
if (argv.includes('--json')) {
  console.log(JSON.stringify({ file, every, limits, all, low, spearman: rho, byBand, seconds: secs, peakRssMB: peak / 2 ** 20 }));
} else {
  console.log(`${file} (every ${every}): ${all.n} puzzles in ${secs.toFixed(1)} s (${(all.n / secs).toFixed(1)}/s), peak RSS ${(peak / 2 ** 20).toFixed(0)} MB`);
  console.log(`ER equal ${pct(all.equal, all.n)}, within 0.1 ${pct(all.within01, all.n)}, within 0.5 ${pct(all.within05, all.n)}, beyond ${all.beyond}, Spearman ${rho.toFixed(4)}`);
  console.log(`ER <= 4.4: equal ${pct(low.equal, low.n)} of ${low.n}`);
  const withEpEd = results.filter((r) => r.ep !== undefined && r.ed !== undefined);
  if (withEpEd.length > 0) {
    const all3 = withEpEd.filter((r) => r.ours === r.er && r.oursEp === r.ep && r.oursEd === r.ed).length;
    console.log(`ER, EP and ED all equal: ${all3} of ${withEpEd.length}`);
    if (misses > 0) for (const r of withEpEd.filter((r) => r.ours !== r.er || r.oursEp !== r.ep || r.oursEd !== r.ed).slice(0, misses)) console.log(`miss ER/EP/ED ${r.er}/${r.ep}/${r.ed} ours ${r.ours}/${r.oursEp}/${r.oursEd} ${r.puzzle}`);
  }
  console.log('band       n      equal   ±0.1    ±0.5    beyond  puzzles/s');
  for (const b of byBand) {
    console.log(
      `${b.band.padEnd(9)} ${String(b.n).padStart(5)}  ${pct(b.equal, b.n).padStart(6)}  ${pct(b.within01, b.n).padStart(6)}  ${pct(b.within05, b.n).padStart(6)}  ${String(b.beyond).padStart(6)}  ${b.perSec.toFixed(1).padStart(8)}`,
    );
  }
  if (misses > 0) {
    for (const b of bands) {
      const wrong = results.filter((r) => Math.floor(r.er) === b && (r.ours === null || Math.abs(r.ours - r.er) >= 0.05)).slice(0, misses);
      for (const r of wrong) console.log(`miss ER ${r.er} ours ${r.ours ?? 'beyond'} (${r.hardest ?? r.stopped}) ${r.puzzle}`);
    }
  }
}
