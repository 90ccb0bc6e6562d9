import type { Report } from '../../../shared/scoring/index.ts';
import { renderHtml } from './render-html.ts';
import { renderMarkdown } from './render-markdown.ts';

export const REPORT_FORMATS = ['json', 'md', 'html'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

/** The report in the chosen format: JSON (the public shape, docs/REPORT.md), Markdown or self-contained HTML. */
export function formatReport(report: Report, format: ReportFormat): string {
  if (format === 'json') return `${JSON.stringify(report, null, 2)}\n`;
  return format === 'md' ? renderMarkdown(report) : renderHtml(report);
}
