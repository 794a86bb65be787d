/**
 * Daily puzzles. For each date and slot: the puzzle the bank already records for it (so a
 * date once issued always gets the same puzzle), else an unused banked puzzle that fits the
 * weekday's schedule, else new candidates made from seeds "<seed>#<date>:<slot>:<j>" until
 * one fits; the others are banked for later. Every puzzle handed out is recorded in the
 * bank, so none (nor any isomorph) is used twice.
 */
import type { Bank, StoredPuzzle } from '../bank/bank.js';
import { UserError } from '../core/errors.js';
import { deriveSeed } from '../core/rng.js';
import { DIFFICULTY_BANDS, difficultyBand } from '../grader/bands.js';
import type { CandidateOutput } from '../pipeline/candidate-task.js';
import type { DailyEntry } from '../typeset/layout.js';
import { WorkerPool } from '../pipeline/pool.js';
import { WEEKDAYS, type DailyJob, type DaySpec, type Weekday } from './daily-job.js';
import { ratingKey } from '../grader/bands.js';
import { graderId } from '../grader/grade.js';

export interface DailyPuzzle {
  date: string;
  weekday: Weekday;
  slot: number;
  bucket: string;
  /** null: beyond the grader's work limit. */
  rating: number | null;
  hardest: string | null;
  puzzle: string;
  solution: string;
  /** Where it came from: "bank" (already recorded or drawn unused) or "new". */
  source: 'bank' | 'new';
}

const BATCH = 16;

/** `days` ISO dates from `from` (YYYY-MM-DD), in order. */
export function dateRange(from: string, days: number): string[] {
  const start = Date.parse(`${from}T00:00:00Z`);
  return Array.from({ length: days }, (_, i) => new Date(start + i * 86_400_000).toISOString().slice(0, 10));
}

export function weekdayOf(date: string): Weekday {
  const d = new Date(`${date}T00:00:00Z`).getUTCDay(); // 0 = Sunday
  return WEEKDAYS[(d + 6) % 7];
}

/** "Tuesday 1 December 2026" */
export function longDate(date: string): string {
  return LONG.format(new Date(`${date}T00:00:00Z`)).replace(',', '');
}

