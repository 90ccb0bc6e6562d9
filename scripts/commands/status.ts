import type { Command } from 'commander';
import { studyOverview } from '../../server/services/study/index.ts';
import type { StudyOverview } from '../../shared/api.ts';
import { type CliIo, type GlobalOptions, withDatabase } from '../io.ts';

export function registerStatus(program: Command, io: CliIo, globals: () => GlobalOptions): void {
  program
    .command('status')
    .description("counts of the study's records, per kind, model and test")
    .option('--json', 'print JSON', false)
    .action(async (options: { json: boolean }) => {
      const overview = await withDatabase(
        globals,
        io,
        async (db) => await studyOverview(db, globals().study),
      );
      io.stdout(options.json ? `${JSON.stringify(overview, null, 2)}\n` : formatOverview(overview));
    });
}

export function formatOverview(overview: StudyOverview): string {
  const { totals } = overview;
  const lines = [
    `study "${overview.study}"`,
    `  triples      ${totals.triples} (${Object.entries(overview.triplesByMode)
      .map(([mode, count]) => `${mode} ${count}`)
      .join(', ')})`,
    `  arguments    ${totals.arguments}${overview.sources.map((entry) => ` (${entry.arguments} ${entry.source})`).join('')}`,
    `  extractions  ${totals.extractions} (${totals.failedExtractions} failed)`,
    `  annotations  ${totals.annotations} submitted`,
    `  gold         ${totals.gold}`,
    `  reported     ${totals.reportedValues} value(s)`,
  ];
  if (overview.models.length > 0) {
    const width = Math.max(5, ...overview.models.map((model) => model.model.length));
    lines.push(
      '',
      `  ${'model'.padEnd(width)}  ${overview.tests.map((test) => `test ${test} (args/extr)`).join('  ')}`,
    );
    for (const model of overview.models) {
      const cells = model.byTest.map((cell) => `${cell.arguments}/${cell.extractions}`.padEnd(20));
      lines.push(`  ${model.model.padEnd(width)}  ${cells.join('  ').trimEnd()}`);
    }
  }
  if (overview.sample) {
    const { sample } = overview;
    lines.push(
      '',
      `  sample       version ${sample.version}: ${sample.drawn} argument(s) over ${sample.strata} strata (${sample.strataBy.join(' × ')}), seed ${sample.seed}`,
    );
  }
  if (overview.assignments.length > 0) {
    lines.push('', '  assignments');
    for (const row of overview.assignments)
      lines.push(
        `    ${row.annotator.padEnd(16)} ${row.assigned} assigned, ${row.submitted} submitted, ${row.drafts} draft(s)`,
      );
  }
  if (overview.extractors.length > 0) {
    lines.push('', '  extractors');
    for (const extractor of overview.extractors)
      lines.push(`    ${extractor.name}: ${extractor.extracted} extracted, ${extractor.failed} failed`);
  }
  return `${lines.join('\n')}\n`;
}
