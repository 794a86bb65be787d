import type { Command } from 'commander';
import { clueCount } from '../../core/grid.js';
import { DEFAULT_LIMITS, gradePuzzle, type GradeResult } from '../../grader/grade.js';
import { BufferedOut, readPuzzles } from '../io.js';
import { choiceOption, nonNegativeInt, positiveInt } from '../options.js';
import { UserError } from '../../core/errors.js';
import { Progress } from '../progress.js';

type Format = 'jsonl' | 'text' | 'csv';

function csvHeader(): string {
  return ['line', 'puzzle', 'solution', 'bucket', 'rating', 'ep', 'ed', 'hardest', 'clues', 'solutions', 'techniques'].join(',');
}

function csvRow(lineNo: number, r: GradeResult, clues: number): string {
  const counts = Object.entries(r.techniques)
    .map(([t, n]) => `${t}:${n}`)
    .join(' ');
  const solutions = r.bucket === 'invalid' ? r.solutions : 1;
  return [lineNo, r.puzzle, r.solution ?? '', r.bucket, r.rating ?? '', r.ep ?? '', r.ed ?? '', r.hardest ?? '', clues, solutions, counts].join(',');
}

function textBlock(lineNo: number, r: GradeResult, withSteps: boolean): string {
  let out = `puzzle ${r.puzzle} (line ${lineNo})\n`;
  if (r.bucket === 'invalid') return out + `  invalid: ${r.solutions === 0 ? 'no solution' : 'more than one solution'}\n`;
  if (withSteps && r.steps) r.steps.forEach((s, i) => (out += `  ${i + 1}. ${s.explain}\n`));
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
    .description('grade puzzles the way a person solves them: bucket, rating, techniques, step log')
    .argument('[file]', "puzzle file, one puzzle per line ('-' or none: standard input)")
    .addOption(choiceOption('--format <format>', 'output format', ['jsonl', 'text', 'csv'], 'jsonl'))
    .option('--steps', 'include the step-by-step log (jsonl: "steps"; text: one sentence per step)')
    .option('--max-level <n>', `deepest nesting of forcing chains, 0-4 (default ${DEFAULT_LIMITS.maxLevel})`, nonNegativeInt)
    .option('--max-work <n>', `most chain implications per puzzle before it is called beyond (default ${DEFAULT_LIMITS.maxWork})`, positiveInt)
    .action(async (file: string | undefined, opts: { format: Format; steps?: boolean; maxLevel?: number; maxWork?: number }) => {
      if (opts.maxLevel !== undefined && opts.maxLevel > 4) throw new UserError(`--max-level: expected 0 to 4, got ${opts.maxLevel}`);
      const limits = { maxLevel: opts.maxLevel, maxWork: opts.maxWork };
      const withSteps = Boolean(opts.steps) || false;
      const progress = new Progress('grade', 0);
      const out = new BufferedOut();
      if (opts.format === 'csv') await out.line(csvHeader());
      let n = 0;
      for await (const p of readPuzzles(file)) {
        const r = gradePuzzle(p.grid, { steps: withSteps || opts.format === 'text' ? withSteps : false, limits });
        if (opts.format === 'jsonl') {
          const row: Record<string, unknown> = { ...r };
          if (p.annotation) row.label = p.annotation;
          await out.line(JSON.stringify(row));
        } else if (opts.format === 'csv') {
          await out.line(csvRow(p.lineNo, r, clueCount(p.grid)));
        } else {
          await out.line(textBlock(p.lineNo, r, withSteps));
        }
        progress.update(++n);
      }
      progress.done();
      await out.flush();
    });
}
