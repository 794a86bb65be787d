// Start-up and streaming cost of the command line, in CPU time (user + system, all threads).
// Usage: npm run build && node bench/startup.mjs [--reps 7]
//   1. --help, solve and grade of one puzzle, each against a bare `node -e 0` (median of reps);
//      the target is at most 100 ms of CPU more than node.
//   2. solve --count over ../shared/data/17clue.txt (or $SP_DATA/17clue.txt; 49,158 puzzles, not
//      part of the repository) against the same solver run in-process (warm); the target is 1.3x
//      for the streaming after the command's start-up.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseGrid } from '../dist/core/grid.js';
import { countSolutions } from '../dist/solver/solver.js';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const MAIN = join(ROOT, 'dist/cli/main.js');
const PRELOAD = join(ROOT, 'bench/cpu-at-exit.mjs');
const argv = process.argv.slice(2);
const reps = Number(argv[argv.indexOf('--reps') + 1]) || 7;
const tmp = mkdtempSync(join(tmpdir(), 'sp-startup-'));
const cpuFile = join(tmp, 'cpu.txt');
const ONE = '..92538....8....4..1....2....5..46.2...8.1...1.63..9....1....5..8....3....79361..';
const oneFile = join(tmp, 'one.txt');
writeFileSync(oneFile, ONE + '\n');

/** CPU milliseconds of one run of node with `args` (measured inside the process). */
function cpu(args) {
  writeFileSync(cpuFile, '');
  const r = spawnSync(process.execPath, ['--import', PRELOAD, ...args], { env: { ...process.env, SP_CPU_FILE: cpuFile, CI: '1' }, encoding: 'utf8', maxBuffer: 1 << 28 });
  if (r.status !== 0) throw new Error(`${args.join(' ')}: exit ${r.status}\n${r.stderr}`);
  return Number(readFileSync(cpuFile, 'utf8').trim());
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

try {
  // Round-robin: each repetition runs node -e 0 and every command once, so the machine's load
  // changes hit all alike; each command's figure is the median of its differences to node.
  const runs = [
    ['sudoku-press --help', [MAIN, '--help']],
    ['sudoku-press solve (1 puzzle)', [MAIN, 'solve', oneFile]],
    ['sudoku-press grade (1 puzzle)', [MAIN, 'grade', oneFile]],
    ['sudoku-press canon (1 puzzle)', [MAIN, 'canon', oneFile]],
  ];
  const bases = [];
  const diffs = runs.map(() => []);
  for (let i = 0; i < reps; i++) {
    const b = cpu(['-e', '0']);
    bases.push(b);
    runs.forEach(([, args], k) => diffs[k].push(cpu(args) - b));
  }
  const base = median(bases);
  console.log(`start-up, CPU ms (median of ${reps}; target: at most 100 ms more than node -e 0)`);
  console.log(`| run | CPU ms more than node -e 0 |`);
  console.log(`|---|---:|`);
  console.log(`| node -e 0 itself | ${base.toFixed(0)} |`);
  runs.forEach(([name], k) => console.log(`| ${name} | ${median(diffs[k]).toFixed(0)} |`));

  const data = join(process.env.SP_DATA ?? fileURLToPath(new URL('../../shared/data/', import.meta.url)), '17clue.txt');
  if (!existsSync(data)) {
    console.log(`\n(no ${data}: streaming run skipped)`);
  } else {
    const grids = readFileSync(data, 'utf8').split('\n').filter((l) => l.trim()).map((l) => parseGrid(l));
    const inProcess = () => {
      const t0 = process.cpuUsage();
      for (const g of grids) countSolutions(g, 2);
      const d = process.cpuUsage(t0);
      return (d.user + d.system) / 1000;
    };
    inProcess(); // warm-up
    // Alternate the two, so a change in the machine's load hits both alike.
    const engines = [];
    const clis = [];
    for (let i = 0; i < 5; i++) {
      engines.push(inProcess());
      clis.push(cpu([MAIN, 'solve', '--count', data]) - base);
    }
    const engine = median(engines);
    const cli = median(clis);
    console.log(`\nsolve --count over 17clue.txt (${grids.length} puzzles), CPU ms (median of 5, alternating)`);
    console.log(`| run | CPU ms |`);
    console.log(`|---|---:|`);
    console.log(`| in-process countSolutions (parsed grids) | ${engine.toFixed(0)} |`);
    // The command's own start-up (loading its modules: `solve` of one puzzle, above) is paid
    // once per run; what streams after it is compared with the engine.
    const startup = median(diffs[1]);
    console.log(`| sudoku-press solve --count, less node start-up | ${cli.toFixed(0)} |`);
    console.log(`| sudoku-press solve --count, less its start-up (solve of 1 puzzle) | ${(cli - startup).toFixed(0)} |`);
    console.log(`ratio after start-up ${((cli - startup) / engine).toFixed(2)}x (target 1.3x); with start-up ${(cli / engine).toFixed(2)}x`);
  }
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
