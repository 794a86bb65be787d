/**
 * Books and daily pages in other languages, read back as a buyer reads them: no English
 * sentence of the catalogue and no common English word anywhere in the PDF text, and dates in
 * the book's language.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatGrid, parseGrid } from '../../src/core/grid.js';
import { writeDailyPages } from '../../src/daily/daily-pages.js';
import { weekdayOf, type DailyPuzzle } from '../../src/daily/daily.js';
import { solve } from '../../src/solver/solver.js';
import { EN } from '../../src/typeset/i18n/en.js';
import { catalogue, fill, type Locale } from '../../src/typeset/i18n/index.js';
import { loadTemplate } from '../../src/typeset/templates.js';
import { techniqueAbout } from '../../src/typeset/technique-text.js';
import { runCliAsync } from '../helpers/cli.js';
import { readPdf } from '../helpers/pdf.js';

const tmp = mkdtempSync(join(tmpdir(), 'sp-languages-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** Words that are English and not German or French (so a hit is an untranslated text). */
const ENGLISH_WORDS = ['the', 'and', 'puzzle', 'puzzles', 'with', 'every', 'each', 'row', 'column', 'box', 'how', 'play', 'contents', 'rights', 'reserved', 'back', 'book', 'harder', 'easy', 'hard', 'gentle', 'moderate', 'tough', 'fiendish', 'worked', 'example', 'from', 'grid', 'digit'];

/**
 * The English catalogue's sentences as they can appear on a page: each text cut at its
 * placeholders, the pieces of three words or more (shorter ones, like "{n} puzzles" or
 * "· solution p.", are caught by the word list).
 */
const ENGLISH_PHRASES = Object.values(EN)
  .flatMap((text) => text.split(/\{\w+\}/))
  .map((piece) => piece.replace(/\s+/g, ' ').trim())
  .filter((piece) => (piece.match(/\p{L}{2,}/gu) ?? []).length >= 3);

/** Every word the PDF prints, page by page, as one text with single spaces. */
async function pdfText(file: string): Promise<string> {
  const { pages } = await readPdf(file);
  return pages
    .map((items) => items.map((t) => t.str).join(' '))
    .join(' ')
    .replace(/\s+/g, ' ');
}

function englishIn(text: string): string[] {
  const found = ENGLISH_PHRASES.filter((p) => text.includes(p));
  const words = new Set(text.toLowerCase().match(/\p{L}+/gu) ?? []);
  return [...found, ...ENGLISH_WORDS.filter((w) => words.has(w))];
}

const BOOKS: Record<'de' | 'fr', { title: string; sections: [string, string, string]; introduction: string; author: string }> = {
  de: { title: 'Sudoku für jeden Tag', sections: ['Leicht', 'Mittel', 'Schwer'], introduction: 'Willkommen! Viel Vergnügen beim Lösen.', author: 'Jürgen Müller' },
  fr: { title: 'Sudoku au quotidien', sections: ['Facile', 'Moyen', 'Difficile'], introduction: 'Bienvenue ! Bonne résolution.', author: 'Hélène Dupré' },
};

/** A tiny book in `locale`: two sections, the default template, every front-matter page on. */
function bookJob(locale: 'de' | 'fr'): string {
  const b = BOOKS[locale];
  const file = join(tmp, `${locale}.yaml`);
  writeFileSync(
    file,
    [
      `name: book-${locale}`,
      `title: "${b.title}"`,
      `author: "${b.author}"`,
      `seed: ${locale}-1`,
      'date: 2026-12-01',
      `locale: ${locale}`,
      `output: ${join(tmp, locale)}`,
      'sections:',
      `  - { title: ${b.sections[0]}, bucket: easy, count: 3 }`,
      `  - { title: ${b.sections[1]}, bucket: medium, count: 2 }`,
      `  - { title: ${b.sections[2]}, bucket: hard, count: 1 }`,
      // A hint for the hard puzzle and walkthroughs of an easy one (singles) and the hard one (steps beyond singles, diagrams).
      'hints: true',
      'walkthrough: [1, 6]',
      'front:',
      `  introduction: "${b.introduction}"`,
      'cover: { paper: white }',
      '',
    ].join('\n'),
  );
  return file;
}

