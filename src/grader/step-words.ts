/**
 * A step in words, in any of the catalogues' languages, from its structured data only (its
 * technique, `pattern`, placements and eliminations; never its `explain`, which stays Sudoku
 * Explainer's English): the technique's name as that language's players say it, the one-line
 * hint ("Look for an X-wing on 7 in rows 2 and 8"), the exercise prompt ("Find the X-wing on
 * 7") and a one-sentence explanation for walkthroughs ("X-wing on 7 in rows 2 and 8: removes 7
 * from r5c3, r5c6.").
 *
 * The words are the catalogue's `step.` keys (src/typeset/i18n/): `step.name.<technique>` for
 * every name the registry and the chaining kinds give, templates for the rest. This module
 * imports no catalogue: it is given one (a book's `Strings`, or the keys a web page carries),
 * so the web player bundles it without the languages it does not speak.
 */
import type { CellDigit, Step } from './technique.js';

/** A catalogue, or the part of one a page carries: the `step.` keys at least. */
export type Words = Readonly<Record<string, string | undefined>>;

type Vars = Readonly<Record<string, string | number>>;

/** The text of `key` filled with `vars`; a key the catalogue lacks shows as itself (tests look for "step."). */
export function say(w: Words, key: string, vars: Vars = {}): string {
  const text = w[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (all, k: string) => (k in vars ? String(vars[k]) : all));
}

/** "Hidden single in row 3: …" -> first letter a capital. */
export function capital(text: string): string {
  return text.charAt(0).toLocaleUpperCase() + text.slice(1);
}

/** Prefixes of the chaining kinds' step names (chaining/nested-rules.ts), longest first, and their key. */
const CHAIN_PREFIXES: readonly [string, string][] = [
  ['dynamic-plus-', 'step.chain.dynamic-plus'],
  ['dynamic-', 'step.chain.dynamic'],
  ['nested-', 'step.chain.nested'],
];

/** The catalogue key of a technique's name, and what fills it: a name of its own, a typed one, a prefixed chain. */
export function techniqueName(w: Words, name: string): string {
  const own = `step.name.${name}`;
  if (w[own] !== undefined) return w[own]!;
  const typed = /^(.*)-type-(\d)$/.exec(name);
  if (typed) return say(w, 'step.typed', { technique: techniqueName(w, typed[1]), type: typed[2] });
  for (const [prefix, key] of CHAIN_PREFIXES) {
    if (name.startsWith(prefix) && w[`step.name.${name.slice(prefix.length)}`] !== undefined) return say(w, key, { chain: techniqueName(w, name.slice(prefix.length)) });
  }
  return own;
}

/** A cell as the catalogue names it: "r3c5", "Z3S5", "L3C5". */
export function cellWord(w: Words, cell: number): string {
  return say(w, 'step.cell', { row: Math.floor(cell / 9) + 1, column: (cell % 9) + 1 });
}

/** "row 3", "column 5", "box 7" (0-8 rows, 9-17 columns, 18-26 boxes). */
export function unitWord(w: Words, unit: number): string {
  return say(w, unit < 9 ? 'step.row' : unit < 18 ? 'step.column' : 'step.box', { n: (unit % 9) + 1 });
}

/** "a", "a and b", "a, b and c". */
function listWords(w: Words, items: readonly (string | number)[]): string {
  const all = items.map(String);
  return all.length <= 1 ? (all[0] ?? '') : `${all.slice(0, -1).join(', ')} ${say(w, 'step.and')} ${all[all.length - 1]}`;
}

/** A fish's base lines: "rows 2 and 8", "columns 1, 4 and 9". */
function linesWord(w: Words, units: readonly number[]): string {
  return say(w, units[0] < 9 ? 'step.rows' : 'step.columns', { list: listWords(w, units.map((u) => (u % 9) + 1)) });
}

const cellsWord = (w: Words, cells: readonly number[]) => cells.map((c) => cellWord(w, c)).join(', ');

/** "an X-wing", "a swordfish" (English); languages without such an article leave the name as it is. */
export function withArticle(w: Words, name: string): string {
  return say(w, /^([aeio]|X|AIC)/.test(name) ? 'step.an' : 'step.a', { technique: name });
}

/** Techniques about one digit, whose prompt names it ("Find the X-wing on 7"). */
const ONE_DIGIT = /^(x-wing|swordfish|jellyfish|pointing|claiming|skyscraper|two-string-kite|turbot-fish|three-strong-links|four-strong-links|x-cycle|x-chain)$/;

/**
 * How a step's pattern is told, by technique: the template's last word after `step.at.` and
 * `step.hint.`, and what fills it. Null when the pattern lacks what the template names.
 */
interface Shape {
  at: string;
  hint: string;
  vars: Record<string, string | number>;
}

