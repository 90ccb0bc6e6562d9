export { CoverageCenter } from './coverage-center.ts';
export { runCoverageInWorkers } from './coverage-runner.ts';
