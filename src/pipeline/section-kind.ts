/**
 * Sections of other kinds and sizes in a book job: `kind:` (classic, x, jigsaw, killer),
 * `size:` (4 to 16, as the kind allows) and `diagonals:` (jigsaw and killer with both main
 * diagonals as units). A section that leaves them out, or says `kind: classic, size: 9`, is
 * a 9x9 classic section made exactly as before; any other is made by the geometry engine
 * (src/geometry/rate.ts), graded on its SE-like scale into the kind's own buckets.
 */
import type { Node } from 'yaml';
import { UserError } from '../core/errors.js';
import { checkKindSize, Geometry, isKind, KINDS, type Cage, type Kind } from '../geometry/geometry.js';
import { kindBuckets } from '../geometry/rate.js';
import { DIGIT_STYLES, type DigitStyle } from '../typeset/kind-grid.js';
import { describe, type Checker } from './yaml-check.js';
import { kindName, type SectionKind } from '../typeset/kind-text.js';

export type { SectionKind };
export { kindName };

/** The section keys that say what a kind section's puzzles are. */
export const KIND_KEYS = ['kind', 'size', 'diagonals'] as const;

/** Section keys for 9x9 classic puzzles only (the classic grader's ratings, clue counts and techniques). */
const CLASSIC_ONLY = ['rating', 'clues', 'needs'] as const;

/**
 * A section's `kind`, `size` and `diagonals`, checked; null for a 9x9 classic section (the
 * keys absent, or saying just that). Problems are reported on the checker with the key path.
 */
export function readSectionKind(c: Checker, m: Map<string, Node | null>, path: string): SectionKind | null {
  if (!KIND_KEYS.some((k) => m.has(k))) return null;
  let kind: Kind = 'classic';
  if (m.has('kind')) {
    const v = c.scalar(m.get('kind'));
    if (typeof v === 'string' && isKind(v)) kind = v;
    else {
      c.report(m.get('kind'), `${path}.kind`, `expected a kind (${KINDS.join(', ')}), got ${describe(m.get('kind'))}`);
      return null;
    }
  }
  let size = 9;
  if (m.has('size')) {
    const v = c.scalar(m.get('size'));
    if (typeof v !== 'number' || !Number.isInteger(v)) {
      c.report(m.get('size'), `${path}.size`, `expected a whole number (the grid's side), got ${describe(m.get('size'))}`);
      return null;
    }
    size = v;
  }
  try {
    checkKindSize(kind, size, 'size');
  } catch (err) {
    if (!(err instanceof UserError)) throw err;
    c.report(m.get('size') ?? m.get('kind'), `${path}.size`, err.message.replace(/^size: /, ''));
    return null;
  }
  let diagonals = kind === 'x';
  if (m.has('diagonals')) {
    const v = c.scalar(m.get('diagonals'));
    if (typeof v !== 'boolean') c.report(m.get('diagonals'), `${path}.diagonals`, `expected true or false, got ${describe(m.get('diagonals'))}`);
    else if (v && kind === 'classic') c.report(m.get('diagonals'), `${path}.diagonals`, 'a classic grid with both diagonals is kind: x');
    else if (!v && kind === 'x') c.report(m.get('diagonals'), `${path}.diagonals`, 'an x grid always has both diagonals');
    else diagonals = v;
  }
  if (kind === 'classic' && size === 9) return null;
  for (const k of CLASSIC_ONLY) {
    if (m.has(k)) c.report(m.get(k), `${path}.${k}`, `is for 9x9 classic sections; a ${kindName({ kind, size, diagonals })} section is made to its bucket (${kindBuckets(kind, size).map((b) => b.name).join(', ')})`);
  }
  return { kind, size, diagonals };
}

/** The buckets a section of this kind may name. */
export function sectionKindBuckets(k: SectionKind): string[] {
  return kindBuckets(k.kind, k.size).map((b) => b.name);
}

/** The job's `digits`: how digits beyond 9 print (letters A-G, or numbers 10-16). */
export function readDigits(c: Checker, node: Node | null | undefined): DigitStyle | null {
  const v = c.scalar(node);
  if (typeof v === 'string' && (DIGIT_STYLES as readonly string[]).includes(v)) return v as DigitStyle;
  c.report(node, 'digits', `expected how digits beyond 9 print (${DIGIT_STYLES.join(', ')}), got ${describe(node)}`);
  return null;
}

/**
 * What a kind puzzle's record carries besides its digits, as its JSON form has it (kind,
 * size, box or regions, x, cages): enough to draw it and to read it back with `solve`.
 */
export interface KindFields {
  kind: Kind;
  size: number;
  box?: [number, number];
  regions?: string;
  x?: true;
  cages?: Cage[];
}

/** The geometry of a kind puzzle's record. */
export function geometryOf(f: KindFields): Geometry {
  return new Geometry({
    kind: f.kind,
    size: f.size,
    ...(f.regions ? { regions: Uint8Array.from(f.regions, (ch) => ch.charCodeAt(0) - 65) } : { box: f.box }),
    diagonals: f.kind === 'x' || f.x === true,
    cages: f.cages,
  });
}
