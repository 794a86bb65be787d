/**
 * JSON Schemas for book and daily job files, for editors (yaml-language-server completes and
 * checks keys from them). They are built from the job checkers themselves, so they cannot
 * drift: the keys of every mapping are asked of the checker (a probe document with one
 * nonsense key at that place makes it list the keys it knows there), and the names of fills,
 * digs, symmetries, templates and techniques come from the same lists the checker uses. This
 * file adds only what a key's value looks like and a line of description; a key the checker
 * knows but this table does not describe still appears (any value), so editors never flag a
 * valid job.
 */
import { KINDS } from './geometry/geometry.js';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { UserError } from './core/errors.js';
import { SYMMETRIES } from './core/symmetry.js';
import { loadDailyJob, MAX_PER_DAY } from './daily/daily-job.js';
import { DIG_NAMES } from './generator/dig.js';
import { FILL_NAMES } from './generator/fill.js';
import { BUCKETS } from './grader/levels.js';
import { TECHNIQUE_NAMES } from './grader/registry.js';
import { THEME_NAMES } from './typeset/cover-themes.js';
import { PAPER_IN_PER_PAGE } from './typeset/kdp.js';
import { EN } from './typeset/i18n/en.js';
import { LOCALES, placeholders, type StringKey } from './typeset/i18n/index.js';
import { LABEL_FIELDS } from './typeset/layout.js';
import { templateNames } from './typeset/templates.js';
import { loadJob, SIGNATURES } from './pipeline/job.js';

export type JsonSchema = Record<string, unknown>;

const PROBE = 'qqqqqqqqqqqqqqqqqqqq';

type Path = (string | number)[];
type Loader = (file: string) => unknown;

/** The key path as the checker writes it: a.b[0].c */
function pathText(path: Path): string {
  return path.map((p, i) => (typeof p === 'number' ? `[${p}]` : i === 0 ? p : `.${p}`)).join('');
}

function setAt(doc: Record<string, unknown>, path: Path, value: unknown): Record<string, unknown> {
  const copy = structuredClone(doc);
  if (path.length === 0) return { ...copy, ...(value as object) };
  let node = copy as Record<string | number, unknown>;
  for (const p of path.slice(0, -1)) {
    if (node[p] === null || typeof node[p] !== 'object') node[p] = {};
    node = node[p] as Record<string | number, unknown>;
  }
  node[path[path.length - 1]] = value;
  return copy;
}

