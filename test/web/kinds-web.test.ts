/**
 * The web edition on days of another kind or size, in Chromium (playwright-core): a killer day
 * and a 6x6 day played to the end by typing the solution, 16x16 digits typed as letters, a
 * hint on a killer and a jigsaw day (the geometry grader's step, worded in the page, true of
 * the solution), and the grid's drawing (region borders, diagonals, cages with their sums).
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { brotliCompressSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { charDigit, formatCells, type Geometry } from '../../src/geometry/geometry.js';
import { makeGradedKindPuzzle, rateKind } from '../../src/geometry/rate.js';
import { kindStepSentence } from '../../src/grader/kind-step-words.js';
import { catalogue, fill } from '../../src/typeset/i18n/index.js';
import { dayData, dayPageHtml } from '../../src/web/page.js';
import { browserAvailable, launchBrowser } from '../helpers/browser.js';

const tmp = mkdtempSync(join(tmpdir(), 'sp-web-kinds-'));
const en = catalogue('en');
const cellsOf = (text: string) => Uint8Array.from(text, (ch) => Math.max(0, charDigit(ch)));

interface Day {
  file: string;
  geometry: Geometry;
  puzzle: string;
  solution: string;
}

/** A day page as `daily` writes it for a day of another kind, made from `seed`. */
function kindPage(name: string, kind: 'classic' | 'killer' | 'jigsaw' | 'x', size: number, bucket: string, locale: 'en' | 'de' = 'en'): Day {
  const made = makeGradedKindPuzzle({ kind, size, symmetry: 'none', bucket }, `web-${name}`);
  const puzzle = formatCells(made.puzzle);
  const solution = formatCells(made.solution);
  const data = dayData({
    title: 'Test Daily', date: '2026-12-05', slot: 1, dateLine: 'Saturday 5 December 2026', number: 'No. 5', label: '★★★☆☆  moderate (1 to 5 stars)',
    rating: made.rating.rating, hardest: made.rating.hardest, puzzle, solution, locale, strings: catalogue(locale), prize: false, mistakeLimit: null,
    prev: true, next: false, prevDate: '2026-12-04', nextDate: '2026-12-06', pdf: 'puzzle.pdf', job: name, geometry: made.geometry,
  });
  const dir = join(tmp, name);
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'index.html');
  writeFileSync(file, dayPageHtml(data));
  return { file, geometry: made.geometry, puzzle, solution };
}

const haveBrowser = browserAvailable();

