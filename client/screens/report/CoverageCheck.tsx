import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useMemo, useState } from 'react';
import {
  type CoverageJobView,
  coverageCheckRequestSchema,
  DEFAULT_CHECK_BOOTSTRAP,
  DEFAULT_CHECK_REPLICATES,
  DEFAULT_CHECK_SEED,
  MAX_CHECK_BOOTSTRAP,
  MAX_CHECK_REPLICATES,
  MAX_CHECK_WORK,
  type CoverageCheck as StoredCheck,
} from '../../../shared/coverage-check-api.ts';
import { coverageSection } from '../../../shared/report-document/coverage-section.ts';
import { cancelCoverageCheck, coverageStateQuery, startCoverageCheck } from '../../api/coverage.ts';
import { NumberField } from '../../components/NumberField.tsx';
import { QueryError } from '../../components/Status.tsx';
import { ReportBlocks } from './ReportBlocks.tsx';
import { RunningJobPanel } from './ReportProgress.tsx';

const NO_CHARTS = new Map();

/** A stored check's tables, as the report's appendix prints them (without its heading), collapsed. */
function CheckTables({ study, check }: { readonly study: string; readonly check: StoredCheck }) {
  const blocks = useMemo(
    () =>
      coverageSection({
        meta: { study, level: check.parameters.level },
        coverage: { status: 'current', check, stale_reason: null },
      }).filter((block) => block.kind === 'table'),
    [study, check],
  );
  const details = useMemo(
    () => [{ kind: 'details' as const, summary: "The latest check's tables", blocks }],
    [blocks],
  );
  return <ReportBlocks blocks={details} numbers={NO_CHARTS} />;
}

/** The running job: a progress bar of simulated studies, what it is doing, and Cancel. */
function RunningJob({ job, onCancel }: { readonly job: CoverageJobView; readonly onCancel: () => void }) {
  const { progress, parameters } = job;
  return (
    <RunningJobPanel className="coverage-running" onCancel={onCancel}>
      <progress
        aria-label="Checking the intervals' coverage"
        value={progress.done}
        max={Math.max(1, progress.total)}
      />
      <p role="status">
        {`${progress.detail[0]?.toUpperCase() ?? ''}${progress.detail.slice(1)}…`}{' '}
        <span className="muted">
          (R = {parameters.replicates}, B = {parameters.bootstrap}, seed {parameters.seed}; started by{' '}
          {job.started_by})
        </span>
      </p>
    </RunningJobPanel>
  );
}

/**
 * "Check the intervals' coverage" (admins): `simulate coverage` at the study's own design, run by the
 * server in a worker thread (one at a time), with R, B and the seed to choose (defaults 200, 200,
 * 2025), a progress bar of the simulated studies and Cancel. The latest stored check's tables are
 * shown here; the report's appendix states it too (`useFreshAppendix` computes the report again when
 * a new check is stored).
 */
export function CoverageCheck({ study }: { readonly study: string }) {
  const id = useId();
  const queryClient = useQueryClient();
  const state = useQuery(coverageStateQuery(study));
  const [draft, setDraft] = useState({
    replicates: String(DEFAULT_CHECK_REPLICATES),
    bootstrap: String(DEFAULT_CHECK_BOOTSTRAP),
    seed: String(DEFAULT_CHECK_SEED),
  });
  const [invalid, setInvalid] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: coverageStateQuery(study).queryKey });
  const start = useMutation({
    mutationFn: (request: Parameters<typeof startCoverageCheck>[1]) => startCoverageCheck(study, request),
    onSettled: () => void refresh(),
  });
  const cancel = useMutation({
    mutationFn: (jobId: string) => cancelCoverageCheck(study, jobId),
    onSettled: () => void refresh(),
  });
  const job = state.data?.job ?? null;
  const latest = state.data?.latest ?? null;
  const running = job?.status === 'running';

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = coverageCheckRequestSchema.safeParse({
      replicates: Number(draft.replicates),
      bootstrap: Number(draft.bootstrap),
      seed: Number(draft.seed),
    });
    if (!parsed.success) {
      setInvalid(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; '));
      return;
    }
    setInvalid(null);
    start.mutate(parsed.data);
  };
  const field = (name: keyof typeof draft, label: string, hint: string, min: number, max?: number) => (
    <NumberField
      id={`${id}-${name}`}
      label={label}
      step={1}
      min={min}
      max={max}
      required
      hint={hint}
      hintClassName="report-hint"
      value={draft[name]}
      disabled={running}
      onChange={(value) => setDraft((current) => ({ ...current, [name]: value }))}
    />
  );

  return (
    <section className="panel coverage-check" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Check the intervals' coverage</h2>
      <p className="muted">
        Simulates studies like this one — its models, tests, cell sizes, gold and the error rates its gold
        shows — and counts how often each interval of the report contains the true value, and how often a
        claim comes out wrong. It runs on the server, one check at a time; the report's appendix states the
        latest.
      </p>
      <form className="report-form" onSubmit={submit}>
        {field(
          'replicates',
          'Simulated studies R',
          `1 to ${MAX_CHECK_REPLICATES.toLocaleString('en')}`,
          1,
          MAX_CHECK_REPLICATES,
        )}
        {field(
          'bootstrap',
          'Bootstrap replicates B',
          `0 to ${MAX_CHECK_BOOTSTRAP.toLocaleString('en')}; R × B at most ${MAX_CHECK_WORK.toLocaleString('en')}`,
          0,
          MAX_CHECK_BOOTSTRAP,
        )}
        {field('seed', 'Seed', 'the same seed gives the same check', Number.MIN_SAFE_INTEGER)}
        <button type="submit" className="button-primary" disabled={running || start.isPending}>
          Check the coverage
        </button>
      </form>
      {invalid !== null && (
        <p role="alert" className="form-alert">
          {invalid}
        </p>
      )}
      {start.isError && <QueryError error={start.error} />}
      {cancel.isError && <QueryError error={cancel.error} />}
      {state.isError && <QueryError error={state.error} onRetry={() => void state.refetch()} />}
      {job !== null && running && <RunningJob job={job} onCancel={() => cancel.mutate(job.id)} />}
      {job?.status === 'cancelled' && <p role="status">The check was cancelled; nothing was stored.</p>}
      {job?.status === 'failed' && job.error && (
        <div role="alert" className="notice notice-error">
          <p>{job.error.message}</p>
        </div>
      )}
      {latest === null ? (
        !running && <p>No check has been run at this study's design yet.</p>
      ) : (
        <div className="coverage-latest">
          <p role={job?.status === 'done' ? 'status' : undefined}>
            Latest check: {latest.created_at.slice(0, 16).replace('T', ' ')} UTC,{' '}
            {latest.source === 'cli'
              ? 'from the command line'
              : `by ${latest.created_by ?? 'a removed user'}`}
            ; R = {latest.parameters.replicates}, B = {latest.parameters.bootstrap}, seed{' '}
            {latest.parameters.seed}. Whether the study still has that design, the report's appendix says.
          </p>
          <CheckTables study={study} check={latest} />
        </div>
      )}
    </section>
  );
}
