/**
 * Every word a book, cover or daily page prints comes from one catalogue per language. Keys are
 * flat and grouped by a prefix (`front.`, `rules.`, `example.`, `labels.`, `scale.`, `daily.`,
 * `cover.`); values are plain text with `{name}` placeholders, so a job can override any of them
 * (`strings:`). Counted phrases have `.one` and `.other` forms chosen by Intl.PluralRules.
 */
import { EN } from './en.js';

export const LOCALES = ['en', 'de', 'fr', 'es', 'it', 'nl'] as const;
export type Locale = (typeof LOCALES)[number];

export type StringKey = keyof typeof EN;
export type Strings = Readonly<Record<StringKey, string>>;

const CATALOGUES: Partial<Record<Locale, Partial<Strings>>> = { en: EN };

/** Register a language's catalogue (each language file calls this). */
export function registerCatalogue(locale: Locale, strings: Partial<Strings>): void {
  CATALOGUES[locale] = strings;
}

/** The catalogue of a language with a job's overrides on top; keys a language lacks fall back to English. */
export function catalogue(locale: Locale = 'en', overrides: Partial<Strings> = {}): Strings {
  return { ...EN, ...(CATALOGUES[locale] ?? {}), ...overrides };
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
