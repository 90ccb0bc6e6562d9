import * as Plot from '@observablehq/plot';
import type { ChartData, ForestData, HeatmapData, SlopeData } from './chart-data.ts';
import { GREY, HEAT_FLOOR, HEAT_KEY, lineColour } from './palette.ts';

/**
 * Observable Plot options of a report chart, the one specification the HTML file and the screen draw:
 * the caller adds its own `document` (linkedom's on the server, the browser's on the screen) and
 * calls `Plot.plot`. Every chart is an image with a label (`ariaLabel`); its numbers are in the
 * table under it.
 */
export function plotOptions(data: ChartData, ariaLabel: string): Plot.PlotOptions {
  const base = { ariaLabel, style: STYLE };
  switch (data.type) {
    case 'forest':
      return { ...base, ...forestOptions(data) };
    case 'heatmap':
      return { ...base, ...heatmapOptions(data) };
    case 'slope':
      return { ...base, ...slopeOptions(data) };
  }
}

/** Text as the page sets it, 12 px (legible in print at A4 width), on a transparent background. */
const STYLE = { fontSize: '12px', fontFamily: 'inherit', background: 'transparent', overflow: 'visible' };

const TEXT = '#1c1f23';

/** The panel grid of small multiples: panel i in column i mod columns, row ⌊i / columns⌋. */
function grid(count: number, columns: number) {
  return {
    columns: Math.min(columns, count),
    rows: Math.ceil(count / columns),
    fx: (index: number) => index % columns,
    fy: (index: number) => Math.floor(index / columns),
  };
}

/** Ticks at round steps giving four to eight ticks over the range (0.05 over [0.85, 1]). */
function ticksOf([left, right]: [number, number]): number[] {
  const span = right - left;
  const step = [0.02, 0.05, 0.1, 0.2, 0.25, 0.5].find((candidate) => span / candidate <= 8) ?? 1;
  const ticks: number[] = [];
  for (let k = Math.ceil(left / step - 1e-9); k * step <= right + 1e-9; k += 1)
    ticks.push(Math.round(k * step * 1e6) / 1e6);
  return ticks;
}

