// After tsc: bundle the web edition's player for browsers (esbuild). The hint worker (the grader
// and src/web/hint.ts) becomes one script, embedded as text in the <sudoku-daily> element's
// module, which starts it from a blob: dist/web/sudoku-daily.js is the one file a page needs.
// Each client source is also written alone to dist/web/client/ (what the build's freshness check
// looks for).
import { build } from 'esbuild';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../', import.meta.url));
const client = `${root}src/web/client/`;
const common = { bundle: true, minify: true, platform: 'browser', target: 'es2022', legalComments: 'none', logLevel: 'error' };

const worker = await build({ ...common, entryPoints: [`${client}hint-worker.ts`], format: 'iife', write: false });
const workerSource = worker.outputFiles[0].text;
await build({
  ...common,
  entryPoints: [`${client}element.ts`],
  format: 'esm',
  outfile: `${root}dist/web/sudoku-daily.js`,
  define: { __HINT_WORKER__: JSON.stringify(workerSource) },
});
await build({
  entryPoints: readdirSync(client).filter((f) => f.endsWith('.ts')).map((f) => client + f),
  outdir: `${root}dist/web/client`,
  format: 'esm',
  platform: 'browser',
  logLevel: 'error',
  define: { __HINT_WORKER__: '""' },
});
