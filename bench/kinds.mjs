// Puzzles of other kinds and sizes per CPU second of making (complete grid, then a minimal
// unique puzzle; not graded, or with a bucket `kind:size:bucket` made to that bucket and
// graded), one thread. Each setting runs in a fresh process, puzzle i from seed
// `kinds-bench#i`, until `count` puzzles or `budget` CPU seconds.
//   node bench/kinds.mjs [count=30] [budget=60] [kind:size[:bucket],...]
//   node bench/kinds.mjs 30 60 graded     ('graded': the graded settings that have a target rate)
// Prints a markdown table for bench/README.md (CPU time: the wall clock on a shared machine moves with the load):
// puzzles per CPU second over the whole run, and 1000 / median ms, the measure the rates of
// Tatham's solo that the targets double are stated in.
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import { fileURLToPath } from 'node:url';

const SELF = fileURLToPath(import.meta.url);

if (process.argv[2] === '--child') {
  const [, , , kind, size, count, budget, bucket] = process.argv;
  const { makeKindPuzzle } = await import('../dist/geometry/make.js');
  const { makeGradedKindPuzzle } = await import('../dist/geometry/rate.js');
  const opts = { kind, size: Number(size), symmetry: 'none' };
  const make = bucket ? (o, seed) => makeGradedKindPuzzle({ ...o, bucket, budgetMs: 120_000 }, seed) : makeKindPuzzle;
  const cpu = () => {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1e6;
  };
  make(opts, 'warm-up');
  const times = [];
  let clues = 0;
  const start = cpu();
  for (let i = 0; i < Number(count) && cpu() - start < Number(budget); i++) {
    const t = cpu();
    clues += make(opts, `kinds-bench#${i}`).clues;
    times.push(cpu() - t);
  }
  console.log(JSON.stringify({ made: times.length, secs: cpu() - start, times, clues }));
  process.exit(0);
}

const count = Number(process.argv[2] ?? 30);
const budget = Number(process.argv[3] ?? 60);
/** The graded settings the issue sets a rate for (puzzles / s, one thread). */
const TARGETS = { 'classic:6:hard': 50, 'jigsaw:9:hard': 40, 'killer:9:hard': 100, 'classic:16:hard': 6, 'jigsaw:16:hard': 1 };
const arg = process.argv[4] ?? 'classic:4,classic:6,x:9,jigsaw:9,killer:9,classic:12,classic:16,jigsaw:16';
const settings = arg.split(',').flatMap((s) => (s === 'graded' ? Object.keys(TARGETS) : [s]));
console.log(`kinds.mjs: ${os.cpus().length} cores (${os.cpus()[0]?.model ?? '?'}), up to ${count} puzzles or ${budget} CPU s per setting, one thread\n`);
console.log('| setting | made | puzzles / CPU s | 1000 / median ms | target | median ms | max ms | mean clues |');
console.log('|---|---|---|---|---|---|---|---|');
for (const s of settings) {
  const [kind, size, bucket] = s.split(':');
  const out = JSON.parse(execFileSync(process.execPath, [SELF, '--child', kind, size, String(count), String(budget), ...(bucket ? [bucket] : [])], { encoding: 'utf8', maxBuffer: 1 << 24 }));
  const sorted = [...out.times].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)] * 1000;
  const target = TARGETS[s] ? `>= ${TARGETS[s]}` : '';
  console.log(`| ${size}x${size} ${kind}${bucket ? ` ${bucket}` : ''} | ${out.made} | ${(out.made / out.secs).toFixed(1)} | ${(1000 / median).toFixed(1)} | ${target} | ${median.toFixed(1)} | ${(sorted[sorted.length - 1] * 1000).toFixed(0)} | ${(out.clues / out.made).toFixed(1)} |`);
}
