import { describe, expect, it } from 'vitest';
import { Budget, CandidateSource, hitRateText, misfit, type Section } from '../../src/pipeline/candidate-source.js';
import { UserError } from '../../src/core/errors.js';
import type { GradedPuzzle } from '../../src/core/graded-puzzle.js';
import { DEFAULT_LEVELS } from '../../src/grader/levels.js';
import { WorkerPool as InlinePool } from '../../src/workers/pool.js';
// Worker threads load compiled code: the source that sends its task to threads is the built one (npm test builds first).
import { CandidateSource as BuiltSource } from '../../dist/pipeline/candidate-source.js';
import { WorkerPool } from '../../dist/workers/pool.js';

const generator = { fill: 'diagonal' as const, dig: 'remove' as const, symmetry: 'rotational' as const, clues: null };
const levels = DEFAULT_LEVELS.map((l) => ({ ...l }));

function source(pool: InlinePool, lookahead = 1, batch = 4): CandidateSource {
  return new CandidateSource({ pool, seed: 'src', generator, levels, batch, lookahead });
}

const section = (key: string, bucket: string, more: Partial<Section> = {}): Section => ({
  key,
  where: `test ${key}`,
  bucket,
  rating: null,
  clues: null,
  budget: new Budget(`bucket ${bucket}`, 64, 'raise it'),
  ...more,
});

/** Take two medium, then three easy: the easy ones come first from what the medium section set aside. */
async function run(s: CandidateSource): Promise<{ medium: GradedPuzzle[]; easy: GradedPuzzle[]; aside: GradedPuzzle[]; s: CandidateSource }> {
  const medium = await s.take(section('m', 'medium'), 2);
  const aside = [...s.setAside];
  const easy = await s.take(section('e', 'easy'), 3);
  return { medium, easy, aside, s };
}

