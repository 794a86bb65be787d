/**
 * Font files, each opened and parsed once per process. Parsing a TrueType font is most of
 * the cost of a small PDF (a newspaper page), so every document of a run shares the parsed
 * font; each document still embeds its own subset of the glyphs it uses.
 *
 * Fonts are parsed by the same parser the PDF writer (pdfkit) uses, so a font that opens here
 * is one the renderer can draw with. A job's fonts are opened when the job is checked: a file
 * that is not a font, or a font without the digits 1-9, fails the check before any work.
 */
import { readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';

/** The parts of a parsed font this program relies on (pdfkit accepts the object itself). */
export interface ParsedFont {
  layout(text: string): unknown;
  hasGlyphForCodePoint(codePoint: number): boolean;
  postscriptName?: string;
}

interface Parser {
  create(data: Uint8Array): unknown;
}

let parser: Parser | null = null;

/** The font parser pdfkit itself depends on, loaded on first use. */
function fontParser(): Parser {
  if (!parser) {
    const fromPdfkit = createRequire(createRequire(import.meta.url).resolve('pdfkit'));
    parser = fromPdfkit('fontkit') as Parser;
  }
  return parser;
}

const cache = new Map<string, ParsedFont>();

/** Characters every font of a book must have. */
export const REQUIRED_GLYPHS = '123456789';

/**
 * The parsed font in `file`, from the cache after the first call. Throws an Error saying
 * what is wrong (not a file, not a font, a collection, no digits); callers add the job's place.
 */
export function openFont(file: string): ParsedFont {
  const hit = cache.get(file);
  if (hit) return hit;
  let data: Buffer;
  try {
    if (!statSync(file).isFile()) throw new Error('is not a file');
    data = readFileSync(file);
  } catch (err) {
    const e = err as NodeJS.ErrnoException;
    throw new Error(e.code === 'ENOENT' ? 'no such file' : e.code === 'EACCES' ? 'cannot be read (permission denied)' : e.message);
  }
  let font: unknown;
  try {
    font = fontParser().create(data);
  } catch (err) {
    throw new Error(`is not a font file (${(err as Error).message})`);
  }
  if (!font || typeof (font as ParsedFont).layout !== 'function') {
    throw new Error(font && Array.isArray((font as { fonts?: unknown }).fonts) ? 'is a font collection; give a single .ttf or .otf font' : 'is not a font file');
  }
  const parsed = font as ParsedFont;
  let missing: string[];
  try {
    missing = [...REQUIRED_GLYPHS].filter((ch) => !parsed.hasGlyphForCodePoint(ch.codePointAt(0)!));
  } catch (err) {
    throw new Error(`is a damaged font file (${(err as Error).message})`);
  }
  if (missing.length) throw new Error(`is a font without the digits ${missing.join(' ')}`);
  cache.set(file, parsed);
  return parsed;
}
