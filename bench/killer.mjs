// Killer puzzles made to a bucket per CPU second (made, proven unique, rated by the grader's
// path), one thread, each setting in a fresh process; puzzle i from seed `killer-bench#i`.
//   node bench/killer.mjs [count=30] [budget=60] [size:bucket,...]
// Prints a markdown table for bench/README.md (CPU time: the wall clock on a shared machine moves with the load):
// puzzles per CPU second over the whole run, and 1000 / median ms, the measure the rates of
// Tatham's solo that the targets double are stated in.
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import { fileURLToPath } from 'node:url';

const SELF = fileURLToPath(import.meta.url);

if (process.argv[2] === '--child') {
  const [, , , size, bucket, count, budget] = process.argv;
  const { makeGradedKindPuzzle } = await import('../dist/geometry/rate.js');
  const opts = { kind: 'killer', size: Number(size), symmetry: 'none', bucket: bucket === 'any' ? undefined : bucket };
  const cpu = () => {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1e6;
  };
  makeGradedKindPuzzle(opts, 'warm-up');
  const times = [];
  let clues = 0;
  let rating = 0;
  const start = cpu();
  for (let i = 0; i < Number(count) && cpu() - start < Number(budget); i++) {
    const t = cpu();
    const p = makeGradedKindPuzzle(opts, `killer-bench#${i}`);
    times.push(cpu() - t);
    clues += p.clues;
    rating += p.rating.rating;
  }
  console.log(JSON.stringify({ made: times.length, secs: cpu() - start, times, clues, rating }));
  process.exit(0);
}

const count = Number(process.argv[2] ?? 30);
const budget = Number(process.argv[3] ?? 60);
const settings = (process.argv[4] ?? '9:easy,9:medium,9:hard,6:hard').split(',');
console.log(`killer.mjs: ${os.cpus().length} cores (${os.cpus()[0]?.model ?? '?'}), up to ${count} puzzles or ${budget} CPU s per setting, one thread\n`);
console.log('| setting | made | puzzles / CPU s | 1000 / median ms | median ms | max ms | mean clues | mean SE-like rating |');
console.log('|---|---|---|---|---|---|---|---|');
for (const s of settings) {
  const [size, bucket] = s.split(':');
  const out = JSON.parse(execFileSync(process.execPath, [SELF, '--child', size, bucket, String(count), String(budget)], { encoding: 'utf8', maxBuffer: 1 << 24 }));
  const sorted = [...out.times].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)] * 1000;
  console.log(`| ${size}x${size} killer ${bucket} | ${out.made} | ${(out.made / out.secs).toFixed(1)} | ${(1000 / median).toFixed(1)} | ${median.toFixed(1)} | ${(sorted[sorted.length - 1] * 1000).toFixed(0)} | ${(out.clues / out.made).toFixed(1)} | ${(out.rating / out.made).toFixed(2)} |`);
}
