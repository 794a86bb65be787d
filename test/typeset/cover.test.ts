import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import { coverContent } from '../../src/pipeline/cover-config.js';
import { loadJob } from '../../src/pipeline/job.js';
import { runBook } from '../../src/pipeline/run.js';
import { artFrame, barcodeArea, COVER_SAFE, coverPlan, FLASH_ANGLE, SPINE_CLEARANCE, type CoverPlan, type Rect } from '../../src/typeset/cover-layout.js';
import { bookFacts } from '../../src/typeset/book-text.js';
import { insideList } from '../../src/typeset/cover-text.js';
import { THEMES, THEME_NAMES } from '../../src/typeset/cover-themes.js';
import { openFont } from '../../src/typeset/fonts.js';
import { catalogue, type Strings } from '../../src/typeset/i18n/index.js';
import { imageSize } from '../../src/typeset/image-size.js';
import { coverGeometry, type CoverGeometry } from '../../src/typeset/kdp.js';
import { renderCover, type CoverContent } from '../../src/typeset/render-cover.js';
import { fontFile, loadTemplate, templateNames } from '../../src/typeset/templates.js';
import { readPdf } from '../helpers/pdf.js';
import { blackOnlyProblems } from './pdf-ops.js';

const tmp = mkdtempSync(join(tmpdir(), 'sp-cover-'));
const IN = 72;

const PUZZLES = readFileSync('test/fixtures/puzzles/se-rated-40.tsv', 'utf8')
  .split('\n')
  .filter((l) => l && !l.startsWith('#'))
  .map((l) => l.split('\t')[0]);

const EN = catalogue('en');

function content(over: Partial<CoverContent> = {}): CoverContent {
  return {
    title: 'Cover Title',
    subtitle: 'A subtitle',
    author: 'An Author',
    back: 'Back text.',
    inside: [{ title: 'Easy', detail: '40 puzzles, gentle to easy' }],
    puzzles: 120,
    largePrint: false,
    motif: PUZZLES[0],
    sample: { puzzle: PUZZLES[1], number: 120 },
    image: null,
    theme: THEMES.classic,
    strings: EN,
    locale: 'en',
    ...over,
  };
}

async function render(name: string, g: CoverGeometry, c: CoverContent, template = 'trade-6x9'): Promise<string> {
  const file = join(tmp, `${name}.pdf`);
  writeFileSync(file, await renderCover(g, loadTemplate(template), c, { title: 'c', author: 'a', date: '2026-01-01' }));
  return file;
}

/** A page box of the PDF's one page: [x0, y0, x1, y1]. */
function pageBox(file: string, box: 'MediaBox' | 'TrimBox' | 'BleedBox'): number[] {
  const m = new RegExp(`/${box} \\[([^\\]]+)\\]`).exec(readFileSync(file).toString('latin1'));
  return m ? m[1].trim().split(/\s+/).map(Number) : [];
}

/** Every text run with its matrix: origin (from the top left), size and whether it is turned 90 degrees. */
async function runs(file: string): Promise<{ str: string; x: number; y: number; size: number; turned: boolean }[]> {
  const doc = await getDocument({ data: new Uint8Array(readFileSync(file)), verbosity: 0 }).promise;
  const page = await doc.getPage(1);
  const height = page.view[3];
  const out = [];
  for (const it of (await page.getTextContent()).items) {
    if (!('str' in it) || !it.str.trim()) continue;
    const [a, b] = it.transform;
    out.push({ str: it.str, x: it.transform[4], y: height - it.transform[5], size: Math.hypot(a, b), turned: Math.abs(a) < 1e-6 });
  }
  await doc.destroy();
  return out;
}

const inside = (r: Rect, x: number, y: number) => x >= r.x && x <= r.x + r.width && y >= r.y && y <= r.y + r.height;
const overlaps = (a: Rect, b: Rect) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The bounding box of a rectangle turned by `deg` about its centre. */
function turned(r: Rect, deg: number): Rect {
  const a = (Math.abs(deg) * Math.PI) / 180;
  const w = r.width * Math.cos(a) + r.height * Math.sin(a);
  const h = r.width * Math.sin(a) + r.height * Math.cos(a);
  return { x: r.x + r.width / 2 - w / 2, y: r.y + r.height / 2 - h / 2, width: w, height: h };
}

