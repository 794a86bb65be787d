/** Italian. Exactly the keys of en.ts, with the same placeholders (see index.ts). */
import type { Catalogue } from './index.js';

export const IT = {
  'front.contents': 'Indice',
  'front.introduction': 'Introduzione',
  'front.howToPlay': 'Come si gioca',
  'section.count.one': '{n} schema',
  'section.count.other': '{n} schemi',
} satisfies Catalogue;
