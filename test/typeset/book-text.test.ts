import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BOX_OF, COL_OF, PEERS, ROW_OF } from '../../src/core/units.js';
import { loadJob } from '../../src/pipeline/job.js';
import { blurb, bookFacts, sectionOrder } from '../../src/typeset/book-text.js';
import { layoutBook, type BookMatter, type BookPuzzle, type Page } from '../../src/typeset/layout.js';
import { renderPdf } from '../../src/typeset/render-pdf.js';
import { loadTemplate } from '../../src/typeset/templates.js';
import { workedExample } from '../../src/typeset/worked-example.js';
import { readPdf, type PdfContent } from '../helpers/pdf.js';
import { bookPuzzles, matter, PUZZLES, SECTIONS } from './books.js';

const tmp = mkdtempSync(join(tmpdir(), 'sp-book-text-'));

/** Ratings of two puzzles per section, so that the sections rise, fall or neither. */
const RATINGS: Record<'rising' | 'falling' | 'mixed', number[][]> = {
  rising: [
    [1.2, 1.5],
    [2.6, 3.0],
    [4.6, 5.2],
  ],
  falling: [
    [4.6, 5.2],
    [2.6, 3.0],
    [1.2, 1.5],
  ],
  mixed: [
    [2.6, 3.0],
    [1.2, 1.5],
    [4.6, 5.2],
  ],
};

/** The sentences each fact must print, and the ones it must not. */
const ORDER = {
  rising: 'The puzzles grow harder through the book.',
  falling: 'The book opens with its hardest section and grows easier; within each section the puzzles grow harder.',
  mixed: 'Within each section the puzzles grow harder; the sections are not in order of difficulty.',
};
const WHERE = { end: 'The solutions are at the back of the book.', section: 'The solutions of each section follow its puzzles.' };

/** Text of a page with every space taken out (lines break anywhere between words). */
const squeezed = (pdf: PdfContent, n: number) => pdf.pages[n - 1].map((t) => t.str).join('').replace(/\s+/g, '');
const sq = (s: string) => s.replace(/\s+/g, '');

async function made(name: string, t: ReturnType<typeof loadTemplate>, m: BookMatter, puzzles: BookPuzzle[], answers: 'end' | 'section') {
  const layout = layoutBook(t, m, SECTIONS, puzzles, answers);
  const file = join(tmp, `${name}.pdf`);
  writeFileSync(file, await renderPdf(layout, t, { title: m.title, author: m.author, date: m.date }));
  return { layout, pdf: await readPdf(file) };
}

