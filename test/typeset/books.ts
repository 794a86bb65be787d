/** Small books for the typesetting tests: fixture puzzles with their solutions, sections, the book's matter. */
import { readFileSync } from 'node:fs';
import { formatGrid, parseGrid } from '../../src/core/grid.js';
import { solve } from '../../src/solver/solver.js';
import type { BookMatter, BookPuzzle } from '../../src/typeset/layout.js';

/** Puzzles of the fixture slice with their solutions. */
export const PUZZLES: { puzzle: string; solution: string; er: number }[] = readFileSync('test/fixtures/puzzles/se-rated-40.tsv', 'utf8')
  .split('\n')
  .filter((l) => l && !l.startsWith('#'))
  .map((l) => {
    const [puzzle, er] = l.split('\t');
    return { puzzle, solution: formatGrid(solve(parseGrid(puzzle))!), er: Number(er) };
  });

/**
 * Book puzzles in sections of the given sizes; `rating(section, i)` gives each its rating
 * (default: the fixture's, and puzzle 8 unrated).
 */
export function bookPuzzles(sizes: number[], rating?: (section: number, i: number) => number | null): BookPuzzle[] {
  const out: BookPuzzle[] = [];
  sizes.forEach((n, section) => {
    for (let i = 0; i < n; i++) {
      const p = PUZZLES[out.length % PUZZLES.length];
      const r = rating ? rating(section, i) : out.length === 7 ? null : p.er;
      out.push({ number: out.length + 1, section, bucket: ['easy', 'medium', 'hard'][section] ?? 'hard', rating: r, puzzle: p.puzzle, solution: p.solution });
    }
  });
  return out;
}

export const SECTIONS = [
  { title: 'Gentle', bucket: 'easy' },
  { title: 'Steady', bucket: 'medium' },
  { title: 'Fiendish', bucket: 'hard' },
];

export function matter(over: Partial<BookMatter> = {}): BookMatter {
  return {
    title: 'Test Book',
    subtitle: 'A subtitle',
    author: 'An Author',
    date: '2026-05-01',
    front: { titlePage: true, copyright: '© 2026 An Author.', howToPlay: true, contents: true, introduction: 'First paragraph.\n\nSecond paragraph.' },
    openers: true,
    signature: 2,
    labels: { puzzle: 'Puzzle {number} {stars}', answer: 'Solution {number}' },
    ...over,
  };
}
