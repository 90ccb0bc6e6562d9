import * as Plot from '@observablehq/plot';
import { useEffect, useRef } from 'react';
import type { ChartData } from '../../../shared/report-charts/chart-data.ts';
import { finishChart } from '../../../shared/report-charts/finish-chart.ts';
import { plotOptions } from '../../../shared/report-charts/plot-options.ts';

/**
 * One report chart drawn by Observable Plot in the browser, from the same specification the HTML
 * file's SVG is drawn from (`plotOptions`). Plot builds a detached SVG element; it replaces whatever
 * the container held, and goes when the data change or the chart leaves. One image to a screen reader
 * (`finishChart`); the numbers are in the table beside it.
 */
export function ChartSvg({ data, label }: { readonly data: ChartData; readonly label: string }) {
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const node = container.current;
    if (node === null) return;
    const chart = Plot.plot({ ...plotOptions(data, label), document });
    finishChart(chart, label);
    node.replaceChildren(chart);
    return () => chart.remove();
  }, [data, label]);
  return <div ref={container} className="report-chart-svg" />;
}
