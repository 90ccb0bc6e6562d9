import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useParams } from 'react-router';
import { extractionFailuresQuery, extractorRunsQuery } from '../../api/console.ts';
import { useDocumentTitle } from '../../components/a11y.ts';
import { EmptyState, Loading, QueryError } from '../../components/Status.tsx';
import './console.css';
import { Pager } from '../../components/Pager.tsx';

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

/**
 * Extraction runs (role `admin`): per extractor, extracted and failed counts, the failures with their
 * errors (a page at a time), and the command that retries them.
 */
export function ExtractionsScreen() {
  const { study = '' } = useParams();
  const id = useId();
  const runs = useQuery(extractorRunsQuery(study));
  const [open, setOpen] = useState<string | null>(null);
  useDocumentTitle(`Extraction runs · ${study}`);
  return (
    <div className="console-page">
      <div className="page-heading">
        <div>
          <p className="eyebrow">Study console · {study}</p>
          <h1 tabIndex={-1}>Extraction runs</h1>
        </div>
      </div>
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
        runs.data.map((run) => (
          <section key={run.name} className="panel" aria-labelledby={`${id}-${run.name}`}>
            <h2 id={`${id}-${run.name}`} className="panel-title">
              {run.name}
              <span className="muted">
                {run.kind}
                {run.version ? ` · ${run.version}` : ''}
              </span>
            </h2>
            <p>
              <strong>{run.extracted}</strong> extracted · <strong>{run.failed}</strong> failed
            </p>
            {run.failed > 0 && (
              <>
                <p>
                  Rerun the failures: <code>{run.rerun}</code>
                </p>
                <button
                  type="button"
                  className="button-secondary button-small"
                  aria-expanded={open === run.name}
                  onClick={() => setOpen(open === run.name ? null : run.name)}
                >
                  {open === run.name ? 'Hide' : 'Show'} the failures of {run.name}
                </button>
                {open === run.name && <Failures study={study} extractor={run.name} />}
              </>
            )}
          </section>
        ))
      )}
    </div>
  );
}
