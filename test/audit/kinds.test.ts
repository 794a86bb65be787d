/** `audit` of a collection mixing 9x9 classic lines with JSON lines of other kinds. */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { Bank } from '../../src/bank/bank.js';
import { kindFields } from '../../src/bank/kinds.js';
import { Geometry } from '../../src/geometry/geometry.js';
import { puzzleJson } from '../../src/geometry/json.js';
import { makeKindPuzzle } from '../../src/geometry/make.js';
import { bucketOfKind, rateKind } from '../../src/geometry/rate.js';
import { squareMap } from '../../src/geometry/square.js';
import { graderId } from '../../src/grader/grade.js';
import { runCli } from '../helpers/cli.js';

const tmp = mkdtempSync(join(tmpdir(), 'sp-audit-kinds-'));

describe('audit of every kind', () => {
  const jigsaw = makeKindPuzzle({ kind: 'jigsaw', size: 9, symmetry: 'none' }, 'audit jigsaw');
  const six = makeKindPuzzle({ kind: 'classic', size: 6, symmetry: 'none' }, 'audit six');
  const killer = makeKindPuzzle({ kind: 'killer', size: 6, symmetry: 'none' }, 'audit killer');
  // The jigsaw turned a half turn with its regions: the same puzzle, a duplicate.
  const m = squareMap(2, 9);
  const turn = (a: ArrayLike<number>) => {
    const out = new Uint8Array(81);
    for (let i = 0; i < 81; i++) out[m[i]] = a[i];
    return out;
  };
  const turned = puzzleJson(new Geometry({ kind: 'jigsaw', size: 9, regions: turn(jigsaw.geometry.regions) }), turn(jigsaw.puzzle));
  // The 6x6 with a clue too few: several solutions, or with one more than it needs: not minimal.
  const fewer = six.puzzle.slice();
  fewer[fewer.findIndex((d) => d !== 0)] = 0;
  const more = six.puzzle.slice();
  const blank = more.findIndex((d) => d === 0);
  more[blank] = six.solution[blank];
  const lines = [
    readFileSync('test/fixtures/audit/collection.txt', 'utf8').split('\n')[1],
    JSON.stringify(puzzleJson(jigsaw.geometry, jigsaw.puzzle)),
    JSON.stringify(puzzleJson(six.geometry, six.puzzle)),
    JSON.stringify(turned),
    JSON.stringify(puzzleJson(six.geometry, fewer)),
    JSON.stringify(puzzleJson(six.geometry, more)),
    JSON.stringify({ ...puzzleJson(jigsaw.geometry, jigsaw.puzzle), regions: 'A'.repeat(81) }),
    JSON.stringify(puzzleJson(killer.geometry, killer.puzzle)),
  ];
  const file = join(tmp, 'mixed.jsonl');
  writeFileSync(file, lines.join('\n') + '\n');
  let json: ReturnType<typeof JSON.parse>;
  beforeAll(() => {
    const r = runCli(['audit', file, '--format', 'json', '--workers', '0']);
    expect(r.status, r.stderr).toBe(0);
    json = JSON.parse(r.stdout);
  }, 60_000);

  it('checks each kind by its own rules: solutions counted, minimality, duplicates by canonical form within the kind', () => {
    expect(json.total).toBe(8);
    expect(json.problemLines.map((p: { line: number; problem: string }) => `${p.line}:${p.problem}`)).toEqual(['4:duplicate', '5:multiple', '6:notMinimal', '7:malformed']);
    expect(json.problemLines[3].detail).toMatch(/regions: expected 9 regions, got 1/);
    expect(json.valid).toBe(6);
  });

  it('gives each kind its own distribution of buckets and SE-like ratings, apart from 9x9 classic', () => {
    expect(Object.keys(json.kinds)).toEqual(['classic 6x6', 'jigsaw 9x9', 'killer 6x6']);
    const r = rateKind(jigsaw.geometry, jigsaw.puzzle);
    expect(json.kinds['jigsaw 9x9'].valid).toBe(2);
    expect(json.kinds['jigsaw 9x9'].buckets).toEqual({ [bucketOfKind('jigsaw', 9, r.rating) ?? 'beyond']: 2 });
    expect(json.kinds['jigsaw 9x9'].ratings).toEqual({ [r.solved ? r.rating.toFixed(1) : 'beyond']: 2 });
    expect(json.kinds['classic 6x6'].valid).toBe(2);
    // 9x9 classic figures hold the classic line only.
    expect(Object.values(json.buckets as Record<string, number>).reduce((a, b) => a + b, 0)).toBe(1);
    const text = runCli(['audit', file, '--workers', '0']).stdout;
    expect(text).toMatch(/^jigsaw 9x9: 2 valid puzzles \(its own buckets, SE-like ratings; not in the figures above\)$/m);
  });

  it('reads the kinds of a bank', () => {
    const bankFile = join(tmp, 'bank.sqlite');
    const b = Bank.open(bankFile);
    b.add([{ ...kindFields(six.geometry, six.puzzle, six.solution), bucket: 'easy', rating: 1, hardest: null, techniques: {}, grader: graderId(), seed: 's' }]);
    b.close();
    const r = runCli(['audit', bankFile, '--format', 'json', '--workers', '0']);
    expect(r.status, r.stderr).toBe(0);
    const report = JSON.parse(r.stdout);
    expect(report.kinds['classic 6x6'].valid).toBe(1);
    expect(report.confusion).toEqual({});
  });
});