describe('truthful text: a matrix of books read back', () => {
  const t = loadTemplate('letter-4up');
  const cases = (['end', 'section'] as const).flatMap((answers) => [true, false].flatMap((howToPlay) => (['rising', 'falling', 'mixed'] as const).map((order) => [answers, howToPlay, order] as const)));
  it.each(cases)('answers %s, how to play %s, sections %s', async (answers, howToPlay, order) => {
    const puzzles = bookPuzzles([2, 2, 2], (s, i) => RATINGS[order][s][i]);
    const m = matter({ front: { titlePage: true, copyright: '© 2026 An Author.', howToPlay, contents: true, introduction: null } });
    const { layout, pdf } = await made(`m-${answers}-${howToPlay}-${order}`, t, m, puzzles, answers);
    const all = pdf.pages.map((_, i) => squeezed(pdf, i + 1)).join('');
    const how = layout.pages.find((p) => p.kind === 'how-to-play');
    expect(how !== undefined).toBe(howToPlay);
    if (how) {
      const page = squeezed(pdf, how.number);
      expect(page).toContain(sq(ORDER[order]));
      expect(page).toContain(sq(WHERE[answers]));
      expect(page).toContain(sq('Fill every empty cell with a digit from 1 to 9'));
    }
    // Nothing false anywhere: no other order, no other place for the solutions.
    for (const [k, s] of Object.entries(ORDER)) if (k !== order || !howToPlay) expect(all).not.toContain(sq(s));
    for (const [k, s] of Object.entries(WHERE)) if (k !== answers || !howToPlay) expect(all).not.toContain(sq(s));
    // The contents names the how-to-play page only when there is one, and where the solutions are.
    const contents = squeezed(pdf, layout.pages.find((p) => p.kind === 'contents')!.number);
    expect(contents.includes(sq('How to play'))).toBe(howToPlay);
    if (answers === 'section') for (const s of SECTIONS) expect(contents).toContain(sq(`Solutions: ${s.title}`));
    else expect(contents).toContain('Solutions');
    expect(contents.includes('Solutions:')).toBe(answers === 'section');
    // The copyright page: the one-solution line.
    expect(squeezed(pdf, 2)).toContain(sq('Every puzzle in this book has exactly one solution'));
    // The difficulty note gives each section its range of stars.
    const scale = squeezed(pdf, layout.pages.find((p) => p.kind === 'scale')!.number);
    const stars = Object.fromEntries(SECTIONS.map((s, i) => [s.title, RATINGS[order][i]]));
    const range = (r: number[]) => (r[0] >= 4.5 ? '★★★★★' : r[0] >= 2.6 ? '★★★' : '★');
    for (const s of SECTIONS) expect(scale).toContain(sq(`${s.title}: ${range(stars[s.title])}`));

    // The back-cover blurb from the same facts.
    const text = blurb(bookFacts({ sections: SECTIONS, answers, front: { howToPlay }, labels: m.labels }, puzzles));
    expect(text).toContain('6 Sudoku puzzles in 3 sections: 2 Gentle, 2 Steady, and 2 Fiendish.');
    expect(text.includes('A how-to-play page with a worked example.')).toBe(howToPlay);
    expect(text).toContain(answers === 'end' ? 'Every solution at the back of the book.' : 'The solutions after each section.');
    expect(text).toContain({ rising: 'Each section is harder than the one before.', falling: 'The book starts with its hardest section and grows easier.', mixed: 'Within each section the puzzles grow harder.' }[order]);
    expect(text).toContain('A difficulty rating on every puzzle, from gentle to fiendish.');
  });

  it('orders sections by their middle rating; one section rises', () => {
    expect(sectionOrder([1])).toBe('rising');
    expect(sectionOrder([1, 1, 2])).toBe('rising');
    expect(sectionOrder([3, 2, 2])).toBe('falling');
    expect(sectionOrder([2, 1, 3])).toBe('mixed');
    // A blurb of one section names no sections and no order, and says no rating when labels show none.
    const one = blurb(bookFacts({ sections: [{ title: 'All' }], answers: 'end', front: { howToPlay: false }, labels: { puzzle: 'Puzzle {number}', answer: null } }, bookPuzzles([1])));
    expect(one).toBe('1 Sudoku puzzle.\n\nEvery puzzle has exactly one solution and can be solved by logic alone, without guessing. Every solution at the back of the book.');
    // The catalogue's labels show stars; with stars off they show no difficulty.
    const puzzles = bookPuzzles([1, 1], (s) => [1.2, 5][s]);
    const job = { sections: SECTIONS.slice(0, 2), answers: 'section' as const, front: { howToPlay: true }, labels: { puzzle: null, answer: null } };
    expect(blurb(bookFacts(job, puzzles))).toContain('A difficulty rating on every puzzle, from gentle to fiendish.');
    expect(blurb(bookFacts({ ...job, difficulty: { stars: false, words: {}, by: 'puzzle' } }, puzzles))).not.toContain('difficulty rating');
  });
});

