import type { Report } from '../../../shared/scoring/index.ts';
import { type Block, reportDocument } from './report-document.ts';

/** Escapes text for HTML element content and attribute values. */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

function renderBlock(block: Block): string {
  switch (block.kind) {
    case 'heading':
      return `<h${block.level}>${escapeHtml(block.text)}</h${block.level}>`;
    case 'paragraph':
      return `<p>${escapeHtml(block.text)}</p>`;
    case 'list':
      return `<ul>\n${block.items.map((item) => `<li>${escapeHtml(item)}</li>`).join('\n')}\n</ul>`;
    case 'table':
      return [
        '<table>',
        `<thead><tr>${block.header.map((text) => `<th scope="col">${escapeHtml(text)}</th>`).join('')}</tr></thead>`,
        '<tbody>',
        ...block.rows.map((row) => `<tr>${row.map((text) => `<td>${escapeHtml(text)}</td>`).join('')}</tr>`),
        '</tbody>',
        '</table>',
      ].join('\n');
  }
}

const STYLE = `body{font:15px/1.45 system-ui,sans-serif;margin:2rem auto;max-width:72rem;padding:0 1rem;color:#1b1b1b}
h1{font-size:1.6rem}h2{margin-top:2.2rem;border-bottom:1px solid #ccc;padding-bottom:.2rem}h3{margin-top:1.4rem}
table{border-collapse:collapse;margin:.6rem 0 1rem;font-variant-numeric:tabular-nums}
th,td{border:1px solid #d0d0d0;padding:.25rem .5rem;text-align:left;vertical-align:top}
thead th{background:#f2f2f2}tbody tr:nth-child(even){background:#fafafa}`;

/**
 * The report as one self-contained HTML file: no external assets and no script, only an inline
 * `<style>` (so it opens anywhere and passes a strict Content-Security-Policy that allows inline
 * styles); every text escaped. The same blocks as the Markdown rendering.
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
    `<style>${STYLE}</style>`,
    '</head>',
    '<body>',
    ...reportDocument(report).map(renderBlock),
    '</body>',
    '</html>',
    '',
  ].join('\n');
}
