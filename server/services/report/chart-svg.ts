import * as Plot from '@observablehq/plot';
import { parseHTML } from 'linkedom';
import type { ChartData } from '../../../shared/report-charts/chart-data.ts';
import { finishChart } from '../../../shared/report-charts/finish-chart.ts';
import { plotOptions } from '../../../shared/report-charts/plot-options.ts';

/**
 * A report chart as inline SVG markup, drawn by Observable Plot from the shared specification
 * (`plotOptions`) into a linkedom document — no browser, no script in the result, text escaped by
 * the serialiser. One image to a screen reader, named by `label` (`finishChart`); its numbers are in
 * the table beside it.
 */
export function chartSvg(data: ChartData, label: string): string {
  const { document } = parseHTML('<!doctype html><html><body></body></html>');
  const svg = Plot.plot({ ...plotOptions(data, label), document });
  finishChart(svg, label);
  return svg.outerHTML;
}
