// The killer counting solver alone: every count and proof of the first N makings of 9x9 hard
// killers is recorded (the cages, the puzzle, the call and its answer), then replayed R rounds
// against the same solver, one thread. Prints the CPU ms of each round, the search nodes, and a
// digest of every answer and node count: two builds with the same digest gave the same answers
// after the same search nodes.
//   node bench/killer-count.mjs [makings=100] [rounds=5] [dist=<this checkout>/dist]
// Old against new: the same script with an old build's dist, alternating.
import crypto from 'node:crypto';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const makings = Number(process.argv[2] ?? 100);
const rounds = Number(process.argv[3] ?? 5);
const dist = path.resolve(process.argv[4] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist'));
const load = (rel) => import(pathToFileURL(path.join(dist, rel)).href);
const { KillerCounter } = await load('geometry/killer-count.js');
const { makeGradedKindPuzzle } = await load('geometry/rate.js');
const { kindGeometry } = await load('geometry/geometry.js');

// Record: wrap the solver's entry points while the makings run.
const calls = [];
const proto = KillerCounter.prototype;
const { setCages, differs, run } = proto;
let layout = null;
proto.setCages = function (cageId, sumOf) {
  const ids = Int16Array.from(cageId);
  const sums = new Map();
  for (const id of ids) if (id >= 0) sums.set(id, sumOf(id));
  layout = { ids, sums };
  return setCages.call(this, cageId, sumOf);
};
proto.differs = function (puzzle, known, cells, nodeLimit) {
  const r = differs.call(this, puzzle, known, cells, nodeLimit);
  calls.push({ layout, differs: true, puzzle: puzzle.slice(), known: known.slice(), cells: Uint16Array.from(cells), nodeLimit, answer: `${r.found} ${r.aborted}` });
  return r;
};
proto.run = function (puzzle, limit, nodeLimit = Infinity, forbid) {
  const r = run.call(this, puzzle, limit, nodeLimit, forbid);
  calls.push({ layout, differs: false, puzzle: puzzle.slice(), limit, nodeLimit, forbid: forbid && { ...forbid }, answer: `${r.count} ${r.aborted}` });
  return r;
};
for (let i = 0; i < makings; i++) makeGradedKindPuzzle({ kind: 'killer', size: 9, symmetry: 'none', bucket: 'hard' }, `killer-count#${i}`);
Object.assign(proto, { setCages, differs, run });

// Replay.
const counter = new KillerCounter(kindGeometry('killer', 9));
const times = [];
let summary = '';
for (let r = 0; r < rounds; r++) {
  const hash = crypto.createHash('sha1');
  let nodes = 0;
  let wrong = 0;
  const u0 = process.cpuUsage();
  for (const c of calls) {
    counter.setCages(c.layout.ids, (id) => c.layout.sums.get(id));
    const res = c.differs ? counter.differs(c.puzzle, c.known, c.cells, c.nodeLimit) : counter.run(c.puzzle, c.limit, c.nodeLimit, c.forbid);
    const answer = c.differs ? `${res.found} ${res.aborted}` : `${res.count} ${res.aborted}`;
    if (answer !== c.answer) wrong++;
    nodes += res.nodes;
    hash.update(`${answer} ${res.nodes};`);
  }
  const u = process.cpuUsage(u0);
  times.push((u.user + u.system) / 1000);
  summary = `digest ${hash.digest('hex').slice(0, 12)}, ${nodes} search nodes, ${wrong} answers unlike the recording`;
}
const sorted = [...times].sort((a, b) => a - b);
console.log(`${calls.length} calls (${calls.filter((c) => c.differs).length} proofs) of ${makings} makings; ${summary}`);
console.log(`CPU ms per round: ${times.map((t) => t.toFixed(0)).join(' ')}; median ${sorted[Math.floor(sorted.length / 2)].toFixed(0)}`);
