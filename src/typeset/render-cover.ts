/**
 * The KDP cover: one sheet with the back cover on the left, the spine, and the front cover on
 * the right, 0.125 in bleed all round (geometry from kdp.ts, placement from cover-layout.ts).
 * Printed in colour from the job's theme (cover-themes.ts); the interior stays black ink.
 * The front carries title, subtitle, a grid motif (the book's first puzzle) or the job's image,
 * the puzzle-count badge, the large-print flash and the author; the spine the title and author
 * when the book is thick enough; the back the blurb, the sections inside, a sample grid, and a
 * plain paper box where KDP prints the barcode. TrimBox and BleedBox are set on the page.
 */
import type { Geometry } from '../geometry/geometry.js';
import type { DigitStyle } from './kind-grid.js';
import { type CoverGeometry } from './kdp.js';
import { barcodeArea, coverPlan, FLASH_ANGLE, SPINE_LINE_EM, type Rect } from './cover-layout.js';
import { darker, PAPER, typeOn, type Cmyk, type CoverTheme } from './cover-themes.js';
import { openFont } from './fonts.js';
import { fill, plural, type Locale, type Strings } from './i18n/index.js';
import type { GridBox } from './layout.js';
import { paragraphs } from './layout.js';
import { drawGrid, pdfBytes, type Doc, type PdfInfo } from './render-pdf.js';
import { fontFile, type Template } from './templates.js';

export { barcodeArea };

export interface CoverContent {
  title: string;
  subtitle: string;
  author: string;
  /** Back-cover text: paragraphs split on blank lines. */
  back: string;
  /** The sections inside, one line each. */
  inside: readonly { title: string; detail: string }[];
  puzzles: number;
  largePrint: boolean;
  /** The front's grid motif (81 characters) and the back's sample puzzle. */
  motif: string;
  sample: { puzzle: string; number: number; kind?: CoverKind } | null;
  /** The motif's grid when it is of another kind or size. */
  motifKind?: CoverKind;
  /** A PNG or JPEG file for the front instead of the motif, with its pixel size. */
  image: { file: string; width: number; height: number } | null;
  theme: CoverTheme;
  strings: Strings;
  locale: Locale;
}

const colour = (c: Cmyk) => [...c] as unknown as PDFKit.Mixins.ColorValue;

/** A grid of another kind or size on the cover, and how its digits beyond 9 print. */
export interface CoverKind {
  geometry: Geometry;
  digits: DigitStyle;
}

function gridBox(puzzle: string, r: Rect, kind?: CoverKind): GridBox {
  return { number: 0, x: r.x, y: r.y, size: r.width, label: '', labelY: r.y, labelSize: 1, labelBold: false, puzzle, ...kind };
}

/** The largest size (at most `max`) at which `text` fits `box` in at most `lines` lines, breaking only between words. */
function fitSize(doc: Doc, font: string, text: string, box: { width: number; height: number }, max: number, lines: number, lineGap = 0): number {
  const words = text.split(/\s+/);
  for (let size = max; size > 6; size -= 0.5) {
    doc.font(font).fontSize(size);
    if (words.some((word) => doc.widthOfString(word) > box.width)) continue;
    const height = doc.heightOfString(text, { width: box.width, align: 'center', lineGap });
    if (height <= box.height && height <= lines * (doc.currentLineHeight(true) + lineGap) + 0.5) return size;
  }
  return 6;
}

/** A solid shadow (no transparency) down and right of a panel. */
function shadow(doc: Doc, panel: Rect, theme: CoverTheme): void {
  const off = Math.min(panel.width, panel.height) * 0.025;
  doc.rect(panel.x + off, panel.y + off, panel.width, panel.height).fill(colour(darker(theme.background, 25)));
}

/** A paper panel with a shadow and a grid on it. */
function gridPanel(doc: Doc, panel: Rect, grid: Rect, puzzle: string, t: Template, theme: CoverTheme, kind?: CoverKind): void {
  shadow(doc, panel, theme);
  doc.rect(panel.x, panel.y, panel.width, panel.height).fill(colour(PAPER));
  drawGrid(doc, gridBox(puzzle, grid, kind), t);
}

