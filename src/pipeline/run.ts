/**
 * The book job, as a chain of named stages:
 *   choosePuzzles (the candidate source: bank, set-aside list, new candidates on workers)
 *   → orderPuzzles (each section by rating) → layOut (pages, KDP rules) → render (PDF, cover)
 *   → entriesOf (puzzles.jsonl) → settleBank (final numbers, surplus banked) → bookReport.
 *
 * Determinism: candidate j of section s is made from seed "<job seed>#s<s>:<j>", in batches
 * of a fixed size whatever the number of workers, read in index order (candidate-source.ts).
 * So the same job gives the same book with 1 worker or 8.
 */
import type { Wanted } from '../bank/bank.js';
import type { PuzzleBank } from '../bank/store.js';
import type { GradedPuzzle } from '../core/graded-puzzle.js';
import { UserError } from '../core/errors.js';
import type { OutputFile } from '../core/output-set.js';
import { coverGeometry, kdpCheck } from '../typeset/kdp.js';
import { layoutBook, type BookLayout, type BookPuzzle } from '../typeset/layout.js';
import { bookSteps } from '../typeset/book-steps.js';
import { chapterExtra, planChapter } from '../typeset/workbook.js';
import { renderCover } from '../typeset/render-cover.js';
import { pageFit, RENDER_INTERRUPTED, renderPdf } from '../typeset/render-pdf.js';
import { compareRatings } from '../grader/bands.js';
import { graderId } from '../grader/grade.js';
import { coverContent } from './cover-config.js';
import { chapterTechnique, type JobConfig } from './job.js';
import { WorkerPool } from '../workers/pool.js';
import { kindPuzzles, type KindGraded } from './kind-section.js';
import { geometryOf, type KindFields } from './section-kind.js';
import { aimKey, Budget, CandidateSource, hitRateText, narrow, type RejectReason, type SourceStats } from './candidate-source.js';

export type { RejectReason };
export { RENDER_INTERRUPTED };

/** Candidates made per batch; fixed so results do not depend on the number of workers. */
export const BATCH = 16;

/** One puzzle of the book as puzzles.jsonl records it. */
export type BookEntry = Pick<GradedPuzzle, 'bucket' | 'rating' | 'hardest' | 'puzzle' | 'solution'> & Partial<KindFields> & {
  number: number;
  section: string;
  page: number;
  answerPage: number;
  seed: string;
};

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
    /** Share of the candidates made that graded into the bucket they were aimed at ("85%"). */
    hitRate: string;
    /** Per bucket aimed at: candidates made for it and how many graded into it. */
    aimed: SourceStats['aimed'];
  };
  sections: (SectionTally & SectionFigures)[];
  timings: { generateMs: number; layoutMs: number; renderMs: number; totalMs: number };
  workers: number;
  config: Omit<JobConfig, 'file'>;
}

/** A section's candidates: how many were made for it and how many graded into its bucket. */
export interface SectionTally {
  title: string;
  bucket: string;
  count: number;
  candidates: number;
  hits: number;
  /** A section of another kind or size: its kind (its ratings are SE-like, not Sudoku Explainer's). */
  kind?: string;
}

/** What a section holds: its puzzles' clue counts and ratings (null when it has none or only unrated ones). */
export interface SectionFigures {
  clues: { min: number; max: number; mean: number } | null;
  ratings: { min: number; max: number } | null;
}

/** The clue counts (lowest, highest, mean to one decimal) and ratings of a section's puzzles. */
export function sectionFigures(puzzles: readonly Pick<GradedPuzzle, 'clues' | 'rating'>[]): SectionFigures {
  const clues = puzzles.map((p) => p.clues);
  const rated = puzzles.flatMap((p) => (p.rating === null ? [] : [p.rating]));
  return {
    clues: clues.length ? { min: Math.min(...clues), max: Math.max(...clues), mean: Math.round((10 * clues.reduce((a, b) => a + b, 0)) / clues.length) / 10 } : null,
    ratings: rated.length ? { min: Math.min(...rated), max: Math.max(...rated) } : null,
  };
}

/** "Easy 40 (ER 1.2-1.5, clues 32-38, mean 34.9)": a section as the summary line gives it (a section of another kind: "SE-like 2.6-3.0"). */
export function sectionSummary(s: Pick<SectionTally, 'title' | 'count' | 'kind'> & SectionFigures): string {
  const parts: string[] = [];
  if (s.ratings) parts.push(`${s.kind ? 'SE-like' : 'ER'} ${s.ratings.min.toFixed(1)}${s.ratings.max > s.ratings.min ? `-${s.ratings.max.toFixed(1)}` : ''}`);
  if (s.clues) parts.push(`clues ${s.clues.min}${s.clues.max > s.clues.min ? `-${s.clues.max}` : ''}, mean ${s.clues.mean.toFixed(1)}`);
  return `${s.title} ${s.count}${parts.length ? ` (${parts.join(', ')})` : ''}`;
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
  bank?: PuzzleBank;
  signal?: AbortSignal;
  onProgress?: (p: ProgressInfo) => void;
  /** Called when the puzzles are laid out and rendering starts, with the page count. */
  onRender?: (pages: number) => void;
}

