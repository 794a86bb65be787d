/**
 * Cover themes: the colours and fonts of a cover. Covers are printed in colour (the interior
 * stays black ink), so colours are DeviceCMYK percentages [C, M, Y, K]. A job picks a built-in
 * theme by name or gives its own colours and fonts on top of one (`cover.theme`).
 */

/** A process colour: cyan, magenta, yellow, black, each 0-100. */
export type Cmyk = readonly [number, number, number, number];

export interface CoverTheme {
  name: string;
  /** The whole sheet, bleed included. */
  background: Cmyk;
  /** Bands, the puzzle-count badge, the large-print flash. */
  accent: Cmyk;
  /** Title, author, spine and back text. */
  text: Cmyk;
  /** Bundled DejaVu names or .ttf/.otf paths: the title face and the body face. */
  fonts: { title: string; body: string };
}

export const THEMES: Readonly<Record<string, CoverTheme>> = Object.freeze({
  /** Newsprint: warm off-white, black type in a serif, a red accent. */
  classic: {
    name: 'classic',
    background: [0, 3, 12, 3],
    accent: [0, 95, 85, 10],
    text: [0, 0, 0, 100],
    fonts: { title: 'DejaVuSerif-Bold', body: 'DejaVuSerif' },
  },
  /** Shop shelf: sunny yellow, deep blue type, a magenta accent, sans serif. */
  bright: {
    name: 'bright',
    background: [0, 18, 95, 0],
    accent: [0, 90, 20, 0],
    text: [100, 80, 0, 35],
    fonts: { title: 'DejaVuSans-Bold', body: 'DejaVuSans' },
  },
  /** Quiet: pale sage, dark slate type, a deep teal accent. */
  calm: {
    name: 'calm',
    background: [22, 0, 16, 4],
    accent: [80, 25, 45, 20],
    text: [75, 55, 45, 55],
    fonts: { title: 'DejaVuSerif-Bold', body: 'DejaVuSans' },
  },
});

export const THEME_NAMES = Object.keys(THEMES);
export const DEFAULT_THEME = 'classic';

/** Unprinted paper. */
export const PAPER: Cmyk = [0, 0, 0, 0];

/** Approximate lightness 0 (black) - 1 (paper) of a CMYK colour. */
export function lightness([c, m, y, k]: Cmyk): number {
  const f = (v: number) => (1 - v / 100) * (1 - k / 100);
  return 0.2126 * f(c) + 0.7152 * f(m) + 0.0722 * f(y);
}

/** The colour of type set on a fill: paper on a dark fill, the theme's text colour on a light one. */
export function typeOn(fill: Cmyk, theme: CoverTheme): Cmyk {
  return lightness(fill) < 0.55 ? PAPER : lightness(theme.text) < 0.45 ? theme.text : [0, 0, 0, 100];
}

/** A colour darkened by adding black (a shadow tint without transparency). */
export function darker(colour: Cmyk, k: number): Cmyk {
  return [colour[0], colour[1], colour[2], Math.min(100, colour[3] + k)];
}
