/**
 * A compact set of strings by 52-bit hash (open addressing in a Float64Array, 16 bytes a
 * member at most): duplicate detection over millions of canonical forms without keeping the
 * strings. Two different strings share a hash with probability about n² / 2^53: negligible
 * for any real collection (under 1e-4 for ten million puzzles).
 */
function hash52(s: string): number {
  // Two independent 32-bit FNV-1a style hashes, combined into 52 bits.
  let a = 0x811c9dc5;
  let b = 0x9747b28c;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x5bd1e995);
    b ^= b >>> 15;
  }
  return (a >>> 0) * 0x100000 + ((b >>> 0) & 0xfffff) + 1; // never 0 (0 marks an empty slot)
}

export class HashSet52 {
  private table = new Float64Array(1 << 16);
  private count = 0;

  get size(): number {
    return this.count;
  }

  /** Add `s`; false when it (or a string with its hash) was already there. */
  add(s: string): boolean {
    if (this.count * 2 >= this.table.length) this.grow();
    return this.insert(hash52(s));
  }

  private insert(h: number): boolean {
    const mask = this.table.length - 1;
    let i = (h % 0x7fffffff) & mask;
    for (;;) {
      const v = this.table[i];
      if (v === 0) {
        this.table[i] = h;
        this.count++;
        return true;
      }
      if (v === h) return false;
      i = (i + 1) & mask;
    }
  }

  private grow(): void {
    const old = this.table;
    this.table = new Float64Array(old.length * 2);
    this.count = 0;
    for (const h of old) if (h !== 0) this.insert(h);
  }
}
