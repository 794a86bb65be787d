/**
 * The player's game, without the page: digits, corner and centre marks, undo and redo over
 * whole positions, counters (hints, reveals, mistakes), the timer's total, and the record
 * saved in localStorage after every move.
 */

/** One position: the player's digits (0: none; givens are not here) and marks as 9-bit masks. */
export interface Position {
  values: number[];
  corner: number[];
  centre: number[];
}

export interface Saved {
  pos: string;
  undo: string[];
  redo: string[];
  elapsed: number;
  hints: number;
  reveals: number;
  mistakes: number;
  solved: boolean;
  auto: boolean;
}

export const bit = (d: number) => 1 << (d - 1);
/** The digits of a mask, up to `n`. */
export const digitsOf = (mask: number, n = 9) => Array.from({ length: n }, (_, i) => i + 1).filter((d) => mask & bit(d));
export const rowOf = (c: number, n = 9) => Math.floor(c / n);
export const colOf = (c: number, n = 9) => c % n;
export const boxOf = (c: number) => Math.floor(rowOf(c) / 3) * 3 + Math.floor(colOf(c) / 3);
/** A digit as the puzzle writes it: 1-9, then A-G for 10-16. */
export const digitChar = (d: number) => (d <= 9 ? String(d) : String.fromCharCode(55 + d));
/** The digit of a character of a puzzle or solution (0: empty). */
export const charValue = (ch: string) => (ch >= '1' && ch <= '9' ? Number(ch) : ch >= 'A' && ch <= 'G' ? ch.charCodeAt(0) - 55 : 0);

/** The 27 units: rows 0-8, columns 9-17, boxes 18-26 (the grader's numbering). */
export const UNITS: number[][] = [
  ...Array.from({ length: 9 }, (_, r) => Array.from({ length: 9 }, (_, k) => r * 9 + k)),
  ...Array.from({ length: 9 }, (_, col) => Array.from({ length: 9 }, (_, k) => k * 9 + col)),
  ...Array.from({ length: 9 }, (_, b) => Array.from({ length: 9 }, (_, k) => (Math.floor(b / 3) * 3 + Math.floor(k / 3)) * 9 + (b % 3) * 3 + (k % 3))),
];
export const PEERS: number[][] = Array.from({ length: 81 }, (_, c) => {
  const set = new Set([...UNITS[rowOf(c)], ...UNITS[9 + colOf(c)], ...UNITS[18 + boxOf(c)]]);
  set.delete(c);
  return [...set];
});

/** A grid's shape: its size, units (rows, columns, regions, diagonals: the geometry's numbering), every cell's region and peers (cage mates too). */
export interface Shape {
  n: number;
  units: number[][];
  region: number[];
  peers: number[][];
}

export const CLASSIC: Shape = { n: 9, units: UNITS, region: Array.from({ length: 81 }, (_, c) => boxOf(c)), peers: PEERS };

/** The layout a day of another kind carries (DayData.layout): what the shape is built from. */
export interface LayoutLike {
  size: number;
  /** One region letter (A...) per cell, row by row. */
  regions: string;
  diagonals: boolean;
  cages: { sum: number; cells: number[] }[];
}

export function shapeOf(l: LayoutLike): Shape {
  const n = l.size;
  const region = [...l.regions].map((ch) => ch.charCodeAt(0) - 65);
  const units: number[][] = [
    ...Array.from({ length: n }, (_, r) => Array.from({ length: n }, (_, k) => r * n + k)),
    ...Array.from({ length: n }, (_, col) => Array.from({ length: n }, (_, k) => k * n + col)),
    ...Array.from({ length: n }, (_, b) => region.flatMap((x, c) => (x === b ? [c] : []))),
  ];
  if (l.diagonals) units.push(Array.from({ length: n }, (_, k) => k * n + k), Array.from({ length: n }, (_, k) => k * n + n - 1 - k));
  const sets = Array.from({ length: n * n }, () => new Set<number>());
  for (const group of [...units, ...l.cages.map((x) => x.cells)]) for (const c of group) for (const p of group) if (p !== c) sets[c].add(p);
  return { n, units, region, peers: sets.map((s) => [...s]) };
}

/** Characters of one mark mask in a saved position: 2 up to 9 digits (as 9x9 has always saved), 4 beyond. */
const markWidth = (n: number) => (n <= 9 ? 2 : 4);

