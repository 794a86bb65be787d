/**
 * Seeded pseudo-random numbers: sfc32 (Chris Doty-Humphrey's Small Fast Chaotic PRNG,
 * 128-bit state, passes PractRand), seeded from any string or number through cyrb128.
 *
 * Everything random in sudoku-press takes an Rng explicitly; the same seed gives the
 * same stream on every platform. `below(n)` is unbiased (rejection, no modulo bias).
 */
export type Seed = string | number;

export class Rng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed: Seed) {
    const [a, b, c, d] = hashSeed(String(seed));
    this.a = a;
    this.b = b;
    this.c = c;
    this.d = d;
    for (let i = 0; i < 12; i++) this.nextU32();
  }

  /** A uniform 32-bit unsigned integer. */
  nextU32(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /** A uniform integer in [0, n), for 1 <= n <= 2^32, without bias. */
  below(n: number): number {
    if (n <= 1) return 0;
    // Reject the top partial block of 2^32 so every residue is equally likely.
    const limit = 0x100000000 - (0x100000000 % n);
    let x = this.nextU32();
    while (x >= limit) x = this.nextU32();
    return x % n;
  }

  /** A uniform float in [0, 1) with 32 bits of randomness. */
  float(): number {
    return this.nextU32() / 0x100000000;
  }

  /** Shuffle in place (Fisher-Yates) and return the array. */
  shuffle<T extends { length: number; [i: number]: any }>(arr: T): T {
    for (let i = arr.length - 1; i > 0; i--) {
      const j = this.below(i + 1);
      const t = arr[i];
      arr[i] = arr[j];
      arr[j] = t;
    }
    return arr;
  }

  /** A uniformly chosen element of a non-empty array. */
  pick<T>(arr: readonly T[]): T {
    return arr[this.below(arr.length)];
  }

  /** A uniform random permutation of 0..n-1. */
  permutation(n: number): number[] {
    return this.shuffle(Array.from({ length: n }, (_, i) => i));
  }
}

/** The seed of the i-th item of a run seeded with `seed`: independent of any other item. */
export function deriveSeed(seed: Seed, index: number | string): string {
  return `${seed}#${index}`;
}

/** cyrb128: a simple, well-mixed 128-bit string hash, used only to seed sfc32. */
function hashSeed(str: string): [number, number, number, number] {
  let h1 = 1779033703;
  let h2 = 3144134277;
  let h3 = 1013904242;
  let h4 = 2773480762;
  for (let i = 0; i < str.length; i++) {
    const k = str.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  h1 ^= h2 ^ h3 ^ h4;
  h2 ^= h1;
  h3 ^= h1;
  h4 ^= h1;
  return [h1 >>> 0, h2 >>> 0, h3 >>> 0, h4 >>> 0];
}
