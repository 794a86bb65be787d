/**
 * The package as a user gets it: `npm pack` (what package.json's "files" ship), unpacked into a
 * new project's node_modules the way npm installs it (its dependencies linked from this
 * checkout's node_modules, so no network is needed), then imported from strict TypeScript
 * (tsc --noEmit) and from plain ESM, and its bin run from that project.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/cli.js';

const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string; dependencies: Record<string, string> };
const P1 = '..92538....8....4..1....2....5..46.2...8.1...1.63..9....1....5..8....3....79361..';
const S1 = '479253861628179543513648297835794612792861435146325978361482759984517326257936184';
const tmp = mkdtempSync(join(tmpdir(), 'sp-pack-'));
const project = join(tmp, 'project');
let files: string[] = [];

function run(cmd: string, args: string[], cwd: string, input?: string) {
  const r = spawnSync(cmd, args, { cwd, input, encoding: 'utf8', env: { ...process.env, CI: '1' } });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

beforeAll(() => {
  // dist/ is fresh (the global setup builds it), so packing needs no build of its own.
  const packed = run('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', tmp], ROOT);
  expect(packed.status, packed.stderr).toBe(0);
  const info = JSON.parse(packed.stdout.slice(packed.stdout.indexOf('['))) as { filename: string; files: { path: string }[] }[];
  files = info[0].files.map((f) => f.path);
  const modules = join(project, 'node_modules');
  const installed = join(modules, 'sudoku-press');
  mkdirSync(installed, { recursive: true });
  const untar = run('tar', ['-xzf', join(tmp, info[0].filename), '-C', installed, '--strip-components=1'], tmp);
  expect(untar.status, untar.stderr).toBe(0);
  for (const dep of [...Object.keys(pkg.dependencies), 'typescript', '@types/node']) {
    mkdirSync(join(modules, dep, '..'), { recursive: true });
    symlinkSync(join(ROOT, 'node_modules', dep), join(modules, dep), 'dir');
  }
  mkdirSync(join(modules, '.bin'));
  symlinkSync('../sudoku-press/dist/cli/main.js', join(modules, '.bin', 'sudoku-press'));
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module', dependencies: { 'sudoku-press': pkg.version } }));
}, 120_000);

describe('the packed package', () => {
  it('ships the built code with its types, the licence, schemas, example jobs and templates, and no sources or tests', () => {
    for (const f of ['package.json', 'README.md', 'LICENSE', 'dist/index.js', 'dist/index.d.ts', 'dist/cli/main.js', 'schema/job.schema.json', 'schema/daily.schema.json', 'config/book.yaml', 'templates/letter-4up.json', 'examples/quick-start.mjs']) {
      expect(files, f).toContain(f);
    }
    expect(files.filter((f) => f.startsWith('src/') || f.startsWith('test/') || f.startsWith('bench/'))).toEqual([]);
  });

  it('type-checks from strict TypeScript', () => {
    writeFileSync(
      join(project, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: { target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', strict: true, noEmit: true, skipLibCheck: true, types: ['node'] },
        include: ['*.ts'],
      }),
    );
    writeFileSync(
      join(project, 'use.ts'),
      `import { countSolutions, generate, grade, solve, loadJob, UserError, type GradeResult, type JobConfig, type SolveResult } from 'sudoku-press';
const made = generate({ seed: 1, symmetry: 'rotational' });
const n: number = countSolutions(made.puzzle);
const s: SolveResult = solve(made.puzzle);
const g: GradeResult = grade(made.puzzle);
const bucket: string = g.bucket;
const job: (file: string) => JobConfig = loadJob;
// A wrong use is caught by the types (tsc fails on an unused @ts-expect-error).
// @ts-expect-error: not a symmetry
generate({ symmetry: 'spiral' });
export const out = [n, s.solution, bucket, job, UserError];
`,
    );
    const tsc = run(process.execPath, [join(project, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json'], project);
    expect(tsc.stdout + tsc.stderr).toBe('');
    expect(tsc.status).toBe(0);
  }, 60_000);

  it('imports from plain ESM', () => {
    writeFileSync(
      join(project, 'use.mjs'),
      `import { solve, grade } from 'sudoku-press';\nconsole.log(solve(process.argv[2]).solution, grade(process.argv[2]).bucket);\n`,
    );
    const r = run(process.execPath, ['use.mjs', P1], project);
    expect(r.stderr).toBe('');
    expect(r.stdout).toMatch(new RegExp(`^${S1} (easy|medium|hard|beyond)\\n$`));
  });

  it('runs its bin from the project', () => {
    const bin = join(project, 'node_modules/.bin/sudoku-press');
    expect(run(bin, ['--version'], project).stdout).toBe(`${pkg.version}\n`);
    expect(run(bin, ['solve'], project, `${P1}\n`).stdout).toBe(`${S1}\n`);
    expect(run(bin, ['book', '--workers', 'x'], project).stderr).toMatch(/option '--workers <k>' argument 'x' is invalid/);
    const help = run(bin, ['book', '--help'], project);
    expect(help.stdout.replace(/\s+/g, ' ')).toContain('default: config/book.yaml here, else the one in the package');
    const init = run(bin, ['init', 'puzzles'], project);
    expect(init.status, init.stderr).toBe(0);
    expect(readFileSync(join(project, 'puzzles/book.yaml'), 'utf8')).toMatch(/^# yaml-language-server: \$schema=\.\.\/node_modules\/sudoku-press\/schema\/job\.schema\.json\n/);
  });
});

describe('install scripts', () => {
  it('allowScripts covers every package of the lockfile with an install script, so npm ci builds them without a warning', () => {
    const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { allowScripts?: Record<string, boolean> };
    const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as { packages: Record<string, { hasInstallScript?: boolean; version: string }> };
    const withScripts = Object.entries(lock.packages)
      .filter(([, p]) => p.hasInstallScript)
      .map(([path, p]) => ({ name: path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length), version: p.version }));
    expect(withScripts.map((p) => p.name)).toContain('better-sqlite3');
    for (const p of withScripts) expect(manifest.allowScripts?.[p.name] ?? manifest.allowScripts?.[`${p.name}@${p.version}`], p.name).toBe(true);
  });
});
