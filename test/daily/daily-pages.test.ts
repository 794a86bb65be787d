import { existsSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { UserError } from '../../src/core/errors.js';
import { solve } from '../../src/solver/solver.js';
import { parseGrid, formatGrid } from '../../src/core/grid.js';
import { weekdayOf, type DailyPuzzle } from '../../src/daily/daily.js';
import { writeDailyPages } from '../../src/daily/daily-pages.js';
import { openFont } from '../../src/typeset/fonts.js';
import { readPdf } from '../helpers/pdf.js';
import { loadTemplate, fontFile } from '../../src/typeset/templates.js';
import { renderPdf, RENDER_INTERRUPTED } from '../../src/typeset/render-pdf.js';

const PUZZLE = '..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..';

function day(date: string): DailyPuzzle {
  const solution = formatGrid(solve(parseGrid(PUZZLE))!);
  return { date, weekday: weekdayOf(date), slot: 1, bucket: 'easy', rating: 1.5, hardest: 'naked-single', puzzle: PUZZLE, solution, source: 'bank' };
}

const job = (output: string) => ({ output, title: 'Test Daily', layout: loadTemplate('newspaper') });
const dates = ['2027-01-01', '2027-01-02', '2027-01-03', '2027-01-04'];

describe('daily pages', () => {
  it('writes a complete folder per date and a proof copy', async () => {
    const out = mkdtempSync(join(tmpdir(), 'sp-pages-'));
    const r = await writeDailyPages(job(out), dates.map(day), []);
    expect(r.dates).toEqual(dates);
    for (const d of dates) expect(readdirSync(join(out, d)).sort()).toEqual(['index.html', 'puzzle-full.svg', 'puzzle.json', 'puzzle.pdf', 'puzzle.svg']);
    expect(existsSync(r.proof)).toBe(true);
    // Made again over the same folders, with a file of a slot no longer made: replaced, stale file gone.
    writeFileSync(join(out, dates[0], 'puzzle-2.json'), '{}');
    writeFileSync(join(out, dates[0], 'notes.txt'), 'kept');
    await writeDailyPages(job(out), dates.map(day), []);
    expect(readdirSync(join(out, dates[0])).sort()).toEqual(['index.html', 'notes.txt', 'puzzle-full.svg', 'puzzle.json', 'puzzle.pdf', 'puzzle.svg']);
    expect(readdirSync(out).filter((f) => f.startsWith('.'))).toEqual([]);
  });

  it('every solution of a day is printed the next day, also when that day has fewer puzzles', async () => {
    const out = mkdtempSync(join(tmpdir(), 'sp-pages-'));
    // Two puzzles on the 1st and 2nd, one on the 3rd, two again on the 4th.
    const puzzles = [0, 0, 1, 1, 2, 3, 3].map((i, k) => ({ ...day(dates[i]), slot: k === 1 || k === 3 || k === 6 ? 2 : 1 }));
    await writeDailyPages(job(out), puzzles, []);
    const words = async (d: string, f: string) => (await readPdf(join(out, d, f))).pages[0].map((t) => t.str).join(' ');
    expect(await words('2027-01-02', 'puzzle.pdf')).toContain('Solution to Fri 1 Jan (1)');
    expect(await words('2027-01-02', 'puzzle-2.pdf')).toContain('Solution to Fri 1 Jan (2)');
    const third = await words('2027-01-03', 'puzzle.pdf');
    expect(third).toContain('Solution to Sat 2 Jan (1)');
    expect(third).toContain('Solution to Sat 2 Jan (2)');
    expect(await words('2027-01-04', 'puzzle.pdf')).toContain('Solution to Sun 3 Jan');
    expect(await words('2027-01-04', 'puzzle-2.pdf')).not.toContain('Solution to');
  });

  it('Ctrl-C while writing: every date folder complete or absent, what was kept is said', async () => {
    const out = mkdtempSync(join(tmpdir(), 'sp-pages-'));
    const controller = new AbortController();
    let error: unknown;
    try {
      // Abort while the second date is being rendered: the first is kept, the second removed.
      await writeDailyPages(job(out), dates.map(day), [], {
        signal: controller.signal,
        onDate: (_d, done) => {
          if (done === 1) setImmediate(() => controller.abort());
        },
      });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(UserError);
    expect((error as Error).message).toMatch(/^interrupted while writing pages: kept 1 complete date folder \(2027-01-01\) in .*; the other dates and the proof copy were not written/);
    expect(readdirSync(out)).toEqual(['2027-01-01']);
    expect(readdirSync(join(out, '2027-01-01')).sort()).toEqual(['index.html', 'puzzle-full.svg', 'puzzle.json', 'puzzle.pdf', 'puzzle.svg']);
  });
});

describe('rendering', () => {
  it('stops between pages when the signal is aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    const t = loadTemplate('newspaper');
    await expect(renderPdf({ pageSize: t.pageSize, pages: [{ kind: 'blank', number: 1 }] }, t, { title: 'x', author: 'x', date: '2027-01-01' }, undefined, controller.signal)).rejects.toThrow(RENDER_INTERRUPTED);
  });

  it('parses each font file once per process', () => {
    const file = fontFile('DejaVuSans');
    expect(openFont(file)).toBe(openFont(file));
    expect(() => openFont(join(tmpdir(), 'no-such-font.ttf'))).toThrow('no such file');
  });
});
