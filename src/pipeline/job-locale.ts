/**
 * The language of a job: `locale` (en, de, fr, es, it, nl) and `strings` (catalogue keys
 * overridden by the job), resolved once into the `Strings` every printed word comes from.
 * Shared by book and daily jobs.
 */
import type { Node } from 'yaml';
import { catalogue, LOCALES, placeholders, STRING_KEYS, type Catalogue, type Locale, type StringKey, type Strings } from '../typeset/i18n/index.js';
import { EN } from '../typeset/i18n/en.js';
import { closest, type Checker } from './yaml-check.js';
import { oneOf, text } from './job.js';
import { coverageAdvice, describeCharacter, missingCharacter, SYMBOLS_FONT } from '../typeset/font-coverage.js';
import { openFont } from '../typeset/fonts.js';
import { fontFile, type Template } from '../typeset/templates.js';
import type { BookMatter } from '../typeset/layout.js';

export interface JobLanguage {
  locale: Locale;
  /** The job's catalogue: the language's, with the job's `strings` on top. */
  strings: Strings;
  /** Where each text came from, for messages: the `strings.<key>` node of an override, else `locale`. */
  places: { locale: Node | null | undefined; strings: Map<StringKey, Node | null> };
}

/** `locale` and `strings` of a job (both optional: English, no overrides). */
export function readLanguage(c: Checker, top: Map<string, Node | null>): JobLanguage {
  const localeNode = top.get('locale');
  const locale = top.has('locale') ? (oneOf(c, localeNode, 'locale', LOCALES, 'language') ?? 'en') : 'en';
  const overrides: Catalogue = {};
  const nodes = new Map<StringKey, Node | null>();
  if (top.has('strings')) {
    for (const [k, node] of c.mapping(top.get('strings'), 'strings', STRING_KEYS)) {
      const key = k as StringKey;
      const path = `strings.${key}`;
      const v = text(c, node, path);
      if (v === null) continue;
      const allowed = placeholders(EN[key]);
      const unknown = placeholders(v).filter((p) => !allowed.includes(p));
      if (unknown.length) {
        const known = allowed.length ? `this text has ${allowed.map((p) => `{${p}}`).join(', ')}` : 'this text has no placeholders';
        const near = closest(unknown[0], allowed);
        c.report(node, path, `unknown placeholder {${unknown[0]}} (${known})${near ? `; did you mean {${near}}?` : ''}`);
        continue;
      }
      overrides[key] = v;
      nodes.set(key, node);
    }
  }
  return { locale, strings: catalogue(locale, overrides), places: { locale: localeNode, strings: nodes } };
}

/** One piece of text a job prints: where it is in the job file, and the fonts that set it. */
export interface PrintedText {
  /** Key path in the job document (['sections', 0, 'title']); the text's place in messages. */
  path: (string | number)[];
  text: string;
  roles: readonly ('regular' | 'bold')[];
  /** Labels: characters the font lacks are set in the symbols font (drawLabel), which counts. */
  label?: boolean;
}

const BOTH = ['regular', 'bold'] as const;

/** Every character of a job's text that is printed: the job's own fields and the catalogue strings in use. */
export function catalogueTexts(language: JobLanguage, keep: (key: StringKey) => boolean = () => true): PrintedText[] {
  return STRING_KEYS.filter(keep).map((key) => ({
    path: language.places.strings.has(key) ? ['strings', key] : ['locale'],
    text: language.strings[key],
    roles: BOTH,
    label: key.startsWith('labels.'),
  }));
}

/** The text fields of a book job that are printed, and their fonts (title page and openers bold, running heads regular). */
export function bookTexts(
  job: { title: string; subtitle: string; author: string; sections: readonly { title: string }[] } & Pick<BookMatter, 'front' | 'labels'> & { cover: { back: string } | null; difficulty?: { words: Readonly<Record<string, string>> } },
): PrintedText[] {
  const labels = (['puzzle', 'answer'] as const).map((k) => ({ path: ['labels', k], text: job.labels[k] ?? '', roles: BOTH, label: true }));
  const words = Object.entries(job.difficulty?.words ?? {}).map(([k, text]) => ({ path: ['difficulty', 'words', k], text, roles: BOTH }));
  return [
    { path: ['title'], text: job.title, roles: BOTH },
    { path: ['subtitle'], text: job.subtitle, roles: ['regular'] },
    { path: ['author'], text: job.author, roles: BOTH },
    ...job.sections.map((s, i) => ({ path: ['sections', i, 'title'], text: s.title, roles: BOTH })),
    { path: ['front', 'copyright'], text: job.front.copyright ?? '', roles: ['regular'] },
    { path: ['front', 'introduction'], text: job.front.introduction ?? '', roles: ['regular'] },
    ...labels,
    ...words,
    { path: ['cover', 'back'], text: job.cover?.back ?? '', roles: ['regular'] },
  ];
}

