// Filling one PostgreSQL bank on 1, 2 and 4 worker processes: puzzles per second, the scaling
// ratio, and what 1,000,000 puzzles of the bucket would cost on N cores. Beside it, the same
// fill made by one process into an SQLite bank (`bank fill --workers 1`): the queue's overhead.
//
//   npm run build && node bench/bank-pg.mjs postgres://postgres@127.0.0.1:5432/postgres \
//     [--bucket hard] [-n 96] [--batch 16] [--rounds 3] [--base /work/base] [--sqlite-only]
//
// --base DIR adds the same SQLite fill by another build (DIR/dist): the SQLite path old
// against new, in fresh processes, alternating. --sqlite-only runs only the SQLite fills.
//
// The connection string names a server and a database to connect to; each run gets a new
// database (created and dropped here). Rounds alternate the order of the configurations.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const MAIN = fileURLToPath(new URL('../dist/cli/main.js', import.meta.url));
const args = process.argv.slice(2);
const url = args.find((a) => /^postgres(ql)?:\/\//.test(a));
const sqliteOnly = args.includes('--sqlite-only');
if (!url && !sqliteOnly) {
  console.error('usage: node bench/bank-pg.mjs postgres://user@host:port/db [--bucket hard] [-n 96] [--batch 16] [--rounds 3]');
  process.exit(2);
}
const opt = (name, dflt) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : dflt;
};
const bucket = opt('--bucket', 'hard');
const count = Number(opt('-n', '96'));
const batch = Number(opt('--batch', '16'));
const rounds = Number(opt('--rounds', '3'));
const WORKERS = sqliteOnly ? [] : [1, 2, 4];
const base = opt('--base', null);
const BASE_MAIN = base ? join(base, 'dist', 'cli', 'main.js') : null;

