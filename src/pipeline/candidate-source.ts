/**
 * The one candidate source of books, dailies and `bank fill`. Given a section (bucket, rating
 * band, clue range) it hands out fitting puzzles, in a reproducible order: first those the
 * caller claims from the bank, then the set-aside list (candidates made earlier in the run
 * that fitted no section then), then new candidates made on the worker pool.
 *
 * Determinism: candidate j of a section is made from seed "<seed>#<section key>:<j>" (the
 * `candidateTask` of candidate-task.ts), streamed through the pool's `mapOrdered` in batches
 * of a fixed size whatever the number of workers, and read strictly in order, a batch at a
 * time. Batches made ahead by idle workers (lookahead, as many as the hit rate so far says
 * the section needs) but not needed are dropped unread, so they change nothing. Every candidate read counts against the section's budget; when it
 * runs out the run stops with one message naming the section and how to go on.
 *
 * A candidate read but not handed out (another bucket, outside the rating band or clue
 * range, or more than the section needs) goes on the set-aside list, for later sections of
 * the same run; the caller banks what is left at the end.
 */
import type { GradedPuzzle } from '../core/graded-puzzle.js';
import { UserError } from '../core/errors.js';
import { deriveSeed } from '../core/rng.js';
import { ratingKey } from '../grader/bands.js';
import type { Level } from '../grader/levels.js';
import type { MakeOptions } from '../generator/make.js';
import { meetsNeeds, pathFacts, type Needs, type PathFacts } from '../generator/needs.js';
import { parseGrid } from '../core/grid.js';
import type { WorkerPool } from '../workers/pool.js';
import { candidateTask, runCandidate, type CandidateInput } from './candidate-task.js';

export interface Range {
  min: number;
  max: number;
}

/** Candidates read against one limit (a bucket's in a book, one puzzle's in a daily, a whole `bank fill`). */
export class Budget {
  spent = 0;
  constructor(
    /** What the budget is for, in messages: "bucket hard", "this puzzle". */
    readonly name: string,
    readonly limit: number,
    /** How to give more, in messages: 'raise "budget" (now 20000)'. */
    readonly raise: string,
  ) {}
}

export interface Section {
  /** Seeds of new candidates: "<seed>#<key>:<j>". */
  key: string;
  /** Names the section in messages: 'book.yaml: sections[1] ("Medium")'. */
  where: string;
  bucket: string;
  rating: Range | null;
  /** The allowed clue counts (the section's, narrowed by the generator's). */
  clues: Range | null;
  budget: Budget;
  /** Other ways out, added to the budget message: 'lower "count"'. */
  otherwise?: string[];
  /**
   * Puzzles whose graded path uses this technique (as its hardest step when asked); new
   * candidates are dug toward it. With `needs`, an empty `bucket` takes any bucket.
   */
  needs?: Needs | null;
}

export type RejectReason = 'bucket' | 'rating' | 'clues' | 'duplicate' | 'needs';

export interface SourceStats {
  /** Candidates made and read. */
  generated: number;
  fromBank: number;
  fromSetAside: number;
  /** Candidates read that did not fit the section they were made for (or were taken already). */
  rejected: Record<RejectReason, number>;
  /** Per bucket aimed at (or technique needed: aimKey): candidates made for it and how many fitted. */
  aimed: Record<string, { made: number; hit: number }>;
}

export interface SourceOptions {
  /** Where new candidates are made (`take`); none for a source that only makes them on the main thread (`takeHere`). */
  pool?: WorkerPool;
  seed: string;
  generator: MakeOptions & { clues: Range | null };
  levels: Level[];
  /** Candidates per batch: fixed for a run, so results do not depend on the number of workers. */
  batch: number;
  /** Most batches in flight ahead of the one being read. */
  lookahead: number;
  signal?: AbortSignal;
  /** What Ctrl-C (the signal) stops the run with (default: 'interrupted: nothing was written'). */
  interrupted?: string;
  /** Whether an equivalent puzzle is used already (in the bank): such a candidate is a duplicate. */
  isUsed?: (canon: string) => boolean | Promise<boolean>;
}

/** A bank's answer: at once (SQLite) or later (PostgreSQL; only `take` waits for those). */
type Answer<T> = T | Promise<T>;