describe('books in other languages', () => {
  const text: Partial<Record<'de' | 'fr', { book: string; cover: string }>> = {};
  beforeAll(async () => {
    const runs = await Promise.all((['de', 'fr'] as const).map((l) => runCliAsync(['book', bookJob(l), '--workers', '1'])));
    for (const [i, l] of (['de', 'fr'] as const).entries()) {
      expect(runs[i].stderr).not.toMatch(/error/i);
      expect(runs[i].status).toBe(0);
      text[l] = { book: await pdfText(join(tmp, l, 'book.pdf')), cover: await pdfText(join(tmp, l, 'cover.pdf')) };
    }
  }, 240_000);

  it.each(['de', 'fr'] as const)('%s: no English sentence or word in the book or on its cover', (locale) => {
    const { book, cover } = text[locale]!;
    expect(englishIn(book), 'book.pdf').toEqual([]);
    expect(englishIn(cover), 'cover.pdf').toEqual([]);
    // and it is the language's catalogue that printed: headings, rules, labels, copyright year line
    const s = catalogue(locale);
    for (const key of ['front.contents', 'front.howToPlay', 'front.difficulty', 'front.workedExample', 'rules.goal', 'heads.solutions'] as const) expect(book, key).toContain(s[key]);
    expect(book).toContain(`© 2026 ${BOOKS[locale].author}. ${locale === 'de' ? 'Alle Rechte vorbehalten.' : 'Tous droits réservés.'}`);
    expect(book).toMatch(locale === 'de' ? /Rätsel 1 ★+ · Lösung S\. \d+/ : /Grille 1 ★+ · solution p\. \d+/);
    expect(cover).toContain(locale === 'de' ? '6 Rätsel' : '6 grilles');
    // Hints and walkthroughs are there, in the book's language: the hard puzzle's hint and both walkthroughs.
    for (const key of ['heads.hints', 'heads.walkthroughs'] as const) expect(book, key).toContain(s[key]);
    for (const n of [1, 6]) expect(book).toContain(fill(s['walkthrough.title'], { number: n }));
    expect(book).toMatch(locale === 'de' ? /Z\dS\d = \d \((versteckter Einer|nackter Einer|Full House)/ : /L\dC\d = \d \((singleton caché|singleton nu|dernière case libre)/);
    expect(book).toContain(locale === 'de' ? 'Gesucht: ' : 'Cherchez : ');
  });

  it('the English book of the same job is English (the check bites)', () => {
    expect(englishIn('Every puzzle in this book has exactly one solution, found by logic alone')).not.toEqual([]);
    expect(englishIn(text.de!.book.replace('Inhalt', 'Contents'))).toEqual(['contents']);
  });
});

describe('technique workbooks in other languages', () => {
  /** A workbook in `locale`: one chapter on the X-wing, its example, a practice position and a puzzle. */
  const workbookJob = (locale: 'de' | 'fr') => {
    const b = BOOKS[locale];
    const file = join(tmp, `wb-${locale}.yaml`);
    writeFileSync(
      file,
      [`name: wb-${locale}`, `title: "${b.title}"`, `author: "${b.author}"`, `seed: wb-${locale}-1`, 'date: 2026-12-01', `locale: ${locale}`, `output: ${join(tmp, `wb-${locale}`)}`, 'workbook: { practice: 1 }', 'sections:', '  - { title: X-Wing, bucket: hard, needs: x-wing, count: 1 }', ''].join('\n'),
    );
    return file;
  };
  const text: Partial<Record<'de' | 'fr', string>> = {};
  beforeAll(async () => {
    const runs = await Promise.all((['de', 'fr'] as const).map((l) => runCliAsync(['book', workbookJob(l), '--workers', '1'])));
    for (const [i, l] of (['de', 'fr'] as const).entries()) {
      expect(runs[i].status, runs[i].stderr).toBe(0);
      text[l] = await pdfText(join(tmp, `wb-${l}`, 'book.pdf'));
    }
  }, 240_000);

  it.each(['de', 'fr'] as const)('%s: the chapter page, the practice prompt and the answers in the language, no English', (locale) => {
    const book = text[locale]!;
    expect(englishIn(book)).toEqual([]);
    const s = catalogue(locale);
    expect(book).toContain(techniqueAbout('x-wing', locale)!.replace(/\s+/g, ' ').split(' ').slice(0, 8).join(' '));
    // The PDF's text has plain spaces where the catalogue has no-break ones.
    const plain = (t: string) => t.replace(/\s+/g, ' ');
    expect(book).toContain(plain(s['workbook.example']));
    expect(book).toContain(plain(fill(s['workbook.practice'], { chapter: 'X-Wing' })));
    expect(book).toMatch(locale === 'de' ? /1\.1\. Finden Sie: X-Wing mit der \d\./ : /1\.1\. Trouvez : X-Wing sur le \d\./);
    expect(book).toContain(plain(fill(s['workbook.answers'], { chapter: 'X-Wing' })));
    expect(book).toMatch(locale === 'de' ? /X-Wing mit der \d in den (Zeilen|Spalten) \d und \d: die \d aus Z\dS\d/ : /X-Wing sur le \d dans les (lignes|colonnes) \d et \d : retirer le \d de L\dC\d/);
  });
});

describe('daily pages in other languages', () => {
  const PUZZLE = '..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..';
  const day = (date: string): DailyPuzzle => ({
    date,
    weekday: weekdayOf(date),
    slot: 1,
    bucket: 'easy',
    rating: 1.5,
    hardest: 'naked-single',
    puzzle: PUZZLE,
    solution: formatGrid(solve(parseGrid(PUZZLE))!),
    source: 'bank',
  });

  it.each([
    ['de', 'Dienstag, 1. Dezember 2026', 'Lösung vom Mo., 30. Nov.'],
    ['fr', 'Mardi 1 décembre 2026', 'Solution du lun. 30 nov.'],
    ['es', 'Martes, 1 de diciembre de 2026', 'Solución del lun, 30 nov'],
    ['it', 'Martedì 1 dicembre 2026', 'Soluzione di lun 30 nov'],
    ['nl', 'Dinsdag 1 december 2026', 'Oplossing van ma 30 nov'],
  ] as const)('%s: the date line and the previous solution in the language', async (locale, dateLine, previous) => {
    const out = join(tmp, `daily-${locale}`);
    const job = { output: out, title: 'Sudoku', layout: loadTemplate('newspaper'), locale: locale as Locale, strings: catalogue(locale) };
    await writeDailyPages(job, [day('2026-12-01')], [day('2026-11-30')]);
    const page = await pdfText(join(out, '2026-12-01', 'puzzle.pdf'));
    expect(page).toContain(dateLine);
    expect(page).toContain(previous);
    expect(page).toContain(catalogue(locale)['scale.word.1']);
    // the whole rules sentence fits its column (a longer text would be cut short with "…")
    expect(page.replace(/\s/g, '')).toContain(catalogue(locale)['daily.rules'].replace(/\s/g, ''));
    if (locale === 'de' || locale === 'fr') expect(englishIn(page)).toEqual([]);
    expect(readFileSync(join(out, '2026-12-01', 'puzzle-full.svg'), 'utf8')).toContain(dateLine);
  });
});
