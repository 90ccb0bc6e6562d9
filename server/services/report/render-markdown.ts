import type { Report } from '../../../shared/scoring/index.ts';
import { type Block, reportDocument } from './report-document.ts';

/** A table cell or text line safe inside Markdown: pipes escaped, line breaks flattened. */
function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');
}

function renderBlock(block: Block): string {
  switch (block.kind) {
    case 'heading':
      return `${'#'.repeat(block.level)} ${block.text}`;
    case 'paragraph':
      return block.text;
    case 'list':
      return block.items.map((item) => `- ${item}`).join('\n');
    case 'table':
      return [
        `| ${block.header.map(cell).join(' | ')} |`,
        `| ${block.header.map(() => '---').join(' | ')} |`,
        ...block.rows.map((row) => `| ${row.map(cell).join(' | ')} |`),
      ].join('\n');
  }
}

/** The report as Markdown (GitHub tables); the same blocks as the HTML rendering. */
export function renderMarkdown(report: Report): string {
  return `${reportDocument(report).map(renderBlock).join('\n\n')}\n`;
}