/** `then(v, f)`: f of v, at once when v is a value, after it when v is a promise. */
function then<T, R>(v: Answer<T>, f: (t: T) => Answer<R>): Answer<R> {
  return v instanceof Promise ? v.then(f) : f(v);
}

export interface TakeOptions {
  /**
   * Puzzles claimed from the bank for this section, at most `n`, none of `exclude`: they are
   * recorded as used by the claim itself.
   */
  claim?: (n: number, exclude: ReadonlySet<string>) => Answer<GradedPuzzle[]>;
  /**
   * Record a puzzle as chosen (in the bank, atomically); false when it cannot be (another
   * run took an equivalent puzzle): it is skipped as a duplicate.
   */
  keep?: (p: GradedPuzzle) => Answer<boolean>;
  /** Checked after each batch: true ends the section early with what it has (another run did it). */
  stop?: () => Answer<boolean>;
  /** After each batch of new candidates (`take` waits for a promise it returns). */
  onBatch?: (found: number, made: number) => void | Promise<void>;
}

/** Why a puzzle does not fit a section; null when it does. */
export function misfit(s: Pick<Section, 'bucket' | 'rating' | 'clues' | 'needs'>, p: Pick<GradedPuzzle, 'bucket' | 'rating' | 'clues'> & { puzzle?: string; path?: PathFacts }): RejectReason | null {
  if (p.bucket !== s.bucket && !(s.needs && s.bucket === '')) return 'bucket';
  if (s.rating && (ratingKey(p.rating) < s.rating.min || ratingKey(p.rating) > s.rating.max)) return 'rating';
  if (s.clues && (p.clues < s.clues.min || p.clues > s.clues.max)) return 'clues';
  if (s.needs && !meetsNeeds(pathOf(p), s.needs)) return 'needs';
  return null;
}

/** Candidates per batch of a plain request for one bucket (`bucketSection`). */
export const BUCKET_BATCH = 16;

/** The most candidates a plain request for `count` puzzles of one bucket makes, unless told otherwise. */
export function bucketBudget(count: number): number {
  return Math.max(1000, 100 * count);
}

/**
 * The section of a plain request for puzzles of one bucket (`bank fill`, `generate --bucket`,
 * the API's `generate`): with the same seed and generator options (and batches of
 * BUCKET_BATCH), each gives the same puzzles in the same order.
 */
export function bucketSection(bucket: string, where: string, budget: Budget): Section {
  return { key: `fill:${bucket}`, where, bucket, rating: null, clues: null, budget };
}

/** A puzzle's graded path: as its maker told it, else graded again (once; kept on the record). */
function pathOf(p: { puzzle?: string; path?: PathFacts }): PathFacts {
  return (p.path ??= pathFacts(parseGrid(p.puzzle ?? '')));
}

/** What a section's candidates are aimed at, in the hit-rate figures: its bucket, or the technique it needs. */
export function aimKey(s: Pick<Section, 'bucket' | 'needs'>): string {
  return s.needs ? `${s.needs.technique}${s.needs.hardest ? ' (hardest)' : ''}` : s.bucket;
}

/** The intersection of two optional ranges. */
export function narrow(a: Range | null, b: Range | null): Range | null {
  if (!a || !b) return a ?? b;
  return { min: Math.max(a.min, b.min), max: Math.min(a.max, b.max) };
}

/** The share of candidates that landed in the bucket they were aimed at ("85%"); "-" when none were made. */
export function hitRateText(aimed: SourceStats['aimed'], buckets?: readonly string[]): string {
  let made = 0;
  let hit = 0;
  for (const [b, a] of Object.entries(aimed)) {
    if (buckets && !buckets.includes(b)) continue;
    made += a.made;
    hit += a.hit;
  }
  return made ? `${Math.round((100 * hit) / made)}%` : '-';
}

/** The input of a section's candidate j: made from seed "<seed>#<key>:<j>" (the bank's queued batches make the same ones). */
export function candidateInput(opts: Pick<SourceOptions, 'seed' | 'generator' | 'levels'>, section: Section, j: number): CandidateInput {
  const { generator, levels, seed } = opts;
  const options: MakeOptions = { fill: generator.fill, dig: generator.dig, symmetry: generator.symmetry };
  return { seed: deriveSeed(seed, `${section.key}:${j}`), bucket: section.bucket, options, levels, want: { clues: section.clues, rating: section.rating }, needs: section.needs ?? null };
}

