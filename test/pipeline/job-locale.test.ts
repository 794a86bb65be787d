import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadDailyJob } from '../../src/daily/daily-job.js';
import { loadJob } from '../../src/pipeline/job.js';
import { describeCharacter } from '../../src/typeset/font-coverage.js';
import { catalogue } from '../../src/typeset/i18n/index.js';
import { runCli } from '../helpers/cli.js';
import { problems } from '../helpers/user-error.js';

const dir = mkdtempSync(join(tmpdir(), 'sp-locale-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const BOOK = 'name: t\nseed: 1\nsections:\n  - { title: Easy, bucket: easy, count: 2 }\n';
const DAILY = 'name: d\nseed: 1\nschedule: { monday: easy, tuesday: easy, wednesday: easy, thursday: easy, friday: easy, saturday: easy, sunday: easy }\n';

let n = 0;
/** A job file with these bytes (text is written as UTF-8). */
function jobFile(content: string | Uint8Array): string {
  const file = join(dir, `job-${++n}.yaml`);
  writeFileSync(file, content);
  return file;
}

describe('locale and strings', () => {
  it('default to English, and a language gives its whole catalogue with the job’s overrides on top', () => {
    expect(loadJob(jobFile(`title: T\n${BOOK}`))).toMatchObject({ locale: 'en', strings: catalogue('en') });
    const job = loadJob(jobFile(`title: T\n${BOOK}locale: de\nstrings:\n  front.contents: Inhaltsverzeichnis\n  section.count.other: "{n} Sudokus"\n`));
    expect(job.locale).toBe('de');
    expect(job.strings).toEqual({ ...catalogue('de'), 'front.contents': 'Inhaltsverzeichnis', 'section.count.other': '{n} Sudokus' });
    const daily = loadDailyJob(jobFile(`title: T\n${DAILY}locale: fr\n`));
    expect(daily.strings).toEqual(catalogue('fr'));
  });

  it('refuses an unknown language, an unknown key and a placeholder the key does not have, each with a did-you-mean', () => {
    const file = jobFile(`title: T\n${BOOK}locale: dee\nstrings:\n  front.contnts: Inhalt\n  section.count.one: "{m} Rätsel"\n  front.contents: "{n} Inhalt"\n`);
    const lines = problems(() => loadJob(file)).split('\n');
    expect(lines).toEqual([
      `${file}:6:9 locale: expected a language (en, de, fr, es, it, nl), got "dee"; did you mean "de"?`,
      `${file}:8:3 strings.front.contnts: unknown key; did you mean "front.contents"?`,
      `${file}:9:22 strings.section.count.one: unknown placeholder {m} (this text has {n}); did you mean {n}?`,
      `${file}:10:19 strings.front.contents: unknown placeholder {n} (this text has no placeholders)`,
    ]);
    expect(problems(() => loadDailyJob(jobFile(`title: T\n${DAILY}locale: french\n`)))).toMatch(/:5:9 locale: expected a language \(en, de, fr, es, it, nl\), got "french"$/);
  });

  it('refuses control characters in text, shown escaped', () => {
    const file = jobFile(`title: "Red \\e[31mSudoku"\n${BOOK}`);
    const message = problems(() => loadJob(file));
    expect(message).toBe(`${file}:1:8 title: control character U+001B is not allowed in text (only line breaks are), got "Red \\u001b[31mSudoku"`);
    expect(message).not.toContain('\u001b');
    // in a key too: the unknown key is named escaped
    const key = jobFile(`title: T\n${BOOK}"ti\\etle": x\n`);
    expect(problems(() => loadJob(key))).toBe(`${key}:6:1 "ti\\u001btle": unknown key; did you mean "title"?`);
    // line breaks in running text are fine
    expect(loadJob(jobFile(`title: T\n${BOOK}front:\n  introduction: "One.\\n\\nTwo."\n`)).front.introduction).toBe('One.\n\nTwo.');
  });
});

describe('job files that are not UTF-8', () => {
  it('are refused with the line and column of the first bad byte', () => {
    const latin1 = Buffer.concat([Buffer.from(`name: t\nseed: 1\ntitle: "Caf`), Buffer.from([0xe9]), Buffer.from(` \u00e0 Paris"\nsections: []\n`)]);
    const file = jobFile(latin1);
    expect(problems(() => loadJob(file))).toBe(`${file}:3:12 the file is not UTF-8 text (byte 0xE9 there is not valid UTF-8); save it as UTF-8`);
    // after valid multi-byte characters on the same line, the column counts characters
    const after = jobFile(Buffer.concat([Buffer.from('title: "ÄÖÜ'), Buffer.from([0xc3, 0x28]), Buffer.from('"\n')]));
    expect(problems(() => loadDailyJob(after))).toMatch(/:1:12 the file is not UTF-8 text \(byte 0xC3 there/);
    // an overlong encoding and a lone continuation byte
    expect(problems(() => loadJob(jobFile(Buffer.from([0x61, 0x0a, 0xc0, 0xaf]))))).toMatch(/:2:1 the file is not UTF-8 text \(byte 0xC0/);
    expect(problems(() => loadJob(jobFile(Buffer.from([0x61, 0x62, 0x80]))))).toMatch(/:1:3 the file is not UTF-8 text \(byte 0x80/);
  });

  it('the CLI says so in one line and exits 1', () => {
    const file = jobFile(Buffer.concat([Buffer.from('title: "Caf'), Buffer.from([0xe9]), Buffer.from('"\n')]));
    const r = runCli(['book', file]);
    expect(r.status).toBe(1);
    expect(r.stderr).toBe(`sudoku-press: ${file}:1:12 the file is not UTF-8 text (byte 0xE9 there is not valid UTF-8); save it as UTF-8\n`);
  });
});

describe('fonts cover the text', () => {
  it('a CJK title: refused with the character, the field, and that no bundled font has it', () => {
    const file = jobFile(`title: "数独の本"\n${BOOK}`);
    expect(problems(() => loadJob(file))).toBe(
      `${file}:1:8 title: the regular font DejaVuSans has no U+6570 "数", which would print as an empty box; no bundled font has Chinese, Japanese and Korean characters: give a .ttf or .otf font that does in layout.fonts.regular (a path relative to the job file, e.g. fonts/NotoSansCJKsc-Regular.otf)`,
    );
  });

  it('an emoji in a section title or a daily title: refused', () => {
    const file = jobFile(`title: T\nname: t\nseed: 1\nsections:\n  - { title: "Fun 🙂", bucket: easy, count: 2 }\n`);
    expect(problems(() => loadJob(file))).toMatch(new RegExp(`^${file}:5:14 sections\\[0\\]\\.title: the regular font DejaVuSans has no U\\+1F642 "🙂", which would print as an empty box; no bundled font has emoji`));
    expect(problems(() => loadDailyJob(jobFile(`title: "Daily 🙂"\n${DAILY}`)))).toMatch(/:1:8 title: the regular font DejaVuSans has no U\+1F642 "🙂"/);
  });

  it('a serif font lacking a character the sans has: the bundled font that has it is named', () => {
    const file = jobFile(`title: T\nauthor: "Tick ✓ Press"\n${BOOK}layout:\n  fonts: { regular: DejaVuSerif, bold: DejaVuSerif-Bold }\n`);
    expect(problems(() => loadJob(file))).toBe(
      `${file}:2:9 author: the regular font DejaVuSerif has no U+2713 "✓", which would print as an empty box; the bundled DejaVuSans has it (layout.fonts.regular: DejaVuSans)`,
    );
    // The same character in a label is set in the symbols font, as the stars are: covered.
    expect(loadJob(jobFile(`title: T\n${BOOK}labels: { puzzle: "✓ {number} {stars}" }\nlayout:\n  fonts: { regular: DejaVuSerif, bold: DejaVuSerif-Bold }\n`)).labels.puzzle).toBe('✓ {number} {stars}');
  });

  it('the cover is checked in its theme’s fonts', () => {
    // The default theme sets the cover in DejaVu Serif, which lacks ✓; the interior (DejaVu Sans) has it.
    const file = jobFile(`title: "Tick ✓"\n${BOOK}layout: { template: trade-6x9 }\n`);
    expect(problems(() => loadJob(file))).toBe(
      `${file}:1:8 title: the cover’s body font DejaVuSerif has no U+2713 "✓", which would print as an empty box; the bundled DejaVuSans has it (cover.theme.fonts.body: DejaVuSans)`,
    );
    expect(loadJob(jobFile(`title: "Tick ✓"\n${BOOK}layout: { template: trade-6x9 }\ncover: { theme: bright }\n`)).title).toBe('Tick ✓');
    expect(loadJob(jobFile(`title: "Tick ✓"\n${BOOK}layout: { template: trade-6x9 }\ncover: false\n`)).title).toBe('Tick ✓');
  });

  it('names a character as its code, with the character where it shows', () => {
    expect(describeCharacter('ä')).toBe('U+00E4 "ä"');
    expect(describeCharacter('🙂')).toBe('U+1F642 "🙂"');
    expect(describeCharacter('\u00a0')).toBe('U+00A0 (no-break space)');
    expect(describeCharacter('\u001b')).toBe('U+001B');
  });

  it('an override in strings is checked at its own key; the catalogues print in the bundled fonts', () => {
    const file = jobFile(`title: T\n${BOOK}strings:\n  front.contents: "目次"\n`);
    expect(problems(() => loadJob(file))).toMatch(new RegExp(`^${file}:7:19 strings\\.front\\.contents: the regular font DejaVuSans has no U\\+76EE "目" \\(in "目次"\\)`));
    for (const locale of ['de', 'fr', 'es', 'it', 'nl']) {
      for (const fonts of ['{ regular: DejaVuSans, bold: DejaVuSans-Bold }', '{ regular: DejaVuSerif, bold: DejaVuSerif-Bold }']) {
        expect(loadJob(jobFile(`title: T\n${BOOK}locale: ${locale}\nlayout:\n  fonts: ${fonts}\n`)).locale).toBe(locale);
      }
    }
  });
});
