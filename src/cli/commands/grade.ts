import type { Command } from 'commander';
import { clueCount, formatGrid, parseGrid } from '../../core/grid.js';
import { UserError } from '../../core/errors.js';
import { DEFAULT_LIMITS, type GradeResult } from '../../grader/grade.js';
import { gradeTask } from '../../grader/grade-task.js';
import type { Geometry } from '../../geometry/geometry.js';
import type { KindGradeResult } from '../../grader/kind-grade.js';
import { BadLines, Out, parseSourceLine, readLines } from '../io.js';
import { choiceOption, nonNegativeInt, positiveInt, STRICT_HELP } from '../options.js';
import { Progress } from '../progress.js';
import { LINE_FORMATS, RecordWriter } from '../records.js';

const FORMATS = [...LINE_FORMATS, 'text'] as const;
type Format = (typeof FORMATS)[number];

/** How many puzzles go to a worker at a time (results do not depend on it). */
const BATCH = 16;

interface Item {
  line: number;
  puzzle: string;
  label: string;
  clues: number;
  /** A puzzle of another kind than 9x9 classic (a JSON line): its geometry and cells. */
  geometry?: Geometry;
  cells?: Uint8Array;
}

/** What grading other kinds takes, loaded at the first JSON line (9x9 files never load it). */
async function loadKindTools() {
  const [grade, words, json, en, lines] = await Promise.all([
    import('../../grader/kind-grade.js'),
    import('../../grader/kind-step-words.js'),
    import('../../geometry/json.js'),
    import('../../typeset/i18n/en.js'),
    import('../kind-lines.js'),
  ]);
  return { gradeKind: grade.gradeKind, kindStepJson: words.kindStepJson, kindStepSentence: words.kindStepSentence, puzzleJson: json.puzzleJson, parsePuzzleJson: json.parsePuzzleJson, EN: en.EN, isClassic9: lines.isClassic9 };
}
type KindTools = Awaited<ReturnType<typeof loadKindTools>>;
let kindTools: KindTools | null = null;

const COLUMNS = ['line', 'puzzle', 'solution', 'bucket', 'rating', 'ep', 'ed', 'hardest', 'clues', 'solutions', 'techniques'];

function csvRecord(it: Item, r: GradeResult): Record<string, unknown> {
  const techniques = Object.entries(r.techniques)
    .map(([t, n]) => `${t}:${n}`)
    .join(' ');
  const solutions = r.bucket === 'invalid' ? r.solutions : 1;
  return { line: it.line, puzzle: r.puzzle, solution: r.solution, bucket: r.bucket, rating: r.rating, ep: r.ep, ed: r.ed, hardest: r.hardest, clues: it.clues, solutions, techniques };
}

function textBlock(lineNo: number, r: GradeResult, withSteps: boolean, g?: Geometry, tools?: KindTools): string {
  let out = `puzzle ${g ? `${g.size}x${g.size} ${g.kind} ` : ''}${r.puzzle} (line ${lineNo})\n`;
  if (r.bucket === 'invalid') return out + `  invalid: ${r.solutions === 0 ? 'no solution' : 'more than one solution'}\n`;
  if (withSteps && r.steps && !g) r.steps.forEach((s, i) => (out += `  ${i + 1}. ${s.explain}\n`));
  if (withSteps && g && tools) (r as KindGradeResult).steps?.forEach((s, i) => (out += `  ${i + 1}. ${tools.kindStepSentence(tools.EN, g, s)}\n`));
  if (r.rating === null) out += `  not rated: ${r.stopped}\n`;
  const used = Object.entries(r.techniques)
    .map(([t, n]) => `${t} ×${n}`)
    .join(', ');
  const ratings = r.rating === null ? 'no rating' : `rating ${r.rating.toFixed(1)} (EP ${r.ep!.toFixed(1)}, ED ${r.ed!.toFixed(1)})`;
  out += `  bucket: ${r.bucket}, ${ratings}${r.hardest ? `, hardest: ${r.hardest}` : ''}\n`;
  if (used) out += `  techniques: ${used}\n`;
  return out;
}