export class CandidateSource {
  readonly setAside: GradedPuzzle[] = [];
  readonly stats: SourceStats = { generated: 0, fromBank: 0, fromSetAside: 0, rejected: { bucket: 0, rating: 0, clues: 0, duplicate: 0, needs: 0 }, aimed: {} };
  /** Canonical forms handed out by this source. */
  private readonly chosen = new Set<string>();
  /** Canonical forms of every candidate read (handed out or set aside). */
  private readonly seen = new Set<string>();

  constructor(private readonly opts: SourceOptions) {}

  /** Up to `count` puzzles fitting `section`: fewer only when `stop` ended it. */
  async take(section: Section, count: number, how: TakeOptions = {}): Promise<GradedPuzzle[]> {
    const r = this.reading(section, count, how);
    await r.ready;
    if (await r.more()) await this.makeNew(section, r, how);
    return r.got;
  }

  /**
   * `take`, made on the main thread without a pool, at once: the same puzzles (for the API's
   * `generate`). It stops at the last candidate needed instead of reading its batch to the end.
   */
  takeHere(section: Section, count: number, how: TakeOptions = {}): GradedPuzzle[] {
    const r = this.reading(section, count, how);
    const at = <T>(v: Answer<T>): T => {
      if (v instanceof Promise) throw new Error('takeHere answers at once: give it a bank that does (SQLite), or use take');
      return v;
    };
    at(r.ready);
    if (!at(r.more())) return r.got;
    const inputs = this.inputs(section);
    for (;;) {
      r.beforeBatch();
      for (let k = 0; k < this.opts.batch && r.got.length < count; k++) at(r.read(runCandidate(inputs.next().value)));
      if (!at(r.more())) return r.got;
      void how.onBatch?.(r.got.length, r.made);
    }
  }

  /**
   * The puzzles of a section, candidate by candidate, whichever way they are made: bank
   * claims and the set-aside list at once, then `beforeBatch` (Ctrl-C, the budget) and `read`
   * for each new candidate, in order.
   */
  private reading(section: Section, count: number, how: TakeOptions) {
    const got: GradedPuzzle[] = [];
    const keep = how.keep ?? (() => true);
    const choose = (p: GradedPuzzle) => {
      got.push(p);
      this.chosen.add(p.canon);
      this.seen.add(p.canon);
    };
    const claimed = how.claim && count > 0 ? how.claim(count, this.chosen) : [];
    // Set-aside puzzles next, in the order they were made.
    const fromSetAside = (k: number): Answer<void> => {
      while (k < this.setAside.length && got.length < count) {
        const p = this.setAside[k];
        if (misfit(section, p) || this.chosen.has(p.canon)) {
          k++;
          continue;
        }
        this.setAside.splice(k, 1);
        const kept = keep(p);
        const tally = (ok: boolean) => {
          if (ok) {
            choose(p);
            this.stats.fromSetAside++;
          } else this.stats.rejected.duplicate++;
        };
        if (kept instanceof Promise) return kept.then((ok) => (tally(ok), fromSetAside(k)));
        tally(kept);
      }
    };
    const ready = then(claimed, (ps) => {
      for (const p of ps) {
        choose(p);
        this.stats.fromBank++;
      }
      return fromSetAside(0);
    });
    const aimed = (this.stats.aimed[aimKey(section)] ??= { made: 0, hit: 0 });
    const clues = this.opts.generator.clues;
    let made = 0;
    return {
      /** The claims and the set-aside list read (a promise only when the bank answers with one). */
      ready,
      got,
      aimed,
      get made() {
        return made;
      },
      /** How many more puzzles the section needs. */
      wanted: () => count - got.length,
      /** Whether the section needs new candidates (more puzzles, and not stopped). */
      more: (): Answer<boolean> => (got.length < count ? then(how.stop?.() ?? false, (stop) => !stop) : false),
      /** Before each batch: stop on Ctrl-C, or with one message when the budget is spent. */
      beforeBatch: () => {
        if (this.opts.signal?.aborted) throw new UserError(this.opts.interrupted ?? 'interrupted: nothing was written');
        const { budget } = section;
        if (budget.spent < budget.limit) return;
        const ways = [budget.raise, ...(section.otherwise ?? [])];
        const list = ways.length > 1 ? `${ways.slice(0, -1).join(', ')}, or ${ways.at(-1)}` : ways[0];
        throw new UserError(
          `${section.where}: found ${got.length} of ${count} ${section.bucket ? `${section.bucket} ` : ''}puzzle${count === 1 ? '' : 's'}` +
            `${section.needs ? ` that need ${section.needs.technique}${section.needs.hardest ? ' as the hardest step' : ''}` : ''}` +
            `${section.rating ? ` rated ${section.rating.min}-${section.rating.max}` : ''} after ${made} candidates ` +
            `(${budget.spent} for ${budget.name} in all); ${list}`,
        );
      },
      /** One new candidate read: handed out, set aside or rejected. */
      read: (p: GradedPuzzle): Answer<void> => {
        made++;
        section.budget.spent++;
        this.stats.generated++;
        aimed.made++;
        if (section.needs ? misfit({ ...section, rating: null, clues: null }, p) === null : p.bucket === section.bucket) aimed.hit++;
        if (clues && (p.clues < clues.min || p.clues > clues.max)) {
          this.stats.rejected.clues++;
          return;
        }
        if (this.seen.has(p.canon)) {
          this.stats.rejected.duplicate++;
          return;
        }
        return then(this.opts.isUsed?.(p.canon) ?? false, (used): Answer<void> => {
          if (used) {
            this.stats.rejected.duplicate++;
            return;
          }
          this.seen.add(p.canon);
          if (got.length >= count) {
            this.setAside.push(p);
            return;
          }
          const reason = misfit(section, p);
          if (reason) {
            this.stats.rejected[reason]++;
            this.setAside.push(p);
            return;
          }
          return then(keep(p), (ok) => {
            if (ok) choose(p);
            else this.stats.rejected.duplicate++;
          });
        });
      },
    };
  }

