export { computeReport, type PreparedReport } from './compute-report.ts';
export { loadDesign } from './design.ts';
export { formatReport, REPORT_FORMATS, type ReportFormat } from './format-report.ts';
export { renderHtml } from './render-html.ts';
export { renderMarkdown } from './render-markdown.ts';
export { ReportCenter, type ServedReport } from './report-center.ts';
export { type RenderedReport, type ReportJob, runReportJob } from './report-runner.ts';
export { describeDesign, type StudyDesign, studyDesign } from './study-design.ts';
export {
  checkReportRequest,
  loadReportInput,
  prepareReport,
  type ReportRequest,
  reportOptions,
  studyReport,
} from './study-report.ts';
