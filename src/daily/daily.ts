/**
 * Daily puzzles. For each date and slot: the puzzle the bank already records for it (so a
 * date once issued always gets the same puzzle), else from the candidate source: an unused
 * banked puzzle that fits the weekday's schedule, else one set aside earlier in the run, else
 * new candidates made from seeds "<seed>#<date>:<slot>:<j>" until one fits; what is made and
 * not used is banked for later. Every puzzle handed out is recorded in the bank, so none
 * (nor any isomorph) is used twice.
 */
import type { StoredPuzzle } from '../bank/bank.js';
import type { PuzzleBank } from '../bank/store.js';
import type { GradedPuzzle } from '../core/graded-puzzle.js';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { UserError } from '../core/errors.js';
import { difficultyBand, MAX_STARS } from '../grader/bands.js';
import { scaleWord } from '../typeset/book-text.js';
import type { DailyEntry } from '../typeset/layout.js';
import { catalogue, fill, formatDate, type Locale, type Strings } from '../typeset/i18n/index.js';
import { WorkerPool } from '../workers/pool.js';
import { Budget, CandidateSource, type SourceStats } from '../pipeline/candidate-source.js';
import { isKindDay, WEEKDAYS, type DailyJob, type DaySpec, type Weekday } from './daily-job.js';
import type { Geometry, Kind } from '../geometry/geometry.js';
import { makeGradedKindPuzzle } from '../geometry/rate.js';
import { kindFields, kindGraderId, kindRecord, techniqueCounts } from '../bank/kinds.js';
import { graderId } from '../grader/grade.js';

/** One puzzle of a day. */
export type DailyPuzzle = Pick<GradedPuzzle, 'bucket' | 'rating' | 'hardest' | 'puzzle' | 'solution' | 'kind' | 'size' | 'layout'> & {
  date: string;
  weekday: Weekday;
  slot: number;
  /** Where it came from: "bank" (already recorded or drawn unused) or "new". */
  source: 'bank' | 'new';
};

/**
 * Candidates per batch: small, since a slot needs one puzzle (the rest of a batch is set
 * aside for later days, then banked); fixed so results do not depend on the worker count.
 */
export const DAILY_BATCH = 4;

const INTERRUPTED = 'interrupted: dates done so far are recorded in the bank; nothing else was written';

/** `days` ISO dates from `from` (YYYY-MM-DD), in order. */
export function dateRange(from: string, days: number): string[] {
  const start = Date.parse(`${from}T00:00:00Z`);
  return Array.from({ length: days }, (_, i) => new Date(start + i * 86_400_000).toISOString().slice(0, 10));
}

export function weekdayOf(date: string): Weekday {
  const d = new Date(`${date}T00:00:00Z`).getUTCDay(); // 0 = Sunday
  return WEEKDAYS[(d + 6) % 7];
}

/** "Tuesday 1 December 2026" (in the job's language: "Dienstag, 1. Dezember 2026"). */
export function longDate(date: string, locale: Locale = 'en'): string {
  return formatDate(locale, date, 'long');
}

/** "Tue 1 Dec" */
export function shortDate(date: string, locale: Locale = 'en'): string {
  return formatDate(locale, date, 'short');
}

export function dayBefore(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
}

export const dailyRef = (job: DailyJob, date: string) => `${job.name}:${date}`;


/** The words of the daily page. */
const S = catalogue('en');

/** "★★★☆☆  moderate (1 to 5 stars)": stars of the ER band, filled and open, the band's word and the scale. */
export function difficultyLabel(rating: number | null, s: Strings = S): string {
  const b = difficultyBand(rating);
  return fill(s['daily.difficulty'], { stars: `${'★'.repeat(b.stars)}${'☆'.repeat(Math.max(0, MAX_STARS - b.stars))}`, word: scaleWord(b.stars, s), max: MAX_STARS });
}

/**
 * The number of a date's puzzle: the job's `firstNumber` for the first puzzle of `numberFrom`,
 * counting every scheduled puzzle (all slots of every day) since. Null when the job numbers no
 * puzzles or the date is before `numberFrom`.
 */
