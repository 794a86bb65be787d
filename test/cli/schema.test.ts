import Ajv from 'ajv';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadDailyJob } from '../../src/daily/daily-job.js';
import { loadJob } from '../../src/pipeline/job.js';
import { checkerKeys, schemaFiles } from '../../src/job-schema.js';
import { ROOT } from '../helpers/cli.js';

const schemas = schemaFiles();
const ajv = new Ajv({ allErrors: true, strict: false });
const validateBook = ajv.compile(JSON.parse(schemas['job.schema.json']));
const validateDaily = ajv.compile(JSON.parse(schemas['daily.schema.json']));
const configs = readdirSync(join(ROOT, 'config')).filter((f) => f.endsWith('.yaml'));
const isDaily = (text: string) => /^schedule:/m.test(text);

describe('job schemas', () => {
  it('are shipped as generated from the job checkers (schema/ is up to date)', () => {
    for (const [name, text] of Object.entries(schemas)) expect(readFileSync(join(ROOT, 'schema', name), 'utf8'), `schema/${name}: run npm run build`).toBe(text);
  });

  it('validate every example config, and each config names its schema for editors', () => {
    expect(configs.length).toBeGreaterThanOrEqual(5);
    for (const name of configs) {
      const text = readFileSync(join(ROOT, 'config', name), 'utf8');
      const daily = isDaily(text);
      const ref = /^# yaml-language-server: \$schema=(\S+)$/m.exec(text.split('\n')[0]);
      expect(ref, `${name}: first line names the schema`).not.toBeNull();
      expect(ref![1]).toBe(`../schema/${daily ? 'daily' : 'job'}.schema.json`);
      expect(existsSync(join(ROOT, 'config', ref![1]))).toBe(true);
      const validate = daily ? validateDaily : validateBook;
      expect(validate(parse(text)), `${name}: ${ajv.errorsText(validate.errors)}`).toBe(true);
      // and the checker agrees
      expect(() => (daily ? loadDailyJob : loadJob)(join(ROOT, 'config', name))).not.toThrow();
    }
  });

  it('agree with the checker on the test jobs: good ones pass, misspelt keys and wrong types fail', () => {
    const dir = join(ROOT, 'test/fixtures/jobs');
    for (const name of ['small.yaml', 'small-trade.yaml', 'big.yaml', 'impossible.yaml']) {
      expect(validateBook(parse(readFileSync(join(dir, name), 'utf8'))), `${name}: ${ajv.errorsText(validateBook.errors)}`).toBe(true);
    }
    for (const name of ['unknown-key.yaml', 'bad-count.yaml', 'bad-template.yaml', 'bad-technique.yaml', 'missing-seed.yaml']) {
      expect(() => loadJob(join(dir, name)), name).toThrow();
      expect(validateBook(parse(readFileSync(join(dir, name), 'utf8'))), name).toBe(false);
    }
  });

  it('list exactly the keys the checker accepts at each level', () => {
    const book = JSON.parse(schemas['job.schema.json']);
    const base = { name: 'x', title: 'X', seed: 1, sections: [{ title: 'A', bucket: 'easy', count: 1 }] };
    expect(Object.keys(book.properties)).toEqual(checkerKeys(loadJob, base, []));
    expect(Object.keys(book.properties.layout.properties)).toEqual(checkerKeys(loadJob, base, ['layout']));
    expect(Object.keys(book.properties.sections.items.properties)).toEqual(checkerKeys(loadJob, base, ['sections', 0]));
    expect(Object.keys(book.properties.layout.properties)).toContain('margins');
    expect(book.properties.generator.properties.fill.enum).toContain('uniform');
    // A probe that is no mapping for the checker is an error, not an empty key list.
    expect(() => checkerKeys(loadJob, base, ['title'])).toThrow(/did not list the keys/);
  });
});

