// Killer grading alone, on fixed puzzles (bench/killer-grade.jsonl: 120 plain 9x9 killers and
// 10 plain 6x6 ones, as killer making makes them before sorting them into buckets): the
// grader's path (rateKind) and the rules' closures (logicSolves at levels 0, 1 and 2), each
// in a fresh process, one thread, CPU time. Old and new builds alternate round by round.
//   node bench/killer-grade.mjs [--old /work/base-now/dist] [--new dist] [--rounds 3]
// Prints, per build and round, CPU ms per 9x9 puzzle: the first 40 puzzles (a fresh process:
// the code's compilation counts) and the other 80 (other puzzles, the code compiled), for the
// path and for the closures, and a digest of every result (each step's technique, rating,
// cells, digits, placements and eliminations; each closure's answer): old and new must print
// the same digest.
// Also the rating as killer making for a bucket asks it (madeKillerRating: rating, solved and
// hardest technique; the path in builds without it), its digest the same old and new.
//   node bench/killer-grade.mjs --child DIST path|closure|made    (one measurement, JSON)
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const SELF = fileURLToPath(import.meta.url);
const FIXTURE = new URL('./killer-grade.jsonl', import.meta.url);

if (process.argv[2] === '--child') {
  const [, , , dist, what] = process.argv;
  const load = (m) => import(pathToFileURL(`${dist}/geometry/${m}.js`).href);
  const cpu = () => {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1e3;
  };
  const t0 = cpu();
  const { parsePuzzleJson } = await load('json');
  const { rateKind, madeKillerRating } = await load('rate');
  // A killer's rating as the making for a bucket asks it (rating, solved, hardest; the steps only when asked): the path in builds without madeKillerRating.
  const made = madeKillerRating ?? ((p) => rateKind(p.geometry, p.puzzle));
  const { logicSolves } = await load('killer-logic');
  const records = readFileSync(FIXTURE, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l, i) => parsePuzzleJson(l, `killer-grade.jsonl: line ${i + 1}`));
  // As killer making has them: one geometry's units shared by every puzzle of its layout, other cages.
  const bases = new Map();
  for (const r of records) {
    const key = `${r.geometry.size}:${r.geometry.diagonals}`;
    if (!bases.has(key)) bases.set(key, r.geometry);
    r.geometry = bases.get(key).withCages(r.geometry.cages);
  }
  const nine = records.filter((r) => r.geometry.size === 9);
  const loadMs = cpu() - t0;
  const hash = createHash('sha256');
  const passes = [];
  for (const part of [nine.slice(0, 40), nine.slice(40)]) {
    const t = cpu();
    for (const r of part) {
      if (what === 'path') {
        const k = rateKind(r.geometry, r.puzzle);
        hash.update(JSON.stringify([k.rating, k.solved, k.hardest, k.steps]));
      } else if (what === 'made') {
        const k = made(r);
        hash.update(JSON.stringify([k.rating, k.solved, k.hardest]));
      } else for (const level of [0, 1, 2]) hash.update(logicSolves(r.geometry, r.puzzle, level) ? '1' : '0');
    }
    passes.push((cpu() - t) / part.length);
  }
  // The 6x6 puzzles: their results join the digest.
  for (const r of records.filter((x) => x.geometry.size !== 9)) {
    if (what === 'path') hash.update(JSON.stringify(rateKind(r.geometry, r.puzzle).steps));
    else if (what === 'made') {
      const k = made(r);
      hash.update(JSON.stringify([k.rating, k.solved, k.hardest]));
    } else for (const level of [0, 1, 2]) hash.update(logicSolves(r.geometry, r.puzzle, level) ? '1' : '0');
  }
  console.log(JSON.stringify({ loadMs, passes, digest: hash.digest('hex').slice(0, 16) }));
  process.exit(0);
}

const argv = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : dflt;
};
const builds = { old: resolve(opt('old', '/work/base-now/dist')), new: resolve(opt('new', fileURLToPath(new URL('../dist', import.meta.url)))) };
const rounds = Number(opt('rounds', '3'));
const run = (dist, what) => JSON.parse(execFileSync(process.execPath, [SELF, '--child', dist, what], { encoding: 'utf8' }));
const warm = (r) => r.passes[1];
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

console.log(`killer-grade.mjs: ${os.cpus().length} cores (${os.cpus()[0]?.model ?? '?'}), load ${os.loadavg()[0].toFixed(1)}, one thread, CPU ms per 9x9 puzzle\n`);
console.log('| round | build | path, first 40 | path, next 80 | closures (3 levels), first 40 | closures, next 80 | rating as made, first 40 | rating as made, next 80 | digests |');
console.log('|---|---|---|---|---|---|---|---|---|');
const ratios = { pathFirst: [], pathWarm: [], closFirst: [], closWarm: [], madeFirst: [], madeWarm: [] };
for (let round = 1; round <= rounds; round++) {
  const order = round % 2 ? ['old', 'new'] : ['new', 'old'];
  const got = {};
  for (const b of order) {
    const path = run(builds[b], 'path');
    const clos = run(builds[b], 'closure');
    const made = run(builds[b], 'made');
    got[b] = { path, clos, made };
    console.log(`| ${round} | ${b} | ${path.passes[0].toFixed(2)} | ${warm(path).toFixed(2)} | ${clos.passes[0].toFixed(2)} | ${warm(clos).toFixed(2)} | ${made.passes[0].toFixed(2)} | ${warm(made).toFixed(2)} | ${path.digest} ${clos.digest} ${made.digest} |`);
  }
  ratios.pathFirst.push(got.old.path.passes[0] / got.new.path.passes[0]);
  ratios.pathWarm.push(warm(got.old.path) / warm(got.new.path));
  ratios.closFirst.push(got.old.clos.passes[0] / got.new.clos.passes[0]);
  ratios.closWarm.push(warm(got.old.clos) / warm(got.new.clos));
  ratios.madeFirst.push(got.old.made.passes[0] / got.new.made.passes[0]);
  ratios.madeWarm.push(warm(got.old.made) / warm(got.new.made));
}
console.log(`\nmedian speed-up (old time / new time): path first 40 ${median(ratios.pathFirst).toFixed(2)}, path next 80 ${median(ratios.pathWarm).toFixed(2)}, closures first 40 ${median(ratios.closFirst).toFixed(2)}, closures next 80 ${median(ratios.closWarm).toFixed(2)}, rating as made first 40 ${median(ratios.madeFirst).toFixed(2)}, next 80 ${median(ratios.madeWarm).toFixed(2)}`);