/** A puzzle chosen for a section, in the order it was found. */
interface Chosen {
  section: number;
  p: GradedPuzzle;
  order: number;
}

interface Choice {
  chosen: Chosen[];
  source: CandidateSource;
  sections: SectionTally[];
}

/**
 * The puzzles of every section, from the candidate source. Every puzzle is recorded
 * in the bank the moment it is chosen (one transaction that fails when another run recorded
 * it first), so two runs sharing a bank never print the same puzzle. Numbers are provisional
 * until the book is ordered: bank claims from 1,000,000, new puzzles from 2,000,000.
 */
async function choosePuzzles(job: JobConfig, opts: RunOptions, pool: WorkerPool): Promise<Choice> {
  const { bank } = opts;
  const ref = job.name;
  const source = new CandidateSource({
    pool,
    seed: job.seed,
    generator: job.generator,
    levels: job.levels,
    batch: BATCH,
    lookahead: opts.workers + 1,
    signal: opts.signal,
    isUsed: bank ? (canon) => bank.isUsed(canon) : undefined,
  });
  const budgets = new Map<string, Budget>();
  const budgetOf = (bucket: string) => {
    let b = budgets.get(bucket);
    if (!b) budgets.set(bucket, (b = new Budget(`bucket ${bucket}`, job.budget[bucket], `raise "budget" (now ${job.budget[bucket]})`)));
    return b;
  };
  // A workbook chapter takes a few puzzles more than it prints whole: its example and practice positions.
  const extra = job.workbook ? chapterExtra(job.workbook) : 0;
  const needed = job.sections.reduce((n, s) => n + s.count + extra, 0);
  const chosen: Chosen[] = [];
  const sections: SectionTally[] = [];
  let provisional = 2_000_000;
  const kindsSeen = new Set<string>();
  for (const [si, s] of job.sections.entries()) {
    if (s.kind) {
      // Another kind or size: made by the geometry engine, on the same pool, in seed order.
      const where = `${job.file}: sections[${si}] ("${s.title}")`;
      const progress = (found: number) => opts.onProgress?.({ found: chosen.length + found, needed, candidates: source.stats.generated, section: s.title, sectionFound: found, sectionNeeded: s.count });
      const how = { seed: job.seed, section: si, where, kind: s.kind, bucket: s.bucket, count: s.count, symmetry: job.generator.symmetry, workers: opts.workers, signal: opts.signal };
      const kindBank = bank && {
        claim: (wanted: Wanted, n: number, exclude: ReadonlySet<string>) => bank.claim(wanted, n, 'book', ref, 1_000_000 + chosen.length, exclude),
        keep: (p: GradedPuzzle) => bank.addUsed(p, 'book', ref, provisional++),
      };
      const got = await kindPuzzles(pool, how, kindsSeen, progress, kindBank);
      got.forEach((p, order) => chosen.push({ section: si, p, order }));
      sections.push({ title: s.title, bucket: s.bucket, count: s.count, candidates: got.length, hits: got.length, kind: s.kind.kind });
      continue;
    }
    const clues = narrow(job.generator.clues, s.clues);
    const aim = aimKey({ bucket: s.bucket, needs: s.needs });
    const before = { ...(source.stats.aimed[aim] ?? { made: 0, hit: 0 }) };
    const got = await source.take(
      {
        key: `s${si}`,
        where: `${job.file}: sections[${si}] ("${s.title}")`,
        bucket: s.bucket,
        rating: s.rating,
        clues,
        budget: budgetOf(s.bucket),
        otherwise: ['lower "count"', ...(s.rating ? ['widen "rating"'] : [])],
        needs: s.needs,
      },
      s.count + extra,
      {
        // The bank keys its puzzles by bucket, not by the techniques their paths use.
        claim:
          bank && !s.needs
            ? async (n, exclude) =>
                (await bank.claim({ grader: graderId(job.levels), bucket: s.bucket, rating: s.rating, clues }, n, 'book', ref, 1_000_000 + chosen.length, exclude)).map((p) => ({
                  ...p,
                  seed: p.seed ?? `bank:${p.id}`,
                }))
            : undefined,
        keep: bank ? (p) => bank.addUsed(p, 'book', ref, provisional++) : undefined,
        onBatch: (found) =>
          opts.onProgress?.({ found: chosen.length + found, needed, candidates: source.stats.generated, section: s.title, sectionFound: found, sectionNeeded: s.count + extra }),
      },
    );
    got.forEach((p, order) => chosen.push({ section: si, p, order }));
    const after = source.stats.aimed[aim] ?? { made: 0, hit: 0 };
    sections.push({ title: s.title, bucket: s.bucket, count: s.count, candidates: after.made - before.made, hits: after.hit - before.hit });
  }
  return { chosen, source, sections };
}

