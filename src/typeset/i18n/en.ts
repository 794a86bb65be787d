/** English: the reference catalogue. Every other language has exactly these keys (see index.ts). */
export const EN = {
  'front.contents': 'Contents',
  'front.introduction': 'Introduction',
  'front.howToPlay': 'How to play',
  'section.count.one': '{n} puzzle',
  'section.count.other': '{n} puzzles',
} as const satisfies Record<string, string>;
