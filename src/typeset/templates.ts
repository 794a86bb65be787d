/**
 * Page templates: JSON files in templates/ (page size in points, margins, puzzles and answer
 * keys per page, fonts, font sizes). A job names one and may override any field.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { UserError } from '../core/errors.js';

export interface Grid2 {
  columns: number;
  rows: number;
}

export interface Template {
  description: string;
  /** [width, height] in points (1/72 in). */
  pageSize: [number, number];
  /** Inner is the binding side: left on odd (right-hand) pages, right on even ones. */
  margins: { top: number; bottom: number; inner: number; outer: number };
  puzzlesPerPage: Grid2;
  answersPerPage: Grid2;
  /** Font names of the bundled DejaVu family (e.g. "DejaVuSans"), or paths to .ttf/.otf files. */
  fonts: { regular: string; bold: string };
  /** `body`: front-matter text (optional: a little above the running header, 9.5 to 14 pt). */
  fontSizes: { title: number; heading: number; label: number; header: number; body?: number };
  /**
   * Line weights in points: cell lines, 3x3 box lines, the outer border. Print defaults
   * (LINE_DEFAULTS): KDP interiors ask for about 0.75 pt at least; newsprint wants heavier.
   */
  lines: { cell: number; box: number; border: number };
  /** A KDP paperback trim: the book's page count and inner margin are checked against KDP's rules. */
  kdp: boolean;
}

/** Print line weights when a template names none. */
export const LINE_DEFAULTS: Template['lines'] = Object.freeze({ cell: 0.75, box: 2.25, border: 3 });

export const TEMPLATE_DIR = fileURLToPath(new URL('../../templates/', import.meta.url));

export function templateNames(): string[] {
  return readdirSync(TEMPLATE_DIR)
    .filter((f) => f.endsWith('.json'))
    .map((f) => f.slice(0, -5))
    .sort();
}

export function loadTemplate(name: string): Template {
  const file = join(TEMPLATE_DIR, `${name}.json`);
  if (!existsSync(file)) throw new UserError(`unknown template "${name}" (templates: ${templateNames().join(', ')})`);
  const t = JSON.parse(readFileSync(file, 'utf8')) as Partial<Template>;
  return { ...t, lines: { ...LINE_DEFAULTS, ...t.lines }, kdp: t.kdp ?? false } as Template;
}

const require = createRequire(import.meta.url);

/** The file of a font: a bundled DejaVu name, or a path (relative to `baseDir`). */
export function fontFile(font: string, baseDir = process.cwd()): string {
  if (/\.(ttf|otf)$/i.test(font)) return isAbsolute(font) ? font : resolve(baseDir, font);
  const dir = join(dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
  return join(dir, `${font}.ttf`);
}
