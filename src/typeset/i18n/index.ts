/**
 * Every word a book, cover or daily page prints comes from one catalogue per language. Keys are
 * flat and grouped by a prefix (`front.`, `rules.`, `example.`, `labels.`, `scale.`, `daily.`,
 * `cover.`); values are plain text with `{name}` placeholders, so a job can override any of them
 * (`strings:`). Counted phrases have `.one` and `.other` forms chosen by Intl.PluralRules.
 *
 * English (en.ts) is the reference: every other language has exactly its keys and the same
 * placeholders in each (a test checks it). A key a language still lacks prints in English, so
 * a new English key never breaks a build; the test names it. Dates go through `formatDate`
 * (Intl.DateTimeFormat in the job's language).
 */
import { DE } from './de.js';
import { EN } from './en.js';
import { ES } from './es.js';
import { FR } from './fr.js';
import { IT } from './it.js';
import { NL } from './nl.js';

export const LOCALES = ['en', 'de', 'fr', 'es', 'it', 'nl'] as const;
export type Locale = (typeof LOCALES)[number];

export type StringKey = keyof typeof EN;
export type Strings = Readonly<Record<StringKey, string>>;
/** A language file: the English keys, each translated (a missing one falls back to English). */
export type Catalogue = Partial<Record<StringKey, string>>;

/** Every key, in the English catalogue's order. */
export const STRING_KEYS = Object.keys(EN) as StringKey[];

const CATALOGUES: Record<Locale, Catalogue> = { en: EN, de: DE, fr: FR, es: ES, it: IT, nl: NL };

/** A language's own catalogue, without the English fallback (for checks and tests). */
export function languageCatalogue(locale: Locale): Catalogue {
  return CATALOGUES[locale];
}

/** Register a language's catalogue (replaces the built-in one). */
export function registerCatalogue(locale: Locale, strings: Catalogue): void {
  CATALOGUES[locale] = strings;
}

/** The catalogue of a language with a job's overrides on top; keys a language lacks fall back to English. */
export function catalogue(locale: Locale = 'en', overrides: Catalogue = {}): Strings {
  return { ...EN, ...CATALOGUES[locale], ...overrides } as Strings;
}

/** The placeholder names of a catalogue text, in order of first use: "{n} of {total}" -> ["n", "total"]. */
export function placeholders(text: string): string[] {
  return [...new Set([...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]))];
}

/** "{n} puzzles" with n = 12 -> "12 puzzles". Unknown placeholders are left as they are. */
export function fill(template: string, vars: Readonly<Record<string, string | number>> = {}): string {
  return template.replace(/\{(\w+)\}/g, (all, k: string) => (k in vars ? String(vars[k]) : all));
}

/** The `.one` or `.other` form of a counted phrase, filled with `n` and `vars`. */
export function plural(s: Strings, locale: Locale, key: string, n: number, vars: Readonly<Record<string, string | number>> = {}): string {
  const form = new Intl.PluralRules(locale).select(n) === 'one' ? 'one' : 'other';
  const k = `${key}.${form}` as StringKey;
  return fill(s[k] ?? s[`${key}.other` as StringKey], { n, ...vars });
}

/**
 * How dates are printed: `long` on a daily page's date line ("Tuesday 1 December 2026",
 * "Dienstag, 1. Dezember 2026"), `short` where a date is referred to ("Tue 1 Dec", "Di., 1. Dez."),
 * `year` on a copyright line. English is British style without the comma after the weekday.
 */
export type DateStyle = 'long' | 'short' | 'year';

const DATE_OPTIONS: Record<DateStyle, Intl.DateTimeFormatOptions> = {
  long: { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' },
  short: { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' },
  year: { year: 'numeric', timeZone: 'UTC' },
};

// Made once per language and style: building a date format is far slower than using one (it showed in 365-day runs).
const formats = new Map<string, Intl.DateTimeFormat>();

/** A date (YYYY-MM-DD) as the job's language prints it; a long date (a date line) starts with a capital. */
export function formatDate(locale: Locale, date: string, style: DateStyle): string {
  const id = `${locale}:${style}`;
  let f = formats.get(id);
  if (!f) {
    f = new Intl.DateTimeFormat(locale === 'en' ? 'en-GB' : locale, DATE_OPTIONS[style]);
    formats.set(id, f);
  }
  const text = f.format(new Date(`${date}T00:00:00Z`));
  const out = locale === 'en' ? text.replace(',', '') : text;
  return style === 'long' ? out.charAt(0).toLocaleUpperCase(locale) + out.slice(1) : out;
}
