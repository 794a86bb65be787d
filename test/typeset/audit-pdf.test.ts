import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { emptyReport, type AuditReport } from '../../src/audit/audit.js';
import { TECHNIQUE_NAMES } from '../../src/grader/registry.js';
import { AUDIT_BOTTOM, auditPdfPlan, chartedTechniques, ratingBins, renderAuditPdf, stepFamily, TECH_ROWS_PER_PAGE } from '../../src/typeset/render-report-pdf.js';
import { runCliAsync } from '../helpers/cli.js';
import { readPdf, type PdfContent, type TextItem } from '../helpers/pdf.js';
import { blackOnlyProblems } from './pdf-ops.js';

const tmp = mkdtempSync(join(tmpdir(), 'sp-audit-pdf-'));
const HEADING = 'Puzzles using each technique, and needing it';

/** Every text of the PDF lies inside the page's margins: nothing ran on or was carried over. */
function outOfBounds(pdf: PdfContent): string[] {
  return pdf.pages.flatMap((items, i) => items.filter((t) => t.y > AUDIT_BOTTOM || t.y < 0 || t.x < 0 || t.x + t.width > 612).map((t) => `page ${i + 1}: "${t.str}" at ${t.x.toFixed(1)}, ${t.y.toFixed(1)}`));
}

/** The technique names printed on a page, top to bottom, with their items. */
function techniqueLabels(page: TextItem[], names: Set<string>): TextItem[] {
  return page.filter((t) => names.has(t.str) || t.str.endsWith('…')).sort((a, b) => a.y - b.y);
}

describe('audit PDF of the fixtures', () => {
  const runs: { name: string; file: string; report: AuditReport; pdf: PdfContent; pdfFile: string }[] = [];
  beforeAll(async () => {
    const inputs = [
      ['collection', 'test/fixtures/audit/collection.txt'],
      ['many', 'test/fixtures/audit/many-techniques.tsv'],
    ];
    await Promise.all(
      inputs.map(async ([name, file]) => {
        const out = join(tmp, name);
        const r = await runCliAsync(['audit', file, '--out', out, '--workers', '1']);
        expect(r.status, r.stderr).toBe(0);
        const pdfFile = join(out, 'report.pdf');
        runs.push({ name, file, report: JSON.parse(readFileSync(join(out, 'report.json'), 'utf8')), pdf: await readPdf(pdfFile), pdfFile });
      }),
    );
    runs.sort((a, b) => a.name.localeCompare(b.name));
  }, 120_000);
  const run = (name: string) => runs.find((r) => r.name === name)!;

  it('has the pages its plan lays out, every text inside the margins, black ink only', () => {
    for (const r of runs) {
      expect(r.pdf.pages.length, r.name).toBe(auditPdfPlan(r.report).length);
      expect(outOfBounds(r.pdf), r.name).toEqual([]);
      expect(blackOnlyProblems(r.pdfFile), r.name).toEqual([]);
    }
    expect(run('collection').pdf.pages).toHaveLength(2);
  });

  it('splits a long technique chart by design, continued under the same heading, every technique once in SE order', () => {
    const { report, pdf } = run('many');
    const rows = chartedTechniques(report);
    expect(rows.length).toBeGreaterThan(TECH_ROWS_PER_PAGE);
    const plan = auditPdfPlan(report);
    expect(plan.filter((p) => p.kind === 'techniques').length).toBe(Math.ceil(rows.length / TECH_ROWS_PER_PAGE));
    const headings = pdf.pages.map((p) => p.find((t) => t.str.startsWith(HEADING))?.str ?? null);
    expect(headings).toEqual([null, HEADING, `${HEADING} (continued)`]);
    const names = new Set(rows.map(([t]) => t));
    const printed = pdf.pages.flatMap((p) => techniqueLabels(p, names).map((t) => t.str));
    expect(printed).toEqual(rows.map(([t]) => t));
    // SE order: by registry position of the technique each name is a form of.
    const ranks = printed.map((t) => TECHNIQUE_NAMES.indexOf(stepFamily(t)!));
    expect(ranks.every((k) => k >= 0)).toBe(true);
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    expect(printed.indexOf('full-house')).toBe(printed.indexOf('hidden-single') + 1);
  });

  it('sets technique names apart: one a row, clear of the bars and their values', () => {
    const { report, pdf } = run('many');
    const names = new Set(chartedTechniques(report).map(([t]) => t));
    for (const page of pdf.pages.slice(1)) {
      const labels = techniqueLabels(page, names);
      for (let i = 1; i < labels.length; i++) expect(labels[i].y - labels[i - 1].y).toBeGreaterThanOrEqual(12);
      const values = page.filter((t) => /^\d+$/.test(t.str) && t.y < labels[labels.length - 1].y + 16);
      const rightmost = Math.max(...labels.map((t) => t.x + t.width));
      expect(Math.min(...values.map((t) => t.x))).toBeGreaterThan(rightmost);
    }
  });

  it('draws ratings as a histogram on a numeric axis: a numbered tick every 0.5 ER, empty bins kept, evenly spaced', () => {
    const { report, pdf } = run('many');
    const { bins } = ratingBins(report.ratings);
    expect(bins.some((b) => b.count === 0)).toBe(true);
    const edges = [...bins.map((b) => b.lo), bins[bins.length - 1].lo + 0.5].map((v) => v.toFixed(1));
    const page = pdf.pages[0];
    const title = page.find((t) => t.str === 'Puzzles per rating')!;
    const axis = page.find((t) => t.str.startsWith('rating (Sudoku Explainer ER)'))!;
    const ticks = page.filter((t) => t.y > title.y && t.y < axis.y && /^\d+\.\d$/.test(t.str)).sort((a, b) => a.x - b.x);
    expect(ticks.map((t) => t.str)).toEqual(edges);
    const centres = ticks.map((t) => t.x + t.width / 2);
    const step = centres[1] - centres[0];
    for (let i = 1; i < centres.length; i++) expect(centres[i] - centres[i - 1]).toBeCloseTo(step, 0);
  });
});

