// Puzzles that need a technique: per technique, the share of candidates dug toward it whose
// graded path needs it (hit rate) and puzzles per CPU second on one thread, with and without
// the hardest step asked; `generate --bucket hard`'s maker in the same run for comparison.
// Each measurement in a fresh process (CPU time of the process: the wall clock on a shared
// machine moves with the load). With --warm N, each process first makes N candidates of other
// seeds, untimed (the rate once the code is compiled; a fresh process spends about a second
// compiling it, which a run of 32 candidates pays in full). --base DIR measures the build in
// DIR/dist instead of this checkout's (an old build against the new, same seeds).
//   node bench/needs.mjs [candidates=12] [technique,...] [--warm N] [--base DIR]
// Prints a markdown table for bench/README.md.
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const SELF = fileURLToPath(import.meta.url);
const OPTIONS = { fill: 'diagonal', dig: 'remove', symmetry: 'none' };

if (process.argv[2] === '--child') {
  const [, , , mode, technique, n, warm, dist] = process.argv;
  const load = (file) => import(pathToFileURL(path.join(dist, file)).href);
  const { Rng, deriveSeed } = await load('core/rng.js');
  const { makeCandidate } = await load('generator/bucket.js');
  const { makeNeedsCandidate, meetsNeeds } = await load('generator/needs.js');
  const { DEFAULT_LEVELS } = await load('grader/levels.js');
  for (let j = 0; j < Number(warm); j++) {
    const rng = new Rng(deriveSeed('needs-bench-warm', `${technique}:${j}`));
    if (mode === 'bucket') makeCandidate(OPTIONS, technique, rng);
    else makeNeedsCandidate(OPTIONS, { technique, hardest: mode === 'hardest' }, rng, DEFAULT_LEVELS, null);
  }
  let hit = 0;
  const cpu0 = process.cpuUsage();
  for (let j = 0; j < Number(n); j++) {
    if (mode === 'bucket') {
      // The seeds `generate --bucket hard` takes through the candidate source.
      const c = makeCandidate(OPTIONS, technique, new Rng(deriveSeed('needs-bench', `bucket:${technique}:${j}`)));
      if (c.bucket === technique) hit++;
    } else {
      // The seeds `generate --needs <technique> --seed needs-bench` uses.
      const needs = { technique, hardest: mode === 'hardest' };
      const c = makeNeedsCandidate(OPTIONS, needs, new Rng(deriveSeed('needs-bench', `needs:${technique}:${j}`)), DEFAULT_LEVELS, null);
      if (meetsNeeds(c.path, needs)) hit++;
    }
  }
  const cpu = process.cpuUsage(cpu0);
  console.log(JSON.stringify({ hit, made: Number(n), secs: (cpu.user + cpu.system) / 1e6 }));
  process.exit(0);
}

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i < 0 ? fallback : args.splice(i, 2)[1];
};
const warm = Number(option('--warm', 0));
const dist = path.resolve(option('--base', path.join(path.dirname(SELF), '..')), 'dist');
const n = Number(args[0] ?? 12);
const TECHNIQUES = (args[1] ?? 'x-wing,swordfish,jellyfish,xy-wing,xyz-wing,wxyz-wing,turbot-fish,unique-loop,bug,aligned-pair-exclusion,forcing-chain-cycle').split(',');
const child = (mode, what) => JSON.parse(execFileSync(process.execPath, [SELF, '--child', mode, what, String(n), String(warm), dist], { encoding: 'utf8' }));
const rate = (r) => (r.hit / r.secs).toFixed(r.hit / r.secs < 1 ? 2 : 1);
const pct = (r) => `${Math.round((100 * r.hit) / r.made)}%`;

console.log(`${new Date().toISOString().slice(0, 10)}, ${os.cpus()[0].model}, ${os.cpus().length} cores, load ${os.loadavg()[0].toFixed(1)}; ${dist}; ${n} candidates each${warm ? ` after ${warm} untimed` : ''}, one thread, CPU time`);
console.log('');
console.log('| aimed at | hit rate | puzzles per CPU s | hardest: hit rate | hardest: puzzles per CPU s |');
console.log('|---|---:|---:|---:|---:|');
const hard = child('bucket', 'hard');
console.log(`| bucket hard (for comparison) | ${pct(hard)} | ${rate(hard)} | | |`);
for (const t of TECHNIQUES) {
  const any = child('needs', t);
  const top = child('hardest', t);
  console.log(`| ${t} | ${pct(any)} | ${rate(any)} | ${pct(top)} | ${rate(top)} |`);
}