  /** The inputs of the section's new candidates: candidate j from seed "<seed>#<key>:<j>". */
  private *inputs(section: Section): Generator<CandidateInput, never> {
    for (let j = 0; ; j++) yield candidateInput(this.opts, section, j);
  }

  /** The batch, or the interruption as soon as Ctrl-C comes (not when the batch's slowest candidate is done). */
  private unlessInterrupted<T>(batch: Promise<T>): Promise<T> {
    const { signal } = this.opts;
    if (!signal) return batch;
    const message = this.opts.interrupted ?? 'interrupted: nothing was written';
    let onAbort = () => {};
    const stopped = new Promise<never>((_, reject) => {
      onAbort = () => reject(new UserError(message));
      if (signal.aborted) onAbort();
      else signal.addEventListener('abort', onAbort, { once: true });
    });
    return Promise.race([batch, stopped]).finally(() => signal.removeEventListener('abort', onAbort));
  }

  /** New candidates on the pool, a whole batch read at a time: the budget and the hit rate count them a batch at a time. */
  private async makeNew(section: Section, r: ReturnType<CandidateSource['reading']>, how: TakeOptions): Promise<void> {
    const { batch } = this.opts;
    if (!this.opts.pool) throw new Error('a candidate source without a pool makes candidates with takeHere');
    // Make ahead only as many batches as the section is likely to need at the hit rate seen
    // so far: what is made ahead and not read is wasted (never wrong). Candidates go to the
    // workers one at a time (each is long enough to be worth a message), so the candidates of
    // one batch are made side by side.
    const lookahead = () => {
      const rate = r.aimed.made >= batch ? Math.max(0.05, r.aimed.hit / r.aimed.made) : 0.5;
      return batch * Math.min(this.opts.lookahead, Math.max(1, Math.ceil(r.wanted() / (batch * rate))));
    };
    const candidates = this.opts.pool.mapOrdered(candidateTask, this.inputs(section), { batch: 1, lookahead });
    let finished = false;
    try {
      do {
        r.beforeBatch();
        for (let k = 0; k < batch; k++) {
          const next = await this.unlessInterrupted(candidates.next());
          if (next.done) throw new Error('the candidate stream ended');
          const read = r.read(next.value);
          if (read instanceof Promise) await read;
        }
        await how.onBatch?.(r.got.length, r.made);
      } while (await r.more());
      finished = true;
    } finally {
      // Batches made ahead are dropped unread: those not started are never run, those running
      // finish on their workers while the next section's wait for a free one. After Ctrl-C
      // nobody waits for them (the pool is closed).
      if (finished) await candidates.return();
      else void candidates.return().catch(() => undefined);
    }
  }
}
