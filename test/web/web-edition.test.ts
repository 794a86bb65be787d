/**
 * The daily web edition in a real browser (Chromium through playwright-core): the page `daily`
 * writes, opened from file:// and over loopback HTTP, played by keyboard and by touch, hinted
 * at every level against the command line's grader, checked by axe-core and by our own
 * contrast, target-size and naming checks.
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync } from 'node:zlib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatGrid, parseGrid } from '../../src/core/grid.js';
import { Candidates } from '../../src/grader/candidates.js';
import { applyStep } from '../../src/grader/grade.js';
import type { Step } from '../../src/grader/technique.js';
import { solve } from '../../src/solver/solver.js';
import { catalogue, fill, type Locale, type Strings } from '../../src/typeset/i18n/index.js';
import { cellWord, stepHint, stepSentence, techniqueName } from '../../src/grader/step-words.js';
import { TECHNIQUE_NAMES } from '../../src/grader/registry.js';
import { UNITS } from '../../src/core/units.js';
import { sentence } from '../../src/typeset/technique-text.js';
import type { DayData } from '../../src/web/day-data.js';
import { Game } from '../../src/web/client/game.js';
import { dayData, dayPageHtml, elementModule, PAGE_CSP } from '../../src/web/page.js';
import { browserAvailable, launchBrowser, runAxe, serveFolder } from '../helpers/browser.js';
import { runCli } from '../helpers/cli.js';

const EASY = '.4.8.2.1..28...49...6...8..3.......5.9.418.3.....3.....7.2.1.5.21..9..78....7....';
/** A position of EASY whose first step is a pair (the player's digits added). */
const EASY_PAIR = '.4.86251..28.5.496..6.4.8..3...2...5.9.418.3.....3.....7.281.5.21..9..78....7....';
/** A puzzle whose first step is an X-wing. */
const XWING = '7239581649456128378613745..23.8.5.4145..31..818.4...5.592.834.6378.469.56145...8.';
/** A puzzle whose path needs a chain (a Y-cycle) after some 28 steps. */
const CHAIN = '8..6.4.5.4...8.1.....3...2..4......6.5.713.9.2......8..7...2.....4.9...5.8.1.6..3';

const tmp = mkdtempSync(join(tmpdir(), 'sp-web-'));
const en = catalogue('en');
const solutionOf = (p: string) => formatGrid(solve(parseGrid(p))!);

/** A day page exactly as `daily` writes it, for `puzzle`, in its own folder; returns its path. */
function writePage(name: string, puzzle: string, more: Partial<Parameters<typeof dayData>[0]> = {}): string {
  const data = dayData({
    title: 'Test Daily', date: '2026-12-01', slot: 1, dateLine: 'Tuesday 1 December 2026', number: 'No. 1', label: '★★★☆☆  moderate (1 to 5 stars)',
    rating: 2.6, hardest: 'pointing', puzzle, solution: solutionOf(puzzle), locale: 'en', strings: en, prize: false, mistakeLimit: null,
    prev: true, next: false, prevDate: '2026-11-30', nextDate: '2026-12-02', pdf: 'puzzle.pdf', job: name, ...more,
  });
  const dir = join(tmp, name);
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'index.html');
  writeFileSync(file, dayPageHtml(data));
  return file;
}

/** The CLI grader's steps for a puzzle (`grade --steps`). */
function cliSteps(puzzle: string): Step[] {
  const r = runCli(['grade', '--steps'], `${puzzle}\n`);
  expect(r.status, r.stderr).toBe(0);
  return JSON.parse(r.stdout).steps as Step[];
}

/** Stores a saved game under `key` from a blank file:// page (a player page would save its own game over it when left). */
async function store(p: Page, key: string, value: string): Promise<void> {
  const blank = join(tmp, 'blank.html');
  writeFileSync(blank, '<!doctype html><title>blank</title>');
  await p.goto(pathToFileURL(blank).href);
  await p.evaluate(([k, v]) => localStorage.setItem(k, v), [key, value]);
}

const name = (c: number) => `r${Math.floor(c / 9) + 1}c${(c % 9) + 1}`;

/** English words no German or French hint or step uses (a hit is English left in the page). */
const ENGLISH = ['the', 'and', 'look', 'for', 'find', 'with', 'from', 'removes', 'goes', 'starting', 'around', 'row', 'rows', 'column', 'columns', 'box', 'next', 'step', 'pattern', 'every', 'cell', 'has', 'candidates', 'its', 'on', 'at', 'which', 'digits', 'still', 'left', 'one', 'walkthrough'];