/** What the cover prints, set in the cover theme's fonts: the book's title, author, sections and back text, and the cover's words. */
export function coverTexts(job: { subtitle: string; author: string; sections: readonly { title: string }[]; title: string } & { cover: { back: string } | null }, language: JobLanguage): PrintedText[] {
  const own = bookTexts({ ...job, front: { titlePage: false, copyright: null, howToPlay: false, contents: false, introduction: null }, labels: { puzzle: null, answer: null } });
  return [...own.filter((t) => t.path[0] !== 'front' && t.path[0] !== 'labels'), ...catalogueTexts(language, (k) => k.startsWith('cover.') || k.startsWith('scale.word.'))];
}

/** The key path as messages write it: sections[0].title */
function pathText(path: readonly (string | number)[]): string {
  return path.map((p, i) => (typeof p === 'number' ? `[${p}]` : i === 0 ? p : `.${p}`)).join('');
}

/** Where a set of fonts is chosen in a job: the key of each, and how a message names it. */
export interface FontPlaces {
  regular: { key: string[]; what: string };
  bold: { key: string[]; what: string };
}

export const LAYOUT_FONTS: FontPlaces = {
  regular: { key: ['layout', 'fonts', 'regular'], what: 'the regular font' },
  bold: { key: ['layout', 'fonts', 'bold'], what: 'the bold font' },
};

/** The cover theme's fonts: the body font sets running text, the title font the title (cover-themes.ts). */
export const COVER_FONTS: FontPlaces = {
  regular: { key: ['cover', 'theme', 'fonts', 'body'], what: 'the cover’s body font' },
  bold: { key: ['cover', 'theme', 'fonts', 'title'], what: 'the cover’s title font' },
};

/**
 * Check that `fonts` have every character of `texts` (and the digits 0-9 of page numbers).
 * Each field that has a character the font printing it lacks is reported once, at the field,
 * with the character, the font, and a bundled font that has it (if any).
 */
export function checkFontCoverage(c: Checker, fonts: Template['fonts'], baseDir: string, texts: readonly PrintedText[], places: FontPlaces = LAYOUT_FONTS): void {
  const open = { regular: openFont(fontFile(fonts.regular, baseDir)), bold: openFont(fontFile(fonts.bold, baseDir)) };
  const symbols = openFont(fontFile(SYMBOLS_FONT));
  const all: PrintedText[] = [{ path: places.regular.key.slice(0, -1), text: '0123456789', roles: BOTH }, ...texts];
  const reported = new Set<string>();
  for (const t of all) {
    // A field the job leaves out prints its default, made of fields checked on their own (the copyright line) or of the catalogue.
    if (t.path[0] !== 'locale' && t.path.join('.') !== places.regular.key.slice(0, -1).join('.') && !c.doc.hasIn(t.path)) continue;
    for (const role of t.roles) {
      const ch = missingCharacter(open[role], t.text, t.label ? symbols : undefined);
      if (ch === null) continue;
      const path = t.path[0] === 'locale' && !c.doc.hasIn(['locale']) ? places[role].key : t.path;
      const id = pathText(path);
      if (reported.has(id)) break;
      reported.add(id);
      let node = null as Node | null;
      for (let i = path.length; i >= 0 && !node; i--) node = (c.doc.getIn(path.slice(0, i), true) ?? null) as Node | null;
      const inText = t.path[0] === 'locale' || t.path[0] === 'strings' ? ` (in "${t.text}")` : '';
      const name = String(c.doc.getIn(places[role].key) ?? fonts[role]);
      c.report(node, pathText(path), `${places[role].what} ${name} has no ${describeCharacter(ch)}${inText}, which would print as an empty box; ${coverageAdvice(ch, role, fontFile(fonts[role], baseDir), places[role].key.join('.'))}`);
      break;
    }
  }
}
