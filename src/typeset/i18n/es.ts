/** Spanish. Exactly the keys of en.ts, with the same placeholders (see index.ts). */
import type { Catalogue } from './index.js';

export const ES = {
  'front.contents': 'Índice',
  'front.introduction': 'Introducción',
  'front.howToPlay': 'Cómo se juega',
  'section.count.one': '{n} sudoku',
  'section.count.other': '{n} sudokus',
} satisfies Catalogue;
