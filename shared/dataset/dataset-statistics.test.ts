import { describe, expect, it } from 'vitest';
import { buildDatasetRecords } from './build-records.ts';
import { datasetStatistics } from './dataset-statistics.ts';
import { smallSource } from './test-fixtures.ts';

describe('datasetStatistics', () => {
  const records = () => buildDatasetRecords(smallSource(), { names: false });

  it('compares A and B of the doubly annotated arguments over 78 decisions each', () => {
    const { agreement } = datasetStatistics(records(), { seed: 1, replicates: 0, level: 0.95 });
    expect(agreement.items).toBe(1);
    expect(agreement.decisions).toBe(78);
    // A ticks current F1 and F2, B current F1: 77 of 78 decisions agree.
    expect(agreement.figures.percent_agreement.value).toBeCloseTo(77 / 78, 12);
  });

  it('scores each extractor against the gold, leaving failed output out and counting it', () => {
    const { extractors } = datasetStatistics(records(), { seed: 1, replicates: 0, level: 0.95 });
    const x = extractors.find((extractor) => extractor.name === 'x');
    // Gold current {F1, F2}; x {F1, F5}: tp 1, fp 1, fn 1.
    expect(x).toMatchObject({ items: 1, failed: 0, precision: { value: 0.5 }, recall: { value: 0.5 } });
    expect(extractors.find((extractor) => extractor.name === 'y')).toMatchObject({ items: 0, failed: 1 });
  });

  it('gives the same figures, intervals included, every time', () => {
    const first = datasetStatistics(records());
    expect(datasetStatistics(records())).toEqual(first);
    expect(first.replicates).toBe(1000);
  });

  it('is null throughout without a doubly annotated argument', () => {
    const single = records().map((record) => ({ ...record, annotations: record.annotations.slice(0, 1) }));
    const { agreement } = datasetStatistics(single, { seed: 1, replicates: 0, level: 0.95 });
    expect(agreement.items).toBe(0);
    expect(agreement.figures.cohen_kappa.value).toBeNull();
  });
});
