export {
  type JobRow,
  PROGRESS_WRITE_MS,
  type RunningJob,
  STALE_JOB_MS,
  tickJob,
} from './shared-job.ts';
export { InterruptedError } from './sleep.ts';
