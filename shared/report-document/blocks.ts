import type { ChartData, LegendItem } from '../report-charts/chart-data.ts';
import type { ClaimStatusView, FigureView } from '../report-view.ts';
import { formatNumber } from '../scoring/verdict.ts';

/** The colour (and word) a table cell is marked with: the status of a claim. */
export type Tone = ClaimStatusView;

/** A table cell: its text, or its text with the status it states (shown in colour beside the words). */
export type Cell = string | { text: string; tone: Tone };

export interface TableBlock {
  kind: 'table';
  header: string[];
  rows: Cell[][];
}

/** A chart: what it shows in words, its data for Observable Plot, and the same numbers as a table. */
export interface ChartBlock {
  kind: 'chart';
  /** A stable name (`forest`, `heatmap`, `slope`), for anchors and tests. */
  id: string;
  title: string;
  /** What the chart shows and how to read it: its caption and its accessible description. */
  description: string;
  legend: LegendItem[];
  data: ChartData;
  /** The chart's numbers; Markdown prints only this. */
  table: TableBlock;
}

/**
 * One block of a rendered report. Markdown, HTML and the report screen render the same blocks, so
 * they say the same: `details` is collapsed where the medium allows (HTML, the screen) and printed
 * in full in Markdown; a chart is drawn in HTML and on the screen and is its table in Markdown.
 */
export type Block =
  | { kind: 'heading'; level: 1 | 2 | 3; text: string }
  | { kind: 'paragraph'; text: string }
  | { kind: 'list'; items: string[] }
  | TableBlock
  | { kind: 'details'; summary: string; blocks: Block[] }
  | ChartBlock;

/** Test keys as words. */
export const TEST_LABEL: Readonly<Record<string, string>> = {
  '1': 'Test 1',
  '2': 'Test 2',
  '3': 'Test 3',
  '1_2': 'Tests 1–2',
};

export function testLabel(test: string): string {
  return TEST_LABEL[test] ?? test;
}

/**
 * "0.912 [0.871, 0.944]", "0.912" without an interval, "0.912 (3 gold: too few for an interval; 10
 * needed)" when the report withheld it, "n/a" for null.
 */
export function formatFigure(figure: (FigureView & { models?: number }) | null | undefined): string {
  if (!figure || figure.value === null) return 'n/a';
  const value = formatNumber(figure.value);
  if (figure.interval === 'too_few')
    // τ-b (a figure with `models`) counts the gold of its smallest ranked cell.
    return figure.models !== undefined
      ? `${value} (${figure.gold ?? 0} gold in the smallest cell: too few for an interval; ${figure.gold_needed ?? 'more'} per cell needed)`
      : `${value} (${figure.gold ?? 0} gold: too few for an interval; ${figure.gold_needed ?? 'more'} needed)`;
  if (!figure.ci) return value;
  const interval = `${value} [${formatNumber(figure.ci.lower)}, ${formatNumber(figure.ci.upper)}]`;
  return figure.degenerate_bootstrap ? `${interval} ${DEGENERATE_MARK}` : interval;
}

/** Marks a figure whose bootstrap interval had no width and was replaced by Wilson's (`widenDegenerate`). */
export const DEGENERATE_MARK = '‡';

/** A table, or a sentence saying it would be empty. */
export function table(header: string[], rows: Cell[][], whenEmpty: string): Block {
  return rows.length === 0 ? { kind: 'paragraph', text: whenEmpty } : { kind: 'table', header, rows };
}

/** A count as printed: integers as they are, averages (pooled pairs) to one decimal. */
export function count(value: number): string {
  return Number.isInteger(value) ? String(value) : value.toFixed(1);
}

/** A cell's text, whatever its kind. */
export function cellText(cell: Cell): string {
  return typeof cell === 'string' ? cell : cell.text;
}

/** Text cells longer than this may wrap (in the HTML file and on screen); names and figures stay on one line. */
const WRAP_AFTER = 32;

/**
 * Whether a table cell may wrap: a text longer than 32 characters ("gpt-4o above llama: flips in
 * 0.31, ties in 0.02"). Status cells keep their words on one line.
 *
 * @example cellWraps('Test 1') // false
 */
export function cellWraps(cell: Cell): boolean {
  return typeof cell === 'string' && cell.length > WRAP_AFTER;
}

/** "95%" for a level of 0.95. */
export function percent(level: number): string {
  return `${Math.round(level * 1000) / 10}%`;
}
