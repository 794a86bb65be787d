/** Dutch. Exactly the keys of en.ts, with the same placeholders (see index.ts). */
import type { Catalogue } from './index.js';

export const NL = {
  'front.contents': 'Inhoud',
  'front.introduction': 'Inleiding',
  'front.howToPlay': 'Spelregels',
  'section.count.one': '{n} puzzel',
  'section.count.other': '{n} puzzels',
} satisfies Catalogue;
