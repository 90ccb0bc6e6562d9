export {
  assignmentLog,
  assignmentLogPage,
  assignmentRecords,
  assignSample,
  previewAssignment,
  reassign,
} from './assignments.ts';
export { drawSample, listSampleSummaries } from './samples.ts';
