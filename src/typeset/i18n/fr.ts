/** French. Exactly the keys of en.ts, with the same placeholders (see index.ts). */
import type { Catalogue } from './index.js';

export const FR = {
  'front.contents': 'Sommaire',
  'front.introduction': 'Avant-propos',
  'front.howToPlay': 'Règles du jeu',
  'section.count.one': '{n} grille',
  'section.count.other': '{n} grilles',
} satisfies Catalogue;
