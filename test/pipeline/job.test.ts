import { describe, expect, it } from 'vitest';
import { UserError } from '../../src/core/errors.js';
import { loadJob } from '../../src/pipeline/job.js';
import { runCli } from '../helpers/cli.js';

const F = 'test/fixtures/jobs/';

function problems(name: string): string {
  try {
    loadJob(F + name);
  } catch (e) {
    expect(e).toBeInstanceOf(UserError);
    return (e as Error).message;
  }
  throw new Error(`${name} loaded without error`);
}

describe('job files', () => {
  it('loads a good job with defaults filled in', () => {
    const job = loadJob(F + 'small.yaml');
    expect(job).toMatchObject({ name: 'small', seed: 'small-1', date: '2026-02-03', answers: 'end', template: 'letter-4up', output: 'output/small' });
    expect(job.generator).toEqual({ fill: 'diagonal', dig: 'remove', symmetry: 'rotational', clues: null });
    expect(job.sections.map((s) => s.count)).toEqual([5, 3, 2]);
    expect(job.layout.puzzlesPerPage).toEqual({ columns: 2, rows: 2 });
    for (const f of ['book.yaml', 'trade-paperback.yaml', 'large-print.yaml', 'a4-weekly.yaml']) expect(loadJob(`config/${f}`).name).toBeTruthy();
  });

  it.each([
    ['bad-syntax.yaml', /^test\/fixtures\/jobs\/bad-syntax\.yaml:\d+:\d+ .*(quot|string|Missing)/i],
    ['bad-count.yaml', /^test\/fixtures\/jobs\/bad-count\.yaml:10:12 sections\[1\]\.count: expected a positive integer, got "ten"$/],
    ['unknown-key.yaml', /^test\/fixtures\/jobs\/unknown-key\.yaml:4:1 sectons: unknown key; did you mean "sections"\?/m],
    ['missing-seed.yaml', /^test\/fixtures\/jobs\/missing-seed\.yaml:1:1 \(top level\): missing key "seed"$/],
    ['bad-bucket.yaml', /^test\/fixtures\/jobs\/bad-bucket\.yaml:5:28 sections\[0\]\.bucket: expected a bucket \(easy, medium, hard, expert, master, beyond\), got "hardd"; did you mean "hard"\?$/],
    ['bad-technique.yaml', /^test\/fixtures\/jobs\/bad-technique\.yaml:6:27 grader\.levels\.easy\[1\]: expected a technique .*got "naked-singel"; did you mean "naked-single"\?$/],
    ['bad-template.yaml', /^test\/fixtures\/jobs\/bad-template\.yaml:7:13 layout\.template: expected a template \(a4-2up, large-print, letter-4up, newspaper, trade-6x9\), got "letter-6up"; did you mean "letter-4up"\?$/],
    ['bad-range.yaml', /^test\/fixtures\/jobs\/bad-range\.yaml:8:13 sections\[0\]\.rating: min 5 is above max 4$/],
  ])('%s: names file, line, column and key path', (file, message) => {
    expect(problems(file)).toMatch(message);
  });

  it('checks font files and budget buckets', () => {
    const lines = problems('bad-font.yaml').split('\n');
    expect(lines[0]).toMatch(/bad-font\.yaml:4:21 budget\.easyy: unknown key; did you mean "easy"\?/);
    expect(lines[1]).toMatch(/bad-font\.yaml:8:21 layout\.fonts\.regular: no font file .*fixtures\/jobs\/fonts\/missing\.ttf/);
    const job = loadJob('config/trade-paperback.yaml');
    expect(job.budget.hard).toBe(20000);
  });

  it('collects every problem at once', () => {
    const lines = problems('many-problems.yaml').split('\n');
    expect(lines).toHaveLength(4);
    expect(lines[0]).toMatch(/many-problems\.yaml:1:7 name: expected letters/);
    expect(lines.join('\n')).toMatch(/:4:10 workers: expected a positive integer, got 0/);
    expect(lines.join('\n')).toMatch(/:6:13 generator\.symmetry: expected a symmetry .*got "spiral"/);
    expect(lines.join('\n')).toMatch(/:8:41 sections\[0\]\.count: expected a positive integer, got -2/);
  });

  it('the CLI prints the problems without a stack trace and exits 1', () => {
    const r = runCli(['book', F + 'bad-count.yaml']);
    expect(r.status).toBe(1);
    expect(r.stderr).toBe('sudoku-press: test/fixtures/jobs/bad-count.yaml:10:12 sections[1].count: expected a positive integer, got "ten"\n');
    expect(runCli(['book', F + 'nope.yaml']).stderr).toContain('nope.yaml: no such job file');
  });
});
