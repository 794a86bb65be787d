/**
 * Runs once before the tests: makes sure dist/ (what the CLI tests run) is built from the
 * current sources, rebuilding when any source is newer than its output, and gives the run one
 * temporary folder (TMPDIR, inherited by the test workers and the commands they start) that
 * is removed at the end, so no test leaves files behind.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../', import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}

/** The sources whose built file is missing or older than them (all of them if the config changed). */
export function staleSources(): string[] {
  const src = join(ROOT, 'src');
  const config = statSync(join(ROOT, 'tsconfig.json')).mtimeMs;
  return sources(src).filter((file) => {
    const out = join(ROOT, 'dist', relative(src, file).replace(/\.ts$/, '.js'));
    if (!existsSync(out)) return true;
    const built = statSync(out).mtimeMs;
    return built < statSync(file).mtimeMs || built < config;
  });
}

export default function setup(): () => void {
  const stale = staleSources();
  if (stale.length > 0) {
    const r = spawnSync('npm', ['run', 'build', '--silent'], { cwd: ROOT, encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`dist/ is out of date (${stale.length} sources changed) and the build failed:\n${r.stdout}${r.stderr}`);
  }
  const previous = process.env.TMPDIR;
  const tmp = mkdtempSync(join(tmpdir(), 'sudoku-press-test-'));
  process.env.TMPDIR = tmp;
  return () => {
    rmSync(tmp, { recursive: true, force: true });
    if (previous === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = previous;
  };
}
