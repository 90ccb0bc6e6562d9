export { computeReport, type PreparedReport } from './compute-report.ts';
export { loadDesign } from './design.ts';
export { formatReport, REPORT_FORMATS, type ReportFormat } from './format-report.ts';
export { renderHtml } from './render-html.ts';
export { renderMarkdown } from './render-markdown.ts';
export { type Block, formatFigure, reportDocument } from './report-document.ts';
export { renderReportInWorker } from './report-runner.ts';
export { loadReportInput, prepareReport, type ReportRequest, studyReport } from './report-service.ts';
