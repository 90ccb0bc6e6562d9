import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useParams } from 'react-router';
import type { z } from 'zod';
import type { extractorRunsSchema } from '../../../shared/console-api.ts';
import { extractionFailuresQuery, extractorRunsQuery } from '../../api/console.ts';
import { useDocumentTitle } from '../../components/a11y.ts';
import { Pager } from '../../components/Pager.tsx';
import { EmptyState, Loading, QueryError } from '../../components/Status.tsx';
import { formatDateTime, percent } from '../../format.ts';
import './console.css';
import { DataTable } from '../../components/DataTable.tsx';
import { NumHead } from '../../components/NumHead.tsx';
import { PageHeading } from '../../components/PageHeading.tsx';

type ExtractorRun = z.infer<typeof extractorRunsSchema>[number];

/** "718 (99 %)": a count with its share of the whole. */
function share(count: number, whole: number): string {
  return `${count} (${percent(count, whole)} %)`;
}

function Failures({ study, extractor }: { readonly study: string; readonly extractor: string }) {
  const [page, setPage] = useState(1);
  const failures = useQuery(extractionFailuresQuery(study, extractor, page));
  if (failures.status === 'pending') return <Loading>Loading failures…</Loading>;
  if (failures.status === 'error')
    return <QueryError error={failures.error} onRetry={() => void failures.refetch()} />;
  const { total, pageSize, items } = failures.data;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <>
      <table className="data-table">
        <caption>
          Failures of {extractor} ({total}) · page {page} of {pages}
        </caption>
        <thead>
          <tr>
            <th scope="col">Argument</th>
            <th scope="col">Error</th>
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <tr key={item.argumentId}>
              <th scope="row">{item.argumentId}</th>
              <td>{item.error}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <Pager page={page} pages={pages} onPage={setPage} label={`Pages of ${extractor}'s failures`} />
    </>
  );
}

/** Every extractor side by side: its output over the study and over the sample the gold covers, and its last run. */
function Overview({ runs }: { readonly runs: readonly ExtractorRun[] }) {
  const sample = runs.find((run) => run.sample !== null)?.sample ?? null;
  return (
    <DataTable
      caption="Every extractor"
      heads={
        <>
          <th scope="col">Extractor</th>
          <th scope="col">Kind</th>
          <NumHead>Extracted</NumHead>
          <NumHead>Failed</NumHead>
          <NumHead>Not run</NumHead>
          {sample && (
            <NumHead>
              Sample v{sample.version} ({sample.items} items) with output
            </NumHead>
          )}
          <th scope="col">Last run</th>
        </>
      }
    >
      {runs.map((run) => {
        const total = run.extracted + run.failed + run.notRun;
        return (
          <tr key={run.name}>
            <th scope="row">
              <a href={`#extractor-${encodeURIComponent(run.name)}`}>{run.name}</a>
            </th>
            <td>
              {run.kind}
              {run.version ? ` · ${run.version}` : ''}
            </td>
            <td className="num">{share(run.extracted, total)}</td>
            <td className="num">{run.failed}</td>
            <td className="num">{run.notRun}</td>
            {sample && (
              <td className="num">{run.sample ? share(run.sample.extracted, run.sample.items) : '—'}</td>
            )}
            <td className="when">{formatDateTime(run.runs[0]?.startedAt ?? null)}</td>
          </tr>
        );
      })}
    </DataTable>
  );
}

/** A parameter's value; a long hash (a prompt's, a lexicon's) is shortened, whole in its tooltip. */
function ParameterValue({ value }: { readonly value: string }) {
  const hash = /^[0-9a-f]{32,}$/u.test(value);
  return <code title={hash ? value : undefined}>{hash ? `${value.slice(0, 12)}…` : value}</code>;
}

