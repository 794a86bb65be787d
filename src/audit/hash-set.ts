/**
 * A compact set of strings by 128-bit hash (open addressing, four 32-bit words a slot, load
 * at most 3/4: about 21 bytes a member): duplicate detection over millions of canonical forms
 * without keeping the strings.
 *
 * Two different strings are taken for one only when all 128 bits of their hashes agree. Over
 * n distinct strings the chance that any two do is at most n(n-1)/2 / 2^128 (the birthday
 * bound, `collisionBound`): about 1.5e-25 for ten million puzzles, 1.5e-21 for a billion.
 *
 * The four words are four 32-bit hashes of the string with different seeds (murmur3's mixing
 * per character and its finaliser), so a string's words are not simple functions of each other.
 */
const SEEDS = [0x9747b28c, 0x85ebca6b, 0xc2b2ae35, 0x27d4eb2f];

function mix(h: number, c: number): number {
  let k = Math.imul(c, 0xcc9e2d51);
  k = (k << 15) | (k >>> 17);
  k = Math.imul(k, 0x1b873593);
  h ^= k;
  h = (h << 13) | (h >>> 19);
  return (Math.imul(h, 5) + 0xe6546b64) | 0;
}

function finish(h: number, length: number): number {
  h ^= length;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** The chance that n distinct strings contain two with the same 128-bit hash, at most. */
export function collisionBound(n: number): number {
  return (n * (n - 1)) / 2 / 2 ** 128;
}

export class HashSet128 {
  /** Slot i holds words 4i..4i+3; all four 0 marks an empty slot. */
  private table = new Uint32Array(4 << 16);
  private slots = 1 << 16;
  private count = 0;
  private readonly h = new Uint32Array(4);

  get size(): number {
    return this.count;
  }

  /** Add `s`; false when it (or a string with its 128-bit hash) was already there. */
  add(s: string): boolean {
    if (this.count * 4 >= this.slots * 3) this.grow();
    const h = this.h;
    let a = SEEDS[0];
    let b = SEEDS[1];
    let c = SEEDS[2];
    let d = SEEDS[3];
    for (let i = 0; i < s.length; i++) {
      const ch = s.charCodeAt(i);
      a = mix(a, ch);
      b = mix(b, ch);
      c = mix(c, ch);
      d = mix(d, ch);
    }
    h[0] = finish(a, s.length);
    h[1] = finish(b, s.length);
    h[2] = finish(c, s.length);
    h[3] = finish(d, s.length);
    if ((h[0] | h[1] | h[2] | h[3]) === 0) h[0] = 1; // keep all-zero for empty slots
    return this.insert(h);
  }

  private insert(h: Uint32Array): boolean {
    const t = this.table;
    const mask = this.slots - 1;
    let i = h[0] & mask;
    for (;;) {
      const k = i * 4;
      if ((t[k] | t[k + 1] | t[k + 2] | t[k + 3]) === 0) {
        t[k] = h[0];
        t[k + 1] = h[1];
        t[k + 2] = h[2];
        t[k + 3] = h[3];
        this.count++;
        return true;
      }
      if (t[k] === h[0] && t[k + 1] === h[1] && t[k + 2] === h[2] && t[k + 3] === h[3]) return false;
      i = (i + 1) & mask;
    }
  }

  private grow(): void {
    const old = this.table;
    this.slots *= 2;
    this.table = new Uint32Array(this.slots * 4);
    this.count = 0;
    const w = new Uint32Array(4);
    for (let k = 0; k < old.length; k += 4) {
      if ((old[k] | old[k + 1] | old[k + 2] | old[k + 3]) === 0) continue;
      w.set(old.subarray(k, k + 4));
      this.insert(w);
    }
  }
}
