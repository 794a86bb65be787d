// Builds a book job in this process and prints one JSON line: wall time, CPU time (all
// threads), candidates/s and peak memory. Used by run.mjs; also runnable alone:
//   node bench/book.mjs [job.yaml] [workers]
import { loadJob } from '../dist/pipeline/job.js';
import { defaultWorkers } from '../dist/workers/pool.js';
import { runBook } from '../dist/pipeline/run.js';

const file = process.argv[2] ?? 'config/book.yaml';
const workers = Number(process.argv[3] ?? defaultWorkers());
const job = loadJob(file);
const cpu0 = process.cpuUsage();
const t0 = performance.now();
const out = await runBook(job, { workers });
const wall = (performance.now() - t0) / 1000;
const cpu = process.cpuUsage(cpu0);
const cpuSecs = (cpu.user + cpu.system) / 1e6;
console.log(
  JSON.stringify({
    job: file,
    workers,
    puzzles: out.report.puzzles,
    pages: out.report.pages,
    candidates: out.report.candidates.generated,
    wallSeconds: +wall.toFixed(2),
    generateSeconds: out.report.timings.generateMs / 1000,
    candidatesPerSecond: +(out.report.candidates.generated / (out.report.timings.generateMs / 1000)).toFixed(1),
    cpuSeconds: +cpuSecs.toFixed(2),
    coresBusy: +(cpuSecs / wall).toFixed(2),
    peakRssMiB: Math.round(process.resourceUsage().maxRSS / 1024),
  }),
);
