/** An audit report as text (for people), CSV (for spreadsheets) and JSON (for tools). */
import { classicValid, type AuditReport } from './audit.js';
import { csvText } from '../core/csv.js';
import { BUCKETS } from '../grader/levels.js';

const BUCKET_ORDER: readonly string[] = BUCKETS;

function bar(n: number, max: number, width = 40): string {
  return max > 0 ? '█'.repeat(Math.round((n / max) * width)) : '';
}

function orderedBuckets(r: AuditReport): string[] {
  const rest = Object.keys(r.buckets).filter((b) => !BUCKET_ORDER.includes(b));
  return [...BUCKET_ORDER.filter((b) => b in r.buckets), ...rest];
}

export function auditText(r: AuditReport): string {
  const out: string[] = [];
  const pct = (n: number, of: number) => (of ? `${((100 * n) / of).toFixed(1)}%` : '-');
  out.push(`audit of ${r.files.join(', ')}`);
  out.push(`  lines ${r.total}, valid puzzles ${r.valid} (${pct(r.valid, r.total)})`);
  out.push('');
  out.push('problems');
  out.push(`  malformed       ${r.problems.malformed}`);
  out.push(`  no solution     ${r.problems.unsolvable}`);
  out.push(`  several         ${r.problems.multiple}`);
  out.push(`  not minimal     ${r.problems.notMinimal} (besides ${r.minimalForSymmetry} minimal for their symmetry: no symmetric group of clues can go)`);
  out.push(`  duplicates      ${r.problems.duplicates} (equivalent to an earlier puzzle)`);
  for (const p of r.problemLines.slice(0, 50)) out.push(`    ${p.file}: line ${p.line}: ${p.problem}: ${p.detail}`);
  const listedTotal = Object.values(r.problems).reduce((a, b) => a + b, 0);
  if (listedTotal > 50) out.push(`    (${listedTotal - Math.min(50, r.problemLines.length)} more; all counted above, the first ${r.problemLines.length} in the JSON report)`);
  out.push('');
  out.push('difficulty');
  const maxB = Math.max(0, ...Object.values(r.buckets));
  for (const b of orderedBuckets(r)) out.push(`  ${b.padEnd(8)} ${String(r.buckets[b]).padStart(8)}  ${pct(r.buckets[b], classicValid(r)).padStart(6)}  ${bar(r.buckets[b], maxB)}`);
  out.push('');
  out.push('rating (Sudoku Explainer ER)');
  const maxR = Math.max(0, ...Object.values(r.ratings));
  for (const [k, n] of Object.entries(r.ratings)) out.push(`  ${k.padStart(4)} ${String(n).padStart(8)}  ${bar(n, maxR)}`);
  out.push('');
  out.push('techniques: puzzles needing it (hardest) / using it');
  for (const [t, v] of Object.entries(r.techniques)) if (v.used) out.push(`  ${t.padEnd(18)} ${String(v.needed).padStart(8)} ${String(v.used).padStart(8)}`);
  out.push('');
  out.push('clues');
  const maxC = Math.max(0, ...Object.values(r.clues));
  for (const [k, n] of Object.entries(r.clues)) out.push(`  ${k.padStart(3)} ${String(n).padStart(8)}  ${bar(n, maxC)}`);
  for (const [kind, k] of Object.entries(r.kinds)) {
    out.push('');
    out.push(`${kind}: ${k.valid} valid puzzle${k.valid === 1 ? '' : 's'} (its own buckets, SE-like ratings; not in the figures above)`);
    const maxK = Math.max(0, ...Object.values(k.buckets));
    for (const [b, n] of Object.entries(k.buckets)) out.push(`  ${b.padEnd(8)} ${String(n).padStart(8)}  ${pct(n, k.valid).padStart(6)}  ${bar(n, maxK)}`);
    const maxKR = Math.max(0, ...Object.values(k.ratings));
    for (const [x, n] of Object.entries(k.ratings)) out.push(`  ${x.padStart(8)} ${String(n).padStart(8)}  ${bar(n, maxKR)}`);
    for (const [t, n] of Object.entries(k.hardest)) out.push(`  hardest ${t}: ${n}`);
  }
  const labels = Object.keys(r.confusion);
  if (labels.length) {
    out.push('');
    out.push('label (input) against bucket (sudoku-press)');
    const cols = orderedBuckets(r);
    out.push(`  ${''.padEnd(14)} ${cols.map((c) => c.padStart(8)).join(' ')}`);
    for (const l of labels) out.push(`  ${l.slice(0, 14).padEnd(14)} ${cols.map((c) => String(r.confusion[l][c] ?? 0).padStart(8)).join(' ')}`);
  }
  return out.join('\n') + '\n';
}

/** Rows of "kind,name,value[,extra]": one measure a row. */
export function auditCsv(r: AuditReport): string {
  const rows: (string | number)[][] = [];
  rows.push(['total', '', r.total, ''], ['valid', '', r.valid, '']);
  for (const [k, n] of Object.entries(r.problems)) rows.push(['problem', k, n, '']);
  for (const b of orderedBuckets(r)) rows.push(['bucket', b, r.buckets[b], r.shares[b].toFixed(4)]);
  for (const [k, n] of Object.entries(r.ratings)) rows.push(['rating', k, n, '']);
  for (const [t, v] of Object.entries(r.techniques)) rows.push(['technique', t, v.needed, v.used]);
  for (const [k, n] of Object.entries(r.clues)) rows.push(['clues', k, n, '']);
  for (const [l, m] of Object.entries(r.confusion)) for (const [b, n] of Object.entries(m)) rows.push(['confusion', l, n, b]);
  for (const [kind, k] of Object.entries(r.kinds)) {
    rows.push(['kind', kind, k.valid, '']);
    for (const [b, n] of Object.entries(k.buckets)) rows.push(['kind-bucket', `${kind}: ${b}`, n, (n / k.valid).toFixed(4)]);
    for (const [x, n] of Object.entries(k.ratings)) rows.push(['kind-rating', `${kind}: ${x}`, n, '']);
  }
  for (const p of r.problemLines) rows.push(['problem-line', `${p.file}:${p.line}`, p.problem, p.detail]);
  return csvText(['kind', 'name', 'value', 'extra'], rows);
}