/** An extractor's latest runs and imports: when, from where, with which parameters, what each left. */
function Runs({ run }: { readonly run: ExtractorRun }) {
  if (run.runs.length === 0) return <p className="muted">No run is recorded.</p>;
  return (
    <DataTable
      className="data-table runs-table"
      caption={
        run.runCount > run.runs.length
          ? `The latest ${run.runs.length} of ${run.runCount} runs of ${run.name}`
          : `Runs of ${run.name}`
      }
      heads={
        <>
          <th scope="col">Started</th>
          <th scope="col">Finished</th>
          <th scope="col">How</th>
          <NumHead>Output kept from it</NumHead>
        </>
      }
    >
      {run.runs.map((entry) => (
        <tr key={`${entry.startedAt}-${entry.importFile ?? ''}`}>
          <th scope="row">{formatDateTime(entry.startedAt)}</th>
          <td className="when">
            {entry.importFile
              ? 'imported'
              : entry.finishedAt
                ? formatDateTime(entry.finishedAt)
                : 'did not finish'}
          </td>
          <td>
            {entry.importFile && <>import of {entry.importFile}</>}
            {entry.parameters.length > 0 && (
              <ul className="run-parameters">
                {entry.parameters
                  .filter((parameter) => !(entry.importFile && ['source', 'file'].includes(parameter.name)))
                  .map((parameter) => (
                    <li key={parameter.name}>
                      <span className="muted">{parameter.name}</span>{' '}
                      <ParameterValue value={parameter.value} />
                    </li>
                  ))}
              </ul>
            )}
          </td>
          <td className="num">{entry.stored}</td>
        </tr>
      ))}
    </DataTable>
  );
}

/** One extractor: its counts, what is missing from the sample, its runs, and its failures with the command that reruns them. */
function ExtractorSection({ study, run }: { readonly study: string; readonly run: ExtractorRun }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const total = run.extracted + run.failed + run.notRun;
  const sampleGaps = run.sample ? run.sample.failed + run.sample.notRun : 0;
  return (
    <section
      id={`extractor-${encodeURIComponent(run.name)}`}
      className="panel"
      aria-labelledby={`${id}-title`}
    >
      <h2 id={`${id}-title`} className="panel-title">
        {run.name}
        <span className="muted">
          {run.kind}
          {run.version ? ` · ${run.version}` : ''}
        </span>
      </h2>
      <p>
        <strong>{run.extracted}</strong> extracted · <strong>{run.failed}</strong> failed ·{' '}
        <strong>{run.notRun}</strong> not run <span className="muted">of the study's {total} arguments</span>
      </p>
      {run.sample && (
        <p>
          Sample version {run.sample.version}: <strong>{run.sample.extracted}</strong> of its{' '}
          {run.sample.items} items with output
          {sampleGaps > 0 ? (
            <>
              {' '}
              ·{' '}
              <span className="badge badge-warn">
                {sampleGaps} without ({run.sample.failed} failed, {run.sample.notRun} not run)
              </span>{' '}
              <span className="muted">— these cannot be compared with their gold</span>
            </>
          ) : (
            <span className="muted"> — every sampled item can be compared with its gold</span>
          )}
        </p>
      )}
      <Runs run={run} />
      {(run.failed > 0 || run.notRun > 0) && (
        <p>
          {run.kind === 'imported'
            ? 'Import the output again'
            : 'Run it again (failures and missing ones only)'}
          : <code>{run.rerun}</code>
        </p>
      )}
      {run.failed > 0 && (
        <>
          <button
            type="button"
            className="button-secondary button-small"
            aria-expanded={open}
            onClick={() => setOpen(!open)}
          >
            {open ? 'Hide' : 'Show'} the failures of {run.name}
          </button>
          {open && <Failures study={study} extractor={run.name} />}
        </>
      )}
    </section>
  );
}

/**
 * Extraction runs (role `admin`): every extractor side by side, then each one — extracted, failed
 * and not run over the study and over the latest sample (what the gold covers), its latest runs
 * with their parameters, its failures with their errors (a page at a time), and the command that
 * reruns them.
 */
export function ExtractionsScreen() {
  const { study = '' } = useParams();
  const runs = useQuery(extractorRunsQuery(study));
  useDocumentTitle(`Extraction runs · ${study}`);
  return (
    <div className="console-page">
      <PageHeading eyebrow={<>Study console · {study}</>} title="Extraction runs" />
      {runs.status === 'pending' ? (
        <Loading>Loading extractors…</Loading>
      ) : runs.status === 'error' ? (
        <QueryError error={runs.error} onRetry={() => void runs.refetch()} />
      ) : runs.data.length === 0 ? (
        <EmptyState>
          <p>
            No extractor output yet: run{' '}
            <code>npm run -s cli -- --study {study} extract --extractor rules</code> or import extractions on
            the Data screen.
          </p>
        </EmptyState>
      ) : (
        <>
          <Overview runs={runs.data} />
          {runs.data.map((run) => (
            <ExtractorSection key={run.name} study={study} run={run} />
          ))}
        </>
      )}
    </div>
  );
}
