// After tsc: make the command line executable and write the job schemas (schema/*.json) from
// the job checkers (src/job-schema.ts), so they always match the code that was built.
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { schemaFiles } from '../dist/job-schema.js';

chmodSync(new URL('../dist/cli/main.js', import.meta.url), 0o755);
const dir = new URL('../schema/', import.meta.url);
mkdirSync(dir, { recursive: true });
for (const [name, text] of Object.entries(schemaFiles())) {
  const file = new URL(name, dir);
  let old = '';
  try {
    old = readFileSync(file, 'utf8');
  } catch {
    // first build
  }
  if (old !== text) writeFileSync(file, text);
}
