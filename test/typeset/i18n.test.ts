import { describe, expect, it } from 'vitest';
import { EN } from '../../src/typeset/i18n/en.js';
import { catalogue, formatDate, languageCatalogue, LOCALES, placeholders, plural, STRING_KEYS, type StringKey } from '../../src/typeset/i18n/index.js';

/**
 * Texts a language writes exactly as English does, each a word of that language (not an
 * untranslated one): French "Solution(s)".
 */
const SAME_WORD: Partial<Record<string, StringKey[]>> = {
  // "{technique} (type {type})": "type" is French and Dutch too; "{technique} in {unit}": "in" is German, Italian and Dutch.
  fr: ['answers.count.one', 'answers.count.other', 'labels.answer', 'labels.answerWithPage', 'heads.solutions', 'contents.solutions', 'step.typed'],
  de: ['step.at.unit', 'step.at.cells'],
  it: ['step.at.unit', 'step.at.cells'],
  nl: ['step.at.unit', 'step.at.cells', 'step.typed'],
};

/**
 * Technique names a language's players say as English players do ("BUG", "AIC", "Nishio", the
 * Dutch "X-wing"): a name may be the English one.
 */
const isTechniqueName = (key: string) => key.startsWith('step.name.');

/** Nothing to translate: only placeholders, digits and punctuation. */
const noWords = (s: string) => !/\p{L}/u.test(s.replace(/\{\w+\}/g, ''));

describe('catalogues', () => {
  it.each(LOCALES.filter((l) => l !== 'en'))('%s has exactly the English keys, each with the same placeholders, each translated', (locale) => {
    const cat = languageCatalogue(locale);
    expect(Object.keys(cat).sort(), 'keys').toEqual([...STRING_KEYS].sort());
    for (const key of STRING_KEYS) {
      const text = cat[key]!;
      expect(placeholders(text).sort(), `${locale} ${key}`).toEqual(placeholders(EN[key]).sort());
      expect(text.trim(), `${locale} ${key} is empty`).not.toBe('');
      if (text === EN[key]) expect(noWords(text) || isTechniqueName(key) || SAME_WORD[locale]?.includes(key), `${locale} ${key} is the English "${text}"`).toBe(true);
    }
  });

  it('puts a job’s overrides over the language, and falls back to English only for keys a language lacks', () => {
    const de = catalogue('de', { 'front.contents': 'Inhaltsverzeichnis' });
    expect(de['front.contents']).toBe('Inhaltsverzeichnis');
    expect(de['front.howToPlay']).toBe(languageCatalogue('de')['front.howToPlay']);
    expect(catalogue('en')['front.contents']).toBe(EN['front.contents']);
    expect(Object.keys(catalogue('fr')).sort()).toEqual([...STRING_KEYS].sort());
  });

  it('chooses the plural form by the language’s rules (French counts 0 and 1 as one)', () => {
    expect(plural(catalogue('fr'), 'fr', 'section.count', 0)).toBe('0 grille');
    expect(plural(catalogue('fr'), 'fr', 'section.count', 2)).toBe('2 grilles');
    expect(plural(catalogue('en'), 'en', 'section.count', 0)).toBe('0 puzzles');
    expect(plural(catalogue('nl'), 'nl', 'section.count', 1)).toBe('1 puzzel');
  });
});

describe('dates', () => {
  it('are written in the job’s language, starting with a capital', () => {
    const d = '2026-12-01';
    expect(formatDate('en', d, 'long')).toBe('Tuesday 1 December 2026');
    expect(formatDate('en', d, 'short')).toBe('Tue 1 Dec');
    expect(formatDate('de', d, 'long')).toBe('Dienstag, 1. Dezember 2026');
    expect(formatDate('fr', d, 'long')).toBe('Mardi 1 décembre 2026');
    expect(formatDate('es', d, 'long')).toBe('Martes, 1 de diciembre de 2026');
    expect(formatDate('it', d, 'long')).toBe('Martedì 1 dicembre 2026');
    expect(formatDate('nl', d, 'long')).toBe('Dinsdag 1 december 2026');
    expect(formatDate('de', d, 'year')).toBe('2026');
    // a short date stands inside a sentence: as the language writes it
    expect(formatDate('fr', d, 'short')).toBe('mar. 1 déc.');
    expect(formatDate('de', d, 'short')).toBe('Di., 1. Dez.');
  });
});