describe('difficulty scale', () => {
  it('in a book whose sections rise, the stars never go down from one puzzle to the next', async () => {
    const t = loadTemplate('letter-4up');
    // Ratings rising within and across sections, as the ordered book has them; an unrated puzzle last.
    const er = [1.2, 1.5, 1.5, 1.7, 2.4, 2.6, 2.6, 3.4, 3.5, 4.4, 4.5, 7.2, null];
    const puzzles = bookPuzzles([4, 4, 5], (s, i) => er[[0, 4, 8][s] + i]);
    const { layout, pdf } = await made('stars', t, matter(), puzzles, 'end');
    const seen: number[] = [];
    for (const p of layout.pages) {
      if (p.kind !== 'puzzles') continue;
      const items = pdf.pages[p.number - 1].filter((i) => i.str.includes('★')).sort((a, b) => a.y - b.y || a.x - b.x);
      seen.push(...items.map((i) => [...i.str].filter((c) => c === '★').length));
    }
    expect(seen).toEqual([1, 1, 1, 2, 2, 3, 3, 3, 4, 4, 5, 5, 5]);
    for (let i = 1; i < seen.length; i++) expect(seen[i]).toBeGreaterThanOrEqual(seen[i - 1]);
  });

  it('prints the legend: five bands with their words and what they need; labels with the section word or no stars', async () => {
    const t = loadTemplate('a4-2up');
    const puzzles = bookPuzzles([2, 2, 2], (s, i) => RATINGS.rising[s][i]);
    const { layout, pdf } = await made('legend', t, matter(), puzzles, 'end');
    const scale = layout.pages.find((p) => p.kind === 'scale')!;
    const text = squeezed(pdf, scale.number);
    for (const [stars, word] of [
      ['★', 'gentle'],
      ['★★', 'easy'],
      ['★★★', 'moderate'],
      ['★★★★', 'tough'],
      ['★★★★★', 'fiendish'],
    ])
      expect(text).toContain(sq(`${stars}${word}:`));
    expect(text).toContain(sq('X-wing'));
    expect(text).not.toContain('★★★★★★');
    // The job's words, no stars, and every puzzle labelled with its section's word.
    const d = { stars: false, words: { gentle: 'warm-up', fiendish: 'devilish' }, by: 'section' as const };
    const other = await made('legend-words', t, matter({ difficulty: d, labels: { puzzle: 'Puzzle {number} {word} {stars}', answer: null } }), bookPuzzles([2, 2, 2], (s, i) => [[1.0, 2.0], [2.6, 3.0], [4.0, 5.2]][s][i]), 'end');
    const legend = squeezed(other.pdf, other.layout.pages.find((p) => p.kind === 'scale')!.number);
    expect(legend).not.toContain('★');
    expect(legend).toContain(sq('warm-up:'));
    expect(legend).toContain(sq('devilish: advanced patterns'));
    expect(legend).toContain(sq('Gentle: warm-up'));
    expect(legend).toContain(sq('Fiendish: tough'));
    const labels = other.layout.pages.flatMap((p) => (p.kind === 'puzzles' ? p.boxes.map((b) => b.label) : []));
    // Section words: the middle puzzle's band (Gentle 1.0/2.0 -> warm-up, Fiendish 4.0/5.2 -> tough).
    expect(labels).toEqual(['Puzzle 1 warm-up', 'Puzzle 2 warm-up', 'Puzzle 3 moderate', 'Puzzle 4 moderate', 'Puzzle 5 tough', 'Puzzle 6 tough']);
  });

  it("section openers show the section's difficulty when its labels show one: its range, or its level by section", async () => {
    const t = loadTemplate('trade-6x9');
    const puzzles = bookPuzzles([2, 2, 2], (s, i) => [[1.2, 2.0], [2.6, 3.0], [4.0, 5.2]][s][i]);
    const openers = async (name: string, m: BookMatter) => {
      const { layout, pdf } = await made(name, t, m, puzzles, 'end');
      return layout.pages.filter((p) => p.kind === 'section').map((p) => squeezed(pdf, p.number));
    };
    expect(await openers('open-range', matter())).toEqual([sq('Gentle 2 puzzles ★ to ★★'), sq('Steady 2 puzzles ★★★'), sq('Fiendish 2 puzzles ★★★★ to ★★★★★'), sq('Solutions 6 solutions')]);
    const bySection = { stars: true, words: { gentle: 'warm-up' }, by: 'section' as const };
    expect(await openers('open-section', matter({ difficulty: bySection }))).toEqual([sq('Gentle 2 puzzles ★ warm-up'), sq('Steady 2 puzzles ★★★ moderate'), sq('Fiendish 2 puzzles ★★★★ tough'), sq('Solutions 6 solutions')]);
    // Labels that show no difficulty: the openers do not either.
    expect(await openers('open-none', matter({ labels: { puzzle: 'Puzzle {number}', answer: null } }))).toEqual([sq('Gentle 2 puzzles'), sq('Steady 2 puzzles'), sq('Fiendish 2 puzzles'), sq('Solutions 6 solutions')]);
  });

  it('reads the difficulty key from a job and refuses unknown words', () => {
    const job = loadJob('config/book.yaml');
    expect(job.difficulty).toEqual({ stars: true, words: {}, by: 'puzzle' });
    const file = join(tmp, 'difficulty.yaml');
    writeFileSync(file, 'name: d\ntitle: D\nseed: 1\nsections: [{ title: A, bucket: easy, count: 1 }]\ndifficulty: { stars: false, by: section, words: { fiendish: devilish } }\n');
    expect(loadJob(file).difficulty).toEqual({ stars: false, words: { fiendish: 'devilish' }, by: 'section' });
    writeFileSync(file, 'name: d\ntitle: D\nseed: 1\nsections: [{ title: A, bucket: easy, count: 1 }]\ndifficulty: { words: { fiendsh: x } }\n');
    expect(() => loadJob(file)).toThrow(/difficulty\.words.*fiendsh.*fiendish/);
    // Notes pages and the difficulty page are switched by the job; the defaults are none and on.
    expect([job.notes, job.front.difficulty]).toEqual([false, true]);
    writeFileSync(file, 'name: d\ntitle: D\nseed: 1\nsections: [{ title: A, bucket: easy, count: 1 }]\nnotes: true\nfront: { difficulty: false }\n');
    const j = loadJob(file);
    expect([j.notes, j.front.difficulty]).toEqual([true, false]);
  });
});