/** Run the command line; resolves to its output and the CPU seconds (user + system) it used. */
function cli(argv, main = MAIN) {
  return new Promise((resolve, reject) => {
    // bash's time: the CPU the process used, whatever else the machine runs (it is shared).
    const c = spawn('bash', ['-c', 'TIMEFORMAT="cpu %U %S"; time "$@" 2>/dev/null', 'bash', process.execPath, main, ...argv], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    c.stdout.on('data', (d) => (out += d));
    c.stderr.on('data', (d) => (err += d));
    c.on('exit', (code) => {
      const m = /cpu ([\d.]+) ([\d.]+)/.exec(err);
      if (code === 0 && m) resolve({ out, cpu: Number(m[1]) + Number(m[2]) });
      else reject(new Error(`${argv.join(' ')}: exit ${code}\n${err}`));
    });
  });
}

async function admin(sql) {
  const c = new pg.Client(url);
  await c.connect();
  try {
    return (await c.query(sql)).rows;
  } finally {
    await c.end();
  }
}

const dbUrl = (name) => url.replace(/\/[^/?]*(\?|$)/, `/${name}$1`);

/** One fill of the bank on `w` worker processes: seconds from the first worker's start to the last one's end, and what was banked. */
async function queued(w, round) {
  const name = `bench_pg_${round}_${w}`;
  await admin(`DROP DATABASE IF EXISTS ${name}`);
  await admin(`CREATE DATABASE ${name}`);
  const bank = dbUrl(name);
  try {
    await cli(['bank', 'fill', '--bucket', bucket, '-n', String(count), '--seed', `bench${round}`, '--batch', String(batch), '--enqueue', '--bank', bank]);
    const t = performance.now();
    const runs = await Promise.all(Array.from({ length: w }, () => cli(['worker', '--bank', bank, '--workers', '1', '--until-done'])));
    const secs = (performance.now() - t) / 1000;
    const cpu = runs.reduce((s, r) => s + r.cpu, 0);
    const c = new pg.Client(bank);
    await c.connect();
    const [r] = (await c.query(`SELECT COUNT(*) FILTER (WHERE bucket = $1)::int AS found, COUNT(*)::int AS all FROM puzzles`, [bucket])).rows;
    await c.end();
    return { secs, cpu, found: r.found, all: r.all };
  } finally {
    await admin(`DROP DATABASE IF EXISTS ${name}`);
  }
}

/** The same fill by one process into an SQLite bank. */
async function local(round, main = MAIN) {
  const dir = mkdtempSync(join(tmpdir(), 'bench-bank-pg-'));
  try {
    const t = performance.now();
    const { out, cpu } = await cli(['bank', 'fill', '--bucket', bucket, '-n', String(count), '--seed', `bench${round}`, '--workers', '1', '--bank', join(dir, 'bank.sqlite')], main);
    const secs = (performance.now() - t) / 1000;
    return { secs, cpu, found: Number(/banked (\d+)/.exec(out)[1]) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const results = { local: [], base: [], ...Object.fromEntries(WORKERS.map((w) => [w, []])) };
for (let round = 0; round < rounds; round++) {
  const order = round % 2 ? [...WORKERS].reverse() : WORKERS;
  for (const w of order) {
    const r = await queued(w, round);
    results[w].push(r);
    console.log(`round ${round + 1}: ${w} worker${w === 1 ? ' ' : 's'}: ${r.found} ${bucket} (${r.all} puzzles) in ${r.secs.toFixed(1)} s = ${(r.found / r.secs).toFixed(1)} ${bucket}/s, ${r.cpu.toFixed(1)} CPU s = ${((1000 * r.cpu) / r.found).toFixed(0)} CPU ms per ${bucket}`);
  }
  const sides = BASE_MAIN ? (round % 2 ? [['base', BASE_MAIN], ['local', MAIN]] : [['local', MAIN], ['base', BASE_MAIN]]) : [['local', MAIN]];
  for (const [side, main] of sides) {
    const l = await local(round, main);
    results[side].push(l);
    console.log(`round ${round + 1}: bank fill --workers 1 (SQLite, ${side === 'base' ? 'old build' : 'this build'}): ${l.found} ${bucket} in ${l.secs.toFixed(1)} s = ${(l.found / l.secs).toFixed(1)} ${bucket}/s, ${((1000 * l.cpu) / l.found).toFixed(0)} CPU ms per ${bucket}`);
  }
}
const rate = (rs) => median(rs.map((r) => r.found / r.secs));
const cpuPer = (rs) => median(rs.map((r) => r.cpu / r.found));
const one = WORKERS.length ? rate(results[1]) : NaN;
console.log(`\nmedians of ${rounds} rounds (${bucket}, -n ${count}, batches of ${batch}; wall-clock rates depend on what else the machine runs, CPU per puzzle does not):`);
console.log(`  SQLite, one process:  ${rate(results.local).toFixed(1)} ${bucket}/s, ${(1000 * cpuPer(results.local)).toFixed(0)} CPU ms per puzzle`);
if (BASE_MAIN) {
  const ratios = results.local.map((l, i) => l.cpu / l.found / (results.base[i].cpu / results.base[i].found));
  console.log(`  SQLite, old build:    ${rate(results.base).toFixed(1)} ${bucket}/s, ${(1000 * cpuPer(results.base)).toFixed(0)} CPU ms per puzzle; new/old CPU per puzzle, median of rounds: ${median(ratios).toFixed(2)}`);
}
for (const w of WORKERS) {
  console.log(`  ${w} worker${w === 1 ? ': ' : 's:'}           ${rate(results[w]).toFixed(1)} ${bucket}/s (x${(rate(results[w]) / one).toFixed(2)} of 1 worker), ${(1000 * cpuPer(results[w])).toFixed(0)} CPU ms per puzzle`);
}
const coreHours = (1e6 * cpuPer(results[1] ?? [])) / 3600;
if (WORKERS.length) console.log(`  1,000,000 ${bucket} puzzles: ${coreHours.toFixed(1)} core-hours; on N free cores about ${coreHours.toFixed(1)}/N hours (N = 2: ${(coreHours / 2).toFixed(1)} h, 16: ${(coreHours / 16).toFixed(1)} h, 64: ${((coreHours / 64) * 60).toFixed(0)} min)`);
