/** English: the reference catalogue. Every other language has exactly these keys (see index.ts). */
export const EN = {
  'front.contents': 'Contents',
  'front.introduction': 'Introduction',
  'front.howToPlay': 'How to play',
  'section.count.one': '{n} puzzle',
  'section.count.other': '{n} puzzles',
  'daily.number': 'No. {n}',
  'daily.difficulty': '{stars}  {word} (1 to {max} stars)',
  'daily.solutionTo': 'Solution to {date}',
  'daily.solutionToSlot': 'Solution to {date} ({slot})',
  'daily.rules': 'Fill the grid so that every row, every column and every three-by-three box holds each digit from one to nine exactly once.',
} as const satisfies Record<string, string>;