/** The plan's pieces on the front and on the back (everything but background and bands). */
function pieces(p: CoverPlan): { front: Rect[]; back: Rect[] } {
  const badge = { x: p.badge.cx - p.badge.r, y: p.badge.cy - p.badge.r, width: 2 * p.badge.r, height: 2 * p.badge.r };
  return {
    front: [p.title, p.art, badge, p.author, ...(p.flash ? [turned(p.flash, FLASH_ANGLE)] : [])],
    back: [p.backText, ...[p.sample, p.caption].filter((r): r is Rect => r !== null)],
  };
}

/** The plain rectangle of one panel, `COVER_SAFE` inside its trim edges and folds. */
function safeArea(g: CoverGeometry, x: number): Rect {
  return { x: x + COVER_SAFE, y: g.bleed + COVER_SAFE, width: g.trim[0] - 2 * COVER_SAFE, height: g.trim[1] - 2 * COVER_SAFE };
}
const within = (r: Rect, area: Rect) => r.x >= area.x - 1e-6 && r.y >= area.y - 1e-6 && r.x + r.width <= area.x + area.width + 1e-6 && r.y + r.height <= area.y + area.height + 1e-6;

/** The plan's promises: bands and rules over the whole sheet; every other piece on one panel, clear of trim, folds and barcode; spine strip clear of the folds. */
function checkPlan(g: CoverGeometry, plan: CoverPlan): void {
  for (const b of [...plan.bands, ...plan.rules]) expect([b.x, b.width]).toEqual([0, g.width]);
  expect(plan.bands[0].y).toBe(0);
  expect(plan.bands[1].y + plan.bands[1].height).toBeCloseTo(g.height, 6);
  const bar = barcodeArea(g);
  expect([bar.width / IN, bar.height / IN]).toEqual([2, 1.2]);
  expect((g.spineX - (bar.x + bar.width)) / IN).toBeCloseTo(0.25, 6);
  expect((g.bleed + g.trim[1] - (bar.y + bar.height)) / IN).toBeCloseTo(0.25, 6);
  const { front, back } = pieces(plan);
  for (const r of front) expect(within(r, safeArea(g, g.frontX))).toBe(true);
  for (const r of back) expect(within(r, safeArea(g, g.bleed))).toBe(true);
  for (const r of [...front, ...back, ...plan.bands, ...plan.rules]) expect(overlaps(r, bar)).toBe(false);
  if (plan.spine) {
    expect(g.spineText).toBe(true);
    expect(plan.spine.x - g.spineX).toBeGreaterThanOrEqual(SPINE_CLEARANCE - 1e-9);
    expect(g.frontX - (plan.spine.x + plan.spine.width)).toBeGreaterThanOrEqual(SPINE_CLEARANCE - 1e-9);
  } else expect(g.spineText).toBe(false);
}

const HAVE_PDFTOPPM = spawnSync('pdftoppm', ['-v']).status === 0;

/** Pixels of the page rendered by poppler at `dpi` (P6 PPM): a function of (x, y) in points -> [r, g, b]. */
function raster(file: string, dpi: number): (x: number, y: number) => [number, number, number] {
  const prefix = join(tmp, `r-${Math.random().toString(36).slice(2)}`);
  const r = spawnSync('pdftoppm', ['-r', String(dpi), '-singlefile', file, prefix]);
  expect(r.status).toBe(0);
  const data = readFileSync(`${prefix}.ppm`);
  const header = /^P6\s+(\d+)\s+(\d+)\s+255\s/.exec(data.toString('latin1', 0, 40))!;
  const width = Number(header[1]);
  const start = header[0].length;
  return (x, y) => {
    const i = start + (Math.floor((y * dpi) / IN) * width + Math.floor((x * dpi) / IN)) * 3;
    return [data[i], data[i + 1], data[i + 2]];
  };
}

