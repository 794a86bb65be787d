/**
 * The job's `cover` key: paper, back text, theme (a built-in name, or colours and fonts on
 * top of one), an optional front image checked for print resolution, and the large-print
 * flash. Fonts and the image are resolved against the job file and opened now, so a bad file
 * fails the check before any work.
 */
import { existsSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { isMap, isScalar, type Node } from 'yaml';
import { artFrame, imageFit } from '../typeset/cover-layout.js';
import { blurb, bookFacts } from '../typeset/book-text.js';
import { insideList } from '../typeset/cover-text.js';
import type { BookPuzzle } from '../typeset/layout.js';
import type { CoverContent } from '../typeset/render-cover.js';
import { DEFAULT_THEME, THEMES, THEME_NAMES, type Cmyk, type CoverTheme } from '../typeset/cover-themes.js';
import { openFont } from '../typeset/fonts.js';
import { imageSize } from '../typeset/image-size.js';
import { PT_PER_IN } from '../typeset/kdp.js';
import { fontFile } from '../typeset/templates.js';
import { flag, oneOf, text, type JobConfig } from './job.js';
import { describe, type Checker } from './yaml-check.js';

/** The KDP cover sheet: paper decides the spine width. */
export interface CoverConfig {
  paper: 'white' | 'cream';
  /** Text on the back cover (paragraphs split on blank lines); empty: built from the job. */
  back: string;
  theme: CoverTheme;
  /** A PNG or JPEG for the front (absolute path) and its pixel size; null: the grid motif. */
  image: { file: string; width: number; height: number } | null;
  /** The "LARGE PRINT" flash; by default on for the large-print template. */
  largePrint: boolean;
}

export const COVER_KEYS = ['paper', 'back', 'theme', 'image', 'largePrint'];
const THEME_KEYS = ['base', 'background', 'accent', 'text', 'fonts'];
/** KDP's minimum resolution for cover images. */
export const COVER_DPI = 300;

function colourValue(c: Checker, node: Node | null | undefined, path: string): Cmyk | null {
  const items = c.sequence(node, path);
  const v = items.map((n) => c.scalar(n));
  if (items.length === 4 && v.every((x) => typeof x === 'number' && x >= 0 && x <= 100)) return v as unknown as Cmyk;
  if (items.length || !node) c.report(node, path, `expected a CMYK colour [C, M, Y, K], each 0-100, got ${items.length ? `[${v.map((x) => JSON.stringify(x)).join(', ')}]` : describe(node)}`);
  return null;
}

function font(c: Checker, node: Node | null | undefined, path: string, baseDir: string): string | null {
  const v = c.scalar(node);
  if (typeof v !== 'string' || !v.trim()) {
    c.report(node, path, `expected a font (a DejaVu name such as "DejaVuSans-Bold" or a .ttf/.otf path), got ${describe(node)}`);
    return null;
  }
  const file = fontFile(v, baseDir);
  if (!existsSync(file)) {
    c.report(node, path, `no font file ${file} (give a .ttf/.otf path relative to the job file, or a DejaVu name such as "DejaVuSerif")`);
    return null;
  }
  try {
    openFont(file);
  } catch (err) {
    c.report(node, path, `${file} ${(err as Error).message}`);
    return null;
  }
  return file;
}

/** `cover.theme`: a built-in name, or { base, background, accent, text, fonts: { title, body } }. */
function readTheme(c: Checker, node: Node | null | undefined, baseDir: string): CoverTheme {
  const pick = (n: Node | null | undefined, path: string): CoverTheme => {
    const v = c.scalar(n);
    const known = typeof v === 'string' && THEME_NAMES.includes(v);
    if (!known) c.report(n, path, `expected a cover theme (${THEME_NAMES.join(', ')}) or a mapping of ${THEME_KEYS.join(', ')}, got ${describe(n)}`);
    return structuredClone(THEMES[known ? (v as string) : DEFAULT_THEME]) as CoverTheme;
  };
  if (!isMap(node)) return pick(node, 'cover.theme');
  const m = c.mapping(node, 'cover.theme', THEME_KEYS);
  const theme = m.has('base') ? pick(m.get('base'), 'cover.theme.base') : (structuredClone(THEMES[DEFAULT_THEME]) as CoverTheme);
  theme.name = 'custom';
  for (const k of ['background', 'accent', 'text'] as const) if (m.has(k)) theme[k] = colourValue(c, m.get(k), `cover.theme.${k}`) ?? theme[k];
  if (m.has('fonts')) {
    const f = c.mapping(m.get('fonts'), 'cover.theme.fonts', ['title', 'body']);
    for (const [k, n] of f) theme.fonts[k as 'title' | 'body'] = font(c, n, `cover.theme.fonts.${k}`, baseDir) ?? theme.fonts[k as 'title' | 'body'];
  }
  return theme;
}

const inches = (pt: number) => `${Math.round((pt / PT_PER_IN) * 10) / 10}`;

/** `cover.image`: a PNG or JPEG, at least 300 dpi where it is printed on the front. */
function readImage(c: Checker, node: Node | null | undefined, trim: readonly [number, number], baseDir: string): CoverConfig['image'] {
  const v = c.scalar(node);
  if (typeof v !== 'string' || !v.trim()) {
    c.report(node, 'cover.image', `expected the path of a PNG or JPEG image, got ${describe(node)}`);
    return null;
  }
  const file = resolve(baseDir, v);
  let size;
  try {
    size = imageSize(file);
  } catch (err) {
    const e = err as NodeJS.ErrnoException;
    const why = e.code === 'ENOENT' ? 'no such file' : e.code === 'EISDIR' ? 'is a folder' : e.code === 'EACCES' ? 'cannot be read (permission denied)' : e.message;
    c.report(node, 'cover.image', `${file} ${why}`);
    return null;
  }
  const printed = imageFit(artFrame(trim), size);
  const dpi = Math.floor((size.width / printed.width) * PT_PER_IN);
  if (dpi < COVER_DPI) {
    const need = { width: Math.ceil((printed.width / PT_PER_IN) * COVER_DPI), height: Math.ceil((printed.height / PT_PER_IN) * COVER_DPI) };
    c.report(
      node,
      'cover.image',
      `${basename(file)} is ${size.width}x${size.height} px, ${dpi} dpi at its printed size ${inches(printed.width)} x ${inches(printed.height)} in; ` +
        `KDP needs ${COVER_DPI} dpi (give an image of at least ${need.width}x${need.height} px)`,
    );
    return null;
  }
  return { file, width: size.width, height: size.height };
}

/** The `cover` key: false for none; a mapping of COVER_KEYS. `template` gives the trim and the large-print default. */
export function readCover(c: Checker, node: Node | null | undefined, at: { template: string; trim: readonly [number, number]; baseDir: string }): CoverConfig | null {
  if (isScalar(node) && node.value === false) return null;
  const m = c.mapping(node, 'cover', COVER_KEYS);
  const cover = defaultCover(at.template);
  if (m.has('paper')) cover.paper = oneOf(c, m.get('paper'), 'cover.paper', ['white', 'cream'] as const, 'paper') ?? cover.paper;
  if (m.has('back')) cover.back = text(c, m.get('back'), 'cover.back') ?? '';
  if (m.has('theme')) cover.theme = readTheme(c, m.get('theme'), at.baseDir);
  if (m.has('image')) cover.image = readImage(c, m.get('image'), at.trim, at.baseDir);
  if (m.has('largePrint')) cover.largePrint = flag(c, m.get('largePrint'), 'cover.largePrint') ?? cover.largePrint;
  return cover;
}

/** The cover a job gets without a `cover` key (KDP templates only). */
export function defaultCover(template: string): CoverConfig {
  return { paper: 'white', back: '', theme: structuredClone(THEMES[DEFAULT_THEME]) as CoverTheme, image: null, largePrint: template === 'large-print' };
}

/** What the cover prints for a book: the job's back text or the book's blurb, the sections inside, the badge count, the motif and sample. */
export function coverContent(job: JobConfig, cover: CoverConfig, puzzles: readonly BookPuzzle[]): CoverContent {
  const { strings, locale } = job;
  const facts = bookFacts(job, puzzles);
  const last = puzzles.at(-1);
  return {
    title: job.title,
    subtitle: job.subtitle,
    author: job.author,
    back: cover.back || blurb(facts, strings, locale),
    inside: insideList(facts, strings, locale),
    puzzles: puzzles.length,
    largePrint: cover.largePrint,
    motif: puzzles[0]?.puzzle ?? '.'.repeat(81),
    sample: last ? { puzzle: last.puzzle, number: last.number, ...(last.geometry ? { kind: { geometry: last.geometry, digits: job.digits } } : {}) } : null,
    ...(puzzles[0]?.geometry ? { motifKind: { geometry: puzzles[0].geometry, digits: job.digits } } : {}),
    image: cover.image,
    theme: cover.theme,
    strings,
    locale,
  };
}