describe.runIf(haveBrowser)('days of another kind in Chromium', () => {
  let browser: Browser;
  let page: Page;
  beforeAll(async () => {
    browser = await launchBrowser();
    page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  });
  afterAll(async () => {
    await browser?.close();
  });

  const host = (p: Page) => p.locator('sudoku-daily');
  const cell = (p: Page, c: number) => host(p).getByRole('grid').getByRole('gridcell').nth(c);
  const button = (p: Page, label: string) => host(p).getByRole('button', { name: label, exact: true });

  async function open(p: Page, file: string): Promise<void> {
    await p.goto(pathToFileURL(file).href);
    await p.evaluate(() => localStorage.clear());
    await p.reload();
    await host(p).getByRole('grid').waitFor();
    await p.evaluate(() => document.addEventListener('solved', (e) => ((window as unknown as { solved: unknown }).solved = (e as CustomEvent).detail)));
  }

  /** Types the solution into every empty cell, moving with the arrow keys. */
  async function typeSolution(p: Page, day: Day): Promise<void> {
    const n = day.geometry.size;
    await cell(p, 0).click();
    // A second tap on the selected cell cycles the entry mode: back to digits (z) whatever it was.
    await p.keyboard.press('z');
    await p.keyboard.press('Control+Home');
    for (let r = 0; r < n; r++) {
      for (let k = 0; k < n; k++) {
        if (day.puzzle[r * n + k] === '.') await p.keyboard.press(day.solution[r * n + k]);
        if (k < n - 1) await p.keyboard.press('ArrowRight');
      }
      await p.keyboard.press('ArrowDown');
      await p.keyboard.press('Home');
    }
  }

  const solved = (p: Page) => p.evaluate(() => (window as unknown as { solved?: { date: string } }).solved?.date ?? null);

  it('plays a killer day to the end: cages drawn with their sums, the solution typed', async () => {
    const day = kindPage('killer', 'killer', 9, 'hard');
    await open(page, day.file);
    const n = 9;
    expect(await host(page).getByRole('grid').getByRole('gridcell').count()).toBe(n * n);
    // Every cage's sum is drawn, and its dashed outline.
    const sums = await host(page).evaluate((e) => [...e.shadowRoot!.querySelectorAll('svg.cages text')].map((t) => Number(t.textContent)));
    expect(sums.sort((a, b) => a - b)).toEqual(day.geometry.cages.map((c) => c.sum).sort((a, b) => a - b));
    expect(await host(page).evaluate((e) => e.shadowRoot!.querySelector('svg.cages path')!.getAttribute('stroke-dasharray'))).toMatch(/^\d/);
    // Its rating is SE-like, not Sudoku Explainer's.
    expect(await host(page).evaluate((e) => e.shadowRoot!.querySelector('header')!.textContent)).toMatch(/SE-like rating \d+\.\d/);
    // A cell's name says its cage.
    const cage = day.geometry.cages[0];
    const first = cage.cells[0];
    const state = day.puzzle[first] === '.' ? en['web.cell.empty'] : fill(en['web.cell.given'], { digit: day.puzzle[first] });
    expect(await cell(page, first).getAttribute('aria-label')).toBe(fill(en['web.cell'], { row: Math.floor(first / 9) + 1, column: (first % 9) + 1, state: `${state}, ${fill(en['web.cell.cage'], { size: cage.cells.length, sum: cage.sum })}` }));
    // Box borders thick: a cell at a box's right edge has the border class, one inside it not.
    expect(await cell(page, 2).getAttribute('class')).toMatch(/\bbr\b/);
    expect(await cell(page, 1).getAttribute('class')).not.toMatch(/\bbr\b/);
    // Two cells of one cage that share no row, column or box: the same digit in both is a conflict.
    const n9 = (c: number) => [Math.floor(c / 9), c % 9, Math.floor(c / 27) * 3 + Math.floor((c % 9) / 3)];
    const pair = day.geometry.cages
      .flatMap((cg) => cg.cells.flatMap((a) => cg.cells.map((b) => [a, b])))
      .find(([a, b]) => a < b && day.puzzle[a] === '.' && day.puzzle[b] === '.' && n9(a).every((x, i) => x !== n9(b)[i]));
    expect(pair).toBeDefined();
    if (pair) {
      for (const c of pair) {
        await cell(page, c).click();
        await page.keyboard.press(day.solution[pair[0]]);
      }
      await button(page, 'Conflicts').click();
      await expect.poll(() => host(page).getByRole('status').innerText()).toBe(fill(en['web.conflicts'], { n: 2 }));
      for (const c of pair) {
        await cell(page, c).click();
        await page.keyboard.press('Backspace');
      }
    }
    await typeSolution(page, day);
    await expect.poll(() => solved(page)).toBe('2026-12-05');
    expect(await host(page).locator('.done').innerText()).toMatch(/^Solved in \d+:\d\d\./);
    // On a 375 px phone the page does not scroll sideways.
    const phone = await (await browser.newContext({ viewport: { width: 375, height: 667 }, isMobile: true, hasTouch: true })).newPage();
    await open(phone, day.file);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await phone.context().close();
  });

  it('plays a 6x6 day to the end on a pad of six digits; a wrong digit is checked against the 6x6 solution', async () => {
    const day = kindPage('six', 'classic', 6, 'hard');
    await open(page, day.file);
    expect(await host(page).getByRole('grid').getByRole('gridcell').count()).toBe(36);
    const pad = await host(page).getByRole('group', { name: 'Number pad' }).getByRole('button').allInnerTexts();
    expect(pad.filter((t) => /^\w$/.test(t))).toEqual(['1', '2', '3', '4', '5', '6']);
    // Typing 7..9 on a 6x6 grid enters nothing.
    const empty = day.puzzle.indexOf('.');
    await cell(page, empty).click();
    await page.keyboard.press('8');
    expect(await cell(page, empty).getAttribute('aria-label')).toMatch(/, empty$/);
    const wrong = String((Number(day.solution[empty]) % 6) + 1);
    await page.keyboard.press(wrong);
    await button(page, 'Check').click();
    await expect.poll(() => host(page).getByRole('status').innerText()).toBe(fill(en['web.wrong'], { n: 1 }));
    await page.keyboard.press('Backspace');
    await typeSolution(page, day);
    await expect.poll(() => solved(page)).toBe('2026-12-05');
    // The walkthrough replays the path the page carries, one worded step at a time.
    const steps = rateKind(day.geometry, cellsOf(day.puzzle)).steps;
    await button(page, en['web.walkthrough']).click();
    const slider = host(page).locator('input[type="range"]');
    expect(await slider.getAttribute('max')).toBe(String(steps.length));
    await slider.fill('1');
    expect(await slider.getAttribute('aria-valuetext')).toBe(`${fill(en['web.step'], { n: 1, total: steps.length })}: ${kindStepSentence(en, day.geometry, steps[0])}`);
  });

  it('keeps the pages of the largest kinds within the page budget (60 KB brotli)', () => {
    for (const day of [kindPage('budget-killer', 'killer', 9, 'hard'), kindPage('budget-giant', 'classic', 16, 'hard')]) {
      expect(brotliCompressSync(readFileSync(day.file)).length).toBeLessThanOrEqual(60 * 1024);
    }
  });

  it('types digits beyond 9 as letters on a 16x16 day and keeps them over a reload', async () => {
    const day = kindPage('giant', 'classic', 16, 'easy');
    await open(page, day.file);
    const pad = await host(page).getByRole('group', { name: 'Number pad' }).getByRole('button').allInnerTexts();
    expect(pad.slice(0, 16)).toEqual([...'123456789ABCDEFG']);
    const c = [...day.puzzle].findIndex((ch, i) => ch === '.' && /[A-G]/.test(day.solution[i]));
    await cell(page, c).click();
    await page.keyboard.press(day.solution[c].toLowerCase());
    expect(await cell(page, c).innerText()).toBe(day.solution[c]);
    await page.reload();
    await host(page).getByRole('grid').waitFor();
    expect(await cell(page, c).innerText()).toBe(day.solution[c]);
    await button(page, 'Check').click();
    await expect.poll(() => host(page).getByRole('status').innerText()).toBe(en['web.allRight']);
    // The keys sentence says that the letters are digits here.
    expect(await host(page).locator('#keys').innerText()).toContain(fill(en['web.keys.letters'], { last: 'G', n: 16 }));
  });

  for (const [kind, locale] of [['killer', 'en'], ['jigsaw', 'de']] as const) {
    it(`hints on a ${kind} day (${locale}): the grader's step at every level, true of the solution, applied`, async () => {
      const day = kindPage(`hint-${kind}`, kind, 9, 'hard', locale);
      await open(page, day.file);
      const hint = locale === 'en' ? 'Hint' : catalogue(locale)['web.hint'];
      const more = catalogue(locale)['web.hint.more'];
      await button(page, hint).click();
      const box = host(page).locator('.hint');
      await expect.poll(() => box.isVisible()).toBe(true);
      for (let i = 0; i < 3; i++) await button(page, more).click();
      const text = await box.innerText();
      // The step's words: no key left unworded, nothing in English on a German page.
      expect(text).not.toMatch(/\bstep\.|\bweb\./);
      if (locale === 'de') expect(text).not.toMatch(/\b(Look|removes|goes|row|column)\b/);
      // Its targets: a placed digit matches the solution, a removed candidate is not the cell's digit.
      const targets = await host(page).evaluate((e) => [...e.shadowRoot!.querySelectorAll('.cell')].flatMap((c, i) => (c.classList.contains('target') ? [{ i, ghost: c.querySelector('.ghost')?.textContent ?? '', elim: c.querySelector('.elim')?.textContent ?? '' }] : [])));
      expect(targets.length).toBeGreaterThan(0);
      for (const t of targets) {
        if (t.ghost) expect(t.ghost).toBe(day.solution[t.i]);
        if (t.elim) expect(t.elim.slice(1)).not.toContain(day.solution[t.i]);
      }
      await button(page, catalogue(locale)['web.hint.apply']).click();
      for (const t of targets.filter((x) => x.ghost)) expect(await cell(page, t.i).innerText()).toBe(day.solution[t.i]);
      // Marks left after an elimination keep the solution's digit.
      const marks = await host(page).evaluate((e) => [...e.shadowRoot!.querySelectorAll('.cell')].map((c) => c.querySelector('.centre')?.textContent ?? ''));
      marks.forEach((m, i) => m && expect(m).toContain(day.solution[i]));
    });
  }
});