export function puzzleNumber(job: Pick<DailyJob, 'numbering' | 'schedule'>, date: string, slot: number): number | null {
  const n = job.numbering;
  if (!n) return null;
  const days = Math.round((Date.parse(`${date}T00:00:00Z`) - Date.parse(`${n.from}T00:00:00Z`)) / 86_400_000);
  if (days < 0) return null;
  const count = (i: number) => job.schedule[WEEKDAYS[i % 7]].count;
  const start = WEEKDAYS.indexOf(weekdayOf(n.from));
  let before = Math.floor(days / 7) * WEEKDAYS.reduce((sum, _, i) => sum + count(i), 0);
  for (let i = 0; i < days % 7; i++) before += count(start + i);
  return n.first + before + slot - 1;
}

/** What a page prints besides its puzzle: the puzzle's number and the copyright line. */
export interface PageExtras {
  number?: number | null;
  copyright?: string | null;
  /** The job's language and words (English when absent). */
  locale?: Locale;
  strings?: Strings;
}

/**
 * What the newspaper page of a puzzle shows: its date, number and difficulty, and the previous
 * day's solutions; `numbered` labels them with their slot (the previous day had several puzzles).
 */
export function dailyEntry(p: DailyPuzzle, previous: readonly DailyPuzzle[], numbered = previous.length > 1 || previous.some((q) => q.slot > 1), extras: PageExtras = {}): DailyEntry {
  const s = extras.strings ?? S;
  const locale = extras.locale ?? 'en';
  return {
    dateLine: longDate(p.date, locale),
    label: difficultyLabel(p.rating, s),
    number: extras.number != null ? fill(s['daily.number'], { n: extras.number }) : '',
    copyright: extras.copyright ?? '',
    rules: p.layout ? s[`daily.rules.${p.kind as Kind}`] : s['daily.rules'],
    puzzle: p.puzzle,
    ...geometryOf(p),
    previous: previous.map((q) => ({
      label: numbered ? fill(s['daily.solutionToSlot'], { date: shortDate(q.date, locale), slot: q.slot }) : fill(s['daily.solutionTo'], { date: shortDate(q.date, locale) }),
      puzzle: q.puzzle,
      solution: q.solution,
      ...geometryOf(q),
    })),
  };
}

/** The geometry of a day's puzzle of another kind or size (none for 9x9 classic). */
export function geometryOf(p: Pick<DailyPuzzle, 'kind' | 'size' | 'layout' | 'puzzle' | 'solution' | 'date'>): { geometry?: Geometry } {
  return p.layout ? { geometry: kindRecord(p, `the puzzle of ${p.date}`).geometry } : {};
}

function fromStored(p: StoredPuzzle, date: string, slot: number, source: DailyPuzzle['source'] = 'bank'): DailyPuzzle {
  const kind = p.layout ? { kind: p.kind, size: p.size, layout: p.layout } : {};
  return { date, weekday: weekdayOf(date), slot, bucket: p.bucket, rating: p.rating, hardest: p.hardest, puzzle: p.puzzle, solution: p.solution, source, ...kind };
}

/**
 * The puzzle of a day of another kind or size (`kind: killer`): an unused banked one of the
 * kind, size and bucket, else made by the geometry engine, steered to the bucket, from seeds
 * "<seed>#<date>:<slot>:<j>" until one is new to the bank (by canonical form within the kind
 * and size). Recorded in the bank as the slot's, as any day's.
 */
