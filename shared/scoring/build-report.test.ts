import { describe, expect, it } from 'vitest';
import { buildReport, deriveSeed } from './build-report.ts';
import { DEFAULT_REPORT_OPTIONS } from './report-input.ts';
import { emptyStudy, smallStudy } from './test-fixtures.ts';

const OPTIONS = { ...DEFAULT_REPORT_OPTIONS, replicates: 200, generatedAt: '2025-01-01T00:00:00.000Z' };

describe('buildReport', () => {
  it('has every section and says how it was made', () => {
    const report = buildReport(smallStudy(), OPTIONS);
    expect(Object.keys(report)).toEqual([
      'meta',
      'verdict',
      'extractor_vs_gold',
      'error_classes',
      'agreement',
      'alt_test',
      'metrics',
      'corrected',
      'rankings',
      'claims',
      'planning',
    ]);
    expect(report.meta).toMatchObject({ seed: 2025, replicates: 200, primary_extractor: 'x', sample: null });
    expect(report.meta.notes[0]).toContain('No sample has been drawn');
  });

  it('resamples sections 1–2 over the whole sample when a design stratum has fewer than 10 gold, and says so', () => {
    const study = smallStudy();
    const ids = study.arguments.map((argument) => argument.id);
    const design = {
      version: 1,
      strataBy: ['model', 'test'],
      excludedPrevious: false,
      strata: ids.map((argumentId) => ({ argumentId, stratum: 'model=m|test=1' })),
      sampled: ids,
    };
    const report = buildReport({ ...study, design }, OPTIONS);
    const note = report.meta.notes.find((line) => line.startsWith('Sections 1–2'));
    expect(note).toContain('over the whole sample, not within the design');
    expect(note).toContain('fewer than 10');
    // The same resampling as without a design: the same draws, so the same interval.
    const plain = buildReport(study, OPTIONS);
    expect(report.extractor_vs_gold.x?.micro.recall.ci).toEqual(plain.extractor_vs_gold.x?.micro.recall.ci);
  });

  it('is a function of its input and seed', () => {
    expect(buildReport(smallStudy(), OPTIONS)).toEqual(buildReport(smallStudy(), OPTIONS));
    const other = buildReport(smallStudy(), { ...OPTIONS, seed: 7 });
    expect(other.extractor_vs_gold.x?.micro.precision.value).toBe(
      buildReport(smallStudy(), OPTIONS).extractor_vs_gold.x?.micro.precision.value,
    );
  });

  it('skips every bootstrap with 0 replicates and says so', () => {
    const report = buildReport(smallStudy(), { ...OPTIONS, replicates: 0 });
    expect(report.extractor_vs_gold.x?.micro.recall.ci).toBeNull();
    expect(report.extractor_vs_gold.x?.micro.recall.wilson).not.toBeNull();
    expect(report.meta.notes.join(' ')).toContain('no bootstrap intervals');
  });

  it('reports an empty study as n/a throughout, without throwing', () => {
    const report = buildReport(emptyStudy('empty'), OPTIONS);
    expect(report.extractor_vs_gold).toEqual({});
    expect(report.agreement.items).toBe(0);
    expect(report.agreement.cohen_kappa.value).toBeNull();
    expect(report.metrics).toEqual({});
    expect(report.rankings).toEqual({});
    expect(report.verdict.acch).toContain('cannot be checked');
  });

  it('runs the alternative annotator test for every extractor with the ε and alignment asked for', () => {
    const report = buildReport(smallStudy(), { ...OPTIONS, altEpsilon: 0.1, altAlignment: 'accuracy' });
    expect(Object.keys(report.alt_test)).toEqual(['x']);
    // The small study has no annotations: nothing to compare the extractor with.
    expect(report.alt_test.x).toMatchObject({
      epsilon: 0.1,
      alignment: 'accuracy',
      status: 'no_data',
      passed: false,
    });
    expect(report.meta).toMatchObject({ alt_epsilon: 0.1, alt_alignment: 'accuracy' });
    expect(report.verdict.alt_test).toContain(
      "x: not tested — no argument has two annotators and the extractor's output",
    );
    expect(buildReport(smallStudy(), OPTIONS).alt_test.x?.epsilon).toBe(0.2);
  });

  it('derives distinct, valid seeds for its streams', () => {
    expect([0, 1, 2].map((k) => deriveSeed(2025, k))).toEqual([2025, 2026, 2027]);
    expect(deriveSeed(-1, 1)).toBe(0);
    expect(deriveSeed(Number.MAX_SAFE_INTEGER, 2)).toBeLessThan(2 ** 32);
  });
});