describe('audit PDF parts', () => {
  it('bins ratings by 0.5 ER from the lowest to the highest, empty bins kept, unrated apart', () => {
    expect(ratingBins({ '1.5': 2, '1.9': 1, '2.3': 1, '4.1': 1, beyond: 3 })).toEqual({
      bins: [
        { lo: 1.5, count: 3 },
        { lo: 2.0, count: 1 },
        { lo: 2.5, count: 0 },
        { lo: 3.0, count: 0 },
        { lo: 3.5, count: 0 },
        { lo: 4.0, count: 1 },
      ],
      beyond: 3,
    });
    expect(ratingBins({})).toEqual({ bins: [], beyond: 0 });
  });

  it('cuts a name too long for the name column with an ellipsis, and only that one', async () => {
    const r = emptyReport(['long.txt']);
    Object.assign(r, { total: 3, valid: 3, buckets: { hard: 3 }, ratings: { '7.2': 3 }, clues: { '24': 3 } });
    const long = `${'a-very-long-step-name-'.repeat(8)}chain`;
    r.techniques['hidden-single'] = { needed: 0, used: 3 };
    r.techniques[long] = { needed: 3, used: 3 };
    const file = join(tmp, 'long.pdf');
    writeFileSync(file, await renderAuditPdf(r, new Date('2026-01-01T00:00:00Z')));
    const pdf = await readPdf(file);
    expect(pdf.pages).toHaveLength(auditPdfPlan(r).length);
    const page = pdf.pages[1];
    const cut = page.filter((t) => t.str.endsWith('…'));
    expect(cut).toHaveLength(1);
    expect(long.startsWith(cut[0].str.slice(0, -1))).toBe(true);
    expect(cut[0].x).toBeGreaterThanOrEqual(54);
    expect(page.map((t) => t.str)).toContain('hidden-single');
    expect(outOfBounds(pdf)).toEqual([]);
  });
});