describe('cover plan on every KDP template', () => {
  const kdp = templateNames().filter((n) => loadTemplate(n).kdp);
  it.each(kdp.flatMap((name) => [24, 99, 100, 400, 828].flatMap((pages) => [true, false].map((lp) => [name, pages, lp] as const))))(
    '%s, %i pages, large print %s: bands across, pieces inside their panel, barcode area clear',
    (name, pages, largePrint) => {
      for (const paper of ['white', 'cream'] as const) {
        const g = coverGeometry(loadTemplate(name).pageSize, pages, paper);
        checkPlan(g, coverPlan(g, { largePrint }));
      }
    },
  );
});

describe('cover sheet: three themes x white and cream paper x 24, 100 and 400 pages', () => {
  const t = loadTemplate('trade-6x9');
  const cases = THEME_NAMES.flatMap((theme) => (['white', 'cream'] as const).flatMap((paper) => [24, 100, 400].map((pages) => [theme, paper, pages] as const)));
  expect(cases).toHaveLength(18);

  it.each(cases)('%s on %s paper, %i pages: size, bleed, page boxes, continuous artwork, spine clearance, empty barcode area, colour', async (theme, paper, pages) => {
    const g = coverGeometry(t.pageSize, pages, paper);
    const spine = pages * (paper === 'white' ? 0.002252 : 0.0025);
    expect(g.width / IN).toBeCloseTo(2 * 6 + spine + 2 * 0.125, 6);
    expect(g.height / IN).toBeCloseTo(9 + 2 * 0.125, 6);
    expect(g.spineText).toBe(pages >= 100);

    // The plan: bands over the whole sheet; every other piece on one panel, clear of trim, folds and barcode.
    const plan = coverPlan(g, { largePrint: theme === 'bright' });
    checkPlan(g, plan);
    const bar = barcodeArea(g);

    // The PDF: one page of the sheet's size, TrimBox and BleedBox set.
    const c = content({ theme: THEMES[theme], largePrint: theme === 'bright' });
    const file = await render(`${theme}-${paper}-${pages}`, g, c);
    const close = (a: number[], b: number[]) => a.length === b.length && a.every((v, i) => Math.abs(v - b[i]) < 0.01);
    expect(close(pageBox(file, 'MediaBox'), [0, 0, g.width, g.height])).toBe(true);
    expect(close(pageBox(file, 'BleedBox'), [0, 0, g.width, g.height])).toBe(true);
    expect(close(pageBox(file, 'TrimBox'), [g.bleed, g.bleed, g.width - g.bleed, g.height - g.bleed])).toBe(true);

    // Spine text, turned, only from 100 pages, its ascender-to-descender box 1/16 in from each fold.
    const text = await runs(file);
    const onSpine = text.filter((r) => r.turned);
    expect(onSpine.length > 0).toBe(pages >= 100);
    const font = openFont(fontFile(THEMES[theme].fonts.title)) as unknown as { ascent: number; descent: number; unitsPerEm: number };
    if (onSpine.length) expect(onSpine.map((r) => r.str).join(' ')).toMatch(/Cover Title .*An Author/);
    for (const r of onSpine) {
      const left = r.x - (-font.descent / font.unitsPerEm) * r.size;
      const right = r.x + (font.ascent / font.unitsPerEm) * r.size;
      expect(left - g.spineX).toBeGreaterThanOrEqual(0.0625 * IN - 0.01);
      expect(g.frontX - right).toBeGreaterThanOrEqual(0.0625 * IN - 0.01);
    }
    // No text starts in the barcode area; the title on the front and the back.
    for (const r of text) expect(inside(bar, r.x, r.y)).toBe(false);
    expect(text.filter((r) => !r.turned && r.str.includes('Cover Title'))).toHaveLength(2);

    // A colour cover: CMYK inks beyond black.
    expect(blackOnlyProblems(file).some((p) => p.startsWith('colour ink'))).toBe(true);

    // Rendered, the barcode area is plain paper, and the background reaches the sheet's edges and crosses the spine.
    if (HAVE_PDFTOPPM) {
      const px = raster(file, 24);
      const step = 3;
      for (let x = bar.x + step; x < bar.x + bar.width - step; x += step) {
        for (let y = bar.y + step; y < bar.y + bar.height - step; y += step) expect(px(x, y)).toEqual([255, 255, 255]);
      }
      const mid = g.bleed + g.trim[1] * 0.3;
      const bg = px(1, mid);
      expect(bg).not.toEqual([255, 255, 255]);
      expect(px(g.width - 2, mid)).toEqual(bg);
      if (!plan.spine) expect(px(g.spineX + g.spine / 2, mid)).toEqual(bg);
    }
  });
});