// Made once: building a date format is far slower than using one (it showed in 365-day runs).
const LONG = new Intl.DateTimeFormat('en-GB', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
const SHORT = new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' });

/** "Tue 1 Dec" */
export function shortDate(date: string): string {
  return SHORT.format(new Date(`${date}T00:00:00Z`)).replace(',', '');
}

export function dayBefore(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
}

export const dailyRef = (job: DailyJob, date: string) => `${job.name}:${date}`;

function fits(spec: DaySpec, c: { bucket: string; rating: number | null }): boolean {
  const r = ratingKey(c.rating);
  return c.bucket === spec.bucket && (!spec.rating || (r >= spec.rating.min && r <= spec.rating.max));
}

const MAX_STARS = Math.max(...DIFFICULTY_BANDS.map((b) => b.stars));

/** "★★★☆☆☆ moderate": stars of the ER band, filled and open, then the band's word. */
export function difficultyLabel(rating: number | null): string {
  const b = difficultyBand(rating);
  return `${'★'.repeat(b.stars)}${'☆'.repeat(Math.max(0, MAX_STARS - b.stars))}  ${b.word}`;
}

/** What the newspaper page of a puzzle shows: its date and difficulty, and the previous day's solution. */
export function dailyEntry(p: DailyPuzzle, previous: DailyPuzzle | null): DailyEntry {
  return {
    dateLine: longDate(p.date),
    label: difficultyLabel(p.rating),
    puzzle: p.puzzle,
    previous: previous ? { label: `Solution to ${shortDate(previous.date)}`, puzzle: previous.puzzle, solution: previous.solution } : null,
  };
}

function fromStored(p: StoredPuzzle, date: string, slot: number): DailyPuzzle {
  return { date, weekday: weekdayOf(date), slot, bucket: p.bucket, rating: p.rating, hardest: p.hardest, puzzle: p.puzzle, solution: p.solution, source: 'bank' };
}

/** The puzzles already recorded for a date (no generation): used for the previous day's solution. */
export function recordedPuzzles(job: DailyJob, bank: Bank, date: string): DailyPuzzle[] {
  return bank.usedBy('daily', dailyRef(job, date)).map((p) => fromStored(p, date, p.usedNumber ?? 1));
}

export async function runDaily(
  job: DailyJob,
  dates: string[],
  opts: { workers: number; bank: Bank; signal?: AbortSignal; onProgress?: (done: number, total: number, made: number) => void },
): Promise<DailyPuzzle[]> {
  const { bank } = opts;
  let pool: WorkerPool | null = null;
  const out: DailyPuzzle[] = [];
  const total = dates.reduce((n, d) => n + job.schedule[weekdayOf(d)].count, 0);
  let made = 0;
  try {
    for (const date of dates) {
      const spec = job.schedule[weekdayOf(date)];
      const ref = dailyRef(job, date);
      const recorded = bank.usedBy('daily', ref);
      for (let slot = 1; slot <= spec.count; slot++) {
        if (opts.signal?.aborted) throw new UserError('interrupted: dates done so far are recorded in the bank; nothing else was written');
        const have = recorded.find((p) => p.usedNumber === slot);
        if (have) {
          out.push(fromStored(have, date, slot));
          continue;
        }
        // Another run on the same bank may record this slot at any moment: then its puzzle is the day's.
        const recordedMeanwhile = () => bank.usedBy('daily', ref).find((p) => p.usedNumber === slot);
        const [claimed] = bank.claim({ grader: graderId(job.levels), bucket: spec.bucket, rating: spec.rating, clues: job.generator.clues }, 1, 'daily', ref, slot);
        const theirs = claimed ?? recordedMeanwhile();
        if (theirs) {
          out.push(fromStored(theirs, date, slot));
          continue;
        }
        pool ??= new WorkerPool(opts.workers);
        let chosen: CandidateOutput | null = null;
        for (let j = 0; !chosen; j += BATCH) {
          if (j >= job.budget) {
            throw new UserError(
              `${job.file}: no ${spec.bucket} puzzle${spec.rating ? ` rated ${spec.rating.min}-${spec.rating.max}` : ''} for ${date} (${weekdayOf(date)}) after ${j} candidates; ` +
                `raise "budget" (now ${job.budget}) or widen schedule.${weekdayOf(date)}`,
            );
          }
          const batch = await Promise.all(
            Array.from({ length: BATCH }, (_, k) =>
              pool!.run('candidate', { seed: deriveSeed(job.seed, `${date}:${slot}:${j + k}`), bucket: spec.bucket, options: job.generator, levels: job.levels }),
            ),
          );
          made += BATCH;
          const clues = job.generator.clues;
          const { fill, dig, symmetry } = job.generator;
          const surplus: CandidateOutput[] = [];
          for (const c of batch) {
            const clueOk = !clues || (c.clues >= clues.min && c.clues <= clues.max);
            if (!chosen && clueOk && fits(spec, c) && !bank.isUsed(c.canon) && bank.addUsed({ ...c, fill, dig, symmetry }, 'daily', ref, slot)) chosen = c;
            else if (clueOk) surplus.push(c);
          }
          bank.add(surplus.map((c) => ({ ...c, fill, dig, symmetry })));
          const other = chosen ? undefined : recordedMeanwhile();
          if (other) {
            out.push(fromStored(other, date, slot));
            break;
          }
        }
        if (!chosen) continue;
        out.push({ date, weekday: weekdayOf(date), slot, bucket: chosen.bucket, rating: chosen.rating, hardest: chosen.hardest, puzzle: chosen.puzzle, solution: chosen.solution, source: 'new' });
        opts.onProgress?.(out.length, total, made);
      }
    }
  } finally {
    await pool?.close();
  }
  return out;
}