/** The grid of a puzzle of another kind or size; undefined for 9x9 classic. */
const kindFieldsOf = (p: GradedPuzzle): KindFields | undefined => (p as Partial<KindGraded>).kindFields;

/** Each section by rating (stable: ties keep the order they were found), numbered through the book. */
function orderPuzzles(job: JobConfig, chosen: readonly Chosen[]): Chosen[] {
  return job.sections.flatMap((_, si) => chosen.filter((x) => x.section === si).sort((a, b) => compareRatings(a.p.rating, b.p.rating) || a.order - b.order));
}

/**
 * A workbook's chapters: each section's easiest puzzles (as ordered) are its example and
 * practice positions, the rest are printed whole. Without a workbook every puzzle is printed.
 */
function splitChapters(job: JobConfig, ordered: readonly Chosen[]): { printed: Chosen[]; extras: Chosen[][] } {
  const extras: Chosen[][] = job.sections.map(() => []);
  if (!job.workbook) return { printed: [...ordered], extras };
  const n = chapterExtra(job.workbook);
  const printed: Chosen[] = [];
  for (const x of ordered) (extras[x.section].length < n ? extras[x.section] : printed).push(x);
  return { printed, extras };
}

/** The pages, and what KDP's rules say of them (errors stop the book, warnings are reported). */
function layOut(job: JobConfig, ordered: readonly Chosen[], extras: readonly Chosen[][] = []): { layout: BookLayout; puzzles: BookPuzzle[]; warnings: string[] } {
  const puzzles: BookPuzzle[] = ordered.map((x, i) => ({
    number: i + 1,
    section: x.section,
    bucket: x.p.bucket,
    rating: x.p.rating,
    puzzle: x.p.puzzle,
    solution: x.p.solution,
    ...(kindFieldsOf(x.p) ? { geometry: geometryOf(kindFieldsOf(x.p)!) } : {}),
  }));
  // Hints and walkthroughs from the grader's steps, for the 9x9 classic puzzles that get them.
  const steps = bookSteps(puzzles.filter((p) => !p.geometry), { hints: job.hints, walkthrough: job.walkthrough, levels: job.levels, heading: job.strings['walkthrough.title'], locale: job.locale, words: job.strings });
  for (const p of puzzles) Object.assign(p, steps.get(p.number));
  const layout = layoutBook(
    job.layout,
    job,
    job.sections.map((s, si) => {
      const technique = job.workbook ? chapterTechnique(s) : null;
      const chapter = technique ? planChapter(technique, extras[si].map((x) => x.p), puzzles.filter((p) => p.section === si), job.locale, job.strings) : undefined;
      return { title: s.title, bucket: s.bucket, ...(chapter ? { chapter } : {}), ...(s.kind ? { kind: s.kind } : {}) };
    }),
    puzzles,
    job.answers,
    pageFit(job.layout),
  );
  const warnings: string[] = [];
  if (job.layout.kdp) {
    const check = kdpCheck(job.layout, layout.pages.length);
    if (check.errors.length) throw new UserError(check.errors.map((e) => `${job.file}: ${e}`).join('\n'));
    warnings.push(...check.warnings);
  }
  return { layout, puzzles, warnings };
}

/** book.pdf and the cover; Ctrl-C stops it. */
async function render(
  job: JobConfig,
  layout: BookLayout,
  puzzles: readonly BookPuzzle[],
  signal: AbortSignal | undefined,
): Promise<{ pdf: Buffer; cover: Buffer | null; coverReport: BookReport['cover'] }> {
  const info = { title: job.title, author: job.author, subject: job.subtitle, date: job.date };
  const pdf = await renderPdf(layout, job.layout, info, undefined, signal);
  let cover: Buffer | null = null;
  let coverReport: BookReport['cover'] = null;
  if (job.cover) {
    const g = coverGeometry(job.layout.pageSize, layout.pages.length, job.cover.paper);
    cover = await renderCover(g, job.layout, coverContent(job, job.cover, puzzles), { ...info, title: `${job.title} (cover)` });
    coverReport = { width: g.width, height: g.height, spineInches: g.spine / 72, spineText: g.spineText };
  }
  if (signal?.aborted) throw new UserError(RENDER_INTERRUPTED);
  return { pdf, cover, coverReport };
}

/** The puzzles the book uses get their final numbers in the bank; the surplus is banked for later. */
async function settleBank(job: JobConfig, bank: PuzzleBank, ordered: readonly Chosen[], setAside: readonly GradedPuzzle[]): Promise<number> {
  await bank.renumber('book', job.name, new Map(ordered.map((x, i) => [x.p.canon, i + 1])));
  return bank.add(setAside);
}

