export { loadDesign } from './design.ts';
export { formatReport, REPORT_FORMATS, type ReportFormat } from './format-report.ts';
export { renderHtml } from './render-html.ts';
export { renderMarkdown } from './render-markdown.ts';
export { type Block, formatFigure, reportDocument } from './report-document.ts';
export { loadReportInput, type ReportRequest, studyReport } from './report-service.ts';
