// Benchmarks: sudoku-press against the named peers, same data, same run, one thread.
// Usage: npm run bench [-- --quick] [-- --full]
//   --quick  smaller samples (a quick look, not for the record)
//   --full   every puzzle of every set for both programs (qqwing takes minutes on the hardest set)
//   --only solve|grade|rating|uniform|book|audit|estimate   one section (estimate: the full 178,100-trial run)
// Prints a markdown table to paste into bench/README.md with the date and machine.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseGrid } from '../dist/core/grid.js';
import { deriveSeed } from '../dist/core/rng.js';
import { countSolutions, Solver } from '../dist/solver/solver.js';
import { canonicalString } from '../dist/core/canonical.js';
import { gradePuzzle } from '../dist/grader/grade.js';
import { makeBucketPuzzle } from '../dist/index.js';
import { fillUniform } from '../dist/generator/fill-uniform.js';
import { FILLS } from '../dist/generator/fill.js';
import { Rng } from '../dist/core/rng.js';

const require = createRequire(import.meta.url);
const QQWing = require('qqwing');
const args = new Set(process.argv.slice(2));
// --only solve|grade: run one section
const onlyArg = process.argv.slice(2).find((a, i, all) => all[i - 1] === '--only');
const run = (section) => !onlyArg || onlyArg === section;
const quick = args.has('--quick');
const full = args.has('--full');
const DATA = new URL('../../shared/data/', import.meta.url);

function load(name, step) {
  const lines = readFileSync(new URL(name, DATA), 'utf8').split('\n').filter((l) => l.trim());
  return lines.filter((_, i) => i % step === 0);
}

