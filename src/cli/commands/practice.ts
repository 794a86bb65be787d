import type { Command } from 'commander';
import { UserError } from '../../core/errors.js';
import { formatGrid } from '../../core/grid.js';
import { knownTechnique, practicePosition } from '../../grader/practice.js';
import { stepHint, stepPrompt } from '../../grader/step-words.js';
import { EN } from '../../typeset/i18n/en.js';
import { TECHNIQUE_NAMES } from '../../grader/registry.js';
import { BadLines, eachPuzzle, Out } from '../io.js';
import { STRICT_HELP } from '../options.js';

/** A cell's candidates as a digit string ("247"; "" for a filled cell). */
function candidateText(mask: number): string {
  let out = '';
  for (let d = 1; d <= 9; d++) if (mask & (1 << (d - 1))) out += d;
  return out;
}

export function registerPractice(program: Command): void {
  program
    .command('practice')
    .argument('[file]', "puzzle file, one puzzle per line ('-' or none: standard input)")
    .requiredOption('--technique <name>', 'a technique as grade names its steps (x-wing, unique-rectangle-type-1, aic) or a registry technique (unique-loop, bug)')
    .option('--svg <dir>', 'also write the diagram of each practice step into <dir>, named <puzzle#>-<step#>-<technique>.svg')
    .option('--strict', STRICT_HELP)
    .action(async (file: string | undefined, opts: { technique: string; svg?: string; strict?: boolean }) => {
      if (!knownTechnique(opts.technique)) {
        throw new UserError(`--technique: unknown technique "${opts.technique}"; known: ${TECHNIQUE_NAMES.join(', ')} (or a step name as grade prints it)`);
      }
      if (opts.svg !== undefined) (await import('../../core/writable.js')).checkWritableFolder(opts.svg, '--svg: folder');
      const files = opts.svg !== undefined ? await import('../diagram-files.js') : null;
      const out = new Out();
      const bad = new BadLines(opts.strict);
      let n = 0;
      try {
        await eachPuzzle(file, bad, (grid, line) => {
          n++;
          const p = practicePosition(grid, opts.technique);
          if (!p) return;
          if (files) files.writeDiagrams(opts.svg!, n, [{ n: p.before.length + 1, input: { values: p.values, cands: p.cands, step: p.step, givens: grid } }]);
          const row = {
            line,
            puzzle: formatGrid(grid),
            values: formatGrid(p.values),
            candidates: Array.from(p.cands, candidateText),
            step: p.step,
            stepNumber: p.before.length + 1,
            prompt: stepPrompt(EN, p.step),
            hint: stepHint(EN, p.step),
          };
          return out.line(JSON.stringify(row));
        });
      } finally {
        await out.close();
      }
      bad.finish();
    });
}