describe('no waste', () => {
  it('the A4 weekly: 12 pages, none blank, the difficulty key on its how-to-play page', async () => {
    const job = loadJob('config/a4-weekly.yaml');
    const sizes = job.sections.map((s) => s.count);
    const puzzles = bookPuzzles(sizes, (s, i) => [1.2, 2.6, 3.6][s] + i * 0.1);
    const layout = layoutBook(job.layout, job, job.sections, puzzles, job.answers);
    expect(layout.pages.length).toBeLessThanOrEqual(12);
    expect(layout.pages.filter((p) => p.kind === 'blank')).toEqual([]);
    const how = layout.pages.find((p) => p.kind === 'how-to-play') as Extract<Page, { kind: 'how-to-play' }>;
    expect(how.key?.items).toEqual(['★ gentle', '★★ easy', '★★★ moderate', '★★★★ tough', '★★★★★ fiendish']);
    const file = join(tmp, 'weekly.pdf');
    writeFileSync(file, await renderPdf(layout, job.layout, { title: job.title, author: job.author, date: job.date }));
    const pdf = await readPdf(file);
    expect(pdf.pages).toHaveLength(layout.pages.length);
    expect(squeezed(pdf, how.number)).toContain(sq('Difficulty, from easiest to hardest: ★ gentle'));
  });

  it('blank pages only before right-hand openers and at the end; notes pages instead of the trailing ones', () => {
    const t = loadTemplate('trade-6x9');
    for (const answers of ['end', 'section'] as const) {
      for (const notes of [false, true]) {
        const layout = layoutBook(t, matter({ notes, signature: 8 }), SECTIONS, bookPuzzles([3, 2, 2]), answers);
        const pages = layout.pages;
        expect(pages.length % 8).toBe(0);
        pages.forEach((p, i) => {
          if (p.kind !== 'blank') return;
          // A blank is followed by a right-hand opener, contents or introduction, or by nothing but blanks (then none are notes).
          const rest = pages.slice(i + 1);
          const next = rest[0];
          if (notes) expect(next === undefined || next.kind !== 'notes').toBe(true);
          expect(next === undefined || rest.every((q) => q.kind === 'blank') || (next.number % 2 === 1 && ['section', 'contents', 'text'].includes(next.kind))).toBe(true);
        });
        const tail = pages.slice(pages.findLastIndex((p) => p.kind !== 'blank' && p.kind !== 'notes') + 1);
        for (const p of tail) expect(p.kind).toBe(notes ? 'notes' : 'blank');
      }
    }
  });
});

