import { Option, type Command } from 'commander';
import { writeOut } from '../io.js';
import { choiceOption, nonNegativeInt } from '../options.js';
import { Progress } from '../progress.js';

export function registerAudit(program: Command): void {
  program
    .command('audit')
    .argument('<files...>', "puzzle files, jsonl from this tool, or a bank ('-' for standard input)")
    .addOption(choiceOption('--format <format>', 'output format', ['text', 'json', 'csv'], 'text'))
    .option('--out <dir>', 'also write report.json, report.csv, report.txt and report.pdf (bar charts) here')
    .addOption(new Option('--workers <k>', 'worker threads (default: one per core; 0: main thread)').argParser(nonNegativeInt))
    .action(async (files: string[], opts: { format: 'text' | 'json' | 'csv'; out?: string; workers?: number }) => {
      const [{ auditFiles }, { auditCsv, auditText }, { checkWorkers, defaultWorkers }, { checkWritableFolder }] = await Promise.all([
        import('../../audit/audit.js'),
        import('../../audit/format.js'),
        import('../../workers/pool.js'),
        import('../../core/writable.js'),
      ]);
      // Told before the audit, not after it.
      if (opts.workers !== undefined) checkWorkers(opts.workers, '--workers');
      if (opts.out) checkWritableFolder(opts.out, '--out');
      const workers = opts.workers ?? defaultWorkers();
      const progress = new Progress('audit', 0);
      const report = await auditFiles(files, workers, (n) => progress.update(n));
      progress.done();
      const text = auditText(report);
      const csv = auditCsv(report);
      const json = JSON.stringify(report, null, 2) + '\n';
      await writeOut(opts.format === 'json' ? json : opts.format === 'csv' ? csv : text);
      if (opts.out) {
        const { renderAuditPdf } = await import('../../typeset/render-report-pdf.js');
        const pdf = await renderAuditPdf(report, new Date('2026-01-01T00:00:00Z'));
        // The four reports are one set: all new or, when writing fails, all as they were.
        const { writeOutputSet } = await import('../../core/output-set.js');
        writeOutputSet(
          opts.out,
          [
            { name: 'report.json', data: json },
            { name: 'report.csv', data: csv },
            { name: 'report.txt', data: text },
            { name: 'report.pdf', data: pdf },
          ],
          { what: 'audit report' },
        );
      }
    });
}
