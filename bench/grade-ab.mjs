// Grading rate of two builds, old and new, measured alternately in fresh processes, with a
// digest of every result (ER, EP, ED, bucket and each step's technique, rating, cells and
// explanation) so a change that moves a single step shows as a digest mismatch.
//
//   node bench/grade-ab.mjs --old ../base/dist --new dist [--rounds 3] [--file F] [--every N]
//       [--min-er X] [--max-er Y] [--max-level L] [--max-work W] [--max-nested-work N]
//
// The file holds puzzle lines, optionally with a tab and an ER after each (a `#` line is a
// comment); --min-er/--max-er select by that ER. Each round runs the old build, then the new
// one (the next round the other way round), each in its own process on one thread, and takes
// its CPU time; the median of the per-round ratios (new rate / old rate) is printed.
//
//   node bench/grade-ab.mjs --one DIST [same selection options] [--steps OUT.jsonl] [--no-memo]
//
// grades once with the build in DIST and prints {puzzles, cpu, rate, beyond, digest} as JSON;
// --no-memo turns the chaining engine's run memos off (the digest must not change).
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const argv = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : dflt;
};
const SELECTION = ['file', 'every', 'min-er', 'max-er', 'max-level', 'max-work', 'max-nested-work'];

if (opt('one')) await one(resolve(opt('one')));
else alternate();

async function one(dist) {
  const { parseGrid } = await import(pathToFileURL(`${dist}/core/grid.js`).href);
  const { gradePuzzle } = await import(pathToFileURL(`${dist}/grader/grade.js`).href);
  if (argv.includes('--no-memo')) (await import(pathToFileURL(`${dist}/grader/chaining/run-memo.js`).href)).useRunMemos(false);
  const file = opt('file', new URL('../../shared/data/se_rated_dev.tsv', import.meta.url).pathname);
  const every = Number(opt('every', '1'));
  const minEr = Number(opt('min-er', '-1'));
  const maxEr = Number(opt('max-er', '99'));
  const limits = {};
  if (opt('max-level')) limits.maxLevel = Number(opt('max-level'));
  if (opt('max-work')) limits.maxWork = Number(opt('max-work'));
  if (opt('max-nested-work')) limits.maxNestedWork = Number(opt('max-nested-work'));
  const puzzles = readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l && !l.startsWith('#'))
    .filter((_, i) => i % every === 0)
    .map((l) => l.split('\t'))
    .filter(([, er]) => er === undefined || (Number(er) >= minEr && Number(er) <= maxEr))
    .map(([p]) => parseGrid(p));
  const hash = createHash('sha256');
  const out = [];
  let beyond = 0;
  const t0 = process.cpuUsage();
  for (const g of puzzles) {
    const r = gradePuzzle(g, { steps: true });
    if (r.bucket === 'beyond') beyond++;
    const line = JSON.stringify([r.bucket, r.rating, r.ep, r.ed, r.steps.map((s) => [s.technique, s.rating, s.place, s.eliminate, s.explain])]);
    hash.update(line);
    if (opt('steps')) out.push(line);
  }
  const used = process.cpuUsage(t0);
  const cpu = (used.user + used.system) / 1e6;
  if (opt('steps')) writeFileSync(opt('steps'), out.join('\n') + '\n');
  console.log(JSON.stringify({ puzzles: puzzles.length, cpu, rate: puzzles.length / cpu, beyond, digest: hash.digest('hex').slice(0, 16) }));
}

function alternate() {
  const rounds = Number(opt('rounds', '3'));
  const builds = { old: resolve(opt('old', '../base/dist')), new: resolve(opt('new', 'dist')) };
  const pass = [];
  for (const name of SELECTION) if (opt(name) !== undefined) pass.push(`--${name}`, opt(name));
  const self = fileURLToPath(import.meta.url);
  const run = (dist) => {
    const r = spawnSync(process.execPath, [self, '--one', dist, ...pass], { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(r.stderr);
    return JSON.parse(r.stdout);
  };
  const ratios = [];
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? ['old', 'new'] : ['new', 'old'];
    const got = {};
    for (const side of order) got[side] = run(builds[side]);
    const ratio = got.new.rate / got.old.rate;
    ratios.push(ratio);
    const same = got.new.digest === got.old.digest ? 'same results' : 'RESULTS DIFFER';
    console.log(
      `round ${round + 1}: ${got.old.puzzles} puzzles; old ${got.old.rate.toFixed(2)}/s, new ${got.new.rate.toFixed(2)}/s (CPU), ratio ${ratio.toFixed(3)}; beyond ${got.old.beyond}/${got.new.beyond}; ${same}`,
    );
  }
  ratios.sort((a, b) => a - b);
  const mid = rounds >> 1;
  const median = rounds % 2 ? ratios[mid] : (ratios[mid - 1] + ratios[mid]) / 2;
  console.log(`median ratio new/old over ${rounds} rounds: ${median.toFixed(3)}`);
}