describe('cover spine', () => {
  it('sets a long title and author on two lines when that is larger, both clear of the folds', async () => {
    const g = coverGeometry(loadTemplate('trade-6x9').pageSize, 400, 'white');
    const title = 'The Big Book of Extremely Challenging Sudoku Puzzles for Experts';
    const author = 'Professor Maximilian Alexander von Humboldt';
    const file = await render('spine-two-lines', g, content({ title, author }));
    const font = openFont(fontFile(THEMES.classic.fonts.title)) as unknown as { ascent: number; descent: number; unitsPerEm: number };
    const spine = (await runs(file)).filter((r) => r.turned);
    const lines = [...new Set(spine.map((r) => Math.round(r.x)))];
    expect(lines).toHaveLength(2);
    // Title on the line nearer the front (the tops of the letters face it), the author beside it.
    const byLine = (x: number) => spine.filter((r) => Math.round(r.x) === x).map((r) => r.str).join('');
    const [left, right] = lines.sort((a, b) => a - b);
    expect(byLine(right)).toBe(title);
    expect(byLine(left)).toBe(author);
    for (const r of spine) {
      expect(r.x - (-font.descent / font.unitsPerEm) * r.size - g.spineX).toBeGreaterThanOrEqual(SPINE_CLEARANCE - 0.01);
      expect(g.frontX - (r.x + (font.ascent / font.unitsPerEm) * r.size)).toBeGreaterThanOrEqual(SPINE_CLEARANCE - 0.01);
    }
  });
});

describe('cover front', () => {
  const t = loadTemplate('large-print');
  const g = coverGeometry(t.pageSize, 120, 'white');

  it('prints the puzzle-count badge and the large-print flash from the catalogue (a job may change every word)', async () => {
    const plain = await readPdf(await render('badge', g, content({ puzzles: 1 }), 'large-print'));
    const words = plain.pages[0].map((i) => i.str).join(' ');
    expect(words).toMatch(/\b1 puzzle\b/);
    expect(words).not.toContain('LARGE PRINT');

    const strings: Strings = catalogue('en', { 'cover.badge.other': '{n} Rätsel', 'cover.largePrint': 'GROSSDRUCK', 'cover.sample': 'Rätsel {number} aus dem Buch' });
    const file = await render('flash', g, content({ puzzles: 120, largePrint: true, strings }), 'large-print');
    const text = (await readPdf(file)).pages[0].map((i) => i.str).join(' ');
    expect(text).toMatch(/120 Rätsel/);
    expect(text).toContain('GROSSDRUCK');
    expect(text).toContain('Rätsel 120 aus dem Buch');
    expect(text).not.toMatch(/120 puzzles|LARGE PRINT|from the book/);
  });

  it('a job made on the large-print template gets the flash; cover.largePrint switches it', () => {
    const job = (extra: string, template = 'large-print') => {
      const file = join(tmp, `lp-${Math.random().toString(36).slice(2)}.yaml`);
      writeFileSync(file, `name: lp\ntitle: LP\nseed: 1\nsections: [{ title: A, bucket: easy, count: 1 }]\nlayout: { template: ${template} }\n${extra}\n`);
      return loadJob(file);
    };
    expect(job('').cover?.largePrint).toBe(true);
    expect(job('', 'trade-6x9').cover?.largePrint).toBe(false);
    expect(job('cover: { largePrint: false }').cover?.largePrint).toBe(false);
    expect(job('cover: { largePrint: true }', 'trade-6x9').cover?.largePrint).toBe(true);
  });
});

