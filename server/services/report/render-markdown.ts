import { type Block, cellText } from '../../../shared/report-document/blocks.ts';
import { reportDocument } from '../../../shared/report-document/report-document.ts';
import type { Report } from '../../../shared/scoring/index.ts';

/**
 * Text that Markdown shows as it is, whoever wrote it: study, model, extractor and annotator names and
 * notes reach the report from imports, and a name such as `<img src=x onerror=alert(1)>` or
 * `[x](javascript:…)` must stay text in every renderer. Escaped, everywhere:
 * - line breaks (flattened to spaces: a block cannot be started inside a line);
 * - `\\`, `` ` ``, `*`, `~`, `|` (code, emphasis, strikethrough, table cells);
 * - `_` where it could open or close emphasis (not inside a word, so `gold_vs_rules` stays readable);
 * - `<` as `&lt;` (no HTML, no autolink), and `&` before what would read as an entity;
 * - `]` before `(`, `[` or `:` (no link, image or link definition can form).
 * Figures keep their look: `0.912 [0.871, 0.944]` and rankings `a > b` need no escape.
 */
export function escapeMarkdown(text: string): string {
  return text
    .replace(/\r\n|[\r\n]/g, ' ')
    .replace(/[\\`*~|]/g, '\\$&')
    .replace(/(?<![\p{L}\p{N}])_|_(?![\p{L}\p{N}])/gu, '\\_')
    .replace(/&(?=#?[a-z0-9]+;)/gi, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/\](?=[([:])/g, '\\]');
}

/**
 * A paragraph or list item, escaped, whose first characters cannot begin another block: a heading,
 * a quote, a list item or a task box. (Headings and table cells hold inline text only.)
 */
function escapeBlock(text: string): string {
  return escapeMarkdown(text)
    .replace(/^([#>+-]|\[(?=[ xX]\]))/, '\\$1')
    .replace(/^(\d+)([.)])/, '$1\\$2');
}

/**
 * One block as Markdown. A supplement is read in full, so collapsed `details` print their summary and
 * contents, and a chart prints as its caption and its table (the numbers it draws).
 */
function renderBlock(block: Block): string {
  switch (block.kind) {
    case 'heading':
      return `${'#'.repeat(block.level)} ${escapeMarkdown(block.text)}`;
    case 'paragraph':
      return escapeBlock(block.text);
    case 'list':
      return block.items.map((item) => `- ${escapeBlock(item)}`).join('\n');
    case 'table':
      return [
        `| ${block.header.map(escapeMarkdown).join(' | ')} |`,
        `| ${block.header.map(() => '---').join(' | ')} |`,
        ...block.rows.map((row) => `| ${row.map((cell) => escapeMarkdown(cellText(cell))).join(' | ')} |`),
      ].join('\n');
    case 'details':
      return [escapeBlock(block.summary), ...block.blocks.map(renderBlock)].join('\n\n');
    case 'chart':
      return [escapeBlock(`Figure: ${block.title}. ${block.description}`), renderBlock(block.table)].join(
        '\n\n',
      );
  }
}

/** The report as Markdown (GitHub tables); the same blocks as the HTML rendering, every text escaped. */
export function renderMarkdown(report: Report): string {
  return `${reportDocument(report).map(renderBlock).join('\n\n')}\n`;
}
