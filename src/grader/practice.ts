/**
 * Practice positions: for a puzzle and a technique, the position right before the graded path
 * first uses it (the pencil marks a person would have after the earlier steps), that step, and
 * a prompt to print as an exercise ("Find the X-wing on 7"). Also the one-line hint of a step
 * ("Look for an X-wing on 7 in rows 2 and 8"), read from the step's pattern, never from its
 * explanation.
 */
import type { Grid } from '../core/grid.js';
import { cellName, unitName } from '../core/units.js';
import { Candidates } from './candidates.js';
import { applyStep, gradePuzzle, type GradeOptions } from './grade.js';
import { techniqueByName } from './registry.js';
import type { Step } from './technique.js';

export interface PracticePosition {
  values: Uint8Array;
  cands: Uint16Array;
  step: Step;
  /** steps applied before it, in order */
  before: Step[];
  /** "Find the X-wing on 7" */
  prompt: string;
}

/** Step names that are not a registry technique's name (grade prints them). */
const STEP_NAMES = [
  /^(full-house|skyscraper|two-string-kite|x-cycle|y-cycle|xy-cycle|x-chain|y-chain|aic)$/,
  /^(unique-rectangle|unique-loop|bug)-type-[1-4]$/,
  /^(dynamic-|dynamic-plus-|nested-)?(cell|region|double|contradiction|nishio)-forcing-chain$/,
];

/** Whether `name` is a registry technique or a step name the grader gives. */
export function knownTechnique(name: string): boolean {
  return techniqueByName(name) !== undefined || STEP_NAMES.some((re) => re.test(name));
}

/**
 * The position before the first step of `technique` in the puzzle's graded path (Sudoku
 * Explainer's order), or null when the path never uses it (or the puzzle is not unique).
 * `technique` is a step's name as `grade` prints it (`x-wing`, `unique-rectangle-type-1`,
 * `x-cycle`) or a registry technique's (`unique-loop`, `bug`, `forcing-chain-cycle`), which
 * matches every step that technique makes.
 */
export function practicePosition(puzzle: Grid, technique: string, options: GradeOptions = {}): PracticePosition | null {
  const result = gradePuzzle(puzzle, { ...options, steps: true });
  if (!result.steps) return null;
  const producer = techniqueByName(technique);
  const state = Candidates.fromPuzzle(puzzle);
  state.unique = true;
  const before: Step[] = [];
  for (const step of result.steps) {
    if (step.technique === technique || (producer && (step.rating ?? 0) >= producer.weight && sameStep(producer.find(state.clone()), step))) {
      return { values: state.values.slice(), cands: state.cands.slice(), step, before, prompt: promptText(step) };
    }
    applyStep(state, step);
    before.push(step);
  }
  return null;
}

/** Whether a technique's step is the path's step (the grader took it from that technique). */
function sameStep(found: Step | null, step: Step): boolean {
  return !!found && found.technique === step.technique && JSON.stringify([found.place, found.eliminate]) === JSON.stringify([step.place, step.eliminate]);
}

const LABELS: Record<string, string> = {
  'x-wing': 'X-wing',
  'xy-wing': 'XY-wing',
  'xyz-wing': 'XYZ-wing',
  'wxyz-wing': 'WXYZ-wing',
  'vwxyz-wing': 'VWXYZ-wing',
  'uvwxyz-wing': 'UVWXYZ-wing',
  'tuvwxyz-wing': 'TUVWXYZ-wing',
  'x-cycle': 'X-cycle',
  'y-cycle': 'Y-cycle',
  'xy-cycle': 'XY-cycle',
  'x-chain': 'forcing X-chain',
  'y-chain': 'forcing Y-chain',
  aic: 'AIC',
  'two-string-kite': 'two-string kite',
};

