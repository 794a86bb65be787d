/**
 * The book job: generate → verify and grade → bucket → dedupe → order → typeset.
 *
 * Determinism: candidate j of section s is made from seed "<job seed>#s<s>:<j>", in batches
 * of a fixed size whatever the number of workers, and results are taken in index order. So
 * the same job gives the same book with 1 worker or 8. Candidates that grade into another
 * bucket, or fall outside a section's rating range, are set aside and offered (in order) to
 * later sections before any new candidate is made.
 */
import type { Bank, BankPuzzle, StoredPuzzle } from '../bank/bank.js';
import { UserError } from '../core/errors.js';
import { deriveSeed } from '../core/rng.js';
import { coverGeometry, kdpCheck } from '../typeset/kdp.js';
import { layoutBook, type BookLayout, type BookPuzzle } from '../typeset/layout.js';
import { renderCover } from '../typeset/render-cover.js';
import { RENDER_INTERRUPTED, renderPdf } from '../typeset/render-pdf.js';
import type { CandidateOutput } from './candidate-task.js';
import { compareRatings, ratingKey } from '../grader/bands.js';
import { graderId } from '../grader/grade.js';
import type { JobConfig, SectionConfig } from './job.js';
import { WorkerPool } from './pool.js';

/** Candidates made per batch; fixed so results do not depend on the number of workers. */
export const BATCH = 16;

export interface BookEntry {
  number: number;
  section: string;
  bucket: string;
  /** SE's ER; null when beyond the grader's work limit. */
  rating: number | null;
  hardest: string | null;
  puzzle: string;
  solution: string;
  page: number;
  answerPage: number;
  seed: string;
}

export type RejectReason = 'bucket' | 'rating' | 'clues' | 'duplicate';

export interface BookReport {
  name: string;
  puzzles: number;
  pages: number;
  /** Problems a printer would raise that do not stop the book (e.g. KDP's page-count range). */
  warnings: string[];
  /** The cover sheet, when one is made: size in points and spine width in inches. */
  cover: { width: number; height: number; spineInches: number; spineText: boolean } | null;
  buckets: Record<string, number>;
  candidates: {
    generated: number;
    accepted: number;
    fromBank: number;
    fromSetAside: number;
    setAsideUnused: number;
    banked: number;
    rejected: Record<RejectReason, number>;
  };
  sections: { title: string; bucket: string; count: number; candidates: number }[];
  timings: { generateMs: number; layoutMs: number; renderMs: number; totalMs: number };
  workers: number;
  config: Omit<JobConfig, 'file'>;
}

export interface BookOutput {
  entries: BookEntry[];
  report: BookReport;
  layout: BookLayout;
  pdf: Buffer;
  /** cover.pdf, when the job makes one. */
  cover: Buffer | null;
}

export interface ProgressInfo {
  found: number;
  needed: number;
  candidates: number;
  section: string;
  sectionFound: number;
  sectionNeeded: number;
}

export interface RunOptions {
  workers: number;
  /** Take unused puzzles from this bank first; bank the surplus and record what the book uses. */
  bank?: Bank;
  signal?: AbortSignal;
  onProgress?: (p: ProgressInfo) => void;
}

function fromBank(p: StoredPuzzle): CandidateOutput {
  return { ...p, seed: p.seed ?? `bank:${p.id}` };
}

function toBank(c: CandidateOutput, job: JobConfig): BankPuzzle {
  return { ...c, fill: job.generator.fill, dig: job.generator.dig, symmetry: job.generator.symmetry };
}

function fits(s: SectionConfig, c: CandidateOutput): RejectReason | null {
  if (c.bucket !== s.bucket) return 'bucket';
  if (s.rating && (ratingKey(c.rating) < s.rating.min || ratingKey(c.rating) > s.rating.max)) return 'rating';
  if (s.clues && (c.clues < s.clues.min || c.clues > s.clues.max)) return 'clues';
  return null;
}

/** The back-cover text when the job gives none. */
function defaultBackText(job: JobConfig, count: number): string {
  const titles = job.sections.map((s) => s.title);
  const list = titles.length > 1 ? `${titles.slice(0, -1).join(', ')} and ${titles.at(-1)}` : titles[0];
  return (
    `${count} Sudoku puzzles in ${titles.length === 1 ? 'one section' : `${titles.length} sections`}: ${list}, each harder than the last.\n\n` +
    'Every puzzle has exactly one solution and can be solved by logic alone, without guessing. ' +
    'Large clear grids, a how-to-play page with a worked example, and every solution at the back.'
  );
}