/** Forest chart: a panel per model (two columns), a row per test, a dodged line per series. */
function forestOptions(data: ForestData): Plot.PlotOptions {
  const layout = grid(data.models.length, data.models.length > 3 ? 2 : 1);
  const panelOf = new Map(data.models.map((model, index) => [model, index]));
  const place = <T extends { model: string }>(row: T) => {
    const index = panelOf.get(row.model) ?? 0;
    return { ...row, fx: layout.fx(index), fy: layout.fy(index) };
  };
  const rowHeight = 14 + data.series.length * 8;
  const panelHeight = data.tests.length * rowHeight + 34;
  // Series are dodged vertically within a test's row, centred on it.
  const step = Math.min(8, (rowHeight - 6) / Math.max(1, data.series.length));
  const offset = (index: number) => (index - (data.series.length - 1) / 2) * step;
  const marks: Plot.Markish[] = [
    Plot.frame({ stroke: '#d5d9de', facetAnchor: null }),
    Plot.ruleX([data.threshold], { stroke: GREY.threshold, strokeDasharray: '5 4', strokeWidth: 1.25 }),
    Plot.axisY({ facetAnchor: null, tickSize: 0, label: null, fill: TEXT }),
    Plot.gridX({ ticks: ticksOf(data.domain), stroke: '#d5d9de', strokeOpacity: 1 }),
    Plot.axisX({
      facetAnchor: null,
      ticks: ticksOf(data.domain),
      tickFormat: '.2f',
      label: null,
      fill: TEXT,
    }),
    Plot.text(
      data.models.map((model) => place({ model })),
      {
        fx: 'fx',
        fy: 'fy',
        text: 'model',
        frameAnchor: 'top-left',
        dx: 6,
        dy: 6,
        fontWeight: 600,
        fill: TEXT,
      },
    ),
  ];
  const [left, right] = data.domain;
  data.series.forEach((series, index) => {
    const rows = data.points.filter((point) => point.series === series.key).map(place);
    const common = { fx: 'fx', fy: 'fy', y: 'test', dy: offset(index) } as const;
    // Interval ends beyond the drawn range stop at its edge, where an arrowhead says the interval goes on.
    const intervals = rows.flatMap((row) =>
      row.lower === null || row.upper === null
        ? []
        : [{ ...row, from: Math.max(row.lower, left), to: Math.min(row.upper, right) }],
    );
    marks.push(
      Plot.ruleY(intervals, { ...common, x1: 'from', x2: 'to', stroke: series.colour, strokeWidth: 1.75 }),
      Plot.dot(
        intervals.filter((row) => (row.lower ?? left) < left),
        {
          ...common,
          ariaDescription: 'interval goes on',
          x: () => left,
          symbol: 'triangle',
          rotate: -90,
          r: 3.5,
          fill: series.colour,
        },
      ),
      Plot.dot(
        intervals.filter((row) => (row.upper ?? right) > right),
        {
          ...common,
          ariaDescription: 'interval goes on',
          x: () => right,
          symbol: 'triangle',
          rotate: 90,
          r: 3.5,
          fill: series.colour,
        },
      ),
      Plot.dot(rows, {
        ...common,
        ariaDescription: 'estimate',
        x: 'value',
        symbol: series.symbol,
        fill: series.colour,
        stroke: 'white',
        strokeWidth: 0.75,
        r: 4.5,
      }),
    );
  });
  return {
    width: layout.columns === 2 ? 880 : 600,
    height: layout.rows * panelHeight * 1.3 + 30,
    marginLeft: 58,
    marginRight: 12,
    marginTop: 8,
    marginBottom: 30,
    // A little room beyond the drawn range, so a symbol at its edge (AccH 1) is not cut by the frame.
    x: { domain: [left - (right - left) * 0.025, right + (right - left) * 0.025], label: null },
    y: { domain: data.tests, insetTop: 30, insetBottom: 8, padding: 0.1, label: null, axis: null },
    fx: { axis: null, padding: 0.16 },
    fy: { axis: null, padding: 0.22 },
    marks,
  };
}

/** Heat map: a row per factor, a column per figure, the columns grouped (extractor | annotators). */
function heatmapOptions(data: HeatmapData): Plot.PlotOptions {
  // Columns are slots 1, 2, 3 within each group (a facet), so groups sit side by side without empty slots.
  const slotOf = new Map(
    data.groups.flatMap((group) =>
      group.metrics.map((metric, index) => [`${group.name}\u0000${metric}`, index + 1]),
    ),
  );
  const cells = data.cells.map((cell) => ({
    ...cell,
    slot: slotOf.get(`${cell.group}\u0000${cell.metric}`) ?? 0,
  }));
  const slots = [...new Set(slotOf.values())].sort((a, b) => a - b);
  const headers = data.groups.flatMap((group) =>
    group.metrics.map((metric, index) => ({ group: group.name, metric, slot: index + 1 })),
  );
  return {
    width: 240 + data.groups.length * 3 * 84 + 40,
    height: data.factors.length * 22 + 70,
    marginLeft: 220,
    marginTop: 62,
    marginRight: 8,
    marginBottom: 8,
    x: { domain: slots, axis: null, padding: 0.04 },
    y: { domain: data.factors, label: null, tickSize: 0, padding: 0.06 },
    fx: { domain: data.groups.map((group) => group.name), axis: null, padding: 0.08 },
    color: {
      type: 'linear',
      domain: [HEAT_FLOOR, 1],
      range: [HEAT_KEY.bottom, HEAT_KEY.top],
      interpolate: 'hcl',
      clamp: true,
    },
    marks: [
      Plot.axisY({ tickSize: 0, label: null, fill: TEXT }),
      Plot.cell(
        cells.filter((cell) => cell.value === null),
        { x: 'slot', y: 'factor', fx: 'group', fill: GREY.na },
      ),
      Plot.cell(
        cells.filter((cell) => cell.value !== null),
        { x: 'slot', y: 'factor', fx: 'group', fill: 'value', stroke: '#d5d9de', strokeWidth: 0.5 },
      ),
      Plot.text(cells, {
        x: 'slot',
        y: 'factor',
        fx: 'group',
        text: (cell: { value: number | null }) => (cell.value === null ? 'n/a' : cell.value.toFixed(2)),
        fill: TEXT,
      }),
      Plot.text(headers, { x: 'slot', fx: 'group', text: 'metric', frameAnchor: 'top', dy: -12, fill: TEXT }),
      Plot.text(
        data.groups.map((group) => ({ group: group.name })),
        { fx: 'group', text: 'group', frameAnchor: 'top', dy: -40, fontWeight: 600, fill: TEXT },
      ),
    ],
  };
}

