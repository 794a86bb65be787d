/**
 * The raw drawing operators of a PDF: every page content stream, inflated. pdfjs turns all
 * colours into RGB when it reads them, so colour-space checks read the streams themselves.
 */
import { readFileSync } from 'node:fs';
import { inflateSync } from 'node:zlib';

/** Inflated content streams (fonts, font programs and CMaps left out). */
export function contentStreams(file: string): string[] {
  const bytes = readFileSync(file);
  const text = bytes.toString('latin1');
  const out: string[] = [];
  const re = /\d+ 0 obj\s*<<((?:(?!endobj)[\s\S])*?)>>\s*stream\r?\n/g;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const dict = m[1];
    const length = Number(/\/Length (\d+)/.exec(dict)?.[1] ?? NaN);
    if (!Number.isFinite(length) || /\/Length1|\/Subtype|\/Type \/(XRef|ObjStm)/.test(dict)) continue;
    const start = m.index + m[0].length;
    const raw = bytes.subarray(start, start + length);
    const body = /\/FlateDecode/.test(dict) ? inflateSync(raw).toString('latin1') : raw.toString('latin1');
    // Content streams are ASCII; binary ones are font programs and maps.
    if (body.includes('begincmap') || /[\x00-\x08\x0e-\x1f\x7f-\xff]/.test(body)) continue;
    out.push(body);
    re.lastIndex = start + length;
  }
  return out;
}

/** Every colour-setting operator with its operands, e.g. ["0 0 0 1", "scn"]. */
export function colourOps(streams: string[]): [string, string][] {
  const ops: [string, string][] = [];
  // An operator is a whole token: "/DeviceCMYK" does not end in the operator K.
  const re = /(?<=^|\s)((?:-?[\d.]+\s+){0,4})(rg|RG|k|K|g|G|sc|SC|scn|SCN)(?=\s)/gm;
  for (const s of streams) for (const m of s.matchAll(re)) ops.push([m[1].trim(), m[2]]);
  return ops;
}

/** Every line width set (the `w` operator). */
export function lineWidths(streams: string[]): number[] {
  const out: number[] = [];
  for (const s of streams) for (const m of s.matchAll(/(?:^|\s)([\d.]+) w(?=\s)/g)) out.push(Number(m[1]));
  return out;
}

/** The check every printed file passes: no RGB anywhere, every colour black ink (C = M = Y = 0). */
export function blackOnlyProblems(file: string): string[] {
  const problems: string[] = [];
  const all = readFileSync(file).toString('latin1');
  if (all.includes('/DeviceRGB')) problems.push('a DeviceRGB colour space');
  const streams = contentStreams(file);
  if (streams.length === 0) problems.push('no content streams found');
  if (streams.some((s) => s.includes('/DeviceRGB'))) problems.push('a DeviceRGB colour space in a content stream');
  for (const [operands, op] of colourOps(streams)) {
    const v = operands.split(/\s+/).map(Number);
    if (op === 'rg' || op === 'RG') problems.push(`RGB colour "${operands} ${op}"`);
    else if ((op === 'k' || op === 'K' || op === 'scn' || op === 'SCN' || op === 'sc' || op === 'SC') && v.length === 4 && (v[0] || v[1] || v[2]))
      problems.push(`colour ink "${operands} ${op}"`);
    else if ((op === 'scn' || op === 'SCN' || op === 'sc' || op === 'SC') && v.length !== 4 && v.length !== 1) problems.push(`colour "${operands} ${op}"`);
  }
  return problems;
}