function drawCover(doc: Doc, g: CoverGeometry, t: Template, c: CoverContent): void {
  const { theme, strings: s } = c;
  const [w] = g.trim;
  const plan = coverPlan(g, { largePrint: c.largePrint, image: c.image });
  const onAccent = typeOn(theme.accent, theme);

  // Artwork over the whole sheet, bleed included: background, then the bands.
  doc.rect(0, 0, g.width, g.height).fill(colour(theme.background));
  for (const b of plan.bands) doc.rect(b.x, b.y, b.width, b.height).fill(colour(theme.accent));
  for (const r of plan.rules) doc.rect(r.x, r.y, r.width, r.height).fill(colour(theme.text));

  // Front: title and subtitle fitted into the title block.
  const tb = plan.title;
  // The title first (leaving a line for the subtitle), then the subtitle at most half its size in
  // up to two lines, then the title again if the subtitle took more room.
  const subMax = Math.min(w * 0.045, 22);
  const fitTitle = (room: number) => fitSize(doc, 'coverTitle', c.title, { width: tb.width, height: room }, Math.min(w * 0.13, 72), 3);
  let titleSize = fitTitle(tb.height - (c.subtitle ? subMax * 1.6 : 0));
  const subSize = c.subtitle ? fitSize(doc, 'coverBody', c.subtitle, { width: tb.width, height: subMax * 2.7 }, Math.min(subMax, titleSize * 0.5), 2) : 0;
  const subH = c.subtitle ? doc.font('coverBody').fontSize(subSize).heightOfString(c.subtitle, { width: tb.width, align: 'center' }) : 0;
  const subBlock = c.subtitle ? subH + subSize * 0.5 : 0;
  titleSize = Math.min(titleSize, fitTitle(tb.height - subBlock));
  doc.font('coverTitle').fontSize(titleSize);
  const titleH = doc.heightOfString(c.title, { width: tb.width, align: 'center' });
  const y0 = tb.y + (tb.height - titleH - subBlock) / 2;
  doc.fillColor(colour(theme.text)).text(c.title, tb.x, y0, { width: tb.width, align: 'center' });
  if (c.subtitle) {
    doc.font('coverBody').fontSize(subSize).fillColor(colour(theme.text));
    doc.text(c.subtitle, tb.x, y0 + titleH + subSize * 0.5, { width: tb.width, align: 'center' });
  }

  // The art: the job's image, or the first puzzle on a paper panel.
  if (c.image) {
    shadow(doc, plan.art, theme);
    doc.image(c.image.file, plan.art.x, plan.art.y, { width: plan.art.width, height: plan.art.height });
  } else if (plan.motif) gridPanel(doc, plan.art, plan.motif, c.motif, t, theme, c.motifKind);

  // The badge: "120 puzzles" in a circle.
  const { cx, cy, r } = plan.badge;
  doc.circle(cx + r * 0.06, cy + r * 0.06, r).fill(colour(darker(theme.background, 25)));
  doc.circle(cx, cy, r).fill(colour(theme.accent));
  doc.circle(cx, cy, r * 0.9).lineWidth(Math.max(0.75, r * 0.025)).stroke(colour(onAccent));
  const badgeText = plural(s, c.locale, 'cover.badge', c.puzzles);
  const count = String(c.puzzles);
  const inner = { width: r * 1.45, height: r * 1.3 };
  doc.fillColor(colour(onAccent));
  if (badgeText.startsWith(`${count} `)) {
    // The number large, the word under it.
    const word = badgeText.slice(count.length + 1);
    const numSize = fitSize(doc, 'coverTitle', count, { width: inner.width * 0.9, height: r * 0.75 }, r * 0.62, 1);
    const wordSize = fitSize(doc, 'coverTitle', word, { width: inner.width, height: r * 0.45 }, r * 0.3, 1);
    const lineH = (font: string, size: number) => doc.font(font).fontSize(size).currentLineHeight();
    const total = lineH('coverTitle', numSize) + lineH('coverTitle', wordSize);
    let y = cy - total / 2;
    doc.font('coverTitle').fontSize(numSize).text(count, cx - inner.width / 2, y, { width: inner.width, align: 'center', lineBreak: false });
    y += lineH('coverTitle', numSize);
    doc.font('coverTitle').fontSize(wordSize).text(word, cx - inner.width / 2, y, { width: inner.width, align: 'center', lineBreak: false });
  } else {
    const badgeSize = fitSize(doc, 'coverTitle', badgeText, inner, r * 0.5, 2, -r * 0.05);
    doc.font('coverTitle').fontSize(badgeSize);
    const badgeH = doc.heightOfString(badgeText, { width: inner.width, align: 'center', lineGap: -r * 0.05 });
    doc.text(badgeText, cx - inner.width / 2, cy - badgeH / 2, { width: inner.width, align: 'center', lineGap: -r * 0.05 });
  }

  // The large-print flash: a slightly turned tag over the art's top-left corner.
  if (plan.flash) {
    const f = plan.flash;
    doc.save();
    doc.rotate(FLASH_ANGLE, { origin: [f.x + f.width / 2, f.y + f.height / 2] });
    doc.rect(f.x, f.y, f.width, f.height).fill(colour(theme.text));
    const flashText = s['cover.largePrint'];
    const ink = typeOn(theme.text, theme);
    const size = fitSize(doc, 'coverTitle', flashText, { width: f.width * 0.9, height: f.height * 0.8 }, f.height * 0.62, 1);
    doc.font('coverTitle').fontSize(size).fillColor(colour(ink));
    const th = doc.heightOfString(flashText, { width: f.width, align: 'center' });
    doc.text(flashText, f.x, f.y + (f.height - th) / 2 + size * 0.05, { width: f.width, align: 'center', lineBreak: false });
    doc.restore();
  }

  // The author.
  if (c.author) {
    const a = plan.author;
    const size = fitSize(doc, 'coverBody', c.author, { width: a.width, height: a.height }, Math.min(w * 0.045, 24), 1);
    doc.font('coverBody').fontSize(size);
    const ah = doc.heightOfString(c.author, { width: a.width, align: 'center' });
    doc.fillColor(colour(theme.text)).text(c.author, a.x, a.y + (a.height - ah) / 2, { width: a.width, align: 'center', lineBreak: false });
  }

  // Spine: title and author along it, reading top to bottom, centred between the folds: one
  // line, or title and author on two lines when that sets them larger.
  if (plan.spine) {
    const sp = plan.spine;
    doc.font('coverTitle');
    const sizeFor = (lines: string[]) => {
      const cap = sp.width / (lines.length * SPINE_LINE_EM);
      const longest = Math.max(...lines.map((l) => doc.fontSize(cap).widthOfString(l)));
      return Math.min(sp.size, cap, (cap * sp.length) / longest);
    };
    const oneLine = [c.author ? `${c.title}  ·  ${c.author}` : c.title];
    const twoLines = c.author ? [c.title, c.author] : oneLine;
    const lines = sizeFor(twoLines) > sizeFor(oneLine) * 1.15 ? twoLines : oneLine;
    const size = sizeFor(lines);
    doc.fontSize(size);
    const font = (doc as unknown as { _font: { ascender: number; descender: number } })._font;
    const lineH = ((font.ascender - font.descender) / 1000) * size;
    const cxs = sp.x + sp.width / 2;
    const cys = sp.y + sp.length / 2;
    doc.save();
    doc.rotate(90, { origin: [cxs, cys] });
    // Turned, the lines run down the spine; their ascender-to-descender block is centred between the folds.
    lines.forEach((line, i) => {
      const top = cys - (lines.length * lineH) / 2 + i * lineH;
      doc.fillColor(colour(theme.text)).text(line, cxs - doc.widthOfString(line) / 2, top, { lineBreak: false });
    });
    doc.restore();
  }

  // Back: heading, blurb, the sections inside, fitted into the text block.
  const bt = plan.backText;
  let size = c.largePrint ? 18 : Math.min(16, Math.max(10, w / 30));
  const measure = (sz: number): number => {
    let y = doc.font('coverTitle').fontSize(sz * 1.8).heightOfString(c.title, { width: bt.width }) + sz;
    doc.font('coverBody').fontSize(sz);
    for (const p of paragraphs(c.back)) y += doc.heightOfString(p, { width: bt.width, lineGap: sz * 0.25 }) + sz * 0.7;
    if (c.inside.length) {
      y += sz * 0.6 + doc.font('coverTitle').fontSize(sz * 1.15).heightOfString(s['cover.inside'], { width: bt.width }) + sz * 0.3;
      for (const row of c.inside) y += doc.font('coverBody').fontSize(sz).heightOfString(`${row.title}: ${row.detail}`, { width: bt.width - sz * 1.4 }) + sz * 0.3;
    }
    return y;
  };
  while (size > 7 && measure(size) > bt.height) size -= 0.25;
  let y = bt.y;
  doc.font('coverTitle').fontSize(size * 1.8).fillColor(colour(theme.text)).text(c.title, bt.x, y, { width: bt.width });
  y = doc.y + size;
  doc.font('coverBody').fontSize(size).fillColor(colour(theme.text));
  for (const p of paragraphs(c.back)) {
    doc.text(p, bt.x, y, { width: bt.width, lineGap: size * 0.25 });
    y = doc.y + size * 0.7;
  }
  if (c.inside.length) {
    y += size * 0.6;
    doc.font('coverTitle').fontSize(size * 1.15).fillColor(colour(theme.accent)).text(s['cover.inside'], bt.x, y, { width: bt.width });
    y = doc.y + size * 0.3;
    for (const row of c.inside) {
      doc.rect(bt.x, y + size * 0.3, size * 0.55, size * 0.55).fill(colour(theme.accent));
      doc.font('coverTitle').fontSize(size).fillColor(colour(theme.text));
      doc.text(fill(s['punct.lead'], { term: row.title }), bt.x + size * 1.4, y, { width: bt.width - size * 1.4, continued: true });
      doc.font('coverBody').text(row.detail);
      y = doc.y + size * 0.3;
    }
  }

  // The sample grid, with its caption.
  if (c.sample && plan.sample && plan.sampleGrid && plan.caption) {
    const cap = plan.caption;
    const capText = fill(s['cover.sample'], { number: c.sample.number });
    const capSize = fitSize(doc, 'coverBody', capText, cap, cap.height / 1.5, 1);
    doc.font('coverBody').fontSize(capSize).fillColor(colour(theme.text)).text(capText, cap.x, cap.y + cap.height - capSize * 1.2, { width: cap.width, lineBreak: false });
    gridPanel(doc, plan.sample, plan.sampleGrid, c.sample.puzzle, t, theme, c.sample.kind);
  }

  // KDP prints the barcode here: a plain paper box, nothing else.
  const bar = plan.barcode;
  doc.rect(bar.x, bar.y, bar.width, bar.height).fill(colour(PAPER));

  // Page boxes: the trimmed cover inside the sheet (PDF coordinates, from the bottom left).
  const dict = (doc.page as unknown as { dictionary: { data: Record<string, unknown> } }).dictionary.data;
  dict.BleedBox = [0, 0, g.width, g.height];
  dict.TrimBox = [g.bleed, g.bleed, g.width - g.bleed, g.height - g.bleed];
}

/** The cover as PDF bytes; `fontDir` resolves relative font paths of the theme. */
export function renderCover(g: CoverGeometry, t: Template, content: CoverContent, info: PdfInfo, fontDir?: string): Promise<Buffer> {
  return pdfBytes(
    [g.width, g.height],
    t,
    info,
    (doc) => {
      doc.registerFont('coverTitle', openFont(fontFile(content.theme.fonts.title, fontDir)) as unknown as string);
      doc.registerFont('coverBody', openFont(fontFile(content.theme.fonts.body, fontDir)) as unknown as string);
      doc.addPage({ size: [g.width, g.height], margin: 0 });
      drawCover(doc, g, t, content);
    },
    fontDir,
  );
}
