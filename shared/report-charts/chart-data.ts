/**
 * The data of the report's charts: plain, serialisable rows built from the report
 * (forest-chart.ts, factor-heatmap.ts, rank-slope-chart.ts) and turned into Observable Plot options
 * by plot-options.ts — the same options whether the server draws them into the HTML file (with
 * linkedom's document) or the screen draws them in the browser.
 */

/** A Plot symbol name; symbols tell the series apart where colour cannot (never colour alone). */
export type SymbolName = 'circle' | 'square' | 'triangle' | 'diamond' | 'wye' | 'star' | 'cross';

/** One entry of a chart's key: what a colour and a mark stand for. */
export interface LegendItem {
  label: string;
  colour: string;
  /** The mark drawn in the key: a symbol, a line, or a filled swatch. */
  mark: SymbolName | 'line' | 'swatch';
  /** A dashed line in the key (the threshold). */
  dashed?: boolean;
}

/** One series of the forest chart (gold, an extractor, the corrected estimate, the reported figure). */
export interface ForestSeries {
  key: string;
  label: string;
  colour: string;
  symbol: SymbolName;
}

/** One estimate of the forest chart: a model's AccH on a test under one series, with its interval. */
export interface ForestPoint {
  model: string;
  test: string;
  series: string;
  value: number;
  lower: number | null;
  upper: number | null;
}

export interface ForestData {
  type: 'forest';
  series: ForestSeries[];
  models: string[];
  tests: string[];
  points: ForestPoint[];
  threshold: number;
  /** The x range drawn: every estimate and interval end, and the threshold. */
  domain: [number, number];
}

/** One cell of the factor heat map; `value` null is drawn as n/a. */
export interface HeatCell {
  factor: string;
  group: string;
  metric: string;
  value: number | null;
}

export interface HeatmapData {
  type: 'heatmap';
  factors: string[];
  groups: { name: string; metrics: string[] }[];
  cells: HeatCell[];
}

/** A model's place in one source's ranking of one panel (metric × test), 1 = best. */
export interface SlopePoint {
  panel: string;
  source: string;
  model: string;
  position: number;
  value: number | null;
}

/** Models whose values tie in a source's ranking: positions `from`…`to` (their order there is by name). */
export interface SlopeTie {
  panel: string;
  source: string;
  from: number;
  to: number;
}

export interface SlopeData {
  type: 'slope';
  panels: { key: string; title: string }[];
  sources: string[];
  models: string[];
  points: SlopePoint[];
  ties: SlopeTie[];
  /** The most models a panel ranks. */
  positions: number;
}

export type ChartData = ForestData | HeatmapData | SlopeData;
