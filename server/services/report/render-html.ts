import { legendGlyph } from '../../../shared/report-charts/legend-glyph.ts';
import type { Block, Cell } from '../../../shared/report-document/blocks.ts';
import { type ChartBlock, cellWraps } from '../../../shared/report-document/blocks.ts';
import { reportDocument } from '../../../shared/report-document/report-document.ts';
import type { Report } from '../../../shared/scoring/index.ts';
import { chartSvg } from './chart-svg.ts';
import { REPORT_STYLE } from './report-style.ts';

/** Escapes text for HTML element content and attribute values. */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** A table cell; a status cell carries its tone as a class (coloured by the style), its words as text. */
function renderCell(cell: Cell): string {
  if (typeof cell !== 'string') return `<td class="tone tone-${cell.tone}">${escapeHtml(cell.text)}</td>`;
  return cellWraps(cell) ? `<td class="long">${escapeHtml(cell)}</td>` : `<td>${escapeHtml(cell)}</td>`;
}

function renderTable(block: Extract<Block, { kind: 'table' }>): string {
  return [
    // A wide table scrolls sideways in its own box; focusable, so the keyboard can scroll it too.
    '<div class="table-wrap" tabindex="0"><table>',
    `<thead><tr>${block.header.map((text) => `<th scope="col">${escapeHtml(text)}</th>`).join('')}</tr></thead>`,
    '<tbody>',
    ...block.rows.map((row) => `<tr>${row.map(renderCell).join('')}</tr>`),
    '</tbody>',
    '</table></div>',
  ].join('\n');
}

/** The key of a chart: each mark's glyph in its colour (shape and colour both), then its meaning. */
function renderKey(chart: ChartBlock): string {
  const items = chart.legend.map((item) => {
    const mark =
      item.mark === 'swatch'
        ? `<span class="key-swatch" style="background:${escapeHtml(item.colour)}"></span>`
        : `<span class="key-glyph" style="color:${escapeHtml(item.colour)}">${legendGlyph(item)}</span>`;
    return `<li>${mark}${escapeHtml(item.label)}</li>`;
  });
  return `<ul class="chart-key" aria-label="Key">${items.join('')}</ul>`;
}

/** A chart: caption first (what it shows), the key, the SVG, and its numbers one click away. */
function renderChart(chart: ChartBlock, number: number): string {
  const titleId = `figure-${escapeHtml(chart.id)}`;
  return [
    `<figure class="chart" aria-labelledby="${titleId}">`,
    `<figcaption><span class="chart-title" id="${titleId}">Figure ${number}. ${escapeHtml(chart.title)}</span> ${escapeHtml(chart.description)}</figcaption>`,
    renderKey(chart),
    `<div class="chart-svg">${chartSvg(chart.data, `${chart.title}. ${chart.description}`)}</div>`,
    `<details class="chart-numbers"><summary>The numbers behind figure ${number}</summary>`,
    renderTable(chart.table),
    '</details>',
    '</figure>',
  ].join('\n');
}

/** Renders blocks in order, numbering the charts as they come. */
function renderBlocks(blocks: readonly Block[], counter: { charts: number }): string[] {
  return blocks.map((block) => renderBlock(block, counter));
}

function renderBlock(block: Block, counter: { charts: number }): string {
  switch (block.kind) {
    case 'heading':
      return `<h${block.level}>${escapeHtml(block.text)}</h${block.level}>`;
    case 'paragraph':
      return `<p>${escapeHtml(block.text)}</p>`;
    case 'list':
      return `<ul>\n${block.items.map((item) => `<li>${escapeHtml(item)}</li>`).join('\n')}\n</ul>`;
    case 'table':
      return renderTable(block);
    case 'details':
      return [
        `<details><summary>${escapeHtml(block.summary)}</summary>`,
        ...renderBlocks(block.blocks, counter),
        '</details>',
      ].join('\n');
    case 'chart':
      counter.charts += 1;
      return renderChart(block, counter.charts);
  }
}

/**
 * The report as one self-contained HTML file: no external assets and no script — the charts are
 * inline SVG drawn on the server, the style is one inline `<style>` — so it opens offline, passes a
 * strict Content-Security-Policy that allows inline styles, and prints to PDF (print rules in the
 * style: A4, collapsed tables printed open, charts kept whole); every text escaped. The same blocks
 * as the Markdown rendering and the report screen.
 */
export function renderHtml(report: Report): string {
  const title = `factor-audit report — ${report.meta.study}`;
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(title)}</title>`,
    `<style>${REPORT_STYLE}</style>`,
    '</head>',
    '<body>',
    '<main class="report">',
    ...renderBlocks(reportDocument(report), { charts: 0 }),
    '</main>',
    '</body>',
    '</html>',
    '',
  ].join('\n');
}
