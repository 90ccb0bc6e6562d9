import { describe, expect, it } from 'vitest';
import { type ReportView, rankingOrder, reportViewSchema } from './report-view.ts';
import { buildReport, DEFAULT_REPORT_OPTIONS, type Report } from './scoring/index.ts';
import { emptyStudy, smallStudy } from './scoring/test-fixtures.ts';

const OPTIONS = { ...DEFAULT_REPORT_OPTIONS, replicates: 50, generatedAt: '2025-01-01T00:00:00.000Z' };

/** The report as the API sends it: through JSON. */
function overTheWire(report: Report): unknown {
  return JSON.parse(JSON.stringify(report));
}

describe('reportViewSchema', () => {
  it('reads a built report as the API sends it', () => {
    const report = buildReport(smallStudy(), OPTIONS);
    const view = reportViewSchema.parse(overTheWire(report));
    expect(view.extractor_vs_gold.x?.micro.tp).toBe(report.extractor_vs_gold.x?.micro.tp);
    expect(view.claims.acch_above.by_model).toEqual(report.claims.acch_above.by_model);
  });

  it('reads the report of an empty study', () => {
    const empty = buildReport(emptyStudy('empty'), OPTIONS);
    expect(reportViewSchema.safeParse(overTheWire(empty)).success).toBe(true);
  });

  it('accepts keys it does not read, and refuses a figure of the wrong shape', () => {
    const wire = overTheWire(buildReport(smallStudy(), OPTIONS)) as { meta: Record<string, unknown> };
    wire.meta.added_later = { anything: true };
    expect(reportViewSchema.safeParse(wire).success).toBe(true);
    const broken = overTheWire(buildReport(smallStudy(), OPTIONS)) as {
      agreement: { cohen_kappa: { value: unknown } };
    };
    broken.agreement.cohen_kappa.value = '0.5';
    const result = reportViewSchema.safeParse(broken);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['agreement', 'cohen_kappa', 'value']);
  });

  it('is satisfied by every Report (checked by the compiler)', () => {
    const report: Report = buildReport(smallStudy(), OPTIONS);
    const view: ReportView = report;
    expect(view.meta.study).toBe(report.meta.study);
  });
});

describe('rankingOrder', () => {
  it('reads a source’s order, and nothing for a source the ranking lacks', () => {
    const view = reportViewSchema.parse(overTheWire(buildReport(smallStudy(), OPTIONS)));
    const [key, ranking] = Object.entries(view.rankings)[0] ?? [];
    expect(key).toBeDefined();
    if (!ranking) return;
    expect(rankingOrder(ranking, 'gold').length).toBeGreaterThan(0);
    expect(rankingOrder(ranking, 'nobody')).toEqual([]);
    expect(rankingOrder(ranking, 'values')).toEqual([]);
  });
});
