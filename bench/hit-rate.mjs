// Hit rate: the share of candidates aimed at a bucket that grade into it, and the time per
// puzzle of that bucket, with the maker's rework of too-easy candidates (as books, dailies and
// `bank fill` run it) and without (rework 0: one dig, kept or not). Each side runs in a fresh
// process, the two alternating, round by round; medians of the rounds.
//   node bench/hit-rate.mjs [rounds=3] [candidates=48]
// Prints a markdown table for bench/README.md.
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import { fileURLToPath } from 'node:url';

const SELF = fileURLToPath(import.meta.url);

if (process.argv[2] === '--child') {
  const [, , , bucket, rework, n] = process.argv;
  const { makeCandidate } = await import('../dist/generator/bucket.js');
  const { Rng, deriveSeed } = await import('../dist/core/rng.js');
  const options = { fill: 'diagonal', dig: 'remove', symmetry: 'rotational' };
  let hit = 0;
  // CPU time of this process: on a shared machine it moves less than the wall clock.
  const cpu0 = process.cpuUsage();
  // The seeds `bank fill --bucket <b> --seed hit-rate` uses.
  for (let j = 0; j < Number(n); j++) {
    const c = makeCandidate(options, bucket, new Rng(deriveSeed('hit-rate', `fill:${bucket}:${j}`)), undefined, Number(rework));
    if (c.bucket === bucket) hit++;
  }
  const cpu = process.cpuUsage(cpu0);
  const secs = (cpu.user + cpu.system) / 1e6;
  console.log(JSON.stringify({ hit, made: Number(n), secs }));
  process.exit(0);
}

const rounds = Number(process.argv[2] ?? 3);
const n = Number(process.argv[3] ?? 48);
const { REWORK_ROUNDS } = await import('../dist/generator/bucket.js');
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const child = (bucket, rework) => JSON.parse(execFileSync(process.execPath, [SELF, '--child', bucket, String(rework), String(n)], { encoding: 'utf8' }));

console.log(`${new Date().toISOString().slice(0, 10)}, ${os.cpus()[0].model}, load ${os.loadavg()[0].toFixed(1)}; ${n} candidates a side, ${rounds} rounds, fresh processes alternating`);
console.log('');
console.log('| aimed at | maker | hit rate | candidates per puzzle | CPU ms per candidate | CPU ms per puzzle of the bucket |');
console.log('|---|---|---:|---:|---:|---:|');
for (const bucket of ['medium', 'hard']) {
  const runs = { [REWORK_ROUNDS]: [], 0: [] };
  for (let r = 0; r < rounds; r++) for (const rework of r % 2 ? [0, REWORK_ROUNDS] : [REWORK_ROUNDS, 0]) runs[rework].push(child(bucket, rework));
  for (const rework of [0, REWORK_ROUNDS]) {
    const rs = runs[rework];
    const hit = median(rs.map((x) => x.hit));
    const msPer = median(rs.map((x) => (1000 * x.secs) / x.made));
    const msHit = median(rs.map((x) => (1000 * x.secs) / Math.max(1, x.hit)));
    const label = rework ? `rework up to ${rework} rounds` : 'one dig (rework 0)';
    console.log(`| ${bucket} | ${label} | ${Math.round((100 * hit) / n)}% | ${(n / Math.max(1, hit)).toFixed(2)} | ${msPer.toFixed(1)} | ${msHit.toFixed(1)} |`);
  }
}
