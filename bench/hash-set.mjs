// Memory of the audit's duplicate detector at scale: add N distinct 81-character canonical-like
// strings (default ten million) and report time and resident memory.
//   node bench/hash-set.mjs [N]
import { HashSet128 } from '../dist/audit/hash-set.js';

const n = Number(process.argv[2] ?? 10_000_000);
const before = process.memoryUsage().rss;
const t0 = Date.now();
const set = new HashSet128();
let dup = 0;
const digits = new Uint8Array(81);
for (let i = 0; i < n; i++) {
  // A distinct string per i: its number spelled in the first cells, the rest a fixed pattern.
  let x = i;
  for (let k = 0; k < 81; k++) {
    digits[k] = k < 10 ? x % 10 : (k * 7 + (i % 13)) % 10;
    if (k < 10) x = Math.floor(x / 10);
  }
  if (!set.add(String.fromCharCode(...digits.map((d) => 48 + d)))) dup++;
}
const secs = (Date.now() - t0) / 1000;
console.log(JSON.stringify({ strings: n, falseDuplicates: dup, size: set.size, seconds: secs, rssMB: Math.round(process.memoryUsage().rss / 2 ** 20), addedMB: Math.round((process.memoryUsage().rss - before) / 2 ** 20) }));
