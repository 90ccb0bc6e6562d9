export { assignmentRecords, assignSample, previewAssignment, reassign } from './assignments.ts';
export { drawSample, listSampleSummaries } from './samples.ts';
