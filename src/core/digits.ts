/**
 * 9-bit digit masks: bit (d - 1) stands for digit d (1..9).
 *
 *   bit:    8 7 6 5 4 3 2 1 0
 *   digit:  9 8 7 6 5 4 3 2 1
 */
export const ALL_DIGITS = 0x1ff;

/** Number of set bits for every 9-bit mask. */
export const POPCOUNT: Uint8Array = (() => {
  const t = new Uint8Array(512);
  for (let m = 1; m < 512; m++) t[m] = (m & 1) + t[m >> 1];
  return t;
})();

/** For a mask with exactly one bit set, its digit; 0 otherwise. */
export const DIGIT_OF_BIT: Uint8Array = (() => {
  const t = new Uint8Array(512);
  for (let d = 1; d <= 9; d++) t[1 << (d - 1)] = d;
  return t;
})();

export function bitOf(digit: number): number {
  return 1 << (digit - 1);
}

export function popcount(mask: number): number {
  return POPCOUNT[mask & ALL_DIGITS];
}

/** The smallest digit in a non-empty mask. */
export function lowestDigit(mask: number): number {
  return 31 - Math.clz32(mask & -mask) + 1;
}

/** The digits of a mask, ascending. */
export function digitsOf(mask: number): number[] {
  const out: number[] = [];
  for (let d = 1; d <= 9; d++) if (mask & (1 << (d - 1))) out.push(d);
  return out;
}