describe('labels and furniture', () => {
  it('puzzle labels bold, sized to the grid, with the solution page; answer labels with the puzzle page; one running-head rule', async () => {
    const t = loadTemplate('letter-4up');
    const puzzles = bookPuzzles([5, 3]);
    for (const answers of ['end', 'section'] as const) {
      const m = matter({ labels: { puzzle: null, answer: null } });
      const layout = layoutBook(t, m, SECTIONS.slice(0, 2), puzzles, answers);
      const file = join(tmp, `labels-${answers}.pdf`);
      writeFileSync(file, await renderPdf(layout, t, { title: 'T', author: 'A', date: '2026-01-01' }));
      const pdf = await readPdf(file);
      for (const p of layout.pages) {
        if (p.kind !== 'puzzles' && p.kind !== 'answers') continue;
        const items = pdf.pages[p.number - 1];
        const strs = items.map((i) => i.str);
        // The running head: "<title> · <what the page holds>", for puzzles and answers alike.
        const section = SECTIONS[puzzles.find((q) => q.number === p.boxes[0].number)!.section].title;
        const part = p.kind === 'puzzles' ? section : answers === 'end' ? 'Solutions' : `Solutions: ${section}`;
        expect(strs).toContain(`Test Book · ${part}`);
        for (const b of p.boxes) {
          const at = layout.pageOf.get(b.number)!;
          // The fixture's puzzles are rated 2.5 (two stars), puzzle 8 unrated (five).
          const stars = '★'.repeat(b.number === 8 ? 5 : 2);
          const label = p.kind === 'puzzles' ? `Puzzle ${b.number} ${stars} · solution p. ${at.answerPage}` : `Solution ${b.number} · p. ${at.page}`;
          const item = items.find((i) => i.str === label);
          expect(item, label).toBeDefined();
          // Bold: the clues' font; larger than the template's label size.
          const k = [...b.puzzle].findIndex((c) => c !== '.');
          const cell = b.size / 9;
          const cx = b.x + (k % 9) * cell + cell / 2;
          const cy = b.y + Math.floor(k / 9) * cell + cell / 2;
          const clue = items.find((i) => i.str === b.puzzle[k] && Math.abs(i.x + i.width / 2 - cx) < cell / 2 && Math.abs(i.y - cy) < cell / 2)!;
          expect(item!.font).toBe(clue.font);
          expect(b.labelSize).toBeGreaterThanOrEqual(t.fontSizes.label);
          // The page it names holds the other half.
          const other = layout.pages[(p.kind === 'puzzles' ? at.answerPage : at.page) - 1] as Extract<Page, { kind: 'puzzles' | 'answers' }>;
          expect(other.boxes.map((x) => x.number)).toContain(b.number);
        }
      }
    }
  });

  it('a default label names no page where it would not fit over its grid', () => {
    const t = { ...loadTemplate('letter-4up'), answersPerPage: { columns: 5, rows: 5 } };
    const layout = layoutBook(t, matter({ labels: { puzzle: null, answer: null } }), SECTIONS, bookPuzzles([2, 1, 1]), 'end');
    const answers = layout.pages.find((p) => p.kind === 'answers') as Extract<Page, { kind: 'answers' }>;
    expect(answers.boxes.map((b) => b.label)).toEqual(['Solution 1', 'Solution 2', 'Solution 3', 'Solution 4']);
    // The job's own label is kept as it is (the renderer makes it smaller where it runs over).
    const own = layoutBook(t, matter({ labels: { puzzle: null, answer: 'Solution {number} · p. {puzzlePage}' } }), SECTIONS, bookPuzzles([2, 1, 1]), 'end');
    expect((own.pages.find((p) => p.kind === 'answers') as Extract<Page, { kind: 'answers' }>).boxes[0].label).toMatch(/^Solution 1 · p\. \d+$/);
  });

  it('lists every front-matter part in the contents, at the page it names', async () => {
    const t = loadTemplate('trade-6x9');
    const { layout, pdf } = await made('contents', t, matter(), bookPuzzles([2, 2, 2]), 'end');
    const contents = layout.pages.find((p) => p.kind === 'contents') as Extract<Page, { kind: 'contents' }>;
    const text = squeezed(pdf, contents.number);
    const kinds = { Introduction: 'text', Difficulty: 'scale', 'How to play': 'how-to-play' } as const;
    for (const [title, kind] of Object.entries(kinds)) {
      const e = contents.entries.find((x) => x.title === title)!;
      expect(layout.pages[e.page - 1].kind).toBe(kind);
      expect(text).toMatch(new RegExp(`${sq(title)}[. ]*${e.page}`));
    }
  });

  it('large print: front matter, running heads and labels at 16 pt or more; grid digits (the worked example too) nearly so', async () => {
    const t = loadTemplate('large-print');
    const { layout, pdf } = await made('large', t, matter({ labels: { puzzle: null, answer: null } }), bookPuzzles([2, 1, 1]), 'section');
    expect(layout.pages.filter((p) => p.kind === 'how-to-play').map((p) => (p as Extract<Page, { kind: 'how-to-play' }>).title)).toEqual(['How to play', 'A worked example']);
    for (const p of layout.pages) {
      if (p.kind === 'blank') continue;
      for (const i of pdf.pages[p.number - 1]) {
        // Grid digits are 0.62 of their cell: cells of 1.6 times the body size or more (the worked example has a page of its own).
        const least = /^[1-9]$/.test(i.str) ? 16 * 1.6 * 0.62 : 16;
        expect(i.size, `page ${p.number} (${p.kind}): "${i.str}"`).toBeGreaterThanOrEqual(least - 1e-6);
      }
    }
  });
});

