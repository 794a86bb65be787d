/**
 * <sudoku-daily>: the day's playable puzzle. Data from an inline
 * <script type="application/json"> child (works from file://) or a `src` attribute (hosted).
 * Shadow DOM; themed by custom properties (--paper, --ink, --player, --sel...) and parts
 * (grid, pad, label, hint); fires `solved` (bubbles, composed) when the grid is complete and right.
 * Hints and the walkthrough come from the grader, bundled into a Web Worker started from a blob.
 */
import type { DayData, WebStep } from '../day-data.js';
import type { Step } from '../../grader/technique.js';
import { cellWord, say, stepHint, stepSentence, techniqueName } from '../../grader/step-words.js';
import { bit, charValue, CLASSIC, digitChar, digitsOf, Game, sha256, shapeOf, type Shape } from './game.js';
import { CSS } from './styles.js';

declare const __HINT_WORKER__: string;

type Mode = 'digit' | 'corner' | 'centre';
type Hint = { kind: 'step'; step: Step; words?: WebStep } | { kind: 'wrong' | 'mark'; cell: number };

let worker: Worker | null = null;
let nextId = 1;
const waiting = new Map<number, (data: { step?: Step | null; steps?: Step[]; error?: string }) => void>();

/** Asks the shared hint worker; one worker serves every element on the page. */
function ask(message: object): Promise<{ step?: Step | null; steps?: Step[]; error?: string }> {
  if (!worker) {
    worker = new Worker(URL.createObjectURL(new Blob([__HINT_WORKER__], { type: 'text/javascript' })));
    worker.onmessage = (e) => {
      const done = waiting.get(e.data.id);
      waiting.delete(e.data.id);
      done?.(e.data);
    };
  }
  const id = nextId++;
  return new Promise((resolve) => {
    waiting.set(id, resolve);
    worker!.postMessage({ ...message, id });
  });
}

const fill = (text: string, vars: Record<string, string | number> = {}) => text.replace(/\{(\w+)\}/g, (all, k: string) => (k in vars ? String(vars[k]) : all));

function el<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Record<string, string> = {}, text = ''): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (text) e.textContent = text;
  return e;
}

const clock = (ms: number) => {
  const s = Math.floor(ms / 1000);
  const h = Math.floor(s / 3600);
  const mm = String(Math.floor(s / 60) % 60).padStart(h ? 2 : 1, '0');
  return `${h ? `${h}:` : ''}${mm}:${String(s % 60).padStart(2, '0')}`;
};

const THEME_KEY = 'sudoku-daily:theme';
/** Where the n-th corner mark goes in a cell's 3 × 3 places. */
const CORNER_ORDER = [0, 2, 6, 8, 1, 7, 3, 5, 4];
/** Buttons that stay on when the game is over: the others change the grid. */
const STAYS_ON = new Set(['theme', 'undo', 'redo', 'share', 'walk', 'closeWalk']);

export class SudokuDaily extends HTMLElement {
  private root: ShadowRoot;
  private data: DayData | null = null;
  private game: Game | null = null;
  /** The grid's size, units and peers: 9x9 classic, or the day's layout. */
  private shape: Shape = CLASSIC;
  private sel = 0;
  private tapped = -1;
  private mode: Mode = 'digit';
  private cells: HTMLElement[] = [];
  private status!: HTMLElement;
  private hintBox!: HTMLElement;
  private doneBox!: HTMLElement;
  private timerEl!: HTMLElement;
  private hint: Hint | null = null;
  private tier = 0;
  private marked = new Map<number, string>();
  private replay: { steps: Step[]; at: number } | null = null;
  private ticking: number | null = null;
  private startedAt = 0;
  private buttons: Record<string, HTMLButtonElement> = {};

  constructor() {
    super();
    this.root = this.attachShadow({ mode: 'open' });
  }

  connectedCallback(): void {
    if (this.data) return;
    const inline = this.querySelector('script[type="application/json"]');
    if (inline) this.start(JSON.parse(inline.textContent ?? '{}') as DayData);
    else if (this.getAttribute('src')) {
      fetch(this.getAttribute('src')!)
        .then((r) => r.json())
        .then((d: DayData) => this.start(d))
        .catch((err) => (this.root.textContent = `The puzzle could not be loaded: ${String(err)}`));
    }
  }

  disconnectedCallback(): void {
    this.stopClock();
  }

  /** The day's words: the job's catalogue. */
  private t(key: string, vars: Record<string, string | number> = {}): string {
    return fill(this.data!.strings[key] ?? key, vars);
  }

