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

export function puzzleSvg(puzzle: string, options: SvgOptions = {}): string {
  const size = options.size ?? 360;
  const scale = size / 360;
  const lw = options.lines ?? { cell: 1, box: 3, border: 4 };
  const pad = (lw.border * scale) / 2 + 1;
  const side = size - 2 * pad;
  const cell = side / 9;
  const lines: string[] = [];
  for (let i = 1; i < 9; i++) {
    const p = f2(pad + i * cell);
    const w = f2((i % 3 === 0 ? lw.box : lw.cell) * scale);
    lines.push(`<line x1="${p}" y1="${f2(pad)}" x2="${p}" y2="${f2(size - pad)}" stroke-width="${w}"/>`);
    lines.push(`<line x1="${f2(pad)}" y1="${p}" x2="${f2(size - pad)}" y2="${p}" stroke-width="${w}"/>`);
  }
  lines.push(`<rect x="${f2(pad)}" y="${f2(pad)}" width="${f2(side)}" height="${f2(side)}" fill="none" stroke-width="${f2(lw.border * scale)}"/>`);
  const fs = cell * 0.62;
  const drop = (fs * DIGIT_HEIGHT) / 2;
  const digits: string[] = [];
  for (let i = 0; i < 81; i++) {
    if (puzzle[i] === '.' || puzzle[i] === '0') continue;
    const x = f2(pad + (i % 9) * cell + cell / 2);
    const y = f2(pad + Math.floor(i / 9) * cell + cell / 2 + drop);
    digits.push(`<text x="${x}" y="${y}" text-anchor="middle">${puzzle[i]}</text>`);
  }
  const title = options.title ? `<title>${options.title.replace(/[<&>]/g, (c) => `&#${c.charCodeAt(0)};`)}</title>` : '';
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">${title}` +
    `<rect width="${size}" height="${size}" fill="#fff"/>` +
    `<g stroke="#000" stroke-linecap="butt" fill="none">${lines.join('')}</g>` +
    `<g font-family="DejaVu Sans, Helvetica, Arial, sans-serif" font-weight="bold" font-size="${f2(fs)}" fill="#000">${digits.join('')}</g></svg>\n`
  );
}
