/**
 * A puzzle as a standalone SVG for the web edition: vector grid, digits in sans-serif, black
 * only. Every digit carries its own position, anchor and baseline: x is the cell's centre
 * with text-anchor="middle", y is the alphabetic baseline set half a digit height (DIGIT_HEIGHT
 * of the font size) below the cell's centre. No dominant-baseline, whose inheritance from a
 * group some renderers (librsvg among them) ignore, so browsers and librsvg draw the same.
 */

/** Height of a lining digit in DejaVu Sans (and most sans-serifs), as a share of the font size. */
export const DIGIT_HEIGHT = 0.729;

export interface SvgOptions {
  /** Side in px (default 360). */
  size?: number;
  title?: string;
  /** Line weights in px at the default size; scaled with `size`. */
  lines?: { cell: number; box: number; border: number };
}

const f2 = (n: number) => n.toFixed(2);

/** Text for SVG content: the markup characters as character references. */
const esc = (s: string) => s.replace(/[<&>"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** The grid's lines and digits, `size` px square, its top-left corner at (x, y). */
function gridGroups(puzzle: string, size: number, x: number, y: number, options: SvgOptions): string {
  const scale = size / 360;
  const lw = options.lines ?? { cell: 1, box: 3, border: 4 };
  const pad = (lw.border * scale) / 2 + 1;
  const side = size - 2 * pad;
  const cell = side / 9;
  const x0 = x + pad;
  const y0 = y + pad;
  const lines: string[] = [];
  for (let i = 1; i < 9; i++) {
    const w = f2((i % 3 === 0 ? lw.box : lw.cell) * scale);
    lines.push(`<line x1="${f2(x0 + i * cell)}" y1="${f2(y0)}" x2="${f2(x0 + i * cell)}" y2="${f2(y0 + side)}" stroke-width="${w}"/>`);
    lines.push(`<line x1="${f2(x0)}" y1="${f2(y0 + i * cell)}" x2="${f2(x0 + side)}" y2="${f2(y0 + i * cell)}" stroke-width="${w}"/>`);
  }
  lines.push(`<rect x="${f2(x0)}" y="${f2(y0)}" width="${f2(side)}" height="${f2(side)}" fill="none" stroke-width="${f2(lw.border * scale)}"/>`);
  const fs = cell * 0.62;
  const drop = (fs * DIGIT_HEIGHT) / 2;
  const digits: string[] = [];
  for (let i = 0; i < 81; i++) {
    if (puzzle[i] === '.' || puzzle[i] === '0') continue;
    const cx = f2(x0 + (i % 9) * cell + cell / 2);
    const cy = f2(y0 + Math.floor(i / 9) * cell + cell / 2 + drop);
    digits.push(`<text x="${cx}" y="${cy}" text-anchor="middle">${puzzle[i]}</text>`);
  }
  return (
    `<g stroke="#000" stroke-linecap="butt" fill="none">${lines.join('')}</g>` +
    `<g font-family="${FONTS}" font-weight="bold" font-size="${f2(fs)}" fill="#000">${digits.join('')}</g>`
  );
}

const FONTS = 'DejaVu Sans, Helvetica, Arial, sans-serif';

/** The bare grid, `size` px square (the web edition's puzzle.svg). */
export function puzzleSvg(puzzle: string, options: SvgOptions = {}): string {
  const size = options.size ?? 360;
  const title = options.title ? `<title>${esc(options.title)}</title>` : '';
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">${title}` +
    `<rect width="${size}" height="${size}" fill="#fff"/>` +
    gridGroups(puzzle, size, 0, 0, options) +
    `</svg>\n`
  );
}

/** What the full SVG prints above its grid. */
export interface SvgHeading {
  /** The paper's title ("The Daily Sudoku"). */
  title: string;
  /** "Tuesday 1 December 2026" */
  dateLine: string;
  /** "★★★☆☆  moderate (1 to 5 stars)" */
  label: string;
  /** "No. 412"; empty: none. */
  number: string;
}

/**
 * The grid with its heading, for a web page that shows the puzzle on its own: the title and
 * date centred over the grid, the difficulty on the left and the number on the right of the
 * line above it. The grid is the same as the bare SVG's at the same width.
 */
export function puzzleSvgFull(puzzle: string, h: SvgHeading, options: SvgOptions = {}): string {
  const size = options.size ?? 360;
  const s = size / 360;
  const titleY = 26 * s;
  const dateY = titleY + 22 * s;
  const labelY = dateY + 24 * s;
  const gridY = labelY + 8 * s;
  const height = Math.ceil(gridY + size);
  const text = (x: number, y: number, fs: number, anchor: string, bold: boolean, t: string) =>
    `<text x="${f2(x)}" y="${f2(y)}" font-size="${f2(fs * s)}" text-anchor="${anchor}"${bold ? ' font-weight="bold"' : ''}>${esc(t)}</text>`;
  const pad = ((options.lines ?? { border: 4 }).border * s) / 2 + 1;
  const heading = [
    text(size / 2, titleY, 20, 'middle', true, h.title),
    text(size / 2, dateY, 14, 'middle', false, h.dateLine),
    text(pad, labelY, 12, 'start', false, h.label),
    h.number ? text(size - pad, labelY, 12, 'end', true, h.number) : '',
  ].join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${height}" viewBox="0 0 ${size} ${height}"><title>${esc(`${h.title}, ${h.dateLine}`)}</title>` +
    `<rect width="${size}" height="${height}" fill="#fff"/>` +
    `<g font-family="${FONTS}" fill="#000">${heading}</g>` +
    gridGroups(puzzle, size, 0, gridY, options) +
    `</svg>\n`
  );
}