/** A real greyscale PNG: signature, IHDR, one IDAT of deflated rows, IEND. */
function png(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length, 0);
    head.write(type, 4, 'latin1');
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
    return Buffer.concat([head, data, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale, no interlace
  const rows = Buffer.alloc((width + 1) * height);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) rows[y * (width + 1) + 1 + x] = (x * 7 + y * 3) & 0xff;
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(rows)), chunk('IEND', Buffer.alloc(0))]);
}

describe('cover image', () => {
  const job = (extra: string) => {
    const file = join(tmp, `img-${Math.random().toString(36).slice(2)}.yaml`);
    writeFileSync(file, `name: img\ntitle: Img\nseed: 1\nsections: [{ title: A, bucket: easy, count: 1 }]\nlayout: { template: trade-6x9 }\n${extra}\n`);
    return { file, load: () => loadJob(file) };
  };

  it('reads the pixel size from PNG and JPEG headers', () => {
    writeFileSync(join(tmp, 'size.png'), png(37, 21));
    expect(imageSize(join(tmp, 'size.png'))).toEqual({ format: 'png', width: 37, height: 21 });
    // SOI, an APP0 segment, then SOF0 with height 480 and width 640.
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x06, 0x4a, 0x46, 0x49, 0x46, 0xff, 0xc0, 0x00, 0x11, 0x08, 0x01, 0xe0, 0x02, 0x80, 0x03, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    writeFileSync(join(tmp, 'size.jpg'), jpeg);
    expect(imageSize(join(tmp, 'size.jpg'))).toEqual({ format: 'jpeg', width: 640, height: 480 });
    writeFileSync(join(tmp, 'size.gif'), 'GIF89a.....');
    expect(() => imageSize(join(tmp, 'size.gif'))).toThrow('is not a PNG or JPEG image');
  });

  it('refuses an image below 300 dpi at its printed size, with the figures', () => {
    writeFileSync(join(tmp, 'small.png'), png(600, 400));
    const { load } = job('cover:\n  image: small.png');
    // The 6 x 9 in front's art frame is 3.96 in square: 600 px across 3.96 in is 151 dpi; 400 px tall prints 2.64 in.
    expect(load).toThrow(/:7:10 cover\.image: small\.png is 600x400 px, 151 dpi at its printed size 4 x 2\.6 in; KDP needs 300 dpi \(give an image of at least 1188x792 px\)/);
    expect(job('cover: { image: missing.png }').load).toThrow(/cover\.image: .*missing\.png no such file/);
    writeFileSync(join(tmp, 'notes.png'), 'not an image');
    expect(job('cover: { image: notes.png }').load).toThrow(/cover\.image: .*notes\.png is not a PNG or JPEG image/);
  });

  it('places an image of 300 dpi or more on the front, resolved against the job file', async () => {
    writeFileSync(join(tmp, 'big.png'), png(1200, 800));
    const loaded = job('cover: { image: big.png, theme: calm }').load();
    expect(loaded.cover?.image).toEqual({ file: join(tmp, 'big.png'), width: 1200, height: 800 });
    const g = coverGeometry(loadTemplate('trade-6x9').pageSize, 120, 'white');
    const frame = artFrame(g.trim);
    const plan = coverPlan(g, { largePrint: false, image: loaded.cover!.image });
    expect(plan.art.width).toBeCloseTo(frame.width, 6);
    expect(plan.art.height).toBeCloseTo((frame.width * 800) / 1200, 6);
    expect(plan.motif).toBeNull();
    const file = await render('image', g, content({ image: loaded.cover!.image, theme: loaded.cover!.theme }));
    const pdf = readFileSync(file).toString('latin1');
    expect(pdf).toMatch(/\/Subtype \/Image[\s\S]*?\/Width 1200|\/Width 1200[\s\S]*?\/Subtype \/Image/);
    // The front shows the image, not the grid motif: its digits are gone, the back's sample grid stays.
    const text = (await readPdf(file)).pages[0];
    expect(text.filter((i) => /^[1-9]$/.test(i.str) && i.x > g.frontX)).toHaveLength(0);
    expect(text.filter((i) => /^[1-9]$/.test(i.str) && i.x < g.spineX).length).toBe([...PUZZLES[1]].filter((c) => /[1-9]/.test(c)).length);
  });
});

