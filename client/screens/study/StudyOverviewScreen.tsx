import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import type { StudySummary } from '../../../shared/api.ts';
import type { ApiError } from '../../api/errors.ts';
import { studiesQuery, studyOverviewQuery } from '../../api/studies.ts';
import { useDocumentTitle } from '../../components/a11y.ts';
import { PageHeading } from '../../components/PageHeading.tsx';
import { EmptyState, Loading, QueryError } from '../../components/Status.tsx';
import { studyPath } from '../../paths.ts';
import { reportPath } from '../report/reportPaths.ts';
import { OverviewBody } from './OverviewBody.tsx';

/** Errors that trying again will not fix. */
function isLasting(error: ApiError): boolean {
  return error.code === 'not_found' || error.code === 'forbidden';
}

function StudyPicker({
  studies,
  selected,
}: {
  readonly studies: readonly StudySummary[];
  readonly selected: string;
}) {
  const navigate = useNavigate();
  return (
    <div className="field field-inline">
      <label htmlFor="study-picker">Study</label>
      <select
        id="study-picker"
        value={selected}
        onChange={(event) => {
          if (event.target.value !== '') void navigate(studyPath(event.target.value));
        }}
      >
        {studies.map((study) => (
          <option key={study.name} value={study.name}>
            {study.name}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * What a study holds. Without `studyName` (the `/` route) it shows the first study; the picker,
 * shown when there is more than one, moves to `/studies/:name`.
 */
export function StudyOverviewScreen({ studyName }: { readonly studyName?: string }) {
  const studies = useQuery(studiesQuery);
  const selected = studyName ?? studies.data?.[0]?.name;
  const overview = useQuery({ ...studyOverviewQuery(selected ?? ''), enabled: selected !== undefined });
  useDocumentTitle(selected === undefined ? 'Study overview' : `${selected} · study overview`);

  const list = studies.data ?? [];
  let body: ReactNode;
  if (studies.status === 'pending' && studyName === undefined) {
    body = <Loading>Loading studies…</Loading>;
  } else if (studies.status === 'error' && studyName === undefined) {
    body = <QueryError error={studies.error} onRetry={() => void studies.refetch()} />;
  } else if (selected === undefined) {
    body = (
      <EmptyState>
        <p>There is no study in this database yet. Importing data creates one:</p>
        <p>
          <code>npm run -s cli -- --study NAME import triples FILE</code>, then{' '}
          <code>npm run -s cli -- --study NAME import arguments FILE</code>.
        </p>
      </EmptyState>
    );
  } else if (overview.status === 'error') {
    body = (
      <QueryError
        error={overview.error}
        onRetry={isLasting(overview.error) ? undefined : () => void overview.refetch()}
      >
        {overview.error.code === 'not_found' && list.length > 0 && (
          <p>
            <Link to="/">Show the first study</Link> or pick one above.
          </p>
        )}
      </QueryError>
    );
  } else if (overview.status === 'pending') {
    body = <Loading>Loading study {selected}…</Loading>;
  } else {
    body = <OverviewBody overview={overview.data} />;
  }

  return (
    <div className="study-overview">
      <PageHeading
        eyebrow="Study overview"
        title={selected ?? (studies.status === 'success' ? 'No study yet' : 'Studies')}
      >
        {selected !== undefined && (
          <div className="page-heading-actions">
            {list.length > 1 && <StudyPicker studies={list} selected={selected} />}
            <Link className="button-secondary" to={reportPath(selected)}>
              The study report
            </Link>
          </div>
        )}
      </PageHeading>
      {body}
    </div>
  );
}
