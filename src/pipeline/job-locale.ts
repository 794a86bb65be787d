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
export function catalogueTexts(language: JobLanguage): PrintedText[] {
  return STRING_KEYS.map((key) => ({
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

/** The key path as messages write it: sections[0].title */
function pathText(path: readonly (string | number)[]): string {
  return path.map((p, i) => (typeof p === 'number' ? `[${p}]` : i === 0 ? p : `.${p}`)).join('');
}

/**
 * Check that the fonts of `layout` have every character of `texts` (and the digits 0-9 of page
 * numbers). Each field that has a character no font prints is reported once, at the field, with
 * the character, the font, and a bundled font that has it (if any).
 */
export function checkFontCoverage(c: Checker, fonts: Template['fonts'], baseDir: string, texts: readonly PrintedText[]): void {
  const open = { regular: openFont(fontFile(fonts.regular, baseDir)), bold: openFont(fontFile(fonts.bold, baseDir)) };
  const symbols = openFont(fontFile(SYMBOLS_FONT));
  const all: PrintedText[] = [{ path: ['layout', 'fonts'], text: '0123456789', roles: BOTH }, ...texts];
  const reported = new Set<string>();
  for (const t of all) {
    // A field the job leaves out prints its default, made of fields checked on their own (the copyright line) or of the catalogue.
    if (t.path[0] !== 'locale' && t.path[0] !== 'layout' && !c.doc.hasIn(t.path)) continue;
    for (const role of t.roles) {
      const ch = missingCharacter(open[role], t.text, t.label ? symbols : undefined);
      if (ch === null) continue;
      const path = t.path[0] === 'locale' && !c.doc.hasIn(['locale']) ? ['layout', 'fonts', role] : t.path;
      const id = pathText(path);
      if (reported.has(id)) break;
      reported.add(id);
      const node = (c.doc.getIn(path, true) ?? c.doc.getIn(path.slice(0, -1), true) ?? c.doc.contents) as Node | null;
      const inText = t.path[0] === 'locale' || t.path[0] === 'strings' ? ` (in "${t.text}")` : '';
      const name = String(c.doc.getIn(['layout', 'fonts', role]) ?? fonts[role]);
      c.report(node, pathText(path), `the ${role} font ${name} has no ${describeCharacter(ch)}${inText}, which would print as an empty box; ${coverageAdvice(ch, role, fontFile(fonts[role], baseDir))}`);
      break;
    }
  }
}