/** Best of `reps` timed passes (after one warm-up pass) of fn over items; returns items/s. */
function rate(items, fn, reps) {
  for (const x of items.slice(0, Math.min(items.length, 200))) fn(x);
  let best = 0;
  for (let r = 0; r < reps; r++) {
    const t = process.hrtime.bigint();
    for (const x of items) fn(x);
    const secs = Number(process.hrtime.bigint() - t) / 1e9;
    best = Math.max(best, items.length / secs);
  }
  return best;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/**
 * Both sides over the same items, alternating round by round (ours, theirs, ours, ...), one
 * timed pass each per round: medians of each side's rate and of the per-round ratios, so a busy
 * moment on this shared machine hurts both sides alike.
 */
function alternate(rounds, oursItems, oursFn, theirItems, theirFn) {
  const a = [];
  const b = [];
  for (let r = 0; r < rounds; r++) {
    a.push(rate(oursItems, oursFn, 1));
    b.push(rate(theirItems, theirFn, 1));
  }
  return { ours: median(a), theirs: median(b), ratio: median(a.map((x, i) => x / b[i])) };
}

/** Items made per second over `secs` seconds (after a short warm-up). */
function rateFor(secs, make) {
  for (let i = 0; i < 20; i++) make(i);
  let n = 0;
  const t = Date.now();
  while (Date.now() - t < secs * 1000) make(n++);
  return n / ((Date.now() - t) / 1000);
}

const qq = new QQWing();
qq.setRecordHistory(false);
qq.setLogHistory(false);
function qqCount(line) {
  qq.setPuzzle(Array.from(line, (ch) => (ch === '.' ? 0 : Number(ch))));
  return qq.countSolutions(2, true);
}

const rows = [];
const notes = [];
const sets = [
  ['17clue.txt', full ? 1 : quick ? 50 : 5],
  ['top1465.txt', full ? 1 : quick ? 5 : 1],
  ['forum_hardest_1905_11plus_first10000.txt', full ? 1 : quick ? 100 : 10],
];
if (run('solve')) {
  for (const [name, step] of sets) {
    const lines = load(name, step);
    const grids = lines.map((l) => parseGrid(l));
    for (const g of grids) if (countSolutions(g, 2) !== 1) throw new Error(`${name}: a puzzle is not unique?`);
    for (const l of lines.slice(0, 50)) if (qqCount(l) !== 1) throw new Error(`${name}: qqwing disagrees`);
    // Alternate the two programs round by round, medians: a busy moment on this shared
    // machine then hurts both sides alike instead of one.
    const rounds = quick ? 1 : 3;
    const r = alternate(rounds, grids, (g) => countSolutions(g, 2), lines, qqCount);
    rows.push([`solve, count to 2: ${name} (${lines.length} puzzles, median of ${rounds})`, r.ours, r.theirs, r.ratio]);
    const solver = new Solver();
    let nodes = 0;
    for (const g of grids) {
      solver.count_(g, 2);
      nodes += solver.nodes;
    }
    const canon = rate(grids, (g) => canonicalString(g), 1);
    notes.push(`${name}: ${(nodes / grids.length).toFixed(2)} search nodes per puzzle (count to 2); canonical form ${canon.toFixed(0)} puzzles/s`);
    console.error(`done: solve ${name}`);
  }
  // Making: each side in its own fresh process (bench/make-rate.mjs), alternating, median of
  // the rounds; run after other work in one process, qqwing's generator is markedly slower.
  const genSecs = quick ? 2 : 5;
  const makeRounds = quick ? 1 : 3;
  const makeRate = (side) => Number(execFileSync(process.execPath, [fileURLToPath(new URL('make-rate.mjs', import.meta.url)), side, String(genSecs)], { encoding: 'utf8' }).trim());
  const oursMake = [];
  const theirsMake = [];
  for (let r = 0; r < makeRounds; r++) {
    oursMake.push(makeRate('ours'));
    theirsMake.push(makeRate('qqwing'));
  }
  rows.push([`make minimal unique puzzles, rotational symmetry (fresh processes, median of ${makeRounds})`, median(oursMake), median(theirsMake), median(oursMake.map((x, i) => x / theirsMake[i]))]);
  notes.push('');
}

// qqwing's own solve-and-rate: solve with its history on, then read its difficulty.
const rater = new QQWing();
rater.setRecordHistory(true);
rater.setLogHistory(false);
function qqRate(line) {
  rater.setPuzzle(Array.from(line, (ch) => (ch === '.' ? 0 : Number(ch))));
  rater.solve();
  return rater.getDifficultyAsString();
}

if (run('grade')) {
  // Grading is far slower on hard sets (forcing chains): sample them more thinly than solving.
  const gradeSets = [
    ['17clue.txt', full ? 1 : quick ? 100 : 10],
    ['top1465.txt', full ? 1 : quick ? 25 : 5],
    ['forum_hardest_1905_11plus_first10000.txt', full ? 10 : quick ? 1000 : 100],
  ];
  const rounds = quick ? 1 : 3;
  for (const [name, step] of gradeSets) {
    const lines = load(name, step);
    const grids = lines.map((l) => parseGrid(l));
    const r = alternate(rounds, grids, (g) => gradePuzzle(g), lines, qqRate);
    rows.push([`grade: ${name} (${lines.length} puzzles, median of ${rounds})`, r.ours, r.theirs, r.ratio]);
    console.error(`done: grade ${name}`);
  }
  // A 50/50 mix of easy and medium puzzles (by our grade), from 17clue.txt.
  const easy = [];
  const medium = [];
  for (const line of load('17clue.txt', 3)) {
    if (easy.length >= 1000 && medium.length >= 1000) break;
    const b = gradePuzzle(parseGrid(line)).bucket;
    if (b === 'easy' && easy.length < 1000) easy.push(line);
    if (b === 'medium' && medium.length < 1000) medium.push(line);
  }
  const mix = [...easy, ...medium];
  const mixGrids = mix.map((l) => parseGrid(l));
  const m = alternate(rounds, mixGrids, (g) => gradePuzzle(g), mix, qqRate);
  rows.push([`grade: 50/50 easy/medium mix (${mix.length} puzzles, median of ${rounds})`, m.ours, m.theirs, m.ratio]);

  // Our bucket against qqwing's difficulty for puzzles qqwing generates.
  const n = quick ? 300 : 2000;
  const gen = new QQWing();
  gen.setRecordHistory(true);
  gen.setLogHistory(false);
  gen.setPrintStyle(QQWing.PrintStyle.ONE_LINE);
  const table = {};
  for (let i = 0; i < n; i++) {
    gen.generatePuzzle();
    const line = gen.getPuzzleString().trim();
    const level = qqRate(line);
    const ours = gradePuzzle(parseGrid(line)).bucket;
    table[level] ??= {};
    table[level][ours] = (table[level][ours] ?? 0) + 1;
  }
  const buckets = ['easy', 'medium', 'hard', 'beyond'];
  notes.push(`Our bucket (columns) against qqwing's difficulty (rows) for ${n} puzzles qqwing generated:\n`);
  notes.push(`| qqwing \\ sudoku-press | ${buckets.join(' | ')} |`);
  notes.push(`|---|${buckets.map(() => '---:').join('|')}|`);
  for (const level of ['Simple', 'Easy', 'Intermediate', 'Expert']) {
    if (!table[level]) continue;
    notes.push(`| ${level} | ${buckets.map((b) => table[level][b] ?? 0).join(' | ')} |`);
  }
  notes.push('');

  // generate --bucket, one thread.
  const secs = quick ? 3 : 15;
  for (const bucket of ['easy', 'medium', 'hard']) {
    let attempts = 0;
    const r = rateFor(secs, (i) => (attempts += makeBucketPuzzle({ fill: 'diagonal', dig: 'remove', symmetry: 'rotational' }, bucket, deriveSeed('bench-' + bucket, i)).attempts));
    notes.push(`generate --bucket ${bucket} --symmetry rotational: ${r.toFixed(1)} puzzles/s (one thread)`);
  }
  notes.push('');
}
const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
console.log(`\n${new Date().toISOString().slice(0, 10)} · ${cpu} · ${os.cpus().length} cores · Node ${process.version} · one thread${quick ? ' · --quick' : ''}\n`);
console.log('| measure | sudoku-press /s | qqwing /s | ratio |');
console.log('|---|---:|---:|---:|');
for (const [label, a, b, ratio] of rows) console.log(`| ${label} | ${a.toFixed(a < 100 ? 1 : 0)} | ${b.toFixed(1)} | ${(ratio ?? a / b).toFixed(2)}× |`);
if (run('uniform')) {
  const secs = quick ? 2 : 10;
  notes.push('Complete grids per second by fill strategy (one thread):\n');
  notes.push('| fill | grids/s |');
  notes.push('|---|---:|');
  for (const [name, fill] of Object.entries(FILLS)) {
    const r = rateFor(secs, (i) => fill(new Rng(deriveSeed('bench-fill', i))));
    notes.push(`| ${name}${fill === fillUniform ? ' (exactly uniform)' : ''} | ${r.toFixed(0)} |`);
  }
  notes.push('');
}

if (run('rating')) {
  // Our ratings against Sudoku Explainer's published ER, and grading speed by set, one thread,
  // each set in a fresh process (bench/rating.mjs).
  const { execFileSync } = await import('node:child_process');
  const rate = (...a) => JSON.parse(execFileSync(process.execPath, ['bench/rating.mjs', '--json', ...a], { encoding: 'utf8', maxBuffer: 1 << 26 }));
  const dev = rate(...(quick ? ['--every', '10'] : []));
  const pc = (n, d) => `${((100 * n) / d).toFixed(1)}%`;
  notes.push(`Ratings against Sudoku Explainer's ER (se_rated_dev.tsv${quick ? ', every 10th' : ''}: ${dev.all.n} puzzles):\n`);
  notes.push(`ER equal ${pc(dev.all.equal, dev.all.n)}, within 0.1 ${pc(dev.all.within01, dev.all.n)}, within 0.5 ${pc(dev.all.within05, dev.all.n)}; ` +
    `ER ≤ 4.4 equal ${pc(dev.low.equal, dev.low.n)}; Spearman ${dev.spearman.toFixed(4)}; beyond ${dev.all.beyond}; peak RSS ${dev.peakRssMB.toFixed(0)} MB\n`);
  notes.push('| ER band | puzzles | equal | ±0.1 | ±0.5 | beyond | puzzles/s |');
  notes.push('|---|---:|---:|---:|---:|---:|---:|');
  for (const b of dev.byBand) notes.push(`| ${b.band} | ${b.n} | ${pc(b.equal, b.n)} | ${pc(b.within01, b.n)} | ${pc(b.within05, b.n)} | ${b.beyond} | ${b.perSec.toFixed(1)} |`);
  notes.push('\nGrading speed with every technique (one thread):\n');
  notes.push('| set | puzzles | puzzles/s | beyond | slowest ms | peak RSS MB |');
  notes.push('|---|---:|---:|---:|---:|---:|');
  for (const [label, file, every] of [
    ['top1465.txt', 'top1465.txt', quick ? 15 : 3],
    ['forum_hardest_1106.txt', 'forum_hardest_1106.txt', quick ? 15 : 3],
    ['forum_hardest_1905_11plus', 'forum_hardest_1905_11plus_first10000.txt', quick ? 1000 : 100],
  ]) {
    const r = rate('--file', fileURLToPath(new URL(file, DATA)), '--every', String(every));
    notes.push(`| ${label}${every > 1 ? ` (every ${every}th)` : ''} | ${r.n} | ${r.perSec.toFixed(1)} | ${r.beyond} | ${r.worstMs.toFixed(0)} | ${r.peakRssMB.toFixed(0)} |`);
    console.error(`done: rating ${label}`);
  }
  notes.push('');
}

if (run('book')) {
  const { execFileSync } = await import('node:child_process');
  notes.push('Default book (config/book.yaml, 120 puzzles), built in a fresh process:\n');
  notes.push('| workers | wall s | generation s | candidates/s | CPU s (all threads) | cores busy | peak RSS MiB |');
  notes.push('|---:|---:|---:|---:|---:|---:|---:|');
  for (const workers of [1, 2]) {
    const r = JSON.parse(execFileSync(process.execPath, ['bench/book.mjs', 'config/book.yaml', String(workers)], { encoding: 'utf8' }));
    notes.push(`| ${workers} | ${r.wallSeconds} | ${r.generateSeconds} | ${r.candidatesPerSecond} | ${r.cpuSeconds} | ${r.coresBusy} | ${r.peakRssMiB} |`);
  }
  notes.push('');
}

if (run('audit')) {
  // The audit command on whole sets, both cores, in a fresh process each: rate and peak memory.
  // Memory must stay flat as the collection grows: 17clue.txt once and five times over.
  const { writeFileSync, mkdtempSync } = await import('node:fs');
  const { join } = await import('node:path');
  const dir = mkdtempSync(join(os.tmpdir(), 'sp-bench-'));
  const c17 = readFileSync(new URL('17clue.txt', DATA), 'utf8');
  writeFileSync(join(dir, '17clue-x5.txt'), c17.repeat(5));
  notes.push('Audit (checks, minimality, duplicates, grading), both cores, fresh process each:\n');
  notes.push('| collection | puzzles | wall s | puzzles/s | peak RSS MiB |');
  notes.push('|---|---:|---:|---:|---:|');
  const sets = [
    ['17clue.txt', fileURLToPath(new URL('17clue.txt', DATA))],
    ['17clue.txt five times (245,790 lines, 4/5 duplicates)', join(dir, '17clue-x5.txt')],
    ['top1465.txt', fileURLToPath(new URL('top1465.txt', DATA))],
    ['forum_hardest_1905_11plus_first10000.txt', fileURLToPath(new URL('forum_hardest_1905_11plus_first10000.txt', DATA))],
  ];
  for (const [label, file] of quick ? sets.slice(2, 3) : sets) {
    const { spawnSync } = await import('node:child_process');
    const r = spawnSync('/usr/bin/time', ['-f', '%e %M', process.execPath, 'dist/cli/main.js', 'audit', file, '--format', 'json', '--workers', '2'], { encoding: 'utf8', maxBuffer: 1 << 28 });
    const [wall, rssKb] = r.stderr.trim().split('\n').pop().split(' ').map(Number);
    const total = JSON.parse(r.stdout).total;
    notes.push(`| ${label} | ${total} | ${wall.toFixed(1)} | ${(total / wall).toFixed(0)} | ${(rssKb / 1024).toFixed(0)} |`);
    console.error(`done: audit ${label}`);
  }
  notes.push('');
}

if (run('estimate') && !quick) {
  // The seed's full experiment: 178,100 trials, both cores, uniform and then backtracking grids.
  const { execFileSync } = await import('node:child_process');
  notes.push('The proper-puzzle experiment, 178,100 trials (as published), both cores:\n');
  notes.push('| fill | proper | P ± SE | estimate [95% interval] | wall s |');
  notes.push('|---|---:|---|---|---:|');
  for (const fill of ['uniform', 'backtrack']) {
    const t = Date.now();
    const args = ['dist/cli/main.js', 'estimate', '--trials', '178100', '--seed', 'bench-2026', '--fill', fill, '--format', 'json'];
    const r = JSON.parse(execFileSync(process.execPath, args, { encoding: 'utf8' }));
    const e = (x) => x.toExponential(3);
    notes.push(`| ${fill} | ${r.proper} | ${r.p.toFixed(5)} ± ${r.se.toFixed(5)} | ${e(r.estimate)} [${e(r.low)}, ${e(r.high)}] | ${((Date.now() - t) / 1000).toFixed(0)} |`);
    console.error(`done: estimate ${fill}`);
  }
  notes.push('| published (Red Ed, 2006) | 65325 | 0.36679 ± 0.00114 | [5.88e45, 5.95e45] | |');
  notes.push('');
}

if (notes.length) console.log('\n' + notes.join('\n'));
console.log(`\npeak RSS: ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MiB`);