export function registerGrade(program: Command): void {
  program
    .command('grade')
    .argument('[file]', "puzzle file, one puzzle per line ('-' or none: standard input)")
    .addOption(choiceOption('--format <format>', 'jsonl (one object a puzzle, with "line"), csv (one row a puzzle), line (puzzle, bucket, rating) or text (a walkthrough)', FORMATS, 'jsonl'))
    .option('--steps', 'include the step-by-step log (jsonl: "steps", each with its "pattern"; text: one sentence per step)')
    .option('--diagrams <dir>', 'with --steps: write an SVG diagram of every step beyond singles into <dir>, named <puzzle#>-<step#>-<technique>.svg')
    .option('--max-level <n>', `deepest nesting of forcing chains, 0-4 (default ${DEFAULT_LIMITS.maxLevel})`, nonNegativeInt)
    .option('--max-work <n>', `most chain implications per puzzle before it is called beyond (default ${DEFAULT_LIMITS.maxWork})`, positiveInt)
    .option('--max-nested-work <n>', `most work per puzzle once it needs nested forcing chains (default ${DEFAULT_LIMITS.maxNestedWork})`, positiveInt)
    .option('--workers <k>', 'worker threads (default 0: grade on the main thread)', nonNegativeInt, 0)
    .option('--strict', STRICT_HELP)
    .action(async (file: string | undefined, opts: { format: Format; steps?: boolean; diagrams?: string; maxLevel?: number; maxWork?: number; maxNestedWork?: number; workers: number; strict?: boolean }) => {
      if (opts.maxLevel !== undefined && opts.maxLevel > 4) throw new UserError(`--max-level: expected 0 to 4, got ${opts.maxLevel}`);
      const limits = { maxLevel: opts.maxLevel, maxWork: opts.maxWork, maxNestedWork: opts.maxNestedWork };
      const withSteps = Boolean(opts.steps);
      if (opts.diagrams !== undefined && !withSteps) throw new UserError('--diagrams: needs --steps');
      if (opts.diagrams !== undefined) (await import('../../core/writable.js')).checkWritableFolder(opts.diagrams, '--diagrams: folder');
      const diagrams = opts.diagrams !== undefined ? await import('../diagram-files.js') : null;
      const keepSteps = withSteps && (opts.format === 'jsonl' || opts.format === 'text' || diagrams !== null);
      const progress = new Progress('grade', 0);
      const out = new Out();
      const bad = new BadLines(opts.strict);
      const writer = new RecordWriter<Record<string, unknown>>(out, opts.format === 'csv' ? 'csv' : 'line', COLUMNS, (r) => r.text as string);
      let done = 0;
      const emit = (it: Item, r: GradeResult): Promise<void> | void => {
        progress.update(++done);
        if (it.geometry) return emitKind(it, it.geometry, r as KindGradeResult);
        if (diagrams && r.steps) diagrams.writeDiagrams(opts.diagrams!, done, diagrams.pathDiagrams(parseGrid(r.puzzle), r.steps));
        if (opts.format === 'csv') return writer.write(csvRecord(it, r));
        if (opts.format === 'text') return out.line(textBlock(it.line, r, withSteps));
        if (opts.format === 'line') return out.line(`${r.puzzle}\t${r.bucket}\t${r.rating ?? ''}`);
        const row: Record<string, unknown> = { line: it.line, ...r };
        if (it.label) row.label = it.label;
        return out.line(JSON.stringify(row));
      };
      /** A puzzle of another kind: the same fields, the puzzle's geometry first (its JSON form), its steps in words. */
      const emitKind = (it: Item, g: Geometry, r: KindGradeResult): Promise<void> | void => {
        const tools = kindTools!;
        if (opts.format === 'csv') return writer.write(csvRecord(it, r as GradeResult));
        if (opts.format === 'text') return out.line(textBlock(it.line, r as GradeResult, withSteps, g, tools));
        if (opts.format === 'line') return out.line(`${r.puzzle}\t${r.bucket}\t${r.rating ?? ''}`);
        const { steps, ...rest } = r;
        const form = tools.puzzleJson(g, new Uint8Array(0));
        delete form.puzzle;
        const row: Record<string, unknown> = { line: it.line, ...form, ...rest };
        if (steps) row.steps = steps.map((s) => tools.kindStepJson(tools.EN, g, s));
        if (it.label) row.label = it.label;
        return out.line(JSON.stringify(row));
      };

      const { checkWorkers, WorkerPool } = await import('../../workers/pool.js');
      const pool = new WorkerPool(checkWorkers(opts.workers, '--workers'));
      // The puzzles read and not yet written, in order: the pool gives their grades in the same order.
      const pending: Item[] = [];
      /** Grade and write the puzzles of other kinds at the head of `pending` (on this thread, in order). */
      const flushKinds = async () => {
        while (pending.length && pending[0].geometry) {
          const it = pending.shift()!;
          const w = emit(it, kindTools!.gradeKind(it.geometry!, it.cells!, keepSteps) as unknown as GradeResult);
          if (w) await w;
        }
      };
      async function* puzzles() {
        for await (const l of readLines(file)) {
          const where = `${l.source}: line ${l.lineNo}`;
          const text = l.text.trimStart();
          let it: Item;
          try {
            if (text.charCodeAt(0) === 123) {
              // A JSON line: 9x9 classic goes to the 9x9 grader as its 81 characters; other kinds to the geometry grader.
              kindTools ??= await loadKindTools();
              const record = kindTools.parsePuzzleJson(text, where);
              if (kindTools.isClassic9(record)) it = { line: l.lineNo, puzzle: formatGrid(record.puzzle), label: '', clues: clueCount(record.puzzle) };
              else it = { line: l.lineNo, puzzle: text, label: '', clues: record.puzzle.reduce((n, v) => n + (v ? 1 : 0), 0), geometry: record.geometry, cells: record.puzzle };
            } else {
              const parsed = parseSourceLine(l);
              it = { line: l.lineNo, puzzle: formatGrid(parsed.grid), label: parsed.annotation, clues: clueCount(parsed.grid) };
            }
          } catch (err) {
            bad.report(err);
            continue;
          }
          pending.push(it);
          // Other kinds are graded here, in their turn: once no 9x9 puzzle before them is still out.
          if (it.geometry) {
            if (pending.length === 1) await flushKinds();
            continue;
          }
          yield { puzzle: it.puzzle, steps: keepSteps, limits, where };
        }
      }
      try {
        for await (const r of pool.mapOrdered(gradeTask, puzzles(), { batch: BATCH, lookahead: 2 * pool.size })) {
          await flushKinds();
          const w = emit(pending.shift()!, r);
          if (w) await w;
        }
        await flushKinds();
      } finally {
        progress.done();
        await pool.close();
        await out.close();
      }
      bad.finish();
    });
}
