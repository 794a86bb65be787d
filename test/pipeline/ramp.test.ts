import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseGrid } from '../../src/core/grid.js';
import { gradePuzzle } from '../../src/grader/grade.js';
import { DEFAULT_CLUES, loadJob, rampWarnings, sectionBand } from '../../src/pipeline/job.js';
import { runBook, sectionFigures, sectionSummary, type BookOutput } from '../../src/pipeline/run.js';
import { countSolutions } from '../../src/solver/solver.js';
import { runCli } from '../helpers/cli.js';

const tmp = mkdtempSync(join(tmpdir(), 'sp-ramp-'));

function job(name: string, sections: string, more = ''): string {
  const file = join(tmp, `${name}.yaml`);
  writeFileSync(file, `name: ${name}\ntitle: T\nseed: ${name}-1\noutput: ${join(tmp, name)}\ncover: false\n${more}sections:\n${sections}\n`);
  return file;
}

describe('ramps', () => {
  it.each(['book.yaml', 'trade-paperback.yaml', 'large-print.yaml', 'a4-weekly.yaml'])('config/%s: every section starts at or above where the one before ends', (f) => {
    const j = loadJob(`config/${f}`);
    const bands = j.sections.map((s) => sectionBand(s, j.levels));
    for (let i = 1; i < bands.length; i++) expect(bands[i].min, `${j.sections[i].title} after ${j.sections[i - 1].title}`).toBeGreaterThanOrEqual(bands[i - 1].max);
    expect(rampWarnings(j)).toEqual([]);
    // Every section names its clue counts, spread by the generator, more when easier.
    for (const s of j.sections) expect(s.clues).not.toBeNull();
  });

  it('the default book stops at hard (ER 4.4, no chains); the trade paperback goes on to expert', () => {
    const book = loadJob('config/book.yaml');
    expect(book.sections.map((s) => s.bucket)).toEqual(['easy', 'medium', 'hard']);
    expect(sectionBand(book.sections[2], book.levels).max).toBe(4.4);
    expect(loadJob('config/trade-paperback.yaml').sections.at(-1)!.bucket).toBe('expert');
  });

  it('warns (names both sections) when a section may start below where the one before ends, from the buckets alone or from bands', () => {
    const falling = loadJob(job('falling', '  - { title: Tough, bucket: hard, count: 1 }\n  - { title: Gentle, bucket: easy, count: 1 }'));
    expect(rampWarnings(falling)).toEqual([expect.stringMatching(/falling\.yaml: sections\[1\] \("Gentle", easy from ER 1\.0\) may start below where sections\[0\] \("Tough", hard up to ER 4\.4\) ends/)]);
    const overlap = loadJob(job('overlap', '  - { title: A, bucket: medium, count: 1, rating: { min: 2, max: 3 } }\n  - { title: B, bucket: medium, count: 1, rating: { min: 2.8 } }'));
    expect(rampWarnings(overlap)).toEqual([expect.stringMatching(/sections\[1\] \("B", medium from ER 2\.8\) may start below where sections\[0\] \("A", medium up to ER 3\.0\) ends/)]);
    // Buckets alone overlap (easy puzzles rate up to 2.3, medium from 1.7).
    expect(rampWarnings(loadJob(job('plain', '  - { title: E, bucket: easy, count: 1 }\n  - { title: M, bucket: medium, count: 1 }')))).toHaveLength(1);
    const rising = loadJob(job('rising', '  - { title: E, bucket: easy, count: 1, rating: { max: 1.5 } }\n  - { title: M, bucket: medium, count: 1, rating: { min: 1.5 } }\n  - { title: X, bucket: expert, count: 1 }'));
    expect(rampWarnings(rising)).toEqual([]);
  });

  it('the book command prints the warning on stderr and still makes the book', () => {
    const r = runCli(['book', job('falling-cli', '  - { title: Tough, bucket: hard, count: 1 }\n  - { title: Gentle, bucket: easy, count: 1 }'), '--workers', '1']);
    expect(r.status).toBe(0);
    expect(r.stderr).toMatch(/^sudoku-press: warning: .*falling-cli\.yaml: sections\[1\] \("Gentle", .*\) may start below where sections\[0\] \("Tough", .*\) ends/m);
    expect(r.stdout).toMatch(/wrote .*book\.pdf: 2 puzzles \(Tough 1 \(ER [\d.]+, clues \d+, mean [\d.]+\); Gentle 1 \(ER 1\.[25], clues 3[2-8], mean 3[2-8]\.0\)\)/);
  });

  it('easy and medium sections without a clue range get the defaults; others keep their puzzles as dug', () => {
    const j = loadJob(job('defaults', '  - { title: E, bucket: easy, count: 1 }\n  - { title: M, bucket: medium, count: 1 }\n  - { title: H, bucket: hard, count: 1 }'));
    expect(j.sections.map((s) => s.clues)).toEqual([{ min: 32, max: 38 }, { min: 28, max: 32 }, null]);
    expect(DEFAULT_CLUES.easy).toEqual({ min: 32, max: 38 });
    // A generator range that leaves no room for a default: none.
    const narrow = loadJob(job('narrow', '  - { title: E, bucket: easy, count: 1 }', 'generator: { clues: { min: 22, max: 30 } }\n'));
    expect(narrow.sections[0].clues).toBeNull();
  });
});

