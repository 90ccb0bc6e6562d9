export { CoverageCenter } from './coverage-center.ts';
export { runCoverageInWorkers } from './coverage-runner.ts';
export { describesOwnDesign, keepCoverageCheck, loadOwnDesign, type OwnDesign } from './study-coverage.ts';