describe('cover theme in the job', () => {
  const job = (extra: string) => {
    const file = join(tmp, `theme-${Math.random().toString(36).slice(2)}.yaml`);
    writeFileSync(file, `name: th\ntitle: Th\nseed: 1\nsections: [{ title: A, bucket: easy, count: 1 }]\nlayout: { template: trade-6x9 }\n${extra}\n`);
    return () => loadJob(file);
  };

  it('takes a built-in theme by name, or colours and fonts on top of one', () => {
    expect(job('')().cover?.theme).toEqual(THEMES.classic);
    expect(job('cover: { theme: bright }')().cover?.theme).toEqual(THEMES.bright);
    const custom = job('cover:\n  theme:\n    base: calm\n    accent: [0, 50, 100, 0]\n    fonts: { title: DejaVuSans-Bold }')().cover!.theme;
    expect(custom.accent).toEqual([0, 50, 100, 0]);
    expect(custom.background).toEqual(THEMES.calm.background);
    expect(custom.fonts).toEqual({ title: fontFile('DejaVuSans-Bold'), body: THEMES.calm.fonts.body });
  });

  it.each([
    ['cover: { theme: neon }', /:6:17 cover\.theme: expected a cover theme \(classic, bright, calm\) or a mapping of base, background, accent, text, fonts, got "neon"/],
    ['cover: { theme: { accent: [0, 50, 120] } }', /cover\.theme\.accent: expected a CMYK colour \[C, M, Y, K\], each 0-100, got \[0, 50, 120\]/],
    ['cover: { theme: { text: [0, 0, 0, 101] } }', /cover\.theme\.text: expected a CMYK colour/],
    ['cover: { theme: { fonts: { title: nofont.ttf } } }', /cover\.theme\.fonts\.title: no font file .*nofont\.ttf/],
    ['cover: { theme: { colour: red } }', /cover\.theme\.colour: unknown key/],
    ['cover: { paper: glossy }', /cover\.paper: expected a paper \(white, cream\), got "glossy"/],
  ])('rejects %s with file, line and key', (extra, message) => {
    expect(job(extra)).toThrow(message);
  });
});

describe('back-cover list of sections', () => {
  const job = { sections: [{ title: 'Easy' }, { title: 'Hard' }, { title: 'Empty' }], answers: 'end' as const, front: { howToPlay: true } };
  const puzzles = [
    { section: 0, rating: 1.2 },
    { section: 0, rating: 2.0 },
    { section: 1, rating: 4.0 },
  ];

  it('gives each section with puzzles its count and the difficulty words of its easiest and hardest puzzle', () => {
    expect(insideList(bookFacts(job, puzzles), EN, 'en')).toEqual([
      { title: 'Easy', detail: '2 puzzles, gentle to easy' },
      { title: 'Hard', detail: '1 puzzle, tough' },
    ]);
  });

  it("uses the job's own difficulty words, and the section's middle puzzle when the job says so", () => {
    const difficulty = { stars: true, words: { gentle: 'relaxed', easy: 'light' }, by: 'section' as const };
    expect(insideList(bookFacts({ ...job, difficulty }, puzzles), EN, 'en').map((x) => x.detail)).toEqual(['2 puzzles, relaxed', '1 puzzle, tough']);
    expect(insideList(bookFacts({ ...job, difficulty: { ...difficulty, by: 'puzzle' as const } }, puzzles), EN, 'en')[0].detail).toBe('2 puzzles, relaxed to light');
  });
});