describe('clue counts spread over each section range', () => {
  let out: BookOutput;
  let file: string;
  const sections = [
    '  - { title: Easy, bucket: easy, count: 20, rating: { max: 1.5 }, clues: { min: 32, max: 38 } }',
    '  - { title: Medium, bucket: medium, count: 8, rating: { min: 1.6, max: 3.4 }, clues: { min: 28, max: 32 } }',
    '  - { title: Hard, bucket: hard, count: 4, rating: { min: 3.5, max: 4.4 }, clues: { min: 25, max: 30 } }',
  ].join('\n');

  beforeAll(async () => {
    // A small budget: were clues not given back, the easy section would fail at once, not run on.
    file = job('spread', sections, 'budget: 400\n');
    // Inline (no worker threads): the tests run the sources, the workers the build.
    out = await runBook(loadJob(file), { workers: 0 });
  }, 180_000);

  it('keeps every count inside its range, spread (several counts, mean near the middle), reported per section', () => {
    const j = loadJob(file);
    j.sections.forEach((s, si) => {
      const got = out.entries.filter((e) => e.section === s.title);
      expect(got).toHaveLength(s.count);
      const clues = got.map((e) => [...e.puzzle].filter((c) => c !== '.').length);
      for (const n of clues) {
        expect(n).toBeGreaterThanOrEqual(s.clues!.min);
        expect(n).toBeLessThanOrEqual(s.clues!.max);
      }
      const mean = clues.reduce((a, b) => a + b, 0) / clues.length;
      const figures = sectionFigures(got.map((e, k) => ({ clues: clues[k], rating: e.rating })));
      expect(out.report.sections[si]).toMatchObject(figures);
      expect(figures.clues!.mean).toBeCloseTo(mean, 1);
      if (s.title === 'Easy') {
        // Minimal easy puzzles have 26-31 clues: these were given clues back, spread over 32-38.
        expect(new Set(clues).size).toBeGreaterThanOrEqual(3);
        expect(Math.abs(mean - 35)).toBeLessThanOrEqual(1.5);
      }
      if (s.title === 'Medium') expect(new Set(clues).size).toBeGreaterThanOrEqual(3);
    });
    expect(sectionSummary(out.report.sections[0])).toMatch(/^Easy 20 \(ER 1\.[25](-1\.5)?, clues 3\d-3\d, mean 3\d\.\d\)$/);
  });

  it('a section of another kind gives its ratings as SE-like, not as ER', () => {
    const figures = { clues: { min: 10, max: 12, mean: 11 }, ratings: { min: 1.2, max: 2.3 } };
    expect(sectionSummary({ title: 'Warm-up', count: 4, kind: 'classic', ...figures })).toBe('Warm-up 4 (SE-like 1.2-2.3, clues 10-12, mean 11.0)');
    expect(sectionSummary({ title: 'Easy', count: 4, ...figures })).toBe('Easy 4 (ER 1.2-2.3, clues 10-12, mean 11.0)');
  });

  it('every puzzle is unique and still in its bucket and rating band when graded again; ratings never fall through the book', () => {
    const j = loadJob(file);
    let last = 0;
    for (const e of out.entries) {
      const s = j.sections.find((x) => x.title === e.section)!;
      const grid = parseGrid(e.puzzle);
      expect(countSolutions(grid, 2)).toBe(1);
      const g = gradePuzzle(grid);
      expect([g.bucket, g.rating, g.solution]).toEqual([s.bucket, e.rating, e.solution]);
      expect(e.rating!).toBeGreaterThanOrEqual(s.rating!.min);
      expect(e.rating!).toBeLessThanOrEqual(s.rating!.max);
      expect(e.rating!).toBeGreaterThanOrEqual(last);
      last = e.rating!;
    }
  });

});
