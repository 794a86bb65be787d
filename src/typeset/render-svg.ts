/** A puzzle as a standalone SVG for the web edition: vector grid, digits in sans-serif. */
export function puzzleSvg(puzzle: string, options: { size?: number; title?: string } = {}): string {
  const size = options.size ?? 360;
  const pad = 4;
  const cell = (size - 2 * pad) / 9;
  const lines: string[] = [];
  for (let i = 0; i <= 9; i++) {
    const p = (pad + i * cell).toFixed(2);
    const wdt = i % 3 === 0 ? 3 : 1;
    lines.push(`<line x1="${p}" y1="${pad}" x2="${p}" y2="${size - pad}" stroke-width="${wdt}"/>`);
    lines.push(`<line x1="${pad}" y1="${p}" x2="${size - pad}" y2="${p}" stroke-width="${wdt}"/>`);
  }
  const digits: string[] = [];
  for (let i = 0; i < 81; i++) {
    if (puzzle[i] === '.' || puzzle[i] === '0') continue;
    const x = (pad + (i % 9) * cell + cell / 2).toFixed(2);
    const y = (pad + Math.floor(i / 9) * cell + cell / 2).toFixed(2);
    digits.push(`<text x="${x}" y="${y}">${puzzle[i]}</text>`);
  }
  const title = options.title ? `<title>${options.title.replace(/[<&>]/g, (c) => `&#${c.charCodeAt(0)};`)}</title>` : '';
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">${title}` +
    `<rect width="${size}" height="${size}" fill="#fff"/>` +
    `<g stroke="#000" stroke-linecap="square">${lines.join('')}</g>` +
    `<g font-family="DejaVu Sans, Helvetica, Arial, sans-serif" font-weight="bold" font-size="${(cell * 0.62).toFixed(1)}" ` +
    `text-anchor="middle" dominant-baseline="central" fill="#000">${digits.join('')}</g></svg>\n`
  );
}