/** A position as text: one base-32 character per digit, then the corner and centre masks. */
function encode(p: Position, n = 9): string {
  const w = markWidth(n);
  const m = (a: number[]) => a.map((x) => x.toString(32).padStart(w, '0')).join('');
  return p.values.map((v) => v.toString(32)).join('') + m(p.corner) + m(p.centre);
}

function decode(s: string, n = 9): Position | null {
  const cells = n * n;
  const w = markWidth(n);
  if (s.length !== cells * (1 + 2 * w) || !/^[0-9a-v]*$/.test(s)) return null;
  const values = [...s.slice(0, cells)].map((ch) => parseInt(ch, 32));
  if (values.some((v) => v > n)) return null;
  const full = (1 << n) - 1;
  const m = (from: number) => Array.from({ length: cells }, (_, i) => parseInt(s.slice(from + w * i, from + w * i + w), 32) & full);
  return { values, corner: m(cells), centre: m(cells + cells * w) };
}

export class Game {
  readonly givens: number[];
  pos: Position;
  undoStack: string[] = [];
  redoStack: string[] = [];
  elapsed = 0;
  hints = 0;
  reveals = 0;
  mistakes = 0;
  solved = false;
  /** Auto-candidates on: every empty cell's centre marks were filled with its candidates. */
  auto = false;

  readonly n: number;
  readonly cells: number;
  readonly peers: number[][];

  constructor(puzzle: string, shape: Shape = CLASSIC) {
    this.n = shape.n;
    this.cells = shape.n * shape.n;
    this.peers = shape.peers;
    this.givens = [...puzzle].map((ch) => (charValue(ch) <= shape.n ? charValue(ch) : 0));
    this.pos = this.empty();
  }

  private empty(): Position {
    return { values: Array(this.cells).fill(0), corner: Array(this.cells).fill(0), centre: Array(this.cells).fill(0) };
  }

  /** The digit shown in a cell: the given, else the player's. */
  digit(c: number): number {
    return this.givens[c] || this.pos.values[c];
  }

  /** Records the position before a change, so undo returns to it. */
  private mark(): void {
    this.undoStack.push(encode(this.pos, this.n));
    this.redoStack = [];
  }

  /** Places a digit (auto-cleaning the marks of its row, column and box); false when nothing changed. */
  place(c: number, d: number): boolean {
    if (this.givens[c] || this.pos.values[c] === d) return false;
    this.mark();
    this.pos.values[c] = d;
    if (d) for (const p of this.peers[c]) {
      this.pos.corner[p] &= ~bit(d);
      this.pos.centre[p] &= ~bit(d);
    }
    return true;
  }

  /** Toggles a corner or centre mark of an empty cell. */
  toggleMark(c: number, d: number, kind: 'corner' | 'centre'): boolean {
    if (this.digit(c)) return false;
    this.mark();
    this.pos[kind][c] ^= bit(d);
    return true;
  }

  /** Clears a cell: its digit first, else its marks. */
  clear(c: number): boolean {
    if (this.givens[c]) return false;
    if (!this.pos.values[c] && !this.pos.corner[c] && !this.pos.centre[c]) return false;
    this.mark();
    if (this.pos.values[c]) this.pos.values[c] = 0;
    else this.pos.corner[c] = this.pos.centre[c] = 0;
    return true;
  }

  /** Removes candidates from centre marks (a hint applied); a cell without marks first gets its candidates. */
  eliminate(elims: [number, number][]): void {
    this.mark();
    for (const [c, d] of elims) {
      if (this.digit(c)) continue;
      if (!this.pos.centre[c]) this.pos.centre[c] = this.candidates(c);
      this.pos.centre[c] &= ~bit(d);
    }
  }

  /** The digits no digit of the cell's row, column or box rules out. */
  candidates(c: number): number {
    let m = (1 << this.n) - 1;
    for (const p of this.peers[c]) if (this.digit(p)) m &= ~bit(this.digit(p));
    return m;
  }

  /** Fills (on) or clears (off) every empty cell's centre marks with its candidates. */
  autoCandidates(on: boolean): void {
    this.mark();
    this.auto = on;
    for (let c = 0; c < this.cells; c++) this.pos.centre[c] = on && !this.digit(c) ? this.candidates(c) : 0;
  }

  /** Several cells' digits at once (reveal): one undo step. */
  setDigits(cells: [number, number][]): void {
    this.mark();
    for (const [c, d] of cells) {
      this.pos.values[c] = d;
      for (const p of this.peers[c]) {
        this.pos.corner[p] &= ~bit(d);
        this.pos.centre[p] &= ~bit(d);
      }
    }
  }