/** The keys the checker accepts in the mapping at `path` of a job (asked of the checker itself). */
export function checkerKeys(load: Loader, base: Record<string, unknown>, path: Path): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'sp-schema-'));
  try {
    const file = join(dir, 'probe.yaml');
    writeFileSync(file, stringify(setAt(base, path, { [PROBE]: 1 })));
    try {
      load(file);
    } catch (err) {
      if (!(err instanceof UserError)) throw err;
      const marker = ` ${pathText([...path, PROBE])}: unknown key (expected one of `;
      for (const line of err.message.split('\n')) {
        const at = line.indexOf(marker);
        if (at >= 0 && line.endsWith(')')) return line.slice(at + marker.length, -1).split(', ');
      }
    }
    throw new Error(`the job checker did not list the keys at "${pathText(path) || '(top level)'}"`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const str = (description: string, extra: JsonSchema = {}): JsonSchema => ({ type: 'string', description, ...extra });
const posInt = (description: string): JsonSchema => ({ type: 'integer', minimum: 1, description });
const posNum = (description: string): JsonSchema => ({ type: 'number', exclusiveMinimum: 0, description });
const choice = (description: string, names: readonly string[]): JsonSchema => ({ type: 'string', enum: [...names], description });
const yesNo = (description: string): JsonSchema => ({ type: 'boolean', description });
const textOrOff = (description: string): JsonSchema => ({ description, anyOf: [{ type: 'string' }, { const: false }] });
const cmyk = (description: string): JsonSchema => ({
  type: 'array',
  items: { type: 'number', minimum: 0, maximum: 100 },
  minItems: 4,
  maxItems: 4,
  description: `${description}: a CMYK colour [C, M, Y, K], each 0-100`,
});
const bucket = (description: string): JsonSchema => ({
  description,
  anyOf: [{ type: 'string', enum: [...BUCKETS] }, { type: 'string', description: 'a bucket defined in grader.levels' }],
});

/**
 * What each key's value looks like, by key path ('[]' for any list item, '*' for any key).
 * Mappings listed in OBJECTS are built from the checker's keys.
 */
const VALUES: Record<string, JsonSchema> = {
  name: str('names the output folder: letters, digits, . _ -', { pattern: '^[A-Za-z0-9][A-Za-z0-9._-]*$' }),
  title: str('the title (title page, PDF properties)'),
  subtitle: str('a second line under the title'),
  author: str('the author (title page, PDF properties)'),
  seed: { type: ['string', 'number'], description: 'the same seed gives the same puzzles' },
  date: str('the PDF creation date, YYYY-MM-DD (kept fixed: the same job gives the same bytes)', { pattern: '^\\d{4}-\\d{2}-\\d{2}$' }),
  output: str('output folder (default output/<name>), relative to the folder the command runs in'),
  bank: str('puzzle bank: an SQLite file, or a PostgreSQL connection string (postgres://user@host/db) shared by many machines; puzzles are taken from it first and recorded in it'),
  workers: posInt('worker threads (default one per core; --workers overrides)'),
  answers: choice('where the answer keys go', ['end', 'section']),
  perDay: { ...posInt('puzzles a day (default 1)'), maximum: MAX_PER_DAY },
  locale: choice('the language of every printed word and date (default en)', LOCALES),
  numberFrom: str('puzzle numbers: the date (YYYY-MM-DD) whose first puzzle is firstNumber; every scheduled puzzle since counts one', { pattern: '^\\d{4}-\\d{2}-\\d{2}$' }),
  firstNumber: posInt('the number of the first puzzle of numberFrom (default 1)'),
  copyright: str('the line at the foot of every daily page, e.g. "© 2026 The Daily Sudoku"'),
  'generator.fill': choice('how complete grids are made', FILL_NAMES),
  'generator.dig': choice('remove clues from a full grid, or add clues to an empty one', DIG_NAMES),
  'generator.symmetry': choice('clue symmetry', SYMMETRIES),
  'grader.levels': {
    type: 'object',
    description: 'the bucket table: bucket name -> the techniques it allows (a list, or "all")',
    additionalProperties: { anyOf: [{ type: 'array', items: choice('technique', TECHNIQUE_NAMES) }, { type: 'string', enum: ['all'] }] },
  },
  'sections[].title': str('section title'),
  'sections[].bucket': bucket('the bucket of this section'),
  'sections[].count': posInt('how many puzzles'),
  'sections[].needs': needsSchema('puzzles whose graded path uses this technique'),
  'layout.template': choice('page template', templateNames()),
  'layout.pageSize': { type: 'array', items: { type: 'number', exclusiveMinimum: 0 }, minItems: 2, maxItems: 2, description: '[width, height] in points' },
  'layout.fonts.*': str('a bundled DejaVu name (DejaVuSerif, DejaVuSans-Bold, ...) or a .ttf/.otf path relative to the job'),
  'layout.margins.*': posNum('margin in points (inner = binding side)'),
  'layout.fontSizes.*': posNum('font size in points'),
  'layout.puzzlesPerPage.*': posInt('grids across or down'),
  'layout.answersPerPage.*': posInt('grids across or down'),
  'layout.lines.*': posNum('line width in points'),
  'layout.kdp': yesNo('check the page count and gutter against KDP paperback rules'),
  'front.titlePage': yesNo('a title page'),
  'front.howToPlay': yesNo('a how-to-play page'),
  'front.contents': yesNo('a contents page'),
  'front.copyright': textOrOff('the copyright/imprint text, or false for no imprint page'),
  'front.introduction': textOrOff('an introduction page, or false for none'),
  'front.difficulty': yesNo('a difficulty note: the five star levels, what each needs, the sections\' ranges'),
  'difficulty.stars': yesNo('stars in labels and the difficulty note (false: words only)'),
  'difficulty.words.*': str('your word for this level'),
  'difficulty.by': choice('the difficulty a puzzle label shows: its own, or its section\'s', ['puzzle', 'section']),
  notes: yesNo('ruled Notes pages instead of blank pages at the end'),
  hints: yesNo('a Hints part before the solutions: a one-line hint for each puzzle harder than medium, its page named in the puzzle\'s label (English books only)'),
  workbook: {
    description: 'a technique workbook: every section a chapter on the technique it needs (needs:), chapters in rising ER; true, or { practice: positions per chapter } (English books only)',
    anyOf: [{ type: 'boolean' }, { type: 'object', properties: { practice: { type: 'integer', minimum: 0, maximum: 20, description: 'practice positions per chapter (default 2)' } }, additionalProperties: false }],
  },
  walkthrough: { type: 'array', items: { type: 'integer', minimum: 1 }, uniqueItems: true, description: 'puzzle numbers (as printed) whose every step a Walkthroughs part shows, with a diagram for each step beyond singles (English books only)' },
  openers: yesNo('a title page (right-hand) before each section'),
  signature: { type: 'integer', enum: [...SIGNATURES], description: 'make the page count a multiple of this' },
  'labels.*': str(`label template; placeholders: ${LABEL_FIELDS.map((f) => `{${f}}`).join(' ')}`),
  'cover.paper': choice('paper colour (sets the spine width)', Object.keys(PAPER_IN_PER_PAGE)),
  'cover.back': str('text on the back cover (default: built from the job)'),
  'cover.image': str('a PNG or JPEG for the front, relative to the job file; at least 300 dpi where it is printed'),
  'cover.largePrint': yesNo('the "LARGE PRINT" flash on the front (default: on for the large-print template)'),
  'cover.theme.base': choice('the built-in theme the other keys change', THEME_NAMES),
  'cover.theme.background': cmyk('the whole sheet, bleed included'),
  'cover.theme.accent': cmyk('bands, badge and flash'),
  'cover.theme.text': cmyk('title, author, spine and back text'),
  'cover.theme.fonts.*': str('a bundled DejaVu name (DejaVuSerif-Bold, DejaVuSans, ...) or a .ttf/.otf path relative to the job'),
  'schedule.*.bucket': bucket('the bucket of the day'),
  'schedule.*.count': { ...posInt('puzzles that day'), maximum: MAX_PER_DAY },
  'schedule.*.needs': needsSchema('puzzles whose graded path uses this technique'),
  'schedule.*.kind': choice('the kind of the day\'s puzzles (classic by default; its buckets are the kind\'s own)', KINDS),
  'schedule.*.size': { type: 'integer', minimum: 4, maximum: 16, description: 'the size of the day\'s grid (9 by default): 4, 6, 8, 9, 12 or 16; killer up to 9, jigsaw any 4 to 16' },
  '*.min': { type: 'number', minimum: 0, description: 'lowest allowed (inclusive)' },
  '*.max': { type: 'number', minimum: 0, description: 'highest allowed (inclusive)' },
};

/** A `needs` value: a technique's name, or { technique, hardest }. */
function needsSchema(description: string): JsonSchema {
  const technique = choice('a technique, as the grader names it', TECHNIQUE_NAMES);
  const hardest = { type: 'boolean', description: 'the technique is also the hardest step of the path' };
  return { description: `${description}: its name, or { technique, hardest: true }`, anyOf: [technique, { type: 'object', properties: { technique, hardest }, required: ['technique'], additionalProperties: false }] };
}

/** Mappings whose keys come from the checker: key path -> probe path in the base document. */
const OBJECTS: Record<string, (path: Path) => Path> = {
  generator: () => ['generator'],
  'generator.clues': () => ['generator', 'clues'],
  grader: () => ['grader'],
  'sections[]': () => ['sections', 0],
  'sections[].rating': () => ['sections', 0, 'rating'],
  layout: () => ['layout'],
  'layout.margins': () => ['layout', 'margins'],
  'layout.puzzlesPerPage': () => ['layout', 'puzzlesPerPage'],
  'layout.answersPerPage': () => ['layout', 'answersPerPage'],
  'layout.fonts': () => ['layout', 'fonts'],
  'layout.fontSizes': () => ['layout', 'fontSizes'],
  'layout.lines': () => ['layout', 'lines'],
  'sections[].clues': () => ['sections', 0, 'clues'],
  front: () => ['front'],
  'cover.theme.fonts': () => ['cover', 'theme', 'fonts'],
  labels: () => ['labels'],
  difficulty: () => ['difficulty'],
  'difficulty.words': () => ['difficulty', 'words'],
  schedule: () => ['schedule'],
  'schedule.*': (path) => path,
  'schedule.*.rating': (path) => path,
  strings: () => ['strings'],
};

function lookup<T>(table: Record<string, T>, keyPath: string): T | undefined {
  if (keyPath in table) return table[keyPath];
  const parts = keyPath.split('.');
  for (let i = 0; i < parts.length; i++) {
    const wild = [...parts.slice(0, i), '*', ...parts.slice(i + 1)].join('.');
    if (wild in table) return table[wild];
  }
  if (parts.length > 1 && `*.${parts[parts.length - 1]}` in table) return table[`*.${parts[parts.length - 1]}`];
  return undefined;
}

function objectSchema(load: Loader, base: Record<string, unknown>, keyPath: string, probe: Path, required: string[] = []): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  for (const key of checkerKeys(load, base, probe)) {
    const childPath = keyPath ? `${keyPath}.${key}` : key;
    properties[key] = valueSchema(load, base, childPath, [...probe, key]);
  }
  return { type: 'object', properties, additionalProperties: false, ...(required.length ? { required } : {}) };
}

function valueSchema(load: Loader, base: Record<string, unknown>, keyPath: string, probe: Path): JsonSchema {
  if (keyPath === 'sections') {
    const item = objectSchema(load, base, 'sections[]', ['sections', 0], ['title', 'bucket', 'count']);
    return { type: 'array', minItems: 1, items: item, description: 'the sections, in book order' };
  }
  if (keyPath === 'budget') {
    return {
      description: 'most candidates to make (per bucket in a book, per puzzle in a daily job): a number, or bucket -> number',
      anyOf: [{ type: 'integer', minimum: 1 }, { type: 'object', additionalProperties: { type: 'integer', minimum: 1 } }],
    };
  }
  if (keyPath === 'cover') {
    return { description: 'the KDP cover (cover.pdf), or false for none', anyOf: [{ const: false }, objectSchema(load, base, 'cover', probe)] };
  }
  if (keyPath === 'cover.theme') {
    return { description: 'the cover\'s colours and fonts: a built-in theme, or colours and fonts on top of one', anyOf: [choice('a built-in theme', THEME_NAMES), objectSchema(load, base, 'cover.theme', probe)] };
  }
  if (/^schedule\.[a-z]+$/.test(keyPath)) {
    const day = objectSchema(load, base, keyPath, probe, ['bucket']);
    return { description: 'a bucket, or { bucket, rating: { min, max }, count }', anyOf: [bucket('the bucket of the day'), day] };
  }
  if (keyPath.startsWith('strings.')) {
    const english = EN[keyPath.slice('strings.'.length) as StringKey];
    const vars = placeholders(english);
    return str(`replaces the catalogue text (English: "${english}")${vars.length ? `; placeholders: ${vars.map((v) => `{${v}}`).join(' ')}` : ''}`);
  }
  const object = lookup(OBJECTS, keyPath);
  if (object) return objectSchema(load, base, keyPath, object(probe));
  return lookup(VALUES, keyPath) ?? { description: 'see the sudoku-press README' };
}

const BOOK_BASE = { name: 'probe', title: 'Probe', seed: 1, sections: [{ title: 'A', bucket: 'easy', count: 1 }] };
const DAILY_BASE = {
  name: 'probe',
  title: 'Probe',
  seed: 1,
  schedule: { monday: 'easy', tuesday: 'easy', wednesday: 'easy', thursday: 'easy', friday: 'easy', saturday: 'easy', sunday: 'easy' },
};

function rootSchema(title: string, load: Loader, base: Record<string, unknown>, required: string[]): JsonSchema {
  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    title,
    ...objectSchema(load, base, '', [], required),
  };
}

/** The schema of book jobs (`sudoku-press book`). */
export function bookJobSchema(): JsonSchema {
  return rootSchema('sudoku-press book job', loadJob, BOOK_BASE, ['name', 'title', 'seed', 'sections']);
}

/** The schema of daily jobs (`sudoku-press daily`). */
export function dailyJobSchema(): JsonSchema {
  return rootSchema('sudoku-press daily job', loadDailyJob, DAILY_BASE, ['name', 'title', 'seed', 'schedule']);
}

/** The schema files as they are shipped: name -> text. */
export function schemaFiles(): Record<string, string> {
  return {
    'job.schema.json': JSON.stringify(bookJobSchema(), null, 2) + '\n',
    'daily.schema.json': JSON.stringify(dailyJobSchema(), null, 2) + '\n',
  };
}
