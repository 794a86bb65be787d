/**
 * Amazon KDP paperback rules, as numbers: the page-count range, the minimum inner (gutter)
 * margin for a page count, the outside margin without bleed, and the cover sheet's size.
 *
 * | pages     | inner margin at least |
 * |-----------|-----------------------|
 * | 24 - 150  | 0.375 in              |
 * | 151 - 300 | 0.5 in                |
 * | 301 - 500 | 0.625 in              |
 * | 501 - 700 | 0.75 in               |
 * | 701 - 828 | 0.875 in              |
 *
 * Outside, top and bottom margins: at least 0.25 in. Cover: back + spine + front with 0.125 in
 * bleed all round; spine = pages x paper thickness (white 0.002252 in, cream 0.0025 in a page);
 * spine text only from 100 pages.
 */
import type { Template } from './templates.js';

export const PT_PER_IN = 72;
export const KDP_MIN_PAGES = 24;
export const KDP_MAX_PAGES = 828;
export const KDP_MIN_OUTSIDE_IN = 0.25;
export const KDP_BLEED_IN = 0.125;
export const KDP_SPINE_TEXT_PAGES = 100;
export const PAPER_IN_PER_PAGE = Object.freeze({ white: 0.002252, cream: 0.0025 });

const GUTTERS: readonly { upTo: number; inches: number }[] = Object.freeze([
  { upTo: 150, inches: 0.375 },
  { upTo: 300, inches: 0.5 },
  { upTo: 500, inches: 0.625 },
  { upTo: 700, inches: 0.75 },
  { upTo: Infinity, inches: 0.875 },
]);

/** KDP's minimum inner margin in inches for a page count. */
export function kdpMinInner(pages: number): number {
  return GUTTERS.find((g) => pages <= g.upTo)!.inches;
}

const inches = (pt: number) => `${(pt / PT_PER_IN).toFixed(3).replace(/0+$/, '').replace(/\.$/, '')} in`;

/** Problems with a book of `pages` pages on template `t`: errors (KDP would reject the file) and warnings. */
export function kdpCheck(t: Template, pages: number): { errors: string[]; warnings: string[] } {
  const errors: string[] = [];
  const warnings: string[] = [];
  if (pages < KDP_MIN_PAGES || pages > KDP_MAX_PAGES) {
    warnings.push(`KDP paperbacks have ${KDP_MIN_PAGES} to ${KDP_MAX_PAGES} pages; this book has ${pages} (rule: KDP page count)`);
  }
  const need = kdpMinInner(Math.max(pages, KDP_MIN_PAGES));
  if (t.margins.inner + 1e-9 < need * PT_PER_IN) {
    errors.push(
      `layout.margins.inner is ${t.margins.inner} pt (${inches(t.margins.inner)}); KDP asks for at least ${need} in (${need * PT_PER_IN} pt) ` +
        `for a ${pages}-page paperback (rule: KDP inside margin by page count); raise layout.margins.inner or set layout.kdp: false`,
    );
  }
  for (const side of ['outer', 'top', 'bottom'] as const) {
    if (t.margins[side] + 1e-9 < KDP_MIN_OUTSIDE_IN * PT_PER_IN) {
      errors.push(`layout.margins.${side} is ${t.margins[side]} pt; KDP asks for at least ${KDP_MIN_OUTSIDE_IN} in (18 pt) without bleed (rule: KDP outside margins)`);
    }
  }
  return { errors, warnings };
}

export interface CoverGeometry {
  /** Whole sheet, in points. */
  width: number;
  height: number;
  bleed: number;
  spine: number;
  /** Left edge of the spine and of the front cover (trim), in points. */
  spineX: number;
  frontX: number;
  trim: [number, number];
  spineText: boolean;
}

/** The cover sheet for a trim size and page count: 2 x trim + spine + 2 x bleed across, trim + 2 x bleed down. */
export function coverGeometry(trim: [number, number], pages: number, paper: keyof typeof PAPER_IN_PER_PAGE): CoverGeometry {
  const bleed = KDP_BLEED_IN * PT_PER_IN;
  const spine = pages * PAPER_IN_PER_PAGE[paper] * PT_PER_IN;
  const [w, h] = trim;
  return {
    width: 2 * w + spine + 2 * bleed,
    height: h + 2 * bleed,
    bleed,
    spine,
    spineX: bleed + w,
    frontX: bleed + w + spine,
    trim,
    spineText: pages >= KDP_SPINE_TEXT_PAGES,
  };
}
