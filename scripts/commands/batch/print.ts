import type { BatchJobState, CollectedBatch, SubmissionSummary } from '../../../server/services/llm/index.ts';
import { megabytes } from '../progress.ts';

/** The lines that tell what a submission (or a retry's resubmission) sent, and what to do next. */
export function submissionLines(summary: SubmissionSummary): string[] {
  const lines: string[] = [];
  const job = summary.jobId === null ? '' : `: job ${summary.jobId}`;
  lines.push(
    `  from the cache ${summary.cacheHits} (stored now); requests ${summary.requests} in ${summary.files} file(s), ${megabytes(summary.bytes)}${job}`,
  );
  for (const batch of summary.batches)
    lines.push(`  batch ${batch.providerBatchId}: ${batch.requests} requests, ${megabytes(batch.bytes)}`);
  if (summary.error) lines.push(`  stopped: ${summary.error}`);
  if (summary.interrupted) lines.push('  interrupted');
  if (summary.unsent > 0)
    lines.push(
      `  ${summary.unsent} request(s) were prepared but not sent: "batch retry --job ${summary.jobId}" sends them`,
    );
  if (summary.batches.length > 0)
    lines.push(
      `  next: "batch status --job ${summary.jobId} --wait", then "batch collect --job ${summary.jobId}" (they work after a restart too)`,
    );
  return lines;
}

/** The exit code of a submission: 1 when the provider stopped it, 130 when Ctrl-C did. */
export function submissionExitCode(summary: SubmissionSummary): number {
  if (summary.interrupted) return 130;
  return summary.error ? 1 : 0;
}

function successWord(state: BatchJobState): string {
  return state.config.purpose === 'extract' ? 'extracted' : 'generated';
}

/** One job: what it is, its requests by status, each batch's state. */
export function jobLines(state: BatchJobState): string[] {
  const { job, config, requests } = state;
  const what =
    config.purpose === 'extract'
      ? `extract "${config.extractor}" with ${config.model}`
      : `generate arguments for test ${config.test} with ${config.model}`;
  const total = Object.values(requests).reduce((sum, count) => sum + (count ?? 0), 0);
  const lines = [
    `job ${job.id}: ${what} at ${job.endpoint} (created ${job.createdAt})`,
    `  requests ${total}: ${requests.succeeded ?? 0} ${successWord(state)}, ${requests.failed ?? 0} failed, ${requests.unanswered ?? 0} never ran, ${requests.submitted ?? 0} waiting in batches${requests.prepared ? `, ${requests.prepared} prepared but not sent` : ''}`,
  ];
  for (const batch of state.batches) {
    const counts = `${batch.completed + batch.failed}/${batch.requests} done, ${batch.failed} failed`;
    const collected = batch.collectedAt ? ', collected' : '';
    const problem = state.problems.get(batch.providerBatchId);
    lines.push(
      `  ${batch.providerBatchId}  ${batch.status}  ${counts}${collected}${batch.error ? ` (${batch.error})` : ''}${problem ? `; not reachable now: ${problem}` : ''}`,
    );
  }
  const retryable = (requests.failed ?? 0) + (requests.unanswered ?? 0) + (requests.prepared ?? 0);
  const open = state.batches.some((batch) => batch.collectedAt === null);
  if (open) lines.push(`  "batch collect --job ${job.id}" stores what has ended`);
  if (retryable > 0)
    lines.push(`  "batch retry --job ${job.id}" resubmits the ${retryable} without a usable result`);
  return lines;
}

/** One collected (or not yet collectable) batch. */
export function collectedLines(report: CollectedBatch, state: BatchJobState | undefined): string[] {
  const head = `  job ${report.jobId} ${report.providerBatchId} (${report.status})`;
  if (report.error) return [`${head}: not collected: ${report.error}`];
  if (!report.collected) return [`${head}: still running; collect again later`];
  const word = state ? successWord(state) : 'stored';
  const lines = [
    `${head}: ${report.succeeded} ${word}, ${report.failed} failed, ${report.unanswered} never ran${report.unanswered > 0 && state?.config.purpose === 'extract' ? ' (stored as failed, with the reason)' : ''}`,
  ];
  if (report.ignored > 0)
    lines.push(`    ${report.ignored} line(s) for requests not waiting in this batch: ignored`);
  if (report.unreadable > 0)
    lines.push(`    ${report.unreadable} unreadable line(s), the first: ${report.firstProblem}`);
  return lines;
}
