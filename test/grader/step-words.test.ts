/**
 * Steps in words in every catalogue language (src/grader/step-words.ts): every technique the
 * registry and the chaining kinds can name has its name in every language's own catalogue (no
 * English fallback), and the hint, the prompt and the walkthrough sentence of real graded steps
 * and of every step name come out whole (no key, no placeholder left) and, in the other
 * languages, with no English word outside the technique's name.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseGrid } from '../../src/core/grid.js';
import { gradePuzzle } from '../../src/grader/grade.js';
import { CHAINING_KINDS, UNARY_PASSES } from '../../src/grader/chaining/kinds.js';
import { chainingKind } from '../../src/grader/chaining/nested-rules.js';
import { knownTechnique } from '../../src/grader/practice.js';
import { TECHNIQUE_NAMES } from '../../src/grader/registry.js';
import { cellWord, singleWords, stepHint, stepPrompt, stepSentence, techniqueName, type Words } from '../../src/grader/step-words.js';
import type { Step } from '../../src/grader/technique.js';
import { EN } from '../../src/typeset/i18n/en.js';
import { catalogue, languageCatalogue, LOCALES } from '../../src/typeset/i18n/index.js';

/** Every name a step or the registry can carry. */
function allNames(): string[] {
  const names = new Set<string>(TECHNIQUE_NAMES);
  // Steps named apart from their registry technique: the full house, the strong-link fish, the types.
  for (const n of ['full-house', 'skyscraper', 'two-string-kite']) names.add(n);
  for (const base of ['unique-rectangle', 'unique-loop', 'bug']) for (let t = 1; t <= 4; t++) names.add(`${base}-type-${t}`);
  for (const pass of UNARY_PASSES) names.add(pass.cycleName).add(pass.chainName);
  for (const k of CHAINING_KINDS) {
    if (k.mode === 'unary') continue;
    const kind = chainingKind(k.mode, k.level, k.inner);
    for (const chain of kind.nishio ? ['nishio'] : ['contradiction', 'double', 'cell', 'region']) names.add(`${kind.prefix}${chain}-forcing-chain`);
  }
  return [...names];
}

/** English words that are no word of the other languages' sentences (a hit is English left behind). */
const ENGLISH = ['the', 'and', 'look', 'for', 'find', 'with', 'from', 'removes', 'goes', 'starting', 'around', 'row', 'rows', 'column', 'columns', 'box', 'every', 'empty', 'cell', 'has', 'two', 'candidates', 'its', 'on', 'at', 'which', 'digits', 'can', 'still', 'hold', 'left', 'one', 'but', 'where', 'go'];

/** English words in `text` once the language's technique names are taken out. */
function englishIn(w: Words, text: string, names: readonly string[]): string[] {
  let rest = text;
  for (const n of names.map((n) => techniqueName(w, n)).sort((a, b) => b.length - a.length)) rest = rest.split(n).join(' ');
  const words = new Set(rest.toLowerCase().match(/\p{L}+/gu) ?? []);
  return ENGLISH.filter((e) => words.has(e));
}

/** A step of `technique` with every pattern field a step can have. */
function madeStep(technique: string, place: boolean): Step {
  const fish = /^(x-wing|swordfish|jellyfish)$/.test(technique);
  return {
    technique,
    place: place ? [[40, 5]] : [],
    eliminate: place ? [] : [[4, 7], [76, 7], [5, 2]],
    explain: '',
    pattern: {
      cells: [10, 16, 64, 70],
      candidates: [[10, 7], [16, 7], [64, 7], [70, 7]],
      units: fish ? [1, 7, 10, 16] : [1, 16, 24],
      digits: [7, 2],
      links: [{ from: [10, 7], to: [16, 7], strong: true }],
    },
  };
}

/** Real steps: the graded paths of a few rated puzzles (pairs to chains, wings, uniqueness). */
function gradedSteps(): Step[] {
  const puzzles = ['se-rated/er-4-to-7.5.tsv', 'se-rated/wings-er.tsv', 'se-rated/unique-er-4.5-7.tsv'].flatMap((f) =>
    readFileSync(new URL(`../fixtures/${f}`, import.meta.url), 'utf8')
      .split('\n')
      .filter((l) => l && !l.startsWith('#'))
      .map((l) => l.split('\t')[0])
      .filter((_, i) => i % 10 === 0)
      .slice(0, 6),
  );
  return puzzles.flatMap((p) => gradePuzzle(parseGrid(p), { steps: true }).steps ?? []);
}