/** Slope chart: a panel per ranking (two columns), a column per source, a line per model. */
function slopeOptions(data: SlopeData): Plot.PlotOptions {
  const layout = grid(data.panels.length, data.panels.length > 1 ? 2 : 1);
  const panelOf = new Map(data.panels.map((panel, index) => [panel.key, index]));
  const place = <T extends { panel: string }>(row: T) => {
    const index = panelOf.get(row.panel) ?? 0;
    return { ...row, fx: layout.fx(index), fy: layout.fy(index) };
  };
  const points = data.points.map(place);
  const first = data.sources[0];
  const last = data.sources.at(-1);
  const panelHeight = data.positions * 24 + 64;
  const facet = { fx: 'fx', fy: 'fy' } as const;
  return {
    width: layout.columns === 2 ? 880 : 440,
    height: layout.rows * panelHeight + 16,
    margin: 8,
    x: { domain: data.sources, axis: null, insetLeft: 110, insetRight: 110 },
    y: { domain: [0.4, data.positions + 0.6], reverse: true, axis: null, insetTop: 30, insetBottom: 22 },
    fx: { axis: null, padding: 0.06 },
    fy: { axis: null, padding: 0.08 },
    color: { domain: data.models, range: data.models.map((_, index) => lineColour(index)) },
    marks: [
      Plot.frame({ stroke: '#d5d9de', facetAnchor: null }),
      Plot.ruleX(data.ties.map(place), {
        ...facet,
        x: 'source',
        y1: (tie: { from: number }) => tie.from - 0.3,
        y2: (tie: { to: number }) => tie.to + 0.3,
        stroke: GREY.tie,
        strokeWidth: 18,
        strokeLinecap: 'round',
      }),
      Plot.line(points, {
        ...facet,
        x: 'source',
        y: 'position',
        z: 'model',
        stroke: 'model',
        strokeWidth: 2,
      }),
      Plot.dot(points, { ...facet, x: 'source', y: 'position', fill: 'model', stroke: 'white', r: 4 }),
      Plot.text(
        points.filter((point) => point.source === first),
        { ...facet, x: 'source', y: 'position', text: 'model', textAnchor: 'end', dx: -10, fill: TEXT },
      ),
      Plot.text(
        points.filter((point) => point.source === last && last !== first),
        { ...facet, x: 'source', y: 'position', text: 'model', textAnchor: 'start', dx: 10, fill: TEXT },
      ),
      Plot.text(
        data.panels.map((panel) => place({ panel: panel.key, title: panel.title })),
        {
          ...facet,
          text: 'title',
          frameAnchor: 'top-left',
          dx: 8,
          dy: 8,
          fontWeight: 600,
          fill: TEXT,
        },
      ),
      Plot.text(
        data.panels.flatMap((panel) => data.sources.map((source) => place({ panel: panel.key, source }))),
        { ...facet, x: 'source', text: 'source', frameAnchor: 'bottom', dy: -6, fill: '#4f5862' },
      ),
    ],
  };
}
