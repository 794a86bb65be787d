import type { Command } from 'commander';
import { existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { basename, join, relative, resolve } from 'node:path';
import { UserError } from '../../core/errors.js';
import { PACKAGE_ROOT } from '../paths.js';

/** A folder name made into a job name (letters, digits, . _ -). */
function jobName(dir: string): string {
  const name = basename(resolve(dir))
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^[^A-Za-z0-9]+/, '');
  return name || 'my-book';
}

/** The starter job: every key a new user is likely to change, each with a comment. */
export function starterJob(name: string, schemaRef: string): string {
  return `# yaml-language-server: $schema=${schemaRef}
# A sudoku-press book job. Make it with:  npx sudoku-press book ${'<this file>'}
# Every key is described in the sudoku-press README ("Job files"); editors that read the
# schema above complete and check the keys as you type.
name: ${name}                 # names the output folder: output/${name}/
title: "Sudoku for Everyone"  # on the title page and in the PDF's properties
subtitle: "60 puzzles, easy to hard"
author: "Your Name"
seed: ${name}-1               # the same seed gives the same puzzles (change it for a new book)

generator:
  symmetry: rotational        # none | rotational | diagonal | mirror | dihedral

sections:                     # in book order; each bucket: easy | medium | hard | expert | master | beyond
  - title: Easy
    bucket: easy
    count: 20
  - title: Medium
    bucket: medium
    count: 20
  - title: Hard
    bucket: hard
    count: 20

layout:
  template: letter-4up        # letter-4up | a4-2up | trade-6x9 | large-print

answers: end                  # end (all answers at the back) | section (after each section)
`;
}

export function registerInit(program: Command): void {
  program
    .command('init')
    .argument('[dir]', 'folder to write into (made if missing)', '.')
    .option('--force', 'overwrite an existing book.yaml')
    .action((dir: string, opts: { force?: boolean }) => {
      if (existsSync(dir) && !statSync(dir).isDirectory()) throw new UserError(`${dir}: is a file, expected a folder to write book.yaml into`);
      const file = join(dir, 'book.yaml');
      if (existsSync(file) && !opts.force) throw new UserError(`${file}: already exists; edit it, or run again with --force to replace it`);
      mkdirSync(dir, { recursive: true });
      const schema = relative(resolve(dir), join(PACKAGE_ROOT, 'schema', 'job.schema.json')).split('\\').join('/');
      writeFileSync(file, starterJob(jobName(dir), schema));
      process.stdout.write(`wrote ${file}: edit it, then run "npx sudoku-press book ${file}"\n`);
    });
}
