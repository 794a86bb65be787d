/**
 * Fonts cover the text: every character a job will print is looked up in the fonts that print
 * it before any work starts, so a title in a script the font lacks (CJK, emoji) is refused with
 * the character and the field instead of printing as empty boxes. Labels count as covered when
 * the symbols font (DejaVu Sans, which draws the stars) has the character: the renderer sets
 * such runs in it (drawLabel in render-pdf.ts).
 */
import { openFont, type ParsedFont } from './fonts.js';
import { fontFile } from './templates.js';

/** The font that sets label characters the book's fonts lack (registered as 'symbols' in render-pdf.ts). */
export const SYMBOLS_FONT = 'DejaVuSans';

/** Bundled fonts tried, in order, when a character is missing: the first that has it is suggested. */
const BUNDLED: Record<'regular' | 'bold', string[]> = {
  regular: ['DejaVuSans', 'DejaVuSerif'],
  bold: ['DejaVuSans-Bold', 'DejaVuSerif-Bold'],
};

/** Characters that are never drawn as glyphs: line breaks inside paragraphs. */
const NOT_DRAWN = new Set(['\n']);

/** The first character of `text` that `font` (nor `fallback`, when given) has no glyph for; placeholders like {n} are skipped. */
export function missingCharacter(font: ParsedFont, text: string, fallback?: ParsedFont): string | null {
  for (const ch of text.replace(/\{\w+\}/g, '')) {
    if (NOT_DRAWN.has(ch)) continue;
    const cp = ch.codePointAt(0)!;
    if (font.hasGlyphForCodePoint(cp) || fallback?.hasGlyphForCodePoint(cp)) continue;
    return ch;
  }
  return null;
}

/** Names of characters that do not show when printed. */
const INVISIBLE: Record<string, string> = { '\u00a0': 'no-break space', '\u202f': 'narrow no-break space', '\u2009': 'thin space', '\u200b': 'zero-width space', '\u00ad': 'soft hyphen', '\ufeff': 'byte order mark' };

/** A character for a message: U+00E4 "ä"; U+00A0 (no-break space) or only U+001B where the character would not show. */
export function describeCharacter(ch: string): string {
  const code = `U+${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
  if (INVISIBLE[ch]) return `${code} (${INVISIBLE[ch]})`;
  return /[\p{C}\p{Z}]/u.test(ch) ? code : `${code} "${ch}"`;
}

/** The bundled font (a DejaVu name) that has `ch` in the given weight, or null. */
export function bundledFontWith(ch: string, role: 'regular' | 'bold'): string | null {
  const cp = ch.codePointAt(0)!;
  return BUNDLED[role].find((name) => openFont(fontFile(name)).hasGlyphForCodePoint(cp)) ?? null;
}

/** Scripts no bundled font covers, named in the advice. */
function scriptOf(ch: string): string | null {
  if (/\p{Extended_Pictographic}/u.test(ch)) return 'emoji';
  if (/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u.test(ch)) return 'Chinese, Japanese and Korean';
  return null;
}

/**
 * What to say when the font of `key` (in role `role`) lacks `ch`: which bundled font has it, or that
 * none has and a font file that does is needed.
 */
export function coverageAdvice(ch: string, role: 'regular' | 'bold', currentFile: string, key = `layout.fonts.${role}`): string {
  const bundled = bundledFontWith(ch, role);
  if (bundled && fontFile(bundled) !== currentFile) return `the bundled ${bundled} has it (${key}: ${bundled})`;
  const script = scriptOf(ch);
  if (script === 'emoji') return 'no bundled font has emoji, and PDF fonts print them without colour: leave it out';
  const example = script ? ', e.g. fonts/NotoSansCJKsc-Regular.otf' : '';
  return `${script ? `no bundled font has ${script} characters` : 'no bundled font has it'}: give a .ttf or .otf font that does in ${key} (a path relative to the job file${example})`;
}