/** The English words of `text`, the language's technique names taken out ("Swordfish" is German too). */
function englishWords(words: Strings, text: string): string[] {
  let rest = text;
  for (const n of TECHNIQUE_NAMES.map((t) => techniqueName(words, t)).sort((a, b) => b.length - a.length)) rest = rest.split(n).join(' ');
  const seen = new Set(rest.toLowerCase().match(/\p{L}+/gu) ?? []);
  return ENGLISH.filter((e) => seen.has(e));
}

describe('the day page as a file', () => {
  it('fits the size budget (60 KB brotli), allows nothing outside itself, and a prize page holds no solution', () => {
    const page = readFileSync(writePage('budget', EASY));
    const br = brotliCompressSync(page).length;
    expect(br).toBeLessThanOrEqual(60 * 1024);
    expect(page.toString()).toContain(`content="${PAGE_CSP}"`);
    expect(page.toString()).not.toMatch(/<(?:link|img|iframe)\b|src="http|https?:\/\/(?!www\.w3\.org)/);
    const solution = solutionOf(EASY);
    expect(page.toString()).toContain(solution);
    const prize = readFileSync(writePage('prize-file', EASY, { prize: true }), 'utf8');
    expect(prize).not.toContain(solution);
    // Nor the solution's digits in any order of the empty cells: no 81-digit run at all but the puzzle.
    expect(prize.match(/[1-9]{81}/g) ?? []).toEqual([]);
    expect(prize).toMatch(/"solutionHash":"[0-9a-f]{64}"/);
  });
});

const haveBrowser = browserAvailable();

describe.runIf(haveBrowser)('the day page in Chromium', () => {
  let browser: Browser;
  let desktop: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    browser = await launchBrowser();
    desktop = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    page = await desktop.newPage();
  });
  afterAll(async () => {
    await browser?.close();
  });

  const grid = (p: Page) => p.locator('sudoku-daily').getByRole('grid');
  const cell = (p: Page, c: number) => grid(p).getByRole('gridcell').nth(c);
  const status = (p: Page) => p.locator('sudoku-daily').getByRole('status');
  const button = (p: Page, label: string) => p.locator('sudoku-daily').getByRole('button', { name: label, exact: true });
  /** Every cell's name, in grid order. */
  const labels = (p: Page) => grid(p).getByRole('gridcell').evaluateAll((cells) => cells.map((c) => c.getAttribute('aria-label') ?? ''));
  /** Cells with a class, as rXcY names. */
  const cellsWith = (p: Page, cls: string) =>
    p.locator('sudoku-daily').evaluate((el, cls) => [...el.shadowRoot!.querySelectorAll('.cell')].flatMap((c, i) => (c.classList.contains(cls) ? [`r${Math.floor(i / 9) + 1}c${(i % 9) + 1}`] : [])), cls);

  async function open(p: Page, file: string): Promise<void> {
    await p.goto(pathToFileURL(file).href);
    await p.evaluate(() => localStorage.clear());
    await p.reload();
    await grid(p).waitFor();
  }

  it('is solved by keyboard alone: one Tab into the grid, arrows and digits; completion shown and `solved` fired', async () => {
    const file = writePage('keyboard', XWING);
    await open(page, file);
    await page.evaluate(() => document.addEventListener('solved', (e) => ((window as unknown as { solved: unknown }).solved = (e as CustomEvent).detail)));
    // Tab past the page's links lands on the grid's one tab stop, the first empty cell; one more Tab leaves the grid.
    const focused = () => page.evaluate(() => document.activeElement?.shadowRoot?.activeElement?.getAttribute('aria-label') ?? '');
    for (let i = 0; i < 5 && !/^Row /.test(await focused()); i++) await page.keyboard.press('Tab');
    const first = XWING.indexOf('.');
    const firstName = `Row ${Math.floor(first / 9) + 1}, column ${(first % 9) + 1}, empty`;
    expect(await focused()).toBe(firstName);
    await page.keyboard.press('Tab');
    expect(await focused()).not.toMatch(/^Row /);
    await page.keyboard.press('Shift+Tab');
    expect(await focused()).toBe(firstName);
    const solution = solutionOf(XWING);
    await page.keyboard.press('Control+Home');
    for (let r = 0; r < 9; r++) {
      for (let k = 0; k < 9; k++) {
        if (XWING[r * 9 + k] === '.') await page.keyboard.press(solution[r * 9 + k]);
        if (k < 8) await page.keyboard.press('ArrowRight');
      }
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Home');
    }
    await expect.poll(() => page.evaluate(() => (window as unknown as { solved?: { date: string } }).solved?.date)).toBe('2026-12-01');
    expect(await page.locator('sudoku-daily').locator('.done').innerText()).toMatch(/^Solved in \d+:\d\d\./);
    // Typing into a given changes nothing.
    await cell(page, 1).click();
    await page.keyboard.press('5');
    expect(await cell(page, 1).getAttribute('aria-label')).toBe(`Row 1, column 2, given ${XWING[1]}`);
  });

  it('is solved by touch on a 375 px phone: taps on cells and on the 44 px number pad', async () => {
    const phone = await browser.newContext({ viewport: { width: 375, height: 667 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 });
    const p = await phone.newPage();
    await open(p, writePage('touch', XWING));
    await p.evaluate(() => document.addEventListener('solved', () => ((window as unknown as { solved: boolean }).solved = true)));
    const width = await p.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);
    const solution = solutionOf(XWING);
    for (let c = 0; c < 81; c++) {
      if (XWING[c] !== '.') continue;
      await cell(p, c).tap();
      await button(p, solution[c]).tap();
    }
    await expect.poll(() => p.locator('sudoku-daily').locator('.done').isVisible()).toBe(true);
    expect(await p.evaluate(() => (window as unknown as { solved?: boolean }).solved)).toBe(true);
    await phone.close();
  });

  it('keeps corner and centre marks apart, cleans them when a digit is placed, undoes and redoes everything, and restores after a reload', async () => {
    await open(page, writePage('marks', EASY));
    // r1c1 is empty; its solution digit is 7 (the row needs 3 5 6 7 9).
    await cell(page, 0).click();
    await page.keyboard.press('Shift+Digit3');
    await page.keyboard.press('Shift+Digit5');
    await page.keyboard.press('Control+Digit6');
    await page.keyboard.press('x'); // corner mode
    await page.keyboard.press('9');
    expect(await cell(page, 0).getAttribute('aria-label')).toBe('Row 1, column 1, empty, candidates 6, corner marks 3 5 9');
    // A 5 placed in r1c3 (same row and box) removes the corner 5 of r1c1.
    await page.keyboard.press('z');
    await cell(page, 2).click();
    await page.keyboard.press('5');
    expect(await cell(page, 0).getAttribute('aria-label')).toBe('Row 1, column 1, empty, candidates 6, corner marks 3 9');
    await button(page, 'Undo').click();
    expect(await cell(page, 2).getAttribute('aria-label')).toBe('Row 1, column 3, empty');
    expect(await cell(page, 0).getAttribute('aria-label')).toBe('Row 1, column 1, empty, candidates 6, corner marks 3 5 9');
    await page.keyboard.press(']');
    expect(await cell(page, 2).getAttribute('aria-label')).toBe('Row 1, column 3, 5');
    // Restart is undone like any move; auto-candidates fill every empty cell and are undone too.
    await button(page, 'Restart').click();
    expect(await cell(page, 2).getAttribute('aria-label')).toBe('Row 1, column 3, empty');
    await page.keyboard.press('Control+z');
    expect(await cell(page, 2).getAttribute('aria-label')).toBe('Row 1, column 3, 5');
    await button(page, 'Candidates').click();
    const now = Candidates.fromPuzzle(parseGrid(`${EASY.slice(0, 2)}5${EASY.slice(3)}`));
    const digitsAt = (c: number) => [1, 2, 3, 4, 5, 6, 7, 8, 9].filter((d) => now.has(c, d)).join(' ');
    expect(await cell(page, 3 * 9 + 1).getAttribute('aria-label')).toBe(`Row 4, column 2, empty, candidates ${digitsAt(3 * 9 + 1)}`);
    expect(await cell(page, 0).getAttribute('aria-label')).toBe(`Row 1, column 1, empty, candidates ${digitsAt(0)}, corner marks 3 9`);
    await page.keyboard.press('Control+z');
    expect(await cell(page, 3 * 9 + 1).getAttribute('aria-label')).toBe('Row 4, column 2, empty');
    // Reload: the position (and its undo history) come back.
    await page.reload();
    await grid(page).waitFor();
    expect(await cell(page, 2).getAttribute('aria-label')).toBe('Row 1, column 3, 5');
    expect(await cell(page, 0).getAttribute('aria-label')).toBe('Row 1, column 1, empty, candidates 6, corner marks 3 9');
    await button(page, 'Undo').click();
    expect(await cell(page, 2).getAttribute('aria-label')).toBe('Row 1, column 3, empty');
    // Summary command: what row 1 still needs.
    await cell(page, 0).click();
    await page.keyboard.press('Alt+KeyR');
    await expect.poll(() => status(page).textContent()).toBe('row 1: 5 missing: 3 5 6 7 9.');
  });

  it('points out a wrong digit before any hint, and a mark that leaves out the solution', async () => {
    await open(page, writePage('wrong', EASY));
    const solution = solutionOf(EASY);
    const wrongDigit = solution[0] === '3' ? '5' : '3';
    await cell(page, 0).click();
    await page.keyboard.press(wrongDigit);
    await button(page, 'Hint').click();
    await expect.poll(() => page.locator('sudoku-daily').locator('.hint').innerText()).toContain(`The ${wrongDigit} in row 1, column 1 is wrong.`);
    expect(await cellsWith(page, 'wrong')).toEqual(['r1c1']);
    await page.keyboard.press('Backspace');
    await page.keyboard.press(`Control+Digit${wrongDigit}`);
    await button(page, 'Hint').click();
    await expect.poll(() => page.locator('sudoku-daily').locator('.hint').innerText()).toContain('Your candidates in row 1, column 1 leave out the digit that belongs there.');
  });

  /**
   * Loads `puzzle`'s page with the player at the position after the CLI grader's first `k` steps
   * (their digits, and with `marks` their candidates as centre marks), asks for a hint four
   * times, and compares every level with the CLI's step k.
   */
  async function hintMatches(label: string, puzzle: string, k: number, marks: boolean, position?: string, locale: Locale = 'en'): Promise<Step> {
    const words = catalogue(locale);
    const steps = cliSteps(position ?? puzzle);
    const state = Candidates.fromPuzzle(parseGrid(puzzle));
    const game = new Game(puzzle);
    if (position) {
      for (let c = 0; c < 81; c++) if (puzzle[c] === '.' && position[c] !== '.') game.pos.values[c] = Number(position[c]);
    } else {
      for (const s of steps.slice(0, k)) applyStep(state, s);
      for (let c = 0; c < 81; c++) if (puzzle[c] === '.' && state.values[c]) game.pos.values[c] = state.values[c];
    }
    if (marks) for (let c = 0; c < 81; c++) if (!state.values[c]) game.pos.centre[c] = state.cands[c];
    const want = steps[position ? 0 : k];
    const file = writePage(`hint-${label}`, puzzle, { locale, strings: words });
    await store(page, `sudoku-daily:hint-${label}:2026-12-01:1`, JSON.stringify(game.save()));
    await page.goto(pathToFileURL(file).href);
    await grid(page).waitFor();
    const box = page.locator('sudoku-daily').locator('.hint');
    const told: string[] = [];
    await button(page, words['web.hint']).click();
    // The technique by name, in the page's language ("X-wing", "hidden single"; "X-Wing", "versteckter Einer").
    await expect.poll(async () => box.innerText(), { timeout: 20_000 }).toContain(fill(words['web.hint.technique'], { technique: techniqueName(words, want.technique) }));
    const plain = (t: string) => t.toLowerCase().replace(/-/g, ' ');
    if (locale === 'en') expect(plain(await box.innerText())).toContain(`next step: ${plain(want.technique)}.`);
    expect(await cellsWith(page, 'pattern')).toEqual([]);
    told.push(await box.innerText());
    await button(page, words['web.hint.more']).click();
    // Where to look: the hint sentence of the CLI's step ("Look for an X-wing on 7 in rows 2 and 8.").
    expect(await box.innerText()).toContain(stepHint(words, want));
    for (const u of want.pattern?.units ?? []) expect(await cellsWith(page, 'unit')).toEqual(expect.arrayContaining(UNITS[u].filter((c) => !(want.pattern?.cells ?? []).includes(c)).map(name)));
    told.push(await box.innerText());
    await button(page, words['web.hint.more']).click();
    const patternCells = want.pattern?.cells?.length ? want.pattern.cells : [...want.place, ...want.eliminate].map(([c]) => c);
    expect(await cellsWith(page, 'pattern')).toEqual(expect.arrayContaining([...new Set(patternCells)].filter((c) => !want.place.some(([x]) => x === c) && !want.eliminate.some(([x]) => x === c)).map(name)));
    expect(await box.innerText()).toContain(fill(words['web.hint.cells'], { cells: patternCells.map((c) => cellWord(words, c)).join(' ') }));
    await button(page, words['web.hint.more']).click();
    // The step: Sudoku Explainer's sentence in English, the step worded from its pattern in another language.
    expect(await box.innerText()).toContain(locale === 'en' ? sentence(want.explain) : stepSentence(words, want));
    told.push(await box.innerText());
    if (locale !== 'en') expect(told.flatMap((t) => englishWords(words, t)), told.join('\n')).toEqual([]);
    const targets = [...new Set([...want.place, ...want.eliminate].map(([c]) => c))].sort((a, b) => a - b).map(name);
    expect(await cellsWith(page, 'target')).toEqual(targets);
    // The eliminations are marked on their cells ("−7"), the placement shown in its cell.
    for (const [c, d] of want.eliminate) expect(await cell(page, c).locator('.elim').innerText()).toContain(String(d));
    for (const [c, d] of want.place) expect(await cell(page, c).innerText()).toBe(String(d));
    // Apply: the step is made on the player's grid.
    await button(page, words['web.hint.apply']).click();
    for (const [c, d] of want.place) expect(await cell(page, c).getAttribute('aria-label')).toBe(fill(words['web.cell'], { row: Math.floor(c / 9) + 1, column: (c % 9) + 1, state: d }));
    for (const [c, d] of want.eliminate) expect(await cell(page, c).getAttribute('aria-label')).not.toMatch(new RegExp(`${fill(words['web.cell.candidates'], { digits: '' })}[^,]*\\b${d}\\b`));
    return want;
  }

  it('hints a single, a pair, an X-wing and a chain at every level, each the CLI grader\'s step from the same position', async () => {
    expect((await hintMatches('single', EASY, 0, false)).technique).toMatch(/single|full-house/);
    expect((await hintMatches('pair', EASY, 0, false, EASY_PAIR)).technique).toMatch(/pair/);
    expect((await hintMatches('xwing', XWING, 0, false)).technique).toBe('x-wing');
    const steps = cliSteps(CHAIN);
    const k = steps.findIndex((s) => /cycle|chain/.test(s.technique));
    expect(k).toBeGreaterThan(0);
    expect((await hintMatches('chain', CHAIN, k, true)).technique).toMatch(/cycle|chain/);
  });

  it('hints in the job\'s language: a German single, X-wing and chain, a French pair, every level worded from the step, no English left', async () => {
    expect((await hintMatches('single-de', EASY, 0, false, undefined, 'de')).technique).toMatch(/single|full-house/);
    expect((await hintMatches('xwing-de', XWING, 0, false, undefined, 'de')).technique).toBe('x-wing');
    const k = cliSteps(CHAIN).findIndex((s) => /cycle|chain/.test(s.technique));
    expect((await hintMatches('chain-de', CHAIN, k, true, undefined, 'de')).technique).toMatch(/cycle|chain/);
    expect((await hintMatches('pair-fr', EASY, 0, false, EASY_PAIR, 'fr')).technique).toMatch(/pair/);
  });

  it('passes axe-core (WCAG 2.2 AA) in light and dark with a cell selected, and our own contrast, target-size and naming checks', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 }, colorScheme });
      const p = await ctx.newPage();
      await open(p, writePage(`a11y-${colorScheme}`, EASY));
      expect(await p.locator('sudoku-daily').getAttribute('theme')).toBe(colorScheme);
      await cell(p, 0).click();
      const axe = await runAxe(p);
      expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.failureSummary).join('; ')}`)).toEqual([]);
      // Non-text contrast (3:1) of grid lines, the selection and the focus ring against the paper; text 4.5:1.
      const colours = await p.locator('sudoku-daily').evaluate((el) => {
        const root = el.shadowRoot!;
        const cells = [...root.querySelectorAll<HTMLElement>('.cell')];
        const cs = (e: Element) => getComputedStyle(e);
        const box = cs(root.querySelector('.grid')!);
        const selected = cs(cells[0]).boxShadow;
        return {
          paper: cs(el).backgroundColor,
          thin: cs(cells[0]).borderRightColor,
          thick: box.borderTopColor,
          selection: selected.match(/rgba?\([^)]*\)/)![0],
          focus: cs(el).getPropertyValue('--focus').trim(),
          given: cs(cells[1]).color,
          player: cs(el).getPropertyValue('--player').trim(),
          muted: cs(el).getPropertyValue('--muted').trim(),
          error: cs(el).getPropertyValue('--error').trim(),
          errorBg: cs(el).getPropertyValue('--error-bg').trim(),
          hl: cs(el).getPropertyValue('--hl').trim(),
          target: cs(el).getPropertyValue('--target').trim(),
          peer: cs(el).getPropertyValue('--peer').trim(),
          same: cs(el).getPropertyValue('--same').trim(),
          unit: cs(el).getPropertyValue('--hl-unit').trim(),
        };
      });
      const rgb = (c: string) => (c.startsWith('#') ? [1, 3, 5].map((i) => parseInt(c.slice(i, i + 2), 16)) : c.match(/\d+/g)!.slice(0, 3).map(Number));
      const lum = (c: string) => {
        const [r, g, b] = rgb(c).map((v) => (v / 255 <= 0.03928 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4));
        return 0.2126 * r + 0.7152 * g + 0.0722 * b;
      };
      const ratio = (a: string, b: string) => {
        const [x, y] = [lum(a), lum(b)].sort((m, n) => n - m);
        return (x + 0.05) / (y + 0.05);
      };
      for (const k of ['thin', 'thick', 'selection', 'focus'] as const) expect(ratio(colours[k], colours.paper), `${colorScheme} ${k}`).toBeGreaterThanOrEqual(3);
      for (const k of ['given', 'player', 'muted', 'error'] as const) expect(ratio(colours[k], colours.paper), `${colorScheme} ${k}`).toBeGreaterThanOrEqual(4.5);
      for (const bg of ['errorBg'] as const) expect(ratio(colours.error, colours[bg]), `${colorScheme} error on its background`).toBeGreaterThanOrEqual(4.5);
      for (const bg of ['hl', 'target', 'peer', 'same', 'unit'] as const) {
        expect(ratio(colours.player, colours[bg]), `${colorScheme} digits on ${bg}`).toBeGreaterThanOrEqual(4.5);
        expect(ratio(colours.given, colours[bg]), `${colorScheme} givens on ${bg}`).toBeGreaterThanOrEqual(4.5);
      }
      // Every button at least 44 × 44 CSS pixels; every cell named with its row, column and content.
      const small = await p.locator('sudoku-daily').evaluate((el) =>
        [...el.shadowRoot!.querySelectorAll('button')].filter((b) => !b.hidden && b.offsetParent !== null).flatMap((b) => {
          const r = b.getBoundingClientRect();
          return r.width < 44 || r.height < 44 ? [`${b.textContent} ${r.width}x${r.height}`] : [];
        }),
      );
      expect(small).toEqual([]);
      const names = await labels(p);
      expect(names).toHaveLength(81);
      names.forEach((n, c) => expect(n).toMatch(new RegExp(`^Row ${Math.floor(c / 9) + 1}, column ${(c % 9) + 1}, (empty|given [1-9]|[1-9])`)));
      await ctx.close();
    }
  });

  it('sends no request beyond its own origin, from file:// and over HTTP, with hints working under its CSP', async () => {
    const file = writePage('requests', EASY);
    const server = await serveFolder(tmp);
    try {
      for (const url of [pathToFileURL(file).href, `${server.url}requests/index.html`]) {
        const ctx = await browser.newContext();
        const p = await ctx.newPage();
        const requests: string[] = [];
        const blocked: string[] = [];
        p.on('request', (r) => requests.push(r.url()));
        p.on('console', (m) => (/Content Security Policy|Refused/.test(m.text()) ? blocked.push(m.text()) : undefined));
        await p.goto(url);
        await grid(p).waitFor();
        await button(p, 'Hint').click();
        await expect.poll(() => p.locator('sudoku-daily').locator('.hint').innerText()).toMatch(/^Next step: /);
        const origin = new URL(url).origin;
        expect(requests.filter((r) => !r.startsWith('blob:') && !r.startsWith('data:') && (url.startsWith('file:') ? !r.startsWith('file:') : new URL(r).origin !== origin))).toEqual([]);
        expect(blocked).toEqual([]);
        await ctx.close();
      }
    } finally {
      await server.close();
    }
  });

  it('embeds twice on one page from web/sudoku-daily.js (data inline and from `src`), each playing on its own', async () => {
    const dir = join(tmp, 'embed');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'sudoku-daily.js'), elementModule());
    const one = dayData({ ...baseInput(EASY), job: 'embed-one' });
    const two: DayData = dayData({ ...baseInput(XWING), job: 'embed-two' });
    writeFileSync(join(dir, 'two.json'), JSON.stringify(two));
    writeFileSync(
      join(dir, 'index.html'),
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Embed</title><script type="module" src="sudoku-daily.js"></script></head><body>
<main><h1>Two puzzles</h1><sudoku-daily id="a"><script type="application/json">${JSON.stringify(one).replace(/</g, '\\u003c')}</script></sudoku-daily>
<sudoku-daily id="b" src="two.json"></sudoku-daily></main></body></html>`,
    );
    const server = await serveFolder(tmp);
    try {
      await page.goto(`${server.url}embed/index.html`);
      const a = page.locator('#a').getByRole('gridcell');
      const b = page.locator('#b').getByRole('gridcell');
      await b.nth(0).waitFor();
      await a.nth(0).click();
      await page.keyboard.press('7');
      const empty = XWING.indexOf('.');
      await b.nth(empty).click();
      await page.keyboard.press('Shift+Digit2');
      expect(await a.nth(0).getAttribute('aria-label')).toBe('Row 1, column 1, 7');
      expect(await b.nth(0).getAttribute('aria-label')).toBe(`Row 1, column 1, given ${XWING[0]}`);
      expect(await b.nth(empty).getAttribute('aria-label')).toMatch(/corner marks 2$/);
      expect(await a.nth(empty).getAttribute('aria-label')).not.toMatch(/corner/);
    } finally {
      await server.close();
    }
  });

  it('after solving: a walkthrough of the grader\'s path with a slider, and a spoiler-free share text copied to the clipboard', async () => {
    const file = writePage('walk', XWING);
    const server = await serveFolder(tmp);
    const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await ctx.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url.slice(0, -1) });
    const p = await ctx.newPage();
    try {
      const solution = solutionOf(XWING);
      const empties = [...XWING].flatMap((ch, c) => (ch === '.' ? [c] : []));
      const game = new Game(XWING);
      for (const c of empties.slice(0, -1)) game.pos.values[c] = Number(solution[c]);
      game.hints = 2;
      writeFileSync(join(tmp, 'blank.html'), '<!doctype html><title>blank</title>');
      await p.goto(`${server.url}blank.html`);
      await p.evaluate((saved) => localStorage.setItem('sudoku-daily:walk:2026-12-01:1', saved), JSON.stringify(game.save()));
      await p.goto(`${server.url}walk/index.html`);
      await grid(p).waitFor();
      const last = empties[empties.length - 1];
      await cell(p, last).click();
      await p.keyboard.press(solution[last]);
      const done = p.locator('sudoku-daily').locator('.done');
      await expect.poll(() => done.isVisible()).toBe(true);
      const share = await done.locator('.share').innerText();
      expect(share).toMatch(/^Test Daily, Tuesday 1 December 2026: ★★★☆☆ moderate, SE 2\.6\. Solved in \d+:\d\d; hints: 2, reveals: 0\.$/);
      expect(share).not.toMatch(/[1-9]{9}/);
      await button(p, 'Share').click();
      await expect.poll(() => status(p).textContent()).toBe('Copied.');
      expect(await p.evaluate(() => navigator.clipboard.readText())).toBe(share);
      // The walkthrough: the CLI grader's steps, one sentence each, replayed on the grid by the slider.
      const steps = cliSteps(XWING);
      await button(p, 'Walkthrough').click();
      const slider = p.locator('sudoku-daily').getByRole('slider');
      await slider.waitFor();
      expect(await slider.getAttribute('max')).toBe(String(steps.length));
      // A second press goes back to the open walkthrough, not a second one.
      await button(p, 'Walkthrough').click();
      expect(await p.locator('sudoku-daily').getByRole('slider').count()).toBe(1);
      for (const at of [1, steps.length]) {
        await slider.fill(String(at));
        expect(await done.innerText()).toContain(`Step ${at} of ${steps.length}: ${sentence(steps[at - 1].explain)}`);
      }
      const placedBy = (n: number) => new Set(steps.slice(0, n).flatMap((s) => s.place.map(([c]) => c)));
      await slider.fill('1');
      let names = await labels(p);
      for (const c of empties) expect(names[c]).toMatch(placedBy(1).has(c) ? new RegExp(`, ${solution[c]}$`) : /, empty$/);
      await slider.fill(String(steps.length));
      names = await labels(p);
      for (const c of empties) expect(names[c]).toMatch(new RegExp(`, ${solution[c]}$`));
    } finally {
      await ctx.close();
      await server.close();
    }
  });

  it('ends the game at the job\'s mistake limit, pauses the timer with the tab, prints without its controls, and speaks the job\'s language', async () => {
    await open(page, writePage('mistakes', EASY, { mistakeLimit: 2 }));
    const solution = solutionOf(EASY);
    const wrong = (c: number) => (solution[c] === '1' ? '2' : '1');
    await cell(page, 0).click();
    await page.keyboard.press(wrong(0));
    expect(await page.locator('sudoku-daily').locator('.mistakes').innerText()).toBe('Mistakes: 1 of 2');
    await cell(page, 2).click();
    await page.keyboard.press(wrong(2));
    await expect.poll(() => status(page).textContent()).toBe('That was the last mistake allowed: the game is over.');
    expect(await button(page, '5').isDisabled()).toBe(true);
    await cell(page, 4).click();
    await page.keyboard.press(solution[4]);
    expect(await cell(page, 4).getAttribute('aria-label')).toBe('Row 1, column 5, empty');

    // The timer stands still while the tab is hidden.
    await open(page, writePage('timer', EASY));
    const hide = (hidden: boolean) =>
      page.evaluate((h) => {
        Object.defineProperty(document, 'hidden', { value: h, configurable: true });
        document.dispatchEvent(new Event('visibilitychange'));
      }, hidden);
    await hide(true);
    const saved = () => page.evaluate(() => JSON.parse(localStorage.getItem('sudoku-daily:timer:2026-12-01:1') ?? '{}').elapsed as number);
    const at = await saved();
    const shown = await page.locator('sudoku-daily').getByRole('timer').innerText();
    await page.waitForTimeout(2200);
    expect(await page.locator('sudoku-daily').getByRole('timer').innerText()).toBe(shown);
    await hide(false);
    await expect.poll(async () => (await page.locator('sudoku-daily').getByRole('timer').innerText()) !== shown, { timeout: 5000 }).toBe(true);
    expect(at).toBeGreaterThan(0);

    // Print: the grid and its label, no controls.
    await page.emulateMedia({ media: 'print' });
    expect(await page.locator('sudoku-daily').locator('.side').isVisible()).toBe(false);
    expect(await grid(page).isVisible()).toBe(true);
    expect((await page.pdf()).subarray(0, 5).toString()).toBe('%PDF-');
    await page.emulateMedia({ media: 'screen' });

    // The dark toggle, remembered; and a German job's page in German.
    await button(page, 'Dark').click();
    expect(await page.locator('sudoku-daily').getAttribute('theme')).toBe('dark');
    await page.reload();
    await grid(page).waitFor();
    expect(await page.locator('sudoku-daily').getAttribute('theme')).toBe('dark');
    await open(page, writePage('german', EASY, { locale: 'de', strings: catalogue('de') }));
    expect(await button(page, 'Tipp').count()).toBe(1);
    expect(await cell(page, 0).getAttribute('aria-label')).toBe('Zeile 1, Spalte 1, leer');
    expect(await page.locator('html').getAttribute('lang')).toBe('de');
    expect(await page.locator('sudoku-daily').locator('header').innerText()).toContain('schwierigster Schritt: Pointing');
  });

  it('walks through the solved puzzle in the job\'s language, each step worded from its pattern', async () => {
    const de = catalogue('de');
    const solution = solutionOf(XWING);
    const empties = [...XWING].flatMap((ch, c) => (ch === '.' ? [c] : []));
    const game = new Game(XWING);
    for (const c of empties.slice(0, -1)) game.pos.values[c] = Number(solution[c]);
    const file = writePage('walk-de', XWING, { locale: 'de', strings: de, hardest: 'x-wing' });
    await store(page, 'sudoku-daily:walk-de:2026-12-01:1', JSON.stringify(game.save()));
    await page.goto(pathToFileURL(file).href);
    await grid(page).waitFor();
    expect(await page.locator('sudoku-daily').locator('header').innerText()).toContain('schwierigster Schritt: X-Wing');
    const last = empties[empties.length - 1];
    await cell(page, last).click();
    await page.keyboard.press(solution[last]);
    const done = page.locator('sudoku-daily').locator('.done');
    await expect.poll(() => done.isVisible()).toBe(true);
    await button(page, de['web.walkthrough']).click();
    const slider = page.locator('sudoku-daily').getByRole('slider');
    await slider.waitFor();
    const steps = cliSteps(XWING);
    for (let at = 1; at <= steps.length; at++) {
      await slider.fill(String(at));
      const text = fill(de['web.step'], { n: at, total: steps.length });
      expect(await done.innerText()).toContain(`${text}: ${stepSentence(de, steps[at - 1])}`);
      expect(englishWords(de, await done.innerText())).toEqual([]);
    }
  });

  it('a prize page: no check, reveal or hint; the full grid is checked against the hash only', async () => {
    await open(page, writePage('prize', EASY, { prize: true }));
    for (const b of ['Hint', 'Check', 'Reveal cell', 'Reveal all']) expect(await button(page, b).count()).toBe(0);
    const solution = solutionOf(EASY);
    const empties = [...EASY].flatMap((ch, c) => (ch === '.' ? [c] : []));
    const last = empties[empties.length - 1];
    const game = new Game(EASY);
    for (const c of empties) if (c !== last) game.pos.values[c] = Number(solution[c]);
    await store(page, 'sudoku-daily:prize:2026-12-01:1', JSON.stringify(game.save()));
    await page.goto(pathToFileURL(join(tmp, 'prize', 'index.html')).href);
    await grid(page).waitFor();
    // The last digit wrong: the full grid is refused, nothing says which cell.
    await cell(page, last).click();
    await page.keyboard.press(solution[last] === '1' ? '2' : '1');
    await expect.poll(() => status(page).textContent()).toBe('The grid is full, but it is not the solution yet.');
    expect(await page.locator('sudoku-daily').locator('.done').isVisible()).toBe(false);
    await page.keyboard.press(solution[last]);
    await expect.poll(() => page.locator('sudoku-daily').locator('.done').isVisible()).toBe(true);
    expect(await page.locator('sudoku-daily').locator('.done').innerText()).toMatch(/^Solved in/);
  });
});

function baseInput(puzzle: string): Parameters<typeof dayData>[0] {
  return {
    title: 'Test Daily', date: '2026-12-01', slot: 1, dateLine: 'Tuesday 1 December 2026', number: '', label: '★★★☆☆  moderate (1 to 5 stars)', rating: 2.6, hardest: 'pointing',
    puzzle, solution: solutionOf(puzzle), locale: 'en', strings: en, prize: false, mistakeLimit: null, prev: false, next: false, prevDate: '2026-11-30', nextDate: '2026-12-02', pdf: 'puzzle.pdf', job: 'embed',
  };
}
