/**
 * Where things go on a KDP cover sheet (pure geometry, in points from the sheet's top left).
 * The sheet is back | spine | front with bleed all round (kdp.ts). Background and bands run
 * over the whole sheet, bleed included, so nothing has to line up with a fold; everything else
 * stays on one panel, at least 0.125 in inside its trim and folds. Spine text keeps at least
 * 1/16 in from each fold. The barcode area on the back stays clear of everything but the
 * background (a plain paper box is drawn there for KDP's barcode).
 */
import { type CoverGeometry, PT_PER_IN } from './kdp.js';

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Nearest anything but background and bands comes to a trim edge or fold (KDP asks 0.125 in). */
export const COVER_SAFE = 0.125 * PT_PER_IN;
/** Margin of the cover's text from the trim. */
export const TEXT_MARGIN = 0.375 * PT_PER_IN;
/** Spine text keeps at least this much from each fold. */
export const SPINE_CLEARANCE = 0.0625 * PT_PER_IN;
/** Bands beyond the trim: top and bottom (the bottom one stays below the barcode area). */
export const TOP_BAND = 0.3 * PT_PER_IN;
export const BOTTOM_BAND = 0.18 * PT_PER_IN;
/** The rules beside the bands: thickness, and the gap to the band. */
export const RULE = 1.5;
/** Spine type: the line (ascender to descender) as a share of the size, and the largest size. */
export const SPINE_LINE_EM = 1.25;
export const SPINE_MAX_SIZE = 20;

/** The barcode area KDP keeps on the back cover: 2 x 1.2 in, 0.25 in from the trim's bottom and spine-side edges. */
export function barcodeArea(g: CoverGeometry): Rect {
  const width = 2 * PT_PER_IN;
  const height = 1.2 * PT_PER_IN;
  return { x: g.spineX - 0.25 * PT_PER_IN - width, y: g.bleed + g.trim[1] - 0.25 * PT_PER_IN - height, width, height };
}

/** The frame on the front that holds the grid motif or the job's image (depends on the trim only). */
export function artFrame(trim: readonly [number, number]): { width: number; height: number } {
  return { width: trim[0] * 0.66, height: trim[1] * 0.44 };
}

/** An image of `px` pixels fitted into the art frame (whole image shown, centred), in points. */
export function imageFit(frame: { width: number; height: number }, px: { width: number; height: number }): { width: number; height: number } {
  const scale = Math.min(frame.width / px.width, frame.height / px.height);
  return { width: px.width * scale, height: px.height * scale };
}

export interface CoverPlan {
  /** Full-width strips (bleed to bleed): top and bottom, and a thin rule inside each. */
  bands: Rect[];
  rules: Rect[];
  /** The front's title block (title and subtitle are fitted into it). */
  title: Rect;
  /** The art on the front: the grid motif's paper panel, or the image. */
  art: Rect;
  /** The grid inside the panel (absent with an image). */
  motif: Rect | null;
  /** The puzzle-count badge: a circle. */
  badge: { cx: number; cy: number; r: number };
  /** The large-print flash (drawn turned by `flashAngle` degrees about its centre), if any. */
  flash: Rect | null;
  /** Baseline band of the author's line on the front. */
  author: Rect;
  /** Spine text: the strip it is centred in and its size; null when the spine is too thin (under 100 pages). */
  spine: { x: number; width: number; y: number; length: number; size: number } | null;
  /** The back's text block (heading, blurb, inside list). */
  backText: Rect;
  /** The sample grid's paper panel on the back and the grid in it, with a caption line above. */
  sample: Rect | null;
  sampleGrid: Rect | null;
  caption: Rect | null;
  barcode: Rect;
}

export const FLASH_ANGLE = -6;

