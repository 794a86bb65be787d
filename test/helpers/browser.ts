/**
 * A real browser for the web edition's tests: Debian's Chromium (or any Chromium-family build)
 * driven by playwright-core. Found through CHROMIUM_PATH, else the usual names on PATH. Without
 * one, the tests skip and say how to install it, except under CI=true, where a missing browser
 * fails the run. Also: a loopback HTTP server for a folder, and axe-core for WCAG checks.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { delimiter, extname, join, normalize } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';

const NAMES = ['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable'];

/** The browser's path, or null when there is none. */
export function findChromium(): string | null {
  const env = process.env.CHROMIUM_PATH;
  if (env) return existsSync(env) ? env : null;
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    for (const name of NAMES) {
      const file = join(dir, name);
      if (dir && existsSync(file)) return file;
    }
  }
  return null;
}

export const NO_BROWSER =
  'web edition browser tests SKIPPED: no Chromium found (set CHROMIUM_PATH, or install one: apt-get install -y --no-install-recommends chromium)';

/** Whether the browser tests can run; under CI=true a missing browser is an error. */
export function browserAvailable(): boolean {
  const found = findChromium() !== null;
  if (!found && process.env.CI === 'true') throw new Error(`no Chromium for the web edition's browser tests under CI: set CHROMIUM_PATH or install chromium`);
  if (!found) process.stderr.write(`${NO_BROWSER}\n`);
  return found;
}

/** Chromium headless, with nothing reaching outside hosts (these flags stop its background traffic). */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: findChromium()!,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic', '--disable-dev-shm-usage'],
  });
}

const TYPES: Record<string, string> = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.json': 'application/json', '.pdf': 'application/pdf', '.svg': 'image/svg+xml' };

/** A static server for `root` on 127.0.0.1; `url` ends with "/". */
export async function serveFolder(root: string): Promise<{ url: string; close: () => Promise<void> }> {
  const server: Server = createServer((req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname));
    const file = join(root, path.endsWith('/') ? `${path}index.html` : path);
    if (!file.startsWith(root) || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(readFileSync(file));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

export interface AxeResult {
  violations: { id: string; impact: string | null; nodes: { target: unknown[]; failureSummary?: string }[] }[];
}

/** axe-core's WCAG 2.x A/AA rules on the page (shadow DOM included), offline. */
export async function runAxe(page: Page): Promise<AxeResult> {
  const source = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  await page.evaluate(source);
  return page.evaluate(() =>
    (globalThis as unknown as { axe: { run: (ctx: unknown, opts: unknown) => Promise<AxeResult> } }).axe.run(document, {
      runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'],
      resultTypes: ['violations'],
    }),
  );
}