/** puzzles.jsonl's entries, with the pages the layout gave them. */
function entriesOf(job: JobConfig, ordered: readonly Chosen[], layout: BookLayout): BookEntry[] {
  return ordered.map((x, i) => {
    const where = layout.pageOf.get(i + 1)!;
    return {
      number: i + 1,
      section: job.sections[x.section].title,
      bucket: x.p.bucket,
      rating: x.p.rating,
      hardest: x.p.hardest,
      // A puzzle of another kind: its JSON form's fields, so `solve` and `canon` read the line.
      ...kindFieldsOf(x.p),
      puzzle: x.p.puzzle,
      solution: x.p.solution,
      page: where.page,
      answerPage: where.answerPage,
      seed: x.p.seed ?? '',
    };
  });
}

interface Times {
  start: number;
  generated: number;
  laid: number;
  rendered: number;
}

/** report.json. */
function bookReport(
  job: JobConfig,
  opts: RunOptions,
  parts: { entries: BookEntry[]; choice: Choice; printed: readonly Chosen[]; laid: ReturnType<typeof layOut>; cover: BookReport['cover']; banked: number; times: Times },
): BookReport {
  const { entries, choice, laid, times } = parts;
  const buckets: Record<string, number> = {};
  for (const e of entries) buckets[e.bucket] = (buckets[e.bucket] ?? 0) + 1;
  const { file: _file, ...config } = job;
  void _file;
  const st = choice.source.stats;
  return {
    name: job.name,
    puzzles: entries.length,
    pages: laid.layout.pages.length,
    warnings: laid.warnings,
    cover: parts.cover,
    buckets,
    candidates: {
      generated: st.generated,
      accepted: entries.length,
      fromBank: st.fromBank,
      fromSetAside: st.fromSetAside,
      setAsideUnused: choice.source.setAside.length,
      banked: parts.banked,
      rejected: st.rejected,
      hitRate: hitRateText(st.aimed),
      aimed: st.aimed,
    },
    // The figures of the puzzles printed whole (a workbook chapter's example and practice positions are not).
    sections: choice.sections.map((s, si) => ({ ...s, ...sectionFigures(parts.printed.filter((x) => x.section === si).map((x) => x.p)) })),
    timings: {
      generateMs: times.generated - times.start,
      layoutMs: times.laid - times.generated,
      renderMs: times.rendered - times.laid,
      totalMs: times.rendered - times.start,
    },
    workers: opts.workers,
    config,
  };
}

/** Make a book: the stages above, in order. What the run claimed in the bank is given back if it fails. */
export async function runBook(job: JobConfig, opts: RunOptions): Promise<BookOutput> {
  const times: Times = { start: Date.now(), generated: 0, laid: 0, rendered: 0 };
  const { bank } = opts;
  // A book made again gives back what it took last time, and takes again from scratch.
  await bank?.release('book', job.name);
  let choice: Choice;
  let ordered: Chosen[];
  let laid: ReturnType<typeof layOut>;
  let rendered: Awaited<ReturnType<typeof render>>;
  try {
    const pool = new WorkerPool(opts.workers);
    try {
      choice = await choosePuzzles(job, opts, pool);
    } finally {
      await pool.close();
    }
    times.generated = Date.now();
    const split = splitChapters(job, orderPuzzles(job, choice.chosen));
    ordered = split.printed;
    laid = layOut(job, ordered, split.extras);
    times.laid = Date.now();
    opts.onRender?.(laid.layout.pages.length);
    rendered = await render(job, laid.layout, laid.puzzles, opts.signal);
    times.rendered = Date.now();
  } catch (err) {
    // Nothing is written: what this run claimed in the bank is given back.
    await bank?.release('book', job.name);
    throw err;
  }
  const entries = entriesOf(job, ordered, laid.layout);
  const banked = bank ? await settleBank(job, bank, ordered, choice.source.setAside) : 0;
  const report = bookReport(job, opts, { entries, choice, printed: ordered, laid, cover: rendered.coverReport, banked, times });
  return { entries, report, layout: laid.layout, pdf: rendered.pdf, cover: rendered.cover };
}

/** The files of a book's output set, in the order they are written: puzzles.jsonl, report.json, book.pdf, cover.pdf. */
export function bookFiles(out: BookOutput): OutputFile[] {
  return [
    { name: 'puzzles.jsonl', data: out.entries.map((e) => JSON.stringify(e)).join('\n') + '\n' },
    { name: 'report.json', data: JSON.stringify(out.report, null, 2) + '\n' },
    { name: 'book.pdf', data: out.pdf },
    ...(out.cover ? [{ name: 'cover.pdf', data: out.cover }] : []),
  ];
}