describe('worked example', () => {
  /** Every other empty cell of the unit is ruled out by one of the named units, and each named unit holds the digit. */
  function checkReasoning(puzzle: string) {
    const ex = workedExample(puzzle)!;
    const units = { row: ROW_OF, column: COL_OF, box: BOX_OF };
    for (const u of ex.lines) expect([...puzzle].some((c, i) => c === ex.digit && units[u.kind][i] === u.index)).toBe(true);
    if (ex.kind) {
      const unit = units[ex.kind][ex.cell];
      for (let i = 0; i < 81; i++) {
        if (i === ex.cell || puzzle[i] !== '.' || units[ex.kind][i] !== unit) continue;
        expect(ex.lines.some((u) => units[u.kind][i] === u.index)).toBe(true);
      }
      // The other kinds only: a box speaks of rows and columns, a row of columns and boxes, a column of rows and boxes.
      for (const u of ex.lines) expect(u.kind).not.toBe(ex.kind);
    } else {
      expect(PEERS[ex.cell].filter((p) => puzzle[p] !== '.').map((p) => puzzle[p])).not.toContain(ex.digit);
    }
    // No article before a digit ("a 8", "an 8"): the sentences need none.
    expect(ex.text).not.toMatch(/\ban? [1-9]\b/);
    return ex;
  }

  it('a box: the rows and columns that cross it', () => {
    const ex = checkReasoning(PUZZLES[0].puzzle);
    expect(ex.kind).toBe('box');
    expect(ex.text).toBe(
      'Look at the top-right box of the first puzzle: it still needs the digit 5. That digit is already in column 8 and column 9, which rules out every other empty cell of the box, so 5 can only go in the shaded cell (row 1, column 7). Write it in, and look for the next digit in the same way.',
    );
    for (const p of PUZZLES) checkReasoning(p.puzzle);
  });

  it('a row: the columns and boxes; a column: the rows and boxes; a lone cell: its row, column and box', () => {
    // Row 1 holds 1-7 and needs 8 and 9; the 8 in column 8 leaves 8 one place.
    const row = '1234567..' + '.'.repeat(27) + '.......8.' + '.'.repeat(36);
    const r = checkReasoning(row);
    expect([r.kind, r.digit, r.cell, r.lines]).toEqual(['row', '8', 8, [{ kind: 'column', index: 7 }]]);
    expect(r.text).toContain('Look at row 1 of the first puzzle: it still needs the digit 8. That digit is already in column 8, which rules out every other empty cell of the row');
    // The same turned over the diagonal: column 1 and the 8 in row 8.
    const col = [...Array(81)].map((_, i) => row[(i % 9) * 9 + Math.floor(i / 9)]).join('');
    const c = checkReasoning(col);
    expect([c.kind, c.digit, c.cell, c.lines]).toEqual(['column', '8', 72, [{ kind: 'row', index: 7 }]]);
    expect(c.text).toContain('Look at column 1 of the first puzzle: it still needs the digit 8. That digit is already in row 8');
    // A row whose 8 is ruled out by a box rather than a column.
    const boxed = '12345.7.6' + '........8' + '.'.repeat(63);
    const b = checkReasoning(boxed);
    expect([b.kind, b.cell, b.lines]).toEqual(['row', 5, [{ kind: 'box', index: 2 }]]);
    expect(b.text).toContain('That digit is already in the top-right box');
    // A naked single: the only empty cell's row, column and box hold the eight other digits.
    const naked = '12345678.' + '.'.repeat(72);
    const n = checkReasoning(naked);
    expect([n.kind, n.digit]).toEqual([null, '9']);
    expect(n.text).toBe('Look at the shaded cell of the first puzzle (row 1, column 9). Its row, its column and its box already hold every digit except 9, so 9 must go there.');
  });
});
