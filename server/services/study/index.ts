export { loadGuidelines } from './guidelines.ts';
export { studyOverview, studyOverviewFor } from './overview.ts';
export { studyProgress } from './progress.ts';
export { ensureStudy, requireStudy, setReasoningTrace, studySummaries } from './studies.ts';
