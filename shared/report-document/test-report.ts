import { type ReportView, reportViewSchema } from '../report-view.ts';
import { buildReport, DEFAULT_REPORT_OPTIONS } from '../scoring/index.ts';
import { smallStudy } from '../scoring/test-fixtures.ts';

/**
 * The small study's report (shared/scoring/test-fixtures.ts: models m1 and m2 on Test 1, extractor
 * x, four gold arguments, no sample) as the screen receives it, through JSON — for the tests of the
 * document and the charts. `replicates` 0 leaves the bootstrap out, so every figure is deterministic.
 */
export function smallReportView(replicates = 0): ReportView {
  const report = buildReport(smallStudy(), {
    ...DEFAULT_REPORT_OPTIONS,
    replicates,
    generatedAt: '2025-01-01T00:00:00.000Z',
  });
  return reportViewSchema.parse(JSON.parse(JSON.stringify(report)));
}