/** The cover's plan for a sheet; `image` is the image's pixel size when the job gives one. */
export function coverPlan(g: CoverGeometry, opts: { largePrint: boolean; image?: { width: number; height: number } | null }): CoverPlan {
  const [w, h] = g.trim;
  const top = g.bleed;
  const bottom = g.bleed + h;
  const bands: Rect[] = [
    { x: 0, y: 0, width: g.width, height: top + TOP_BAND },
    { x: 0, y: bottom - BOTTOM_BAND, width: g.width, height: g.height - (bottom - BOTTOM_BAND) },
  ];
  const rules: Rect[] = [
    { x: 0, y: bands[0].height + RULE, width: g.width, height: RULE },
    { x: 0, y: bands[1].y - 2 * RULE, width: g.width, height: RULE },
  ];

  // Front.
  const fx = g.frontX;
  const frame = artFrame(g.trim);
  const frameTop = top + h * 0.33;
  let art: Rect;
  let motif: Rect | null = null;
  if (opts.image) {
    const fit = imageFit(frame, opts.image);
    art = { x: fx + (w - fit.width) / 2, y: frameTop + (frame.height - fit.height) / 2, ...fit };
  } else {
    const side = Math.min(frame.width, frame.height);
    art = { x: fx + (w - side) / 2, y: frameTop + (frame.height - side) / 2, width: side, height: side };
    const pad = side * 0.06;
    motif = { x: art.x + pad, y: art.y + pad, width: side - 2 * pad, height: side - 2 * pad };
  }
  const r = Math.min(w, h) * 0.12;
  const badge = { cx: Math.min(art.x + art.width - r * 0.2, fx + w - TEXT_MARGIN - r), cy: art.y + r * 0.1, r };
  const flashH = Math.max(0.32 * PT_PER_IN, w * 0.06);
  const flash = opts.largePrint ? { x: Math.max(fx + TEXT_MARGIN, art.x - w * 0.04), y: art.y - flashH * 0.85, width: w * 0.44, height: flashH } : null;
  const titleTop = top + TOP_BAND + 0.3 * PT_PER_IN;
  const titleBottom = Math.min(frameTop, (flash?.y ?? art.y) - 0.04 * h, badge.cy - r) - 0.12 * PT_PER_IN;
  const title = { x: fx + TEXT_MARGIN, y: titleTop, width: w - 2 * TEXT_MARGIN, height: titleBottom - titleTop };
  const authorTop = art.y + art.height + 0.04 * h;
  const author = { x: fx + TEXT_MARGIN, y: authorTop, width: w - 2 * TEXT_MARGIN, height: bottom - BOTTOM_BAND - 0.15 * PT_PER_IN - authorTop };

  // Spine: the text strip between the folds, less the clearance; from 100 pages.
  let spine: CoverPlan['spine'] = null;
  if (g.spineText) {
    const width = g.spine - 2 * SPINE_CLEARANCE;
    const size = Math.min(SPINE_MAX_SIZE, width / SPINE_LINE_EM);
    const y = top + TOP_BAND + 0.4 * PT_PER_IN;
    spine = { x: g.spineX + SPINE_CLEARANCE, width, y, length: bottom - BOTTOM_BAND - 0.4 * PT_PER_IN - y, size };
  }

  // Back.
  const bx = g.bleed;
  const barcode = barcodeArea(g);
  const sampleSide = Math.min(w * 0.5, barcode.x - (bx + TEXT_MARGIN) - 0.3 * PT_PER_IN, h * 0.34);
  let sample: Rect | null = null;
  let sampleGrid: Rect | null = null;
  let caption: Rect | null = null;
  let textBottom = barcode.y + barcode.height;
  if (sampleSide >= 1.2 * PT_PER_IN) {
    sample = { x: bx + TEXT_MARGIN, y: barcode.y + barcode.height - sampleSide, width: sampleSide, height: sampleSide };
    const pad = sampleSide * 0.06;
    sampleGrid = { x: sample.x + pad, y: sample.y + pad, width: sampleSide - 2 * pad, height: sampleSide - 2 * pad };
    const captionH = Math.min(14, Math.max(10, w / 34)) * 1.5;
    caption = { x: sample.x, y: sample.y - captionH - 4, width: w - 2 * TEXT_MARGIN, height: captionH };
    textBottom = caption.y - 0.15 * PT_PER_IN;
  } else textBottom = barcode.y - 0.15 * PT_PER_IN;
  const backTop = top + TOP_BAND + 0.3 * PT_PER_IN;
  const backText = { x: bx + TEXT_MARGIN, y: backTop, width: w - 2 * TEXT_MARGIN, height: textBottom - backTop };

  return { bands, rules, title, art, motif, badge, flash, author, spine, backText, sample, sampleGrid, caption, barcode };
}