/** The intersection of two optional ranges. */
function narrow(a: { min: number; max: number } | null, b: { min: number; max: number } | null): { min: number; max: number } | null {
  if (!a || !b) return a ?? b;
  return { min: Math.max(a.min, b.min), max: Math.min(a.max, b.max) };
}

export async function runBook(job: JobConfig, opts: RunOptions): Promise<BookOutput> {
  const t0 = Date.now();
  const pool = new WorkerPool(opts.workers);
  const used = new Set<string>();
  const setAside: CandidateOutput[] = [];
  const rejected: Record<RejectReason, number> = { bucket: 0, rating: 0, clues: 0, duplicate: 0 };
  const chosen: { section: number; c: CandidateOutput; order: number }[] = [];
  const sectionStats: BookReport['sections'] = [];
  const needed = job.sections.reduce((n, s) => n + s.count, 0);
  let generated = 0;
  let fromSetAside = 0;
  let fromBankCount = 0;
  const bank = opts.bank;
  const ref = job.name;
  // A book made again gives back what it took last time, and takes again from scratch.
  bank?.release('book', ref);
  const perBucket: Record<string, number> = {};
  const clueRange = job.generator.clues;
  // Every puzzle this run prints is recorded in the bank the moment it is chosen (one
  // transaction that fails when another run recorded it first), so two runs sharing a bank
  // never print the same puzzle. Numbers are provisional until the book is ordered.
  let provisional = 2_000_000;
  const record = (c: CandidateOutput): boolean => !bank || bank.addUsed(toBank(c, job), 'book', ref, provisional++);
  try {
    for (const [si, s] of job.sections.entries()) {
      const got: CandidateOutput[] = [];
      if (bank) {
        const wanted = { grader: graderId(job.levels), bucket: s.bucket, rating: s.rating, clues: narrow(clueRange, s.clues) };
        for (const p of bank.claim(wanted, s.count, 'book', ref, 1_000_000 + chosen.length, used)) {
          got.push(fromBank(p));
          used.add(p.canon);
          fromBankCount++;
        }
      }
      // Set-aside puzzles first, in the order they were made.
      for (let k = 0; k < setAside.length && got.length < s.count; ) {
        const c = setAside[k];
        if (!fits(s, c) && !used.has(c.canon)) {
          setAside.splice(k, 1);
          if (!record(c)) {
            rejected.duplicate++;
            continue;
          }
          got.push(c);
          used.add(c.canon);
          fromSetAside++;
        } else k++;
      }
      let made = 0;
      // Batches in flight ahead of the one being read, so workers never wait on the slowest
      // candidate of a batch. Batches are read strictly in order; any made ahead but not
      // needed are dropped unread, so they change nothing.
      const inFlight: Promise<CandidateOutput[]>[] = [];
      let dispatched = 0;
      const lookahead = opts.workers + 1;
      const dispatch = () => {
        const batch = [];
        for (let j = dispatched; j < dispatched + BATCH; j++) {
          const seed = deriveSeed(job.seed, `s${si}:${j}`);
          batch.push(pool.run('candidate', { seed, bucket: s.bucket, options: job.generator, levels: job.levels }));
        }
        dispatched += BATCH;
        inFlight.push(Promise.all(batch));
      };
      while (got.length < s.count) {
        if (opts.signal?.aborted) throw new UserError('interrupted: nothing was written');
        const spent = perBucket[s.bucket] ?? 0;
        if (spent >= job.budget[s.bucket]) {
          throw new UserError(
            `${job.file}: sections[${si}] ("${s.title}"): found ${got.length} of ${s.count} ${s.bucket} puzzles after ${made} candidates ` +
              `(${spent} for bucket ${s.bucket} in all); raise "budget" (now ${job.budget[s.bucket]}), lower "count"${s.rating ? ', or widen "rating"' : ''}`,
          );
        }
        while (inFlight.length < lookahead && dispatched - made < lookahead * BATCH) dispatch();
        const results = await inFlight.shift()!;
        made += BATCH;
        generated += BATCH;
        perBucket[s.bucket] = spent + BATCH;
        for (const c of results) {
          if (clueRange && (c.clues < clueRange.min || c.clues > clueRange.max)) {
            rejected.clues++;
            continue;
          }
          if (used.has(c.canon) || bank?.isUsed(c.canon)) {
            rejected.duplicate++;
            continue;
          }
          const reason = got.length >= s.count ? null : fits(s, c);
          if (got.length >= s.count || reason) {
            if (reason) rejected[reason]++;
            setAside.push(c);
            continue;
          }
          if (!record(c)) {
            rejected.duplicate++;
            continue;
          }
          got.push(c);
          used.add(c.canon);
        }
        opts.onProgress?.({ found: chosen.length + got.length, needed, candidates: generated, section: s.title, sectionFound: got.length, sectionNeeded: s.count });
      }
      // Batches made ahead are dropped unread; let running tasks finish before the next section.
      inFlight.length = 0;
      await pool.drain();
      got.forEach((c, order) => chosen.push({ section: si, c, order }));
      sectionStats.push({ title: s.title, bucket: s.bucket, count: s.count, candidates: made });
    }
  } catch (err) {
    bank?.release('book', ref);
    throw err;
  } finally {
    await pool.close();
  }
  const tGenerated = Date.now();

  // Order each section by rating (stable: ties keep the order they were found), number through the book.
  const ordered = job.sections.flatMap((_, si) =>
    chosen.filter((x) => x.section === si).sort((a, b) => compareRatings(a.c.rating, b.c.rating) || a.order - b.order),
  );
  const bookPuzzles: BookPuzzle[] = ordered.map((x, i) => ({
    number: i + 1,
    section: x.section,
    bucket: x.c.bucket,
    rating: x.c.rating,
    puzzle: x.c.puzzle,
    solution: x.c.solution,
  }));
  const layout = layoutBook(
    job.layout,
    job,
    job.sections.map((s) => ({ title: s.title, bucket: s.bucket })),
    bookPuzzles,
    job.answers,
  );
  const warnings: string[] = [];
  if (job.layout.kdp) {
    const check = kdpCheck(job.layout, layout.pages.length);
    if (check.errors.length) throw new UserError(check.errors.map((e) => `${job.file}: ${e}`).join('\n'));
    warnings.push(...check.warnings);
  }
  const tLaid = Date.now();
  const info = { title: job.title, author: job.author, subject: job.subtitle, date: job.date };
  // Ctrl-C while rendering: what this run claimed in the bank is given back, nothing is written.
  let pdf: Buffer;
  let cover: Buffer | null = null;
  let coverReport: BookReport['cover'] = null;
  try {
    pdf = await renderPdf(layout, job.layout, info, undefined, opts.signal);
    if (job.cover) {
      const g = coverGeometry(job.layout.pageSize, layout.pages.length, job.cover.paper);
      const empty = '.'.repeat(81);
      const back = job.cover.back || defaultBackText(job, bookPuzzles.length);
      const text = { title: job.title, subtitle: job.subtitle, author: job.author, back, motif: bookPuzzles[0]?.puzzle ?? empty, backMotif: bookPuzzles.at(-1)?.puzzle ?? empty };
      cover = await renderCover(g, job.layout, text, { ...info, title: `${job.title} (cover)` });
      coverReport = { width: g.width, height: g.height, spineInches: g.spine / 72, spineText: g.spineText };
    }
    if (opts.signal?.aborted) throw new UserError(RENDER_INTERRUPTED);
  } catch (err) {
    bank?.release('book', ref);
    throw err;
  }
  const tRendered = Date.now();

  const entries: BookEntry[] = ordered.map((x, i) => {
    const where = layout.pageOf.get(i + 1)!;
    return {
      number: i + 1,
      section: job.sections[x.section].title,
      bucket: x.c.bucket,
      rating: x.c.rating,
      hardest: x.c.hardest,
      puzzle: x.c.puzzle,
      solution: x.c.solution,
      page: where.page,
      answerPage: where.answerPage,
      seed: x.c.seed,
    };
  });
  let banked = 0;
  if (bank) {
    // What the book uses was recorded as it was chosen: give it its final numbers, and keep
    // the surplus for later.
    bank.renumber('book', ref, new Map(ordered.map((x, i) => [x.c.canon, i + 1])));
    banked = bank.add(setAside.map((c) => toBank(c, job)));
  }
  const buckets: Record<string, number> = {};
  for (const e of entries) buckets[e.bucket] = (buckets[e.bucket] ?? 0) + 1;
  const { file: _file, ...config } = job;
  void _file;
  const report: BookReport = {
    name: job.name,
    puzzles: entries.length,
    pages: layout.pages.length,
    warnings,
    cover: coverReport,
    buckets,
    candidates: { generated, accepted: entries.length, fromBank: fromBankCount, fromSetAside, setAsideUnused: setAside.length, banked, rejected },
    sections: sectionStats,
    timings: { generateMs: tGenerated - t0, layoutMs: tLaid - tGenerated, renderMs: tRendered - tLaid, totalMs: tRendered - t0 },
    workers: opts.workers,
    config,
  };
  return { entries, report, layout, pdf, cover };
}