  /** Back to the clues (undoable). */
  restart(): void {
    this.mark();
    this.pos = this.empty();
  }

  undo(): boolean {
    return this.move(this.undoStack, this.redoStack);
  }

  redo(): boolean {
    return this.move(this.redoStack, this.undoStack);
  }

  /** Takes the last position of `from`, keeping the current one on `to`. */
  private move(from: string[], to: string[]): boolean {
    const pos = from.pop();
    if (pos === undefined) return false;
    to.push(encode(this.pos, this.n));
    this.pos = decode(pos, this.n)!;
    // Undoing the candidates' fill (or redoing their clearing) leaves no centre mark: auto is off.
    if (this.pos.centre.every((m) => m === 0)) this.auto = false;
    return true;
  }

  full(): boolean {
    for (let c = 0; c < this.cells; c++) if (!this.digit(c)) return false;
    return true;
  }

  /** Cells whose digit clashes with another in a row, column or box. */
  conflicts(): number[] {
    const out: number[] = [];
    for (let c = 0; c < this.cells; c++) if (this.digit(c) && this.peers[c].some((p) => this.digit(p) === this.digit(c))) out.push(c);
    return out;
  }

  /** The digits as a string, as the solution writes them ("0" for empty). */
  grid(): string {
    return Array.from({ length: this.cells }, (_, c) => digitChar(this.digit(c))).join('');
  }

  save(): Saved {
    return { pos: encode(this.pos, this.n), undo: this.undoStack, redo: this.redoStack, elapsed: this.elapsed, hints: this.hints, reveals: this.reveals, mistakes: this.mistakes, solved: this.solved, auto: this.auto };
  }

  /** Takes back a saved record; false when it does not fit this puzzle. */
  restore(s: Partial<Saved>): boolean {
    const pos = typeof s.pos === 'string' ? decode(s.pos, this.n) : null;
    if (!pos || pos.values.some((v, c) => v && this.givens[c])) return false;
    const stack = (a: unknown) => (Array.isArray(a) ? a.filter((x): x is string => typeof x === 'string' && decode(x, this.n) !== null) : []);
    this.pos = pos;
    this.undoStack = stack(s.undo);
    this.redoStack = stack(s.redo);
    const n = (x: unknown) => (typeof x === 'number' && Number.isFinite(x) && x >= 0 ? x : 0);
    this.elapsed = n(s.elapsed);
    this.hints = n(s.hints);
    this.reveals = n(s.reveals);
    this.mistakes = n(s.mistakes);
    this.solved = s.solved === true;
    this.auto = s.auto === true;
    return true;
  }
}

/** SHA-256 of a text (hex), for prize pages: no secure context needed. */
export function sha256(text: string): string {
  const K = Uint32Array.from([
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe,
    0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7,
    0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b,
    0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
  ]);
  const bytes = new TextEncoder().encode(text);
  const len = Math.ceil((bytes.length + 9) / 64) * 64;
  const msg = new Uint8Array(len);
  msg.set(bytes);
  msg[bytes.length] = 0x80;
  new DataView(msg.buffer).setUint32(len - 4, bytes.length * 8);
  const h = Uint32Array.from([0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19]);
  const w = new Uint32Array(64);
  const rotr = (x: number, n: number) => (x >>> n) | (x << (32 - n));
  const view = new DataView(msg.buffer);
  for (let off = 0; off < len; off += 64) {
    for (let i = 0; i < 16; i++) w[i] = view.getUint32(off + 4 * i);
    for (let i = 16; i < 64; i++) {
      const s0 = rotr(w[i - 15], 7) ^ rotr(w[i - 15], 18) ^ (w[i - 15] >>> 3);
      const s1 = rotr(w[i - 2], 17) ^ rotr(w[i - 2], 19) ^ (w[i - 2] >>> 10);
      w[i] = w[i - 16] + s0 + w[i - 7] + s1;
    }
    let [a, b, c, d, e, f, g, hh] = h;
    for (let i = 0; i < 64; i++) {
      const t1 = hh + (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) + ((e & f) ^ (~e & g)) + K[i] + w[i];
      const t2 = (rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c));
      hh = g;
      g = f;
      f = e;
      e = (d + t1) >>> 0;
      d = c;
      c = b;
      b = a;
      a = (t1 + t2) >>> 0;
    }
    h[0] += a; h[1] += b; h[2] += c; h[3] += d; h[4] += e; h[5] += f; h[6] += g; h[7] += hh;
  }
  return [...h].map((x) => x.toString(16).padStart(8, '0')).join('');
}
