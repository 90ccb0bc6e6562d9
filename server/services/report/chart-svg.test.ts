import { parseHTML } from 'linkedom';
import { describe, expect, it } from 'vitest';
import { factorHeatmap } from '../../../shared/report-charts/factor-heatmap.ts';
import { forestChart } from '../../../shared/report-charts/forest-chart.ts';
import { rankSlopeChart } from '../../../shared/report-charts/rank-slope-chart.ts';
import { smallReportView } from '../../../shared/report-document/test-report.ts';
import { chartSvg } from './chart-svg.ts';

describe('chartSvg', () => {
  const view = smallReportView(50);

  it('draws every chart as one labelled SVG image, without script, link or external reference', () => {
    for (const chart of [forestChart(view), factorHeatmap(view), rankSlopeChart(view)]) {
      if (!chart) throw new Error('the small study has every chart but agreement');
      const svg = chartSvg(chart.data, chart.title);
      expect(svg.startsWith('<svg'), chart.id).toBe(true);
      expect(svg).toContain('role="img"');
      expect(svg).toContain(`aria-label="${chart.title.replace(/'/g, '&#39;')}"`);
      expect(svg).not.toMatch(/<script|<a |href=|src=|url\(/i);
      // The marks inside the image carry no ARIA (not permitted on a <g> without a role).
      expect(svg.match(/aria-label=/g)).toHaveLength(1);
      expect(svg).not.toContain('aria-description');
    }
  });

  it('draws a symbol per estimate of the forest chart and names each model', () => {
    const chart = forestChart(view);
    if (chart?.data.type !== 'forest') throw new Error('a forest chart');
    const svg = chartSvg(chart.data, chart.title);
    // Every model's name is a text; each estimate a symbol (circles as <circle>, the rest as <path>).
    expect(svg).toContain('>m1</text>');
    expect(svg).toContain('>m2</text>');
    const { document } = parseHTML(`<!doctype html><html><body>${svg}</body></html>`);
    const estimates = document.querySelectorAll(
      'g[data-description="estimate"] circle, g[data-description="estimate"] path',
    );
    expect(estimates.length).toBe(chart.data.points.length);
  });

  it('keeps a hostile model name text', () => {
    const hostile = smallReportView();
    const cells = hostile.metrics.m1;
    if (!cells) throw new Error('m1');
    hostile.metrics = { '<img src=x onerror=alert(1)>': cells };
    hostile.meta.models = ['<img src=x onerror=alert(1)>'];
    const chart = forestChart(hostile);
    if (!chart) throw new Error('a chart');
    const svg = chartSvg(chart.data, chart.title);
    expect(svg).not.toContain('<img');
    expect(svg).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });
});