/** A step's technique for people: "X-wing", "unique rectangle (type 2)", "BUG (type 1)". */
export function techniqueLabel(name: string): string {
  if (LABELS[name]) return LABELS[name];
  const typed = /^(.*)-type-(\d)$/.exec(name);
  if (typed) return `${typed[1] === 'bug' ? 'BUG' : typed[1].replace(/-/g, ' ')} (type ${typed[2]})`;
  return name.replace(/-/g, ' ');
}

/** "an X-wing", "a swordfish". */
function withArticle(label: string): string {
  return `${/^([aeio]|X|AIC)/.test(label) ? 'an' : 'a'} ${label}`;
}

/** Techniques about one digit, whose prompt names it ("Find the X-wing on 7"). */
function oneDigit(step: Step): number | null {
  const digits = step.pattern?.digits;
  if (!digits || digits.length !== 1) return null;
  return /^(x-wing|swordfish|jellyfish|pointing|claiming|skyscraper|two-string-kite|turbot-fish|three-strong-links|four-strong-links|x-cycle|x-chain)$/.test(step.technique) ? digits[0] : null;
}

/** The exercise for a step: "Find the X-wing on 7", "Find the naked pair". */
export function promptText(step: Step): string {
  const d = oneDigit(step);
  return `Find the ${techniqueLabel(step.technique)}${d ? ` on ${d}` : ''}`;
}

function lines(units: readonly number[]): string {
  const kind = units[0] < 9 ? 'rows' : 'columns';
  const numbers = units.map((u) => (u < 9 ? u + 1 : u - 8));
  return `${kind} ${numbers.slice(0, -1).join(', ')} and ${numbers[numbers.length - 1]}`;
}

/** "a", "a and b", "a, b and c". */
function listText(names: readonly string[]): string {
  return names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

function unitList(units: readonly number[]): string {
  return listText(units.map(unitName));
}

/** One short hint for a step ("Look for an X-wing on 7 in rows 2 and 8"). */
export function hintText(step: Step): string {
  const p = step.pattern;
  const t = step.technique;
  const label = techniqueLabel(t);
  const units = p?.units ?? [];
  const digits = p?.digits ?? [];
  if (!p) return `Look for ${withArticle(label)}`;
  switch (t) {
    case 'full-house':
      return `Look at ${unitName(units[0])}: one cell is left`;
    case 'hidden-single':
    case 'direct-pointing':
    case 'direct-claiming':
      return `Look at ${unitName(units[0])} for ${digits[0]}`;
    case 'naked-single':
      return `Look at ${cellName(p.cells[0])}: which digits can it still hold?`;
    case 'pointing':
    case 'claiming':
      return `Look at where ${digits[0]} can go in ${unitName(units[0])}`;
    case 'x-wing':
    case 'swordfish':
    case 'jellyfish':
      return `Look for ${withArticle(label)} on ${digits[0]} in ${lines(units.slice(0, units.length / 2))}`;
    case 'xy-wing':
    case 'xyz-wing':
      return `Look for ${withArticle(label)} with its pivot in ${cellName(p.cells[0])}`;
  }
  if (/^(naked|hidden|direct-hidden)-/.test(t)) return `Look for ${withArticle(label)} in ${unitName(units[0])}`;
  if (/strong-links/.test(t)) return `Look for ${label} on ${digits[0]} in ${unitList(units)}`;
  if (/^(skyscraper|two-string-kite|turbot-fish)$/.test(t)) return `Look for ${withArticle(label)} on ${digits[0]} in ${unitList(units)}`;
  if (/^unique-/.test(t)) return `Look for ${withArticle(label)} on ${digits.join(' and ')}`;
  if (/^bug-/.test(t)) return `Look for ${withArticle(label)}: every empty cell but ${listText(p.cells.map(cellName))} has two candidates`;
  const first = p.links?.[0]?.from ?? p.candidates[0];
  if (/chain|cycle|nishio|^aic$/.test(t) && first) return `Look for ${withArticle(label)} starting from ${first[1]} in ${cellName(first[0])}`;
  return `Look for ${withArticle(label)} around ${cellName(p.cells[0])}`;
}
