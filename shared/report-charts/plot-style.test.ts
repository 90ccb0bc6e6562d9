import * as Plot from '@observablehq/plot';
import { parseHTML } from 'linkedom';
import { describe, expect, it } from 'vitest';
import { smallReportView } from '../report-document/test-report.ts';
import { factorHeatmap } from './factor-heatmap.ts';
import { forestChart } from './forest-chart.ts';
import { plotOptions } from './plot-options.ts';
import { PLOT_STYLE } from './plot-style.ts';
import { rankSlopeChart } from './rank-slope-chart.ts';

describe('PLOT_STYLE', () => {
  it('is, word for word, the one <style> Observable Plot puts into each report chart', () => {
    const view = smallReportView(50);
    const charts = [forestChart(view), factorHeatmap(view), rankSlopeChart(view)].filter(
      (chart) => chart !== null,
    );
    expect(charts.length).toBeGreaterThan(0);
    for (const chart of charts) {
      const { document } = parseHTML('<!doctype html><html><body></body></html>');
      const svg = Plot.plot({ ...plotOptions(chart.data, chart.title), document });
      expect(
        [...svg.querySelectorAll('style')].map((style) => style.textContent),
        chart.id,
      ).toEqual([PLOT_STYLE]);
    }
  });
});