async function kindDayPuzzle(job: DailyJob, spec: DaySpec & { kind: Kind; size: number }, date: string, slot: number, bank: PuzzleBank): Promise<DailyPuzzle> {
  const ref = dailyRef(job, date);
  const { kind, size } = spec;
  const grader = kindGraderId(kind, size);
  const [claimed] = await bank.claim({ grader, bucket: spec.bucket, rating: spec.rating, kind, size }, 1, 'daily', ref, slot);
  if (claimed) return fromStored(claimed, date, slot);
  const where = `${job.file}: ${date} (${weekdayOf(date)})${spec.count > 1 ? ` puzzle ${slot}` : ''}`;
  // Killer and jigsaw puzzles have no clue symmetry; classic and X days keep the job's.
  const symmetry = kind === 'killer' || kind === 'jigsaw' ? 'none' : job.generator.symmetry;
  const fits = (r: number) => !spec.rating || (r >= spec.rating.min && r <= spec.rating.max);
  for (let j = 0; j < KIND_TRIES; j++) {
    let made;
    try {
      made = makeGradedKindPuzzle({ kind, size, symmetry, bucket: spec.bucket }, `${job.seed}#${date}:${slot}:${j}`);
    } catch (err) {
      if (err instanceof UserError) throw new UserError(`${where}: ${err.message}`);
      throw err;
    }
    if (!fits(made.rating.rating)) continue;
    const p: GradedPuzzle = {
      ...kindFields(made.geometry, made.puzzle, made.solution),
      bucket: spec.bucket,
      rating: made.rating.rating,
      hardest: made.rating.hardest,
      techniques: techniqueCounts(made.rating.steps),
      grader,
      seed: made.seed,
      symmetry,
    };
    if (await bank.addUsed(p, 'daily', ref, slot)) return { ...fromStored({ ...p, id: 0, created: '', usedKind: 'daily', usedRef: ref, usedNumber: slot }, date, slot, 'new') };
    // Recorded meanwhile by another run: that is the slot's puzzle. Otherwise used before: the next seed.
    const theirs = (await bank.usedBy('daily', ref)).find((q) => q.usedNumber === slot);
    if (theirs) return fromStored(theirs, date, slot);
  }
  throw new UserError(`${where}: no new ${size}x${size} ${kind} ${spec.bucket} puzzle${spec.rating ? ` rated ${spec.rating.min}-${spec.rating.max}` : ''} in ${KIND_TRIES} tries; widen schedule.${weekdayOf(date)}`);
}

/** Puzzles a kind day makes before it gives up (each steered to the bucket within its own time budget). */
const KIND_TRIES = 20;


/** The puzzles already recorded for a date (no generation): used for the previous day's solution. */
export async function recordedPuzzles(job: DailyJob, bank: PuzzleBank, date: string): Promise<DailyPuzzle[]> {
  return (await bank.usedBy('daily', dailyRef(job, date))).map((p) => fromStored(p, date, p.usedNumber ?? 1));
}

/**
 * The puzzles already issued in the date folders under `output` (their puzzle.json files), by
 * date and slot: what a run must print again for that date.
 */
export function issuedIn(output: string): (date: string, slot: number) => string | null {
  return (date, slot) => {
    const file = join(output, date, slot === 1 ? 'puzzle.json' : `puzzle-${slot}.json`);
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw new UserError(`${file}: cannot read the puzzle issued for ${date} (${(err as Error).message})`);
    }
    try {
      const puzzle = (JSON.parse(text) as { puzzle?: unknown }).puzzle;
      if (typeof puzzle === 'string') return puzzle;
    } catch {
      // told below
    }
    throw new UserError(`${file}: not a daily puzzle file (no "puzzle"); it records the puzzle issued for ${date}: restore it, or remove the date folder to issue the date anew`);
  };
}

/** The error for a date whose folder holds another puzzle than the bank gives it. */
function reissueError(job: DailyJob, bank: PuzzleBank, date: string, slot: number, issued: string, now: string): UserError {
  return new UserError(
    `${job.file}: ${date} puzzle ${slot} was issued as ${issued} (in ${join(job.output, date)}), but bank ${bank.file} gives ${now}; ` +
      `nothing was written: a date is never issued with another puzzle (is this the bank that issued it? remove the date folder to issue the date anew)`,
  );
}

