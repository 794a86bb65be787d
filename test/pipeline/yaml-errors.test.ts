import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadJob } from '../../src/pipeline/job.js';

const tmp = mkdtempSync(join(tmpdir(), 'sp-yaml-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function problem(text: string): string {
  const file = join(tmp, 'job.yaml');
  writeFileSync(file, text);
  try {
    loadJob(file);
  } catch (e) {
    return (e as Error).message.replace(file, 'job.yaml');
  }
  throw new Error('no error');
}

describe('YAML syntax errors name the line and column of the offending token', () => {
  it.each([
    ['an unclosed flow sequence', 'name: x\nseed: 1\nsections:\n  - { title: A, bucket: easy, count: 2 }\n  - [a, b\nlayout: 3\n', /^job\.yaml:6:1 Flow sequence/],
    ['a duplicate key', 'name: x\nseed: 1\nname: y\n', /^job\.yaml:3:1 Map keys must be unique/],
    ['an unclosed quote', 'title: t\nname: "x\nseed: 1\n', /^job\.yaml:4:1 Missing closing "quote/],
    ['a tab for indentation', 'name: x\n\tseed: 1\n', /^job\.yaml:2:1 Tabs are not allowed as indentation/],
    ['a second document', 'name: x\n---\nseed: 2\n', /^job\.yaml:2:1 Source contains multiple documents/],
    ['a key continued on the next line', 'name: x\n  seed: 1\n', /^job\.yaml:1:7 /],
  ])('%s', (_, text, expected) => {
    expect(problem(text)).toMatch(expected);
  });
});