describe('cover language', () => {
  it("prints the job's language: badge, blurb, inside list and caption from its catalogue", async () => {
    const file = join(tmp, 'de.yaml');
    writeFileSync(file, `name: de\ntitle: Sudoku\nseed: 1\nlocale: de\nsections: [{ title: Leicht, bucket: easy, count: 2 }]\nlayout: { template: trade-6x9 }\n`);
    const job = loadJob(file);
    const puzzles = [0, 1].map((i) => ({ number: i + 1, section: 0, bucket: 'easy', rating: 1.2 + i, puzzle: PUZZLES[i], solution: '' }));
    const c = coverContent(job, job.cover!, puzzles);
    const de = catalogue('de');
    expect(c.strings).toEqual(de);
    expect(c.back).toContain(de['blurb.unique']);
    expect(c.inside).toEqual([{ title: 'Leicht', detail: `2 Rätsel, ${de['scale.word.1']} bis ${de['scale.word.2']}` }]);
    const g = coverGeometry(job.layout.pageSize, 24, 'white');
    const text = (await readPdf(await render('de', g, c))).pages[0].map((i) => i.str).join(' ');
    expect(text).toContain('2 Rätsel');
    expect(text).toContain(de['cover.inside']);
    expect(text).toContain('Rätsel 2 aus diesem Buch');
    for (const english of ['puzzles', 'Inside', 'from the book', 'solution']) expect(text).not.toContain(english);
  });
});

describe('cover of a real book', () => {
  it('is in colour while book.pdf stays black ink; the back speaks of this book; cover.back wins', async () => {
    const file = join(tmp, 'real.yaml');
    const base = readFileSync('test/fixtures/jobs/small-trade.yaml', 'utf8');
    writeFileSync(file, `${base}\ncover: { theme: bright }\n`);
    const job = loadJob(file);
    const out = await runBook(job, { workers: 0 });
    writeFileSync(join(tmp, 'real-book.pdf'), out.pdf);
    writeFileSync(join(tmp, 'real-cover.pdf'), out.cover!);
    expect(blackOnlyProblems(join(tmp, 'real-book.pdf'))).toEqual([]);
    expect(blackOnlyProblems(join(tmp, 'real-cover.pdf')).some((p) => p.startsWith('colour ink'))).toBe(true);
    const text = (await readPdf(join(tmp, 'real-cover.pdf'))).pages[0].map((i) => i.str).join(' ');
    expect(text).toContain('10 puzzles');
    expect(text).toContain(EN['blurb.answers.section']);
    expect(text).toContain(EN['blurb.order.rising']);
    expect(text).not.toContain('at the back');
    for (const s of job.sections) expect(text).toMatch(new RegExp(`${s.title}: ${s.count} puzzles?, `));
    expect(text).toContain(`Puzzle ${out.entries.length} from the book`);

    // The job's own back text wins over the blurb (same puzzles, so no second run).
    writeFileSync(file, `${base}\ncover: { back: "Our own words for the back." }\n`);
    const own = loadJob(file);
    const puzzles = out.entries.map((e) => ({ ...e, section: own.sections.findIndex((s) => s.title === e.section) }));
    const ownContent = coverContent(own, own.cover!, puzzles);
    expect(ownContent.back).toBe('Our own words for the back.');
    expect(ownContent.inside).toEqual(coverContent(job, job.cover!, puzzles).inside);
    const g = coverGeometry(own.layout.pageSize, out.report.pages, own.cover!.paper);
    writeFileSync(join(tmp, 'own-cover.pdf'), await renderCover(g, own.layout, ownContent, { title: 'c', author: 'a', date: '2026-01-01' }));
    const ownText = (await readPdf(join(tmp, 'own-cover.pdf'))).pages[0].map((i) => i.str).join(' ');
    expect(ownText).toContain('Our own words for the back.');
    expect(ownText).not.toContain(EN['blurb.unique'].slice(0, 30));
  });
});
