export {
  assignDemoSample,
  isEmptyDatabase,
  loadDemo,
  loadDemoAnnotations,
  workingDemoLogins,
} from './demo.ts';
