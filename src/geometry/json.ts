/**
 * The JSON form of a puzzle of any kind, one object a line:
 *
 *   {"kind":"jigsaw","size":9,"regions":"AAABBBCCC...","puzzle":"1..4.....","solution":"1254..."}
 *   {"kind":"killer","size":9,"box":[3,3],"cages":[{"sum":11,"cells":[0,1]},...],"puzzle":"....","solution":"..."}
 *
 * `kind`, `size`; `box` ([rows, columns]; optional, the built-in shape by default) or
 * `regions` (jigsaw: N² characters, one region letter per cell, row by row); `cages` (killer:
 * sums and cells numbered row by row from 0); `x` (true: killer or jigsaw with both main
 * diagonals as units; an `x` puzzle has them anyway); `puzzle` and `solution` (N² characters,
 * '.' for empty, digits then letters A-G). Other fields (a number, a seed) are kept by no one
 * and allowed. Bad input is a UserError naming the place and the field.
 */
import { escapeControls, quoted, UserError } from '../core/errors.js';
import {
  BOXES,
  charDigit,
  checkKindSize,
  digitChar,
  findClash,
  formatCells,
  Geometry,
  isKind,
  KINDS,
  solvesPuzzle,
  type Cage,
  type Kind,
} from './geometry.js';
import { isConnected } from './regions.js';

export interface KindPuzzleRecord {
  geometry: Geometry;
  puzzle: Uint8Array;
  solution: Uint8Array | null;
}

/** The JSON form of a puzzle (and its solution), fields in the documented order. */
export function puzzleJson(g: Geometry, puzzle: Uint8Array, solution?: Uint8Array | null): Record<string, unknown> {
  const out: Record<string, unknown> = { kind: g.kind, size: g.size };
  if (g.box) out.box = [g.box[0], g.box[1]];
  else out.regions = regionLetters(g.regions);
  if (g.diagonals && g.kind !== 'x') out.x = true;
  if (g.cages.length) out.cages = g.cages.map((c) => ({ sum: c.sum, cells: [...c.cells] }));
  out.puzzle = formatCells(puzzle);
  if (solution) out.solution = formatCells(solution);
  return out;
}

/** Region numbers as letters A, B, C... */
export function regionLetters(regions: Uint8Array): string {
  let s = '';
  for (const r of regions) s += String.fromCharCode(65 + r);
  return s;
}

/** Read one JSON line of a puzzle of any kind; `where` names the place ("puzzles.jsonl: line 3"). */
export function parsePuzzleJson(text: string, where: string): KindPuzzleRecord {
  let obj: unknown;
  try {
    obj = JSON.parse(text);
  } catch (err) {
    throw new UserError(`${where}: not a JSON object: ${(err as Error).message}`);
  }
  if (typeof obj !== 'object' || obj === null || Array.isArray(obj)) throw new UserError(`${where}: expected a JSON object with kind, size and puzzle`);
  const o = obj as Record<string, unknown>;
  const at = (field: string, message: string) => new UserError(`${where}: ${field}: ${message}`);
  const kind = o.kind ?? 'classic';
  if (typeof kind !== 'string' || !isKind(kind)) throw at('kind', `expected one of ${KINDS.join(', ')}, got ${show(kind)}`);
  const size = o.size;
  if (typeof size !== 'number' || !Number.isInteger(size)) throw at('size', `expected a whole number, got ${show(size)}`);
  checkKindSize(kind, size, `${where}: size`);
  if (o.x !== undefined && typeof o.x !== 'boolean') throw at('x', `expected true or false, got ${show(o.x)}`);
  const diagonals = kind === 'x' || o.x === true;
  if (diagonals && size < 4) throw at('x', 'diagonals need a size of 4 or more');
  const geometry = new Geometry({ kind, size, ...layout(kind, size, o, at), diagonals, cages: cagesOf(kind, size, o.cages, at) });
  if (typeof o.puzzle !== 'string') throw at('puzzle', `expected a string of ${size * size} cells, got ${show(o.puzzle)}`);
  const puzzle = cellsOf(o.puzzle, size, 'puzzle', at);
  const clash = findClash(geometry, puzzle);
  if (clash) throw at('puzzle', clash);
  let solution: Uint8Array | null = null;
  if (o.solution !== undefined && o.solution !== null) {
    if (typeof o.solution !== 'string') throw at('solution', `expected a string of ${size * size} cells, got ${show(o.solution)}`);
    solution = cellsOf(o.solution, size, 'solution', at);
    const blank = solution.indexOf(0);
    if (blank >= 0) throw at('solution', `cell ${geometry.cellName(blank)} is empty`);
    const wrong = findClash(geometry, solution);
    if (wrong) throw at('solution', wrong);
    if (!solvesPuzzle(geometry, puzzle, solution)) throw at('solution', 'does not agree with the puzzle\'s givens');
  }
  return { geometry, puzzle, solution };
}

/** A value found, as a message quotes it: strings quoted, numbers as they are, the rest as short JSON. */
function show(v: unknown): string {
  if (v === undefined) return 'nothing';
  if (typeof v === 'string') return quoted(v, 40);
  if (typeof v !== 'object' || v === null) return String(v);
  const text = JSON.stringify(v);
  return escapeControls(text.length > 40 ? `${text.slice(0, 40)}...` : text);
}