export async function runDaily(
  job: DailyJob,
  dates: string[],
  opts: {
    workers: number;
    bank: PuzzleBank;
    /** The puzzle already issued for a date and slot (its folder), if any: a run that would print another is refused. */
    issued?: (date: string, slot: number) => string | null;
    signal?: AbortSignal;
    onProgress?: (done: number, total: number, made: number) => void;
    /** Called at the end with the candidate source's figures (candidates made, hit rate); not called when no candidate was needed. */
    onStats?: (stats: SourceStats) => void;
  },
): Promise<DailyPuzzle[]> {
  const { bank } = opts;
  const early = job.numbering && dates.find((d) => d < job.numbering!.from);
  if (early) throw new UserError(`${job.file}: numberFrom ${job.numbering!.from} is after ${early}, so its puzzle would have no number; start at ${job.numbering!.from} or set an earlier numberFrom (and its firstNumber)`);
  let pool: WorkerPool | null = null;
  let source: CandidateSource | null = null;
  const out: DailyPuzzle[] = [];
  const total = dates.reduce((n, d) => n + job.schedule[weekdayOf(d)].count, 0);
  const grader = graderId(job.levels);
  try {
    for (const date of dates) {
      const weekday = weekdayOf(date);
      const spec = job.schedule[weekday];
      const ref = dailyRef(job, date);
      const recorded = await bank.usedBy('daily', ref);
      for (let slot = 1; slot <= spec.count; slot++) {
        if (opts.signal?.aborted) throw new UserError(INTERRUPTED);
        const have = recorded.find((p) => p.usedNumber === slot);
        const issued = opts.issued?.(date, slot) ?? null;
        if (have && issued !== null && issued !== have.puzzle) throw reissueError(job, bank, date, slot, issued, have.puzzle);
        if (have) {
          out.push(fromStored(have, date, slot));
          continue;
        }
        if (isKindDay(spec)) {
          const p = await kindDayPuzzle(job, spec, date, slot, bank);
          if (issued !== null && issued !== p.puzzle) {
            if (p.source === 'new') await bank.release('daily', ref, slot);
            throw reissueError(job, bank, date, slot, issued, p.puzzle);
          }
          out.push(p);
          opts.onProgress?.(out.length, total, source?.stats.generated ?? 0);
          continue;
        }
        // Another run on the same bank may record this slot at any moment: then its puzzle is the day's.
        const recordedMeanwhile = async () => (await bank.usedBy('daily', ref)).find((p) => p.usedNumber === slot);
        pool ??= new WorkerPool(opts.workers);
        source ??= new CandidateSource({
          pool,
          seed: job.seed,
          generator: job.generator,
          levels: job.levels,
          batch: DAILY_BATCH,
          lookahead: opts.workers + 1,
          signal: opts.signal,
          interrupted: INTERRUPTED,
          isUsed: (canon) => bank.isUsed(canon),
        });
        let fromBank = false;
        const [chosen] = await source.take(
          {
            key: `${date}:${slot}`,
            where: `${job.file}: ${date} (${weekday})${spec.count > 1 ? ` puzzle ${slot}` : ''}`,
            bucket: spec.bucket,
            rating: spec.rating,
            clues: job.generator.clues,
            budget: new Budget('this puzzle', job.budget, `raise "budget" (now ${job.budget})`),
            otherwise: [`widen schedule.${weekday}`],
            needs: spec.needs,
          },
          1,
          {
            // The bank keys its puzzles by bucket, not by the techniques their paths use.
            claim: async (n) => {
              if (spec.needs) return [];
              const claimed = await bank.claim({ grader, bucket: spec.bucket, rating: spec.rating, clues: job.generator.clues }, n, 'daily', ref, slot);
              fromBank = claimed.length > 0;
              return claimed;
            },
            keep: (p) => bank.addUsed(p, 'daily', ref, slot),
            stop: async () => (await recordedMeanwhile()) !== undefined,
          },
        );
        const theirs = chosen ? undefined : await recordedMeanwhile();
        const now = (theirs ?? chosen)?.puzzle;
        if (issued !== null && now !== undefined && now !== issued) {
          // What this run recorded for the slot is given back; another run's record is theirs.
          if (!theirs) await bank.release('daily', ref, slot);
          throw reissueError(job, bank, date, slot, issued, now);
        }
        if (theirs || fromBank) {
          out.push(fromStored((theirs ?? chosen) as StoredPuzzle, date, slot));
          continue;
        }
        if (!chosen) {
          // A claim found the slot recorded by another run that has since been released: nothing to print.
          throw new UserError(`${job.file}: ${date} (${weekday}): the puzzle of slot ${slot} was recorded and released by another run meanwhile; run again`);
        }
        out.push({ date, weekday, slot, bucket: chosen.bucket, rating: chosen.rating, hardest: chosen.hardest, puzzle: chosen.puzzle, solution: chosen.solution, source: 'new' });
        opts.onProgress?.(out.length, total, source.stats.generated);
      }
    }
  } finally {
    // What was made and not used is kept for later days and books.
    if (source) await bank.add(source.setAside);
    await pool?.close();
  }
  if (source) opts.onStats?.(source.stats);
  return out;
}
