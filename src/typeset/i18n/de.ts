/** German. Exactly the keys of en.ts, with the same placeholders (see index.ts). */
import type { Catalogue } from './index.js';

export const DE = {
  'front.contents': 'Inhalt',
  'front.introduction': 'Einleitung',
  'front.howToPlay': 'So wird gespielt',
  'section.count.one': '{n} Rätsel',
  'section.count.other': '{n} Rätsel',
} satisfies Catalogue;