describe('steps in words', () => {
  const names = allNames();

  it('names every technique the registry and the chaining kinds give, in every language, from its own catalogue', () => {
    expect(names.length).toBeGreaterThan(60);
    for (const name of names) expect(knownTechnique(name), name).toBe(true);
    for (const locale of LOCALES) {
      const own = languageCatalogue(locale) as Words;
      for (const name of names) {
        const word = techniqueName(own, name);
        expect(word, `${locale} ${name}`).not.toMatch(/step\.|\{/);
        expect(word.trim(), `${locale} ${name}`).not.toBe('');
      }
    }
    // Names are told apart: no two techniques share a name in a language.
    for (const locale of LOCALES) expect(new Set(names.map((n) => techniqueName(catalogue(locale), n))).size, locale).toBe(names.length);
  });

  const steps = [...names.flatMap((n) => [madeStep(n, false), madeStep(n, true)]), { technique: 'x-wing', place: [], eliminate: [[3, 7]], explain: '' } as Step];
  const graded = gradedSteps();

  it('words real graded steps and every step name whole in every language, with no English left in the others', () => {
    const techniques = new Set(graded.map((s) => s.technique));
    // The graded paths reach beyond singles: subsets, fish, wings, uniqueness, chains.
    expect([...techniques].filter((t) => !/single|full-house/.test(t)).length).toBeGreaterThan(8);
    for (const locale of LOCALES) {
      const w = languageCatalogue(locale) as Words;
      for (const step of [...graded, ...steps]) {
        const texts = [stepHint(w, step), stepPrompt(w, step), stepSentence(w, step)];
        if (step.place.length === 1) texts.push(singleWords(w, step));
        for (const text of texts) {
          expect(text, `${locale} ${step.technique}`).not.toMatch(/step\.|\{|\}|undefined|NaN/);
          if (locale !== 'en') expect(englishIn(w, text, names), `${locale} ${step.technique}: ${text}`).toEqual([]);
        }
        // The sentence names what the step does, with cells as the catalogue names them.
        const sentence = stepSentence(w, step);
        for (const [c] of [...step.place, ...step.eliminate]) expect(sentence, `${locale} ${step.technique}`).toContain(cellWord(w, c));
        for (const [, d] of [...step.place, ...step.eliminate]) expect(sentence).toContain(String(d));
        expect(sentence.toLocaleLowerCase()).toContain(techniqueName(w, step.technique).toLocaleLowerCase());
      }
    }
  });

  it('the check bites: an English sentence in a German catalogue is found', () => {
    const de = { ...languageCatalogue('de'), 'step.eliminate': 'removes {list}' } as Words;
    expect(englishIn(de, stepSentence(de, madeStep('x-wing', false)), names)).toEqual(['removes']);
    // A key a language lacks shows as the key, which the tests above look for.
    const { ['step.name.x-wing']: _, ...lacking } = languageCatalogue('fr') as Record<string, string>;
    expect(techniqueName(lacking, 'x-wing')).toBe('step.name.x-wing');
  });

  it('English says what it said before: the hint, the prompt, a sentence', () => {
    const xwing = madeStep('x-wing', false);
    expect(stepHint(EN, xwing)).toBe('Look for an X-wing on 7 in rows 2 and 8');
    expect(stepPrompt(EN, { ...xwing, pattern: { ...xwing.pattern!, digits: [7] } })).toBe('Find the X-wing on 7');
    expect(stepSentence(EN, xwing)).toBe('X-wing on 7 in rows 2 and 8: removes 2 from r1c6; 7 from r1c5, r9c5.');
    expect(stepSentence(catalogue('de'), xwing)).toBe('X-Wing mit der 7 in den Zeilen 2 und 8: die 2 aus Z1S6; die 7 aus Z1S5, Z9S5 streichen.');
    expect(stepHint(catalogue('fr'), xwing)).toBe('Cherchez\u00a0: X-Wing sur le 7 dans les lignes 2 et 8');
    expect(techniqueName(catalogue('de'), 'dynamic-plus-cell-forcing-chain')).toBe('dynamische Zellen-Forcing-Chain (+)');
    expect(techniqueName(EN, 'unique-rectangle-type-2')).toBe('unique rectangle (type 2)');
  });
});
