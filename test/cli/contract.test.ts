import Ajv from 'ajv';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { csvField, csvRow, csvText } from '../../src/core/csv.js';
import { defaultJob, PACKAGE_ROOT } from '../../src/cli/paths.js';
import { inCi, setQuiet, showProgress } from '../../src/cli/progress.js';
import { loadJob } from '../../src/pipeline/job.js';
import { ROOT, runCli } from '../helpers/cli.js';

const tmp = mkdtempSync(join(tmpdir(), 'sp-contract-'));

describe('the CSV writer', () => {
  it('quotes fields with commas, quotes, line breaks or outer spaces, and only those', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField(' padded')).toBe('" padded"');
    expect(csvField(null)).toBe('');
    expect(csvField(undefined)).toBe('');
    expect(csvField(2.5)).toBe('2.5');
    expect(csvField({ a: 1 })).toBe('"{""a"":1}"');
    expect(csvRow(['x', 1, null, 'y,z'])).toBe('x,1,,"y,z"');
    expect(csvText(['a', 'b'], [[1, 2]])).toBe('a,b\n1,2\n');
  });

  it('is the one the commands use: a label with a comma comes back quoted', () => {
    const P = '..92538....8....4..1....2....5..46.2...8.1...1.63..9....1....5..8....3....79361..';
    const r = runCli(['audit', '-', '--format', 'csv', '--workers', '0'], `${P}\tgentle,easy\n`);
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('\nconfusion,"gentle,easy",1,easy\n');
  });
});

describe('progress lines', () => {
  it('show on a terminal unless --quiet, or CI set to a true value', () => {
    const tty = { isTTY: true } as NodeJS.WriteStream;
    const pipe = { isTTY: false } as NodeJS.WriteStream;
    expect(inCi({ CI: 'true' })).toBe(true);
    expect(inCi({ CI: '1' })).toBe(true);
    expect(inCi({ CI: 'false' })).toBe(false);
    expect(inCi({ CI: '0' })).toBe(false);
    expect(inCi({ CI: '' })).toBe(false);
    expect(inCi({})).toBe(false);
    const saved = process.env.CI;
    try {
      process.env.CI = 'false';
      expect(showProgress(tty)).toBe(true);
      expect(showProgress(pipe)).toBe(false);
      setQuiet(true);
      expect(showProgress(tty)).toBe(false);
      setQuiet(false);
      process.env.CI = 'yes';
      expect(showProgress(tty)).toBe(false);
    } finally {
      setQuiet(false);
      if (saved === undefined) delete process.env.CI;
      else process.env.CI = saved;
    }
    expect(runCli(['--quiet', 'solve'], '.'.repeat(81) + '\n').stdout).toBe('multiple solutions\n');
  });
});

describe('option values', () => {
  it('are checked: a bad number or name is an error, exit 1, one line', () => {
    for (const args of [
      ['audit', 'test/fixtures/audit/collection.txt', '--workers', 'abc'],
      ['grade', '--workers', '-1'],
      ['solve', '--limit', '0'],
      ['grids', '-n', '2', '--format', 'tsv'],
      ['canon', '--format', 'text'],
      ['estimate', '--workers', '1.5'],
    ]) {
      const r = runCli(args, '');
      expect(r.status, args.join(' ')).toBe(1);
      expect(r.stderr, args.join(' ')).toMatch(/^error: option .* is invalid/);
    }
  });

  it('grids take the same formats', () => {
    const jsonl = runCli(['grids', '-n', '2', '--seed', 'g', '--format', 'jsonl']).stdout.trim().split('\n').map((l) => JSON.parse(l));
    expect(jsonl.map((r) => r.number)).toEqual([1, 2]);
    expect(jsonl[1].seed).toBe('g#1');
    expect(runCli(['grids', '-n', '2', '--seed', 'g']).stdout).toBe(`${jsonl[0].grid}\n${jsonl[1].grid}\n`);
  });
});

describe('the installed package, from any directory', () => {
  it('finds its default jobs in the package when the current directory has none', () => {
    expect(defaultJob('book.yaml', ROOT)).toBe(join('config', 'book.yaml'));
    expect(defaultJob('book.yaml', tmp)).toBe(join(PACKAGE_ROOT, 'config', 'book.yaml'));
    expect(existsSync(defaultJob('daily.yaml', tmp))).toBe(true);
  });

  it('init writes a commented starter job that checks, names its schema, and is never overwritten by accident', () => {
    const dir = join(tmp, 'My Puzzles');
    const r = runCli(['init', dir], undefined, tmp);
    expect(r.status, r.stderr).toBe(0);
    const file = join(dir, 'book.yaml');
    expect(r.stdout).toBe(`wrote ${file}: edit it, then run "npx sudoku-press book ${file}"\n`);
    const text = readFileSync(file, 'utf8');
    const job = loadJob(file);
    expect(job.name).toBe('My-Puzzles');
    expect(job.sections.map((s) => s.count)).toEqual([20, 20, 20]);
    expect(text.split('\n').filter((l) => l.includes('#')).length).toBeGreaterThan(8);
    const ref = /^# yaml-language-server: \$schema=(\S+)$/m.exec(text)![1];
    const schemaFile = resolve(dirname(file), ref);
    expect(schemaFile).toBe(join(PACKAGE_ROOT, 'schema', 'job.schema.json'));
    const validate = new Ajv({ strict: false }).compile(JSON.parse(readFileSync(schemaFile, 'utf8')));
    expect(validate(parse(text))).toBe(true);
    const again = runCli(['init', dir], undefined, tmp);
    expect(again.status).toBe(1);
    expect(again.stderr).toBe(`sudoku-press: ${file}: already exists; edit it, or run again with --force to replace it\n`);
    expect(runCli(['init', dir, '--force'], undefined, tmp).status).toBe(0);
  });
});