function shape(w: Words, step: Step): Shape | null {
  const p = step.pattern;
  const t = step.technique;
  if (!p) return null;
  const units = p.units ?? [];
  const digits = p.digits ?? [];
  const cells = p.cells ?? [];
  const unit = units.length ? unitWord(w, units[0]) : '';
  const digit = digits.length ? digits[0] : 0;
  const cell = cells.length ? cellWord(w, cells[0]) : '';
  if (t === 'full-house' && unit) return { at: 'unit', hint: 'fullHouse', vars: { unit } };
  if (t === 'hidden-single' && unit && digit) return { at: 'unit', hint: 'hiddenSingle', vars: { unit, digit } };
  // The sentence names the cell once, where the digit goes.
  if (t === 'naked-single' && cell) return { at: 'none', hint: 'nakedSingle', vars: { cell } };
  if (/^(direct-)?(pointing|claiming)$/.test(t) && unit && digit) return { at: 'digitUnit', hint: t.startsWith('direct-') ? 'hiddenSingle' : 'intersection', vars: { unit, digit } };
  if (/^(naked|hidden|direct-hidden)-(pair|triple|quad)$/.test(t) && unit && digits.length) return { at: 'digitsUnit', hint: 'unit', vars: { unit, digits: listWords(w, digits) } };
  if (/^(x-wing|swordfish|jellyfish)$/.test(t) && units.length >= 2 && digit) return { at: 'lines', hint: 'lines', vars: { digit, lines: linesWord(w, units.slice(0, units.length / 2)) } };
  if (/^(three|four)-strong-links$/.test(t) && units.length && digit) return { at: 'digitUnits', hint: 'links', vars: { digit, units: listWords(w, units.map((u) => unitWord(w, u))) } };
  if (/^(skyscraper|two-string-kite|turbot-fish)$/.test(t) && units.length && digit) return { at: 'digitUnits', hint: 'digitUnits', vars: { digit, units: listWords(w, units.map((u) => unitWord(w, u))) } };
  if (/^xyz?-wing$/.test(t) && cell) return { at: 'pivot', hint: 'pivot', vars: { cell } };
  if (/^unique-/.test(t) && digits.length && cells.length) return { at: 'digitsCells', hint: 'digits', vars: { digits: listWords(w, digits), cells: cellsWord(w, cells) } };
  if (/^bug-/.test(t) && cells.length) return { at: 'cells', hint: 'bug', vars: { cells: listWords(w, cells.map((c) => cellWord(w, c))) } };
  const first: CellDigit | undefined = p.links?.[0]?.from ?? p.candidates?.[0];
  if (/chain|cycle|nishio|^aic$/.test(t) && first) return { at: 'chain', hint: 'chain', vars: { digit: first[1], cell: cellWord(w, first[0]) } };
  if (cells.length) return { at: 'cells', hint: 'around', vars: { cells: cellsWord(w, cells), cell } };
  return null;
}

/** The one-line hint of a step, no full stop ("Look for an X-wing on 7 in rows 2 and 8"). */
export function stepHint(w: Words, step: Step): string {
  const name = techniqueName(w, step.technique);
  const s = shape(w, step);
  const vars = { technique: name, aTechnique: withArticle(w, name) };
  return capital(s ? say(w, `step.hint.${s.hint}`, { ...vars, ...s.vars }) : say(w, 'step.hint.any', vars));
}

/** The exercise for a step: "Find the X-wing on 7", "Find the naked pair". */
export function stepPrompt(w: Words, step: Step): string {
  const digits = step.pattern?.digits;
  const digit = digits?.length === 1 && ONE_DIGIT.test(step.technique) ? digits[0] : 0;
  const technique = techniqueName(w, step.technique);
  return capital(digit ? say(w, 'step.prompt.digit', { technique, digit }) : say(w, 'step.prompt', { technique }));
}

/** What a step does: "7 goes in r3c5", "removes 2 from r1c1; 5 from r1c2, r1c3". */
export function stepResult(w: Words, step: Step): string {
  const parts = step.place.map(([c, d]) => say(w, 'step.place', { digit: d, cell: cellWord(w, c) }));
  if (step.eliminate.length) {
    const byDigit = new Map<number, number[]>();
    for (const [c, d] of step.eliminate) byDigit.set(d, [...(byDigit.get(d) ?? []), c]);
    const list = [...byDigit].sort((a, b) => a[0] - b[0]).map(([d, cells]) => say(w, 'step.from', { digit: d, cells: cellsWord(w, cells) }));
    parts.push(say(w, 'step.eliminate', { list: list.join(say(w, 'step.sep')) }));
  }
  return parts.join(say(w, 'step.sep'));
}

/** The pattern of a step in a few words: "X-wing on 7 in rows 2 and 8", "hidden single in box 4". */
export function stepPattern(w: Words, step: Step): string {
  const technique = techniqueName(w, step.technique);
  const s = shape(w, step);
  return s ? say(w, `step.at.${s.at}`, { technique, ...s.vars }) : say(w, 'step.at.none', { technique });
}

/** One sentence for a walkthrough: "X-wing on 7 in rows 2 and 8: removes 7 from r5c3, r5c6." */
export function stepSentence(w: Words, step: Step): string {
  return capital(say(w, 'step.explain', { pattern: stepPattern(w, step), result: stepResult(w, step) }));
}

/** A single as a walkthrough's run of singles lists it: "r1c2 = 5 (hidden single in box 1)", "r3c4 = 7 (naked single)". */
export function singleWords(w: Words, step: Step): string {
  const [cell, digit] = step.place[0];
  return say(w, 'step.single', { cell: cellWord(w, cell), digit, pattern: stepPattern(w, step) });
}