  private start(data: DayData): void {
    this.data = data;
    if (data.layout) this.shape = shapeOf(data.layout);
    this.game = new Game(data.puzzle, this.shape);
    try {
      const saved = localStorage.getItem(data.key);
      if (saved) this.game.restore(JSON.parse(saved));
    } catch {
      // storage off or unreadable: a fresh game
    }
    this.setAttribute('lang', data.locale);
    let theme: string | null = null;
    try {
      theme = localStorage.getItem(THEME_KEY);
    } catch {
      // storage off
    }
    this.setTheme(theme === 'dark' || theme === 'light' ? theme : matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light', false);
    this.build();
    this.sel = this.game.givens.findIndex((g, c) => !g && !this.game!.pos.values[c]);
    if (this.sel < 0) this.sel = 0;
    this.render();
    if (this.game.solved) this.finished(false);
    else this.runClock();
    document.addEventListener('visibilitychange', () => (document.hidden ? this.stopClock() : this.runClock()));
  }

  private setTheme(theme: 'dark' | 'light', remember: boolean): void {
    this.setAttribute('theme', theme);
    if (remember) {
      try {
        localStorage.setItem(THEME_KEY, theme);
      } catch {
        // storage off
      }
    }
    this.buttons.theme?.setAttribute('aria-pressed', String(theme === 'dark'));
  }

  private button(name: string, label: string, onClick: () => void, attrs: Record<string, string> = {}): HTMLButtonElement {
    const b = el('button', { type: 'button', ...attrs }, label);
    b.addEventListener('click', onClick);
    this.buttons[name] = b;
    return b;
  }

  private build(): void {
    const d = this.data!;
    const g = this.game!;
    const style = el('style');
    style.textContent = CSS;
    // A day of another kind: its technique names run long ("innies and outies over two houses"), so its label wraps.
    const header = el('header', d.layout ? { part: 'label', class: 'kindday' } : { part: 'label' });
    header.append(el('h1', {}, d.title));
    const meta = el('p', { class: 'meta' });
    const bits = [d.dateLine, d.number, d.label, d.rating !== null ? this.t(d.layout ? 'web.ratingLike' : 'web.rating', { rating: d.rating.toFixed(1) }) : '', d.hardest ? this.t('web.hardest', { technique: this.techniqueName(d.hardest) }) : ''];
    bits.filter(Boolean).forEach((b, i) => {
      if (i) meta.append(' · ');
      meta.append(el('span', {}, b));
    });
    header.append(meta);
    const nav = el('nav', { 'aria-label': this.t('web.days') });
    if (d.links.prev) nav.append(el('a', { href: d.links.prev, class: 'web' }, this.t('web.prev')));
    // The next day's page only once the reader's calendar has reached it.
    if (d.links.next && d.links.nextDate && new Date().toISOString().slice(0, 10) >= d.links.nextDate) nav.append(el('a', { href: d.links.next, class: 'web' }, this.t('web.next')));
    nav.append(el('a', { href: d.links.pdf }, this.t('web.pdf')));
    header.append(nav);

    const n = this.shape.n;
    const grid = el('div', { role: 'grid', class: d.layout ? 'grid kind' : 'grid', part: 'grid', 'aria-label': this.t('web.grid'), 'aria-describedby': 'keys', 'aria-rowcount': String(n), 'aria-colcount': String(n) });
    if (d.layout) grid.style.setProperty('--n', String(n));
    if (n > 9) grid.classList.add('big');
    this.cells = [];
    for (let r = 0; r < n; r++) {
      const row = el('div', { role: 'row', class: 'row', 'aria-rowindex': String(r + 1) });
      for (let k = 0; k < n; k++) {
        const c = r * n + k;
        const cell = el('div', { role: 'gridcell', class: 'cell', tabindex: '-1', 'aria-colindex': String(k + 1) });
        if (g.givens[c]) cell.setAttribute('aria-readonly', 'true');
        cell.addEventListener('click', () => this.tap(c));
        row.append(cell);
        this.cells.push(cell);
      }
      grid.append(row);
    }
    // Keys work wherever the focus is in the element (after a click on Undo, say), except in the walkthrough's slider.
    this.root.addEventListener('keydown', (e) => {
      if (!(e.target instanceof HTMLInputElement)) this.key(e as KeyboardEvent);
    });
    const board = el('div', { class: 'board' });
    const frame = d.layout ? this.layoutFrame(grid) : grid;
    // Grids beyond 9x9 take more of a wide screen, so their cells stay large enough to write in.
    if (n > 9) board.classList.add('big');

    const side = el('div', { class: 'side' });
    const top = el('div', { class: 'bar' });
    this.timerEl = el('span', { class: 'timer', role: 'timer', 'aria-label': this.t('web.time') });
    top.append(this.timerEl);
    if (d.mistakeLimit !== null) top.append(el('span', { class: 'mistakes' }));
    const modes = el('div', { class: 'bar', role: 'group', 'aria-label': this.t('web.mode') });
    for (const m of ['digit', 'corner', 'centre'] as Mode[]) modes.append(this.button(`mode-${m}`, this.t(`web.mode.${m}`), () => this.setMode(m), { 'aria-pressed': 'false' }));
    const pad = el('div', { class: 'pad', role: 'group', part: 'pad', 'aria-label': this.t('web.pad') });
    if (n > 9) pad.classList.add('wide');
    for (let k = 1; k <= n; k++) pad.append(this.button(`pad-${k}`, digitChar(k), () => this.input(k, this.mode)));
    pad.append(this.button('erase', '⌫', () => this.erase(), { 'aria-label': this.t('web.erase') }));
    const edit = el('div', { class: 'bar' });
    edit.append(
      this.button('undo', this.t('web.undo'), () => this.undo(false)),
      this.button('redo', this.t('web.redo'), () => this.undo(true)),
      this.button('auto', this.t('web.auto'), () => this.toggleAuto(), { 'aria-pressed': 'false' }),
      this.button('restart', this.t('web.restart'), () => this.act(() => g.restart())),
    );
    const help = el('div', { class: 'bar' });
    if (d.solution) {
      help.append(
        this.button('hint', this.t('web.hint'), () => this.askHint()),
        this.button('conflicts', this.t('web.checkConflicts'), () => this.checkConflicts()),
        this.button('check', this.t('web.check'), () => this.checkSolution()),
        this.button('revealCell', this.t('web.revealCell'), () => this.reveal(false)),
        this.button('revealAll', this.t('web.revealAll'), () => this.reveal(true)),
      );
    } else {
      help.append(this.button('conflicts', this.t('web.checkConflicts'), () => this.checkConflicts()));
    }
    help.append(this.button('theme', this.t('web.dark'), () => this.setTheme(this.getAttribute('theme') === 'dark' ? 'light' : 'dark', true), { 'aria-pressed': String(this.getAttribute('theme') === 'dark') }));
    this.hintBox = el('div', { class: 'hint', part: 'hint', hidden: '' });
    this.status = el('p', { class: 'status', role: 'status', 'aria-live': 'polite' });
    this.doneBox = el('div', { class: 'done', hidden: '' });
    side.append(top, modes, pad, edit, help);
    // Under the grid, where a phone shows them without scrolling: the hint, what was said, the end.
    // Beyond 9 the letters are digits, and C is one of them.
    const keys = n > 9 ? `${this.t('web.keys')} ${this.t('web.keys.letters', { last: digitChar(n), n })}` : this.t('web.keys');
    board.append(frame, this.hintBox, this.status, this.doneBox, el('p', { class: 'keys', id: 'keys' }, keys));
    const play = el('div', { class: 'play' });
    play.append(board, side);
    if (d.solutionHash) side.append(el('p', { class: 'keys' }, this.t('web.prize')));
    this.root.replaceChildren(style, header, play);
  }

  /**
   * A day of another kind: the grid in a frame with the cages' dashed outlines and sums over it
   * (the printed grid's shapes), thick lines between regions, the X diagonals shaded.
   */
  private layoutFrame(grid: HTMLElement): HTMLElement {
    const l = this.data!.layout!;
    const n = l.size;
    const region = this.shape.region;
    this.cells.forEach((cell, c) => {
      const r = Math.floor(c / n);
      const k = c % n;
      if (k < n - 1 && region[c] !== region[c + 1]) cell.classList.add('br');
      if (r < n - 1 && region[c] !== region[c + n]) cell.classList.add('bb');
      if (l.diagonals && (r === k || r + k === n - 1)) cell.classList.add('diag');
    });
    const frame = el('div', { class: 'frame' });
    frame.append(grid);
    if (!l.cages.length) return frame;
    const ns = 'http://www.w3.org/2000/svg';
    const svg = document.createElementNS(ns, 'svg');
    const side = n * 100;
    svg.setAttribute('viewBox', `0 0 ${side} ${side}`);
    svg.setAttribute('class', 'cages');
    svg.setAttribute('aria-hidden', 'true');
    const add = (tag: string, attrs: Record<string, string | number>, text = '') => {
      const e = document.createElementNS(ns, tag);
      for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
      if (text) e.textContent = text;
      svg.append(e);
    };
    const path = l.cageLines.map(([x1, y1, x2, y2]) => `M${x1} ${y1}L${x2} ${y2}`).join('');
    add('path', { d: path, class: 'cage', 'stroke-dasharray': l.dash.join(' ') });
    for (const s of l.sums) {
      add('rect', { x: s.patch[0], y: s.patch[1], width: s.patch[2], height: s.patch[3], class: 'patch' });
      add('text', { x: s.x, y: s.y + s.fs * 0.8, 'font-size': s.fs, class: 'sum' }, s.text);
    }
    frame.append(svg);
    return frame;
  }

  /** A cell's name in the steps' words: "r12c3" on any size. */
  private cellWord(c: number): string {
    const n = this.shape.n;
    return this.data!.layout ? say(this.data!.strings, 'step.cell', { row: Math.floor(c / n) + 1, column: (c % n) + 1 }) : cellWord(this.data!.strings, c);
  }

  /** A technique's name in the page's language ("X-wing", "versteckter Einer"). */
  private techniqueName(name: string): string {
    return techniqueName(this.data!.strings, name);
  }

  /** A step's sentence: Sudoku Explainer's own in English (as a sentence, as books print it), else worded in the page's language from the step's pattern. */
  private stepText(s: Step): string {
    // A day of another kind: its steps' sentences were worded when the page was made.
    if (this.data!.layout) return s.explain;
    if (this.data!.locale !== 'en') return stepSentence(this.data!.strings, s);
    const t = s.explain.trim();
    return `${t.charAt(0).toUpperCase()}${t.slice(1)}${/[.!?]$/.test(t) ? '' : '.'}`;
  }

  private cellName(c: number): string {
    const g = this.game!;
    const v = this.replay ? this.replayValues()[c] : g.digit(c);
    const n = this.shape.n;
    let state: string;
    if (v) state = g.givens[c] ? this.t('web.cell.given', { digit: digitChar(v) }) : digitChar(v);
    else {
      const parts = [this.t('web.cell.empty')];
      if (g.pos.centre[c]) parts.push(this.t('web.cell.candidates', { digits: digitsOf(g.pos.centre[c], n).map(digitChar).join(' ') }));
      if (g.pos.corner[c]) parts.push(this.t('web.cell.corner', { digits: digitsOf(g.pos.corner[c], n).map(digitChar).join(' ') }));
      state = parts.join(', ');
    }
    const cage = this.data!.layout?.cages.find((x) => x.cells.includes(c));
    if (cage) state = `${state}, ${this.t('web.cell.cage', { size: cage.cells.length, sum: cage.sum })}`;
    return this.t('web.cell', { row: Math.floor(c / n) + 1, column: (c % n) + 1, state });
  }

  private replayValues(): number[] {
    const g = this.game!;
    const v = [...g.givens];
    const r = this.replay!;
    for (const s of r.steps.slice(0, r.at)) for (const [c, d] of s.place) v[c] = d;
    return v;
  }

  /** Draws every cell from the game (or the walkthrough's step) and the highlights. */
  private render(): void {
    const g = this.game!;
    const values = this.replay ? this.replayValues() : null;
    const selDigit = g.digit(this.sel);
    const n = this.shape.n;
    const peers = this.shape.peers;
    for (let c = 0; c < g.cells; c++) {
      const cell = this.cells[c];
      const v = values ? values[c] : g.digit(c);
      const cls = ['cell'];
      // The region borders and diagonal shading of a day of another kind stay.
      for (const k of ['br', 'bb', 'diag']) if (cell.classList.contains(k)) cls.push(k);
      if (g.givens[c]) cls.push('given');
      if (c === this.sel) cls.push('sel');
      else if (!this.replay && peers[this.sel].includes(c)) cls.push('peer');
      if (!this.replay && selDigit && v === selDigit && c !== this.sel) cls.push('same');
      const mark = this.marked.get(c);
      if (mark) cls.push(mark);
      cell.className = cls.join(' ');
      cell.replaceChildren();
      if (v) cell.append(digitChar(v));
      else if (!values) {
        if (g.pos.centre[c]) {
          const ds = digitsOf(g.pos.centre[c], n);
          cell.append(el('span', { class: `centre${ds.length > 5 ? ' many' : ''}`, 'aria-hidden': 'true' }, ds.map(digitChar).join('')));
        }
        if (g.pos.corner[c]) {
          // Corner marks fill the corners first, in order (top left, top right, bottom left, bottom right), then the edges.
          const box = el('span', { class: 'corner', 'aria-hidden': 'true' });
          const slots = Array<string>(9).fill('');
          digitsOf(g.pos.corner[c], n).slice(0, 9).forEach((d, i) => (slots[CORNER_ORDER[i]] = digitChar(d)));
          for (const text of slots) box.append(el('span', {}, text));
          cell.append(box);
        }
      }
      this.decorate(c, cell);
      cell.setAttribute('aria-label', this.cellName(c));
      cell.setAttribute('aria-selected', String(c === this.sel));
      cell.tabIndex = c === this.sel ? 0 : -1;
    }
    for (const m of ['digit', 'corner', 'centre']) this.buttons[`mode-${m}`].setAttribute('aria-pressed', String(m === this.mode));
    this.buttons.undo.disabled = g.undoStack.length === 0 || g.solved;
    this.buttons.redo.disabled = g.redoStack.length === 0 || g.solved;
    this.buttons.auto.setAttribute('aria-pressed', String(g.auto));
    const over = this.over();
    for (const [name, b] of Object.entries(this.buttons)) if (!STAYS_ON.has(name)) b.disabled = g.solved || over;
    const mistakes = this.root.querySelector('.mistakes');
    if (mistakes) mistakes.textContent = this.t('web.mistakes', { n: g.mistakes, max: this.data!.mistakeLimit! });
    this.tick();
  }

  /** Hint level 4 on a cell: the digit to place, or the candidates to remove. */
  private decorate(c: number, cell: HTMLElement): void {
    if (!this.hint || this.hint.kind !== 'step' || this.tier < 4) {
      if (this.replay) {
        const s = this.replay.steps[this.replay.at - 1];
        const gone = s?.eliminate.filter(([x]) => x === c).map(([, d]) => d) ?? [];
        if (gone.length) cell.append(el('span', { class: 'elim', 'aria-hidden': 'true' }, `−${gone.map(digitChar).join('')}`));
      }
      return;
    }
    const s = this.hint.step;
    for (const [x, d] of s.place) if (x === c && !this.game!.digit(c)) cell.replaceChildren(el('span', { class: 'ghost' }, digitChar(d)));
    const gone = s.eliminate.filter(([x]) => x === c).map(([, d]) => d);
    if (gone.length) cell.append(el('span', { class: 'elim', 'aria-hidden': 'true' }, `−${gone.map(digitChar).join('')}`));
  }

  private over(): boolean {
    const limit = this.data!.mistakeLimit;
    return limit !== null && this.game!.mistakes >= limit;
  }

  /** Announces `text` in the live region; `shown` false: for screen readers only (it is on screen elsewhere). */
  private say(text: string, shown = true): void {
    this.status.classList.toggle('sr', !shown);
    // Emptied first, so the same words said twice are announced twice.
    this.status.textContent = '';
    requestAnimationFrame(() => (this.status.textContent = text));
    this.status.dataset.text = text;
  }

  private save(): void {
    try {
      localStorage.setItem(this.data!.key, JSON.stringify(this.game!.save()));
    } catch {
      // storage full or off: play goes on
    }
  }

  /** A change to the position: clears hint marks, saves, redraws, checks for the end. */
  private act(change: () => unknown): void {
    if (this.game!.solved || this.over()) return;
    if (change() === false) return;
    this.clearHint();
    this.save();
    this.render();
    if (this.game!.full()) this.complete();
  }

  private clearHint(): void {
    this.hint = null;
    this.tier = 0;
    this.marked.clear();
    this.hintBox.hidden = true;
  }

  private select(c: number): void {
    if (c !== this.sel) this.tapped = -1;
    this.sel = c;
    this.render();
    this.cells[c].focus();
  }

  /** A tap (or click) on a cell: selects it; a second tap on the same cell cycles the entry mode. */
  private tap(c: number): void {
    if (this.replay) return;
    if (c === this.tapped) this.setMode(this.mode === 'digit' ? 'corner' : this.mode === 'corner' ? 'centre' : 'digit');
    this.tapped = c;
    this.select(c);
  }

  private setMode(m: Mode): void {
    this.mode = m;
    this.render();
    this.say(this.t(`web.mode.${m}`));
  }

  private input(d: number, mode: Mode): void {
    const g = this.game!;
    const c = this.sel;
    if (g.givens[c]) return;
    if (mode === 'digit') {
      this.act(() => {
        if (!g.place(c, d)) return false;
        const sol = this.data!.solution;
        if (sol && this.data!.mistakeLimit !== null && sol[c] !== digitChar(d)) {
          g.mistakes++;
          if (this.over()) this.say(this.t('web.mistakes.over'));
        }
      });
    } else this.act(() => g.toggleMark(c, d, mode));
    this.cells[c].focus();
    // What the cell now holds, for screen readers (its name changed under the focus).
    if (!this.over() && !g.full()) this.say(this.cellName(c), false);
  }

  private erase(): void {
    this.act(() => this.game!.clear(this.sel));
    this.cells[this.sel].focus();
  }

  private undo(redo: boolean): void {
    const g = this.game!;
    if (g.solved) return;
    if (!(redo ? g.redo() : g.undo())) return;
    this.clearHint();
    this.save();
    this.render();
    this.say(this.t(redo ? 'web.redone' : 'web.undone'));
  }

  private toggleAuto(): void {
    this.act(() => this.game!.autoCandidates(!this.game!.auto));
  }

  private key(e: KeyboardEvent): void {
    if (this.replay) return;
    const c = this.sel;
    const n = this.shape.n;
    const r = Math.floor(c / n);
    const k = c % n;
    const ctrl = e.ctrlKey || e.metaKey;
    const m = /^(?:Digit|Numpad)([1-9])$/.exec(e.code);
    let digit = m ? Number(m[1]) : /^[1-9]$/.test(e.key) ? Number(e.key) : 0;
    // Beyond 9, the letters A-G (before the mode keys: C is 12 on a 16x16 grid).
    const letter = /^Key([A-G])$/.exec(e.code);
    if (!digit && letter && n > 9) digit = charValue(letter[1]);
    if (digit > n) digit = 0;
    let handled = true;
    if (digit && !e.altKey) this.input(digit, ctrl ? 'centre' : e.shiftKey ? 'corner' : this.mode);
    else if (e.key === 'ArrowUp') this.select(((r + n - 1) % n) * n + k);
    else if (e.key === 'ArrowDown') this.select(((r + 1) % n) * n + k);
    else if (e.key === 'ArrowLeft') this.select(r * n + ((k + n - 1) % n));
    else if (e.key === 'ArrowRight') this.select(r * n + ((k + 1) % n));
    else if (e.key === 'Home') this.select(ctrl ? 0 : r * n);
    else if (e.key === 'End') this.select(ctrl ? n * n - 1 : r * n + n - 1);
    else if (e.key === 'Backspace' || e.key === 'Delete') this.erase();
    else if (ctrl && (e.key === 'z' || e.key === 'Z')) this.undo(e.shiftKey);
    else if (ctrl && (e.key === 'y' || e.key === 'Y')) this.undo(true);
    else if (e.key === '[' || e.key === ']') this.undo(e.key === ']');
    else if (e.altKey && (e.code === 'KeyR' || e.code === 'KeyC' || e.code === 'KeyB')) this.summary(e.code === 'KeyR' ? r : e.code === 'KeyC' ? n + k : 2 * n + this.shape.region[c]);
    else if (!ctrl && !e.altKey && (e.key === 'z' || e.key === 'x' || e.key === 'c')) this.setMode(e.key === 'z' ? 'digit' : e.key === 'x' ? 'corner' : 'centre');
    else handled = false;
    if (handled) e.preventDefault();
  }

  private unitName(u: number): string {
    const n = this.shape.n;
    return this.t(u < n ? 'web.row' : u < 2 * n ? 'web.column' : 'web.box', { n: (u % n) + 1 });
  }

  /** "Row 3: 4 cells empty; missing 1 5 7 8." */
  private summary(u: number): void {
    const g = this.game!;
    const have = new Set(this.shape.units[u].map((c) => g.digit(c)).filter(Boolean));
    const missing = digitsOf((1 << g.n) - 1, g.n).filter((d) => !have.has(d));
    this.say(this.t('web.summary', { unit: this.unitName(u), n: missing.length, digits: missing.map(digitChar).join(' ') || '–' }));
  }

  private wrongCells(): number[] {
    const sol = this.data!.solution;
    if (!sol) return [];
    return this.game!.pos.values.flatMap((v, c) => (v && digitChar(v) !== sol[c] ? [c] : []));
  }

  private checkConflicts(): void {
    const bad = this.game!.conflicts();
    this.clearHint();
    for (const c of bad) this.marked.set(c, 'clash');
    this.render();
    this.say(bad.length ? this.t('web.conflicts', { n: bad.length }) : this.t('web.noConflicts'));
  }

  private checkSolution(): void {
    const bad = this.wrongCells();
    this.clearHint();
    for (const c of bad) this.marked.set(c, 'wrong');
    this.render();
    this.say(bad.length ? this.t('web.wrong', { n: bad.length }) : this.t('web.allRight'));
  }

  private reveal(all: boolean): void {
    const sol = this.data!.solution!;
    const g = this.game!;
    const cells = all ? Array.from({ length: g.cells }, (_, c) => c) : [this.sel];
    const todo = cells.filter((c) => !g.givens[c] && digitChar(g.pos.values[c]) !== sol[c]).map((c): [number, number] => [c, charValue(sol[c])]);
    if (!todo.length) return;
    g.reveals++;
    this.act(() => g.setDigits(todo));
  }

  /** Next hint level; a wrong digit or a mark that removes the solution comes first. */
  private async askHint(): Promise<void> {
    const g = this.game!;
    const sol = this.data!.solution!;
    if (this.hint && this.tier < 4) {
      this.tier++;
      this.showHint();
      return;
    }
    const wrong = this.wrongCells();
    const badMark = g.pos.values.findIndex((_, c) => !g.digit(c) && g.pos.centre[c] && !(g.pos.centre[c] & bit(charValue(sol[c]))));
    g.hints++;
    this.save();
    if (wrong.length) this.hint = { kind: 'wrong', cell: wrong[0] };
    else if (badMark >= 0) this.hint = { kind: 'mark', cell: badMark };
    else if (this.data!.steps) {
      const words = this.nextKindStep();
      if (!words) {
        this.hint = null;
        this.say(this.t('web.noHint'));
        return;
      }
      this.hint = { kind: 'step', step: this.kindStep(words), words };
    } else {
      this.say(this.t('web.thinking'));
      const values = g.pos.values.slice();
      const marks = g.pos.centre.map((m, c) => (g.digit(c) ? 0 : m));
      const reply = await ask({ kind: 'hint', position: { puzzle: this.data!.puzzle, values, marks } });
      if (!reply.step) {
        this.hint = null;
        this.say(this.t('web.noHint'));
        return;
      }
      this.hint = { kind: 'step', step: reply.step };
    }
    this.tier = 1;
    this.showHint();
  }

  /**
   * A day of another kind: the first step of the grader's path (made with the page) that still
   * does something in the player's position: places a digit in an empty cell, or removes a
   * candidate the cell still has (its centre marks, else what its peers leave).
   */
  private nextKindStep(): WebStep | null {
    const g = this.game!;
    const has = (c: number, d: number) => !g.digit(c) && ((g.pos.centre[c] || g.candidates(c)) & bit(d)) !== 0;
    return this.data!.steps!.find((s) => s.place.some(([c]) => !g.digit(c)) || s.eliminate.some(([c, d]) => has(c, d))) ?? null;
  }

  /** A worded step of a day of another kind as the hint and walkthrough show steps. */
  private kindStep(s: WebStep): Step {
    return { technique: s.technique, place: s.place, eliminate: s.eliminate, explain: s.sentence, rating: s.rating, pattern: { cells: s.cells, candidates: [], units: s.units, digits: [] } } as Step;
  }

  private showHint(): void {
    const h = this.hint!;
    this.marked.clear();
    const box = this.hintBox;
    box.replaceChildren();
    box.hidden = false;
    const lines: string[] = [];
    let apply: (() => void) | null = null;
    if (h.kind !== 'step') {
      this.marked.set(h.cell, 'wrong');
      const where = { row: Math.floor(h.cell / this.shape.n) + 1, column: (h.cell % this.shape.n) + 1, digit: digitChar(this.game!.pos.values[h.cell]) };
      lines.push(this.t(h.kind === 'wrong' ? 'web.hint.wrong' : 'web.hint.mark', where));
      this.tier = 4;
      if (h.kind === 'wrong') apply = () => this.act(() => this.game!.clear(h.cell));
    } else {
      const s = h.step;
      const p = s.pattern;
      lines.push(this.t('web.hint.technique', { technique: this.techniqueName(s.technique) }));
      if (this.tier >= 2) {
        const units = p?.units?.length ? p.units : [];
        // Where to look, as a sentence from the step's pattern: "Look for an X-wing on 7 in rows 2 and 8."
        const hint = h.words ? h.words.hint : stepHint(this.data!.strings, s);
        lines.push(/[.!?]$/.test(hint) ? hint : `${hint}.`);
        for (const u of units) for (const c of this.shape.units[u] ?? []) this.marked.set(c, 'unit');
      }
      if (this.tier >= 3) {
        const cells = p?.cells?.length ? p.cells : [...s.place.map(([c]) => c), ...s.eliminate.map(([c]) => c)];
        for (const c of cells) this.marked.set(c, 'pattern');
        lines.push(this.t('web.hint.cells', { cells: cells.map((c) => this.cellWord(c)).join(' ') }));
      }
      if (this.tier >= 4) {
        for (const [c] of [...s.place, ...s.eliminate]) this.marked.set(c, 'target');
        lines.push(this.stepText(s));
        apply = () => this.applyStep(s);
      }
    }
    for (const l of lines) box.append(el('p', {}, l));
    const bar = el('div', { class: 'bar' });
    if (this.tier < 4) bar.append(this.button('more', this.t('web.hint.more'), () => this.askHint()));
    if (apply) bar.append(this.button('apply', this.t('web.hint.apply'), apply));
    box.append(bar);
    this.render();
    this.say(lines.join(' '), false);
  }

  private applyStep(s: Step): void {
    const g = this.game!;
    this.act(() => {
      if (s.place.length) g.setDigits(s.place);
      else g.eliminate(s.eliminate);
    });
  }

  private tick(): void {
    const g = this.game!;
    const ms = g.elapsed + (this.ticking !== null ? Date.now() - this.startedAt : 0);
    this.timerEl.textContent = clock(ms);
  }

  private runClock(): void {
    if (this.ticking !== null || !this.game || this.game.solved || document.hidden) return;
    this.startedAt = Date.now();
    this.ticking = window.setInterval(() => this.tick(), 1000);
  }

  /** Stops the clock (tab hidden, solved), adding the time run to the game's total. */
  private stopClock(): void {
    if (this.ticking === null || !this.game) return;
    clearInterval(this.ticking);
    this.ticking = null;
    this.game.elapsed += Date.now() - this.startedAt;
    this.save();
  }

  /** The grid is full: right, or told how it is not. */
  private complete(): void {
    const g = this.game!;
    const d = this.data!;
    const right = d.solution ? g.grid() === d.solution : sha256(g.grid()) === d.solutionHash;
    if (!right) {
      this.say(this.t(d.solution ? 'web.fullWrong' : 'web.prize.wrong'));
      return;
    }
    this.stopClock();
    g.solved = true;
    this.save();
    this.render();
    this.finished(true);
  }

  private finished(now: boolean): void {
    const g = this.game!;
    const d = this.data!;
    const time = clock(g.elapsed);
    const box = this.doneBox;
    box.hidden = false;
    box.replaceChildren(el('p', {}, this.t('web.solved', { time })));
    const share = this.t('web.share.text', { title: d.title, date: d.dateLine, stars: d.stars, word: d.word, rating: d.rating?.toFixed(1) ?? '–', time, hints: g.hints, reveals: g.reveals });
    const out = el('p', { class: 'share' }, share);
    const bar = el('div', { class: 'bar' });
    bar.append(
      this.button('share', this.t('web.share'), () => this.share(share)),
      this.button('walk', this.t('web.walkthrough'), () => this.walkthrough()),
    );
    box.append(out, bar);
    this.say(this.t('web.solved', { time }), false);
    if (now) this.dispatchEvent(new CustomEvent('solved', { bubbles: true, composed: true, detail: { date: d.date, slot: d.slot, time: g.elapsed, hints: g.hints, reveals: g.reveals } }));
  }

  private async share(text: string): Promise<void> {
    try {
      if (navigator.share) {
        await navigator.share({ text });
        return;
      }
      await navigator.clipboard.writeText(text);
      this.say(this.t('web.copied'));
    } catch {
      this.say(text);
    }
  }

  /** The grader's path after solving: one sentence per step, a slider replaying it on the grid. */
  private async walkthrough(): Promise<void> {
    // Open already: a second press goes back to it rather than adding another.
    const open = this.doneBox.querySelector<HTMLInputElement>('input[type="range"]');
    if (open) {
      open.focus();
      return;
    }
    const kindSteps = this.data!.steps;
    const reply = kindSteps ? { steps: kindSteps.map((s) => this.kindStep(s)) } : await ask({ kind: 'walkthrough', puzzle: this.data!.puzzle });
    if (this.doneBox.querySelector('input[type="range"]')) return;
    const steps = reply.steps ?? [];
    const wrap = el('div', {});
    const label = el('label', { for: 'walk' }, this.t('web.walkthrough'));
    const slider = el('input', { type: 'range', id: 'walk', min: '0', max: String(steps.length), value: '0', step: '1' });
    const text = el('p', { 'aria-live': 'polite' });
    const show = () => {
      const at = Number(slider.value);
      this.replay = { steps, at };
      this.marked.clear();
      const s = steps[at - 1];
      if (s) for (const c of s.pattern?.cells?.length ? s.pattern.cells : [...s.place, ...s.eliminate].map(([x]) => x)) this.marked.set(c, 'pattern');
      text.textContent = s ? `${this.t('web.step', { n: at, total: steps.length })}: ${this.stepText(s)}` : this.t('web.step', { n: 0, total: steps.length });
      slider.setAttribute('aria-valuetext', text.textContent);
      this.render();
    };
    slider.addEventListener('input', show);
    const close = this.button('closeWalk', this.t('web.close'), () => {
      this.replay = null;
      this.marked.clear();
      wrap.remove();
      this.render();
    });
    wrap.append(label, slider, text, close);
    this.doneBox.append(wrap);
    show();
    slider.focus();
  }
}

if (!customElements.get('sudoku-daily')) customElements.define('sudoku-daily', SudokuDaily);