describe('candidate source', () => {
  it('hands out fitting puzzles, set-aside ones first, the same whatever the workers and lookahead', async () => {
    const inline = new InlinePool(0);
    const threads = new WorkerPool(2);
    try {
      const a = await run(source(inline));
      const b = await run(new BuiltSource({ pool: threads, seed: 'src', generator, levels, batch: 4, lookahead: 3 }) as unknown as CandidateSource);
      expect(b.medium).toEqual(a.medium);
      expect(b.easy).toEqual(a.easy);
      expect(b.s.setAside).toEqual(a.s.setAside);
      expect(a.medium.map((p) => p.bucket)).toEqual(['medium', 'medium']);
      expect(a.easy.map((p) => p.bucket)).toEqual(['easy', 'easy', 'easy']);
      // Each record says how it was made and graded.
      expect(a.medium[0]).toMatchObject({ fill: 'diagonal', dig: 'remove', symmetry: 'rotational', seed: expect.stringMatching(/^src#m:\d+$/) });
      const st = a.s.stats;
      // Every candidate aimed at medium is counted, and those that graded medium are the hits.
      expect(st.aimed.medium.made).toBe(st.generated - (st.aimed.easy?.made ?? 0));
      const handedOut = [...a.medium, ...a.easy].map((p) => p.canon);
      expect(new Set(handedOut).size).toBe(5);
      for (const p of a.s.setAside) expect(handedOut).not.toContain(p.canon);
      // The easy section starts with the easy candidates the medium section set aside, in order.
      const reused = a.aside.filter((p) => p.bucket === 'easy').slice(0, 3);
      expect(a.s.stats.fromSetAside).toBe(reused.length);
      expect(a.easy.slice(0, reused.length)).toEqual(reused);
      expect(a.aside.length).toBeGreaterThan(0);
    } finally {
      await threads.close();
    }
  });

  it('skips a puzzle the caller cannot record, and a claimed bank puzzle comes first', async () => {
    const s = source(new InlinePool(0));
    const banked = { puzzle: 'p', solution: 's', canon: 'bank-canon', clues: 30, bucket: 'easy', rating: 1.2, hardest: null, techniques: {}, grader: 'g', seed: 'bank:1' };
    let refused = 0;
    const got = await s.take(section('k', 'easy'), 3, {
      claim: (n, exclude) => {
        expect(n).toBe(3);
        expect(exclude.size).toBe(0);
        return [banked];
      },
      // Another run took the first new puzzle meanwhile.
      keep: () => refused++ > 0,
    });
    expect(got.length).toBe(3);
    expect(got[0]).toBe(banked);
    expect(s.stats.fromBank).toBe(1);
    expect(s.stats.rejected.duplicate).toBe(1);
  });

  it('stops at the budget with one message naming the section, the band and the ways out', async () => {
    const s = source(new InlinePool(0));
    const budget = new Budget('bucket easy', 8, 'raise "budget" (now 8)');
    const err = await s.take(section('x', 'easy', { rating: { min: 9, max: 10 }, budget, otherwise: ['lower "count"', 'widen "rating"'] }), 2).catch((e: Error) => e);
    expect(err).toBeInstanceOf(UserError);
    expect((err as Error).message).toBe(
      'test x: found 0 of 2 easy puzzles rated 9-10 after 8 candidates (8 for bucket easy in all); raise "budget" (now 8), lower "count", or widen "rating"',
    );
    expect(budget.spent).toBe(8);
    // What was read is kept for later sections.
    expect(s.setAside.length).toBe(8);
  });

  it('stops on Ctrl-C at once, without waiting for the candidates being made', async () => {
    // A pool whose tasks never finish: only the interruption can end the section.
    const stuck = {
      async *mapOrdered() {
        await new Promise(() => undefined);
      },
    } as unknown as InlinePool;
    const controller = new AbortController();
    const s = new CandidateSource({ pool: stuck, seed: 'src', generator, levels, batch: 4, lookahead: 2, signal: controller.signal, interrupted: 'interrupted: as told' });
    const taking = s.take(section('z', 'easy'), 1).catch((e: Error) => e);
    await new Promise((r) => setImmediate(r));
    controller.abort();
    const err = await taking;
    expect(err).toBeInstanceOf(UserError);
    expect((err as Error).message).toBe('interrupted: as told');
  });

  it('ends a section early when told another run did it', async () => {
    const s = source(new InlinePool(0));
    let batches = 0;
    const got = await s.take(section('y', 'hard', { rating: { min: 11, max: 11.9 } }), 1, { stop: () => batches++ > 0 });
    expect(got).toEqual([]);
    expect(s.stats.generated).toBe(4);
  });

  it('lands at least half of the candidates aimed at medium or hard in that bucket', async () => {
    const s = source(new InlinePool(0), 1, 16);
    await s.take(section('hm', 'medium'), 1);
    await s.take(section('hh', 'hard'), 1);
    expect(s.stats.aimed.medium.made).toBe(16);
    expect(s.stats.aimed.hard.made).toBe(16);
    expect(s.stats.aimed.medium.hit).toBeGreaterThanOrEqual(8);
    expect(s.stats.aimed.hard.hit).toBeGreaterThanOrEqual(8);
  });

  it('says why a puzzle does not fit, and gives the hit rate', () => {
    const p = { bucket: 'medium', rating: 3.0, clues: 26 };
    expect(misfit({ bucket: 'medium', rating: null, clues: null }, p)).toBeNull();
    expect(misfit({ bucket: 'hard', rating: null, clues: null }, p)).toBe('bucket');
    expect(misfit({ bucket: 'medium', rating: { min: 3.2, max: 4 }, clues: null }, p)).toBe('rating');
    expect(misfit({ bucket: 'medium', rating: null, clues: { min: 27, max: 30 } }, p)).toBe('clues');
    expect(hitRateText({ medium: { made: 16, hit: 12 }, hard: { made: 16, hit: 15 } })).toBe('84%');
    expect(hitRateText({ medium: { made: 16, hit: 12 }, hard: { made: 16, hit: 15 } }, ['medium'])).toBe('75%');
    expect(hitRateText({})).toBe('-');
  });
});