type At = (field: string, message: string) => UserError;

/** The box shape or the regions of a kind. */
function layout(kind: Kind, size: number, o: Record<string, unknown>, at: At): { box?: [number, number]; regions?: Uint8Array } {
  if (kind !== 'jigsaw') {
    if (o.regions !== undefined) throw at('regions', `only jigsaw puzzles have regions; a ${kind} puzzle has a box`);
    if (o.box === undefined) return { box: [BOXES[size][0], BOXES[size][1]] };
    const b = o.box;
    if (!Array.isArray(b) || b.length !== 2 || !b.every((x) => Number.isInteger(x) && x > 0) || b[0] * b[1] !== size) {
      throw at('box', `expected [rows, columns] of a box with ${size} cells (such as [${BOXES[size].join(', ')}]), got ${show(b)}`);
    }
    return { box: [b[0], b[1]] };
  }
  if (o.box !== undefined) throw at('box', 'a jigsaw puzzle has regions, not a box');
  const text = o.regions;
  if (typeof text !== 'string') throw at('regions', `expected a string of ${size * size} region letters, got ${show(text)}`);
  if (text.length !== size * size) throw at('regions', `wrong length: expected ${size * size} cells, got ${text.length}`);
  const letters = [...new Set(text)].sort();
  if (letters.length !== size) throw at('regions', `expected ${size} regions, got ${letters.length} (${quoted(letters.join(''), 40)})`);
  const regions = Uint8Array.from(text, (ch) => letters.indexOf(ch));
  for (let k = 0; k < size; k++) {
    const count = regions.filter((r) => r === k).length;
    const name = `region '${escapeControls(letters[k])}'`;
    if (count !== size) throw at('regions', `${name} has ${count} cells, expected ${size}`);
    if (!isConnected(regions, size, k)) throw at('regions', `${name} is not connected`);
  }
  return { regions };
}

/** The cages of a killer puzzle, checked: cells in range, each cell in exactly one cage, sums reachable. */
function cagesOf(kind: Kind, size: number, value: unknown, at: At): Cage[] | undefined {
  if (kind !== 'killer') {
    if (value !== undefined) throw at('cages', `only killer puzzles have cages, not ${kind}`);
    return undefined;
  }
  if (!Array.isArray(value) || value.length === 0) throw at('cages', `expected a list of {"sum", "cells"}, got ${show(value)}`);
  const cells = size * size;
  const owner = new Int32Array(cells).fill(-1);
  const name = (c: number) => `r${Math.floor(c / size) + 1}c${(c % size) + 1}`;
  const cages = value.map((cage, k): Cage => {
    const field = `cages[${k}]`;
    if (typeof cage !== 'object' || cage === null || !Array.isArray(cage.cells) || cage.cells.length === 0) throw at(field, `expected {"sum": s, "cells": [index, ...]}, got ${show(cage)}`);
    for (const c of cage.cells) {
      if (!Number.isInteger(c) || c < 0 || c >= cells) throw at(`${field}.cells`, `expected cell numbers 0 to ${cells - 1}, got ${show(c)}`);
      if (owner[c] === k) throw at(`${field}.cells`, `cell ${c} (${name(c)}) is listed twice`);
      if (owner[c] >= 0) throw at(`${field}.cells`, `cell ${c} (${name(c)}) is in cages[${owner[c]}] too: cages overlap`);
      owner[c] = k;
    }
    const n = cage.cells.length;
    if (n > size) throw at(`${field}.cells`, `${n} cells, but a cage holds distinct digits, at most ${size}`);
    const low = (n * (n + 1)) / 2;
    const high = (n * (2 * size - n + 1)) / 2;
    if (!Number.isInteger(cage.sum) || cage.sum < low || cage.sum > high) {
      throw at(`${field}.sum`, `${show(cage.sum)} cannot be made by ${n} distinct digits 1-${size} (from ${low} to ${high})`);
    }
    return { sum: cage.sum, cells: [...cage.cells] };
  });
  const missing: number[] = [];
  for (let c = 0; c < cells; c++) if (owner[c] < 0) missing.push(c);
  if (missing.length) throw at('cages', `cells in no cage: ${missing.slice(0, 6).map((c) => `${c} (${name(c)})`).join(', ')}${missing.length > 6 ? ` and ${missing.length - 6} more` : ''}`);
  return cages;
}

/** N² cell characters: '.' or '0' empty, digits then letters A-G up to the size. */
function cellsOf(text: string, size: number, field: string, at: At): Uint8Array {
  if (text.length !== size * size) throw at(field, `wrong length: expected ${size * size} cells, got ${text.length}`);
  const out = new Uint8Array(size * size);
  for (let i = 0; i < text.length; i++) {
    const d = charDigit(text[i]);
    if (d < 0 || d > size) throw at(field, `bad character '${escapeControls(text[i])}' at column ${i + 1} (expected '.' or 1-${digitChar(size)})`);
    out[i] = d;
  }
  return out;
}
