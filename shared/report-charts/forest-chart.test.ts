import { describe, expect, it } from 'vitest';
import { smallReportView } from '../report-document/test-report.ts';
import { forestChart } from './forest-chart.ts';

describe('forestChart', () => {
  it('has a point per model, test and source with a value, and the table prints every cell', () => {
    const view = smallReportView(50);
    const chart = forestChart(view);
    if (chart?.data.type !== 'forest') throw new Error('the small study has AccH');
    expect(chart.data.series.map((series) => series.key)).toEqual(['gold', 'extractor:x', 'corrected']);
    expect(chart.data.models).toEqual(['m1', 'm2']);
    expect(chart.data.tests).toEqual(['Test 1']);
    const gold = chart.data.points.find((point) => point.model === 'm1' && point.series === 'gold');
    expect(gold?.value).toBe(view.metrics.m1?.['1']?.acch.gold?.value);
    expect(chart.table.header).toEqual([
      'model',
      'test',
      'gold (the adjudicated sample)',
      'x (every argument)',
      'x corrected by the gold',
    ]);
    expect(chart.table.rows).toHaveLength(2);
    expect(chart.data.threshold).toBe(0.9);
  });

  it('adds the reported figures when a source was imported, without an interval', () => {
    const view = smallReportView();
    view.meta.reported_source = 'paper';
    const cell = view.metrics.m2?.['1'];
    if (!cell) throw new Error('m2 has Test 1');
    cell.acch.reported = { value: 0.62, ci: null, method: 'none' };
    const chart = forestChart(view);
    if (chart?.data.type !== 'forest') throw new Error('a chart');
    const reported = chart.data.points.filter((point) => point.series === 'reported');
    expect(reported).toEqual([
      { model: 'm2', test: 'Test 1', series: 'reported', value: 0.62, lower: null, upper: null },
    ]);
    // The range reaches the lowest estimate (0.62 − 0.02, down to twentieths) and the largest upper end.
    expect(chart.data.domain).toEqual([0.6, 1]);
  });

  it('draws to the estimates, not to interval ends far below them (those end in an arrow)', () => {
    const view = smallReportView();
    const corrected = view.corrected.x?.m1?.['1']?.acch;
    if (!corrected) throw new Error('m1 is corrected on Test 1');
    corrected.ci = { lower: 0, upper: 1 };
    const chart = forestChart(view);
    if (chart?.data.type !== 'forest') throw new Error('a chart');
    expect(chart.data.domain[0]).toBeGreaterThan(0.5);
    expect(chart.data.points.some((point) => point.lower === 0)).toBe(true);
  });

  it('is null when no model has AccH', () => {
    const view = smallReportView();
    view.metrics = {};
    expect(forestChart(view)).toBeNull();
  });
});
