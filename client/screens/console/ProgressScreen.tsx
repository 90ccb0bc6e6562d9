import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { PROGRESS_REFRESH_MS, progressQuery, type StudyProgress } from '../../api/console.ts';
import { useDocumentTitle } from '../../components/a11y.ts';
import { EmptyState, Loading, QueryError } from '../../components/Status.tsx';
import { formatDateTime, formatMinutes, percent } from '../../format.ts';
import { Burndown } from './Burndown.tsx';
import './console.css';
import { DataTable } from '../../components/DataTable.tsx';
import { NumHead } from '../../components/NumHead.tsx';
import { PageHeading } from '../../components/PageHeading.tsx';

/** An annotator's agreement on the calibration items, in words: the figure, "too few", or why there is none. */
function CalibrationCell({
  calibration,
  annotator,
}: {
  readonly calibration: StudyProgress['calibration'];
  readonly annotator: string;
}) {
  const agreement = calibration.byAnnotator[annotator];
  if (calibration.items === 0) return <span className="muted">no calibration items</span>;
  if (!agreement || agreement.items === 0) return <span className="muted">none shared yet</span>;
  const items = `${agreement.items} ${agreement.items === 1 ? 'item' : 'items'}`;
  if (agreement.status === 'too_few')
    return (
      <span className="muted" title={`Stated from ${calibration.minimumItems} shared calibration items`}>
        too few ({agreement.items} of {calibration.minimumItems} items)
      </span>
    );
  if (agreement.positiveAgreement === null)
    return <span className="muted">n/a: no factor ticked ({items})</span>;
  return (
    <>
      {agreement.positiveAgreement.toFixed(2)} <span className="muted">({items})</span>
    </>
  );
}

function AnnotatorTable({ progress }: { readonly progress: StudyProgress }) {
  return (
    <DataTable
      caption="Per annotator"
      heads={
        <>
          <th scope="col">Annotator</th>
          <NumHead>Assigned</NumHead>
          <NumHead>Done</NumHead>
          <NumHead>Drafts</NumHead>
          <NumHead>To do</NumHead>
          <NumHead>Median active minutes per item</NumHead>
          <NumHead>Agreement on calibration items</NumHead>
          <th scope="col">Last activity</th>
          <th scope="col">Stuck</th>
        </>
      }
      after={
        <p className="hint table-note">
          Done: submitted annotations. Active minutes count only while the annotator works on the item (the
          workspace pauses the clock when idle). Agreement: with the other annotators on the calibration items
          both submitted — positive specific agreement 2a / (2a + b + c) over the 78 decisions of each item
          (of the factors either ticked, the share both ticked), stated from{' '}
          {progress.calibration.minimumItems} shared items. The report gives κ, AC1 and PABAK with intervals
          over every doubly annotated item.
        </p>
      }
    >
      {progress.annotators.map((row) => (
        <tr key={row.annotator}>
          <th scope="row">{row.annotator}</th>
          <td className="num">{row.assigned}</td>
          <td className="num">
            {row.submitted} <span className="muted">({percent(row.submitted, row.assigned)} %)</span>
          </td>
          <td className="num">{row.drafts}</td>
          <td className="num">{row.todo}</td>
          <td className="num">
            {row.medianSecondsPerItem === null ? '—' : formatMinutes(row.medianSecondsPerItem)}
          </td>
          <td className="num">
            <CalibrationCell calibration={progress.calibration} annotator={row.annotator} />
          </td>
          <td className="when">{formatDateTime(row.lastActivity)}</td>
          <td>
            {row.stuck ? (
              <span
                className="badge badge-warn"
                title={`Unfinished items and nothing moved for ${progress.stuckAfterHours} h`}
              >
                stuck
              </span>
            ) : (
              <span className="muted">no</span>
            )}
          </td>
        </tr>
      ))}
    </DataTable>
  );
}

function StrataTable({ progress }: { readonly progress: StudyProgress }) {
  if (progress.strata.length === 0) return null;
  return (
    <DataTable
      caption={<>Per stratum of sample version {progress.sampleVersion}</>}
      heads={
        <>
          <th scope="col">Stratum</th>
          <NumHead>Items</NumHead>
          <NumHead>Fully annotated</NumHead>
          <NumHead>Submitted annotations</NumHead>
        </>
      }
    >
      {progress.strata.map((row) => (
        <tr key={row.stratum}>
          <th scope="row">{row.stratum}</th>
          <td className="num">{row.items}</td>
          <td className="num">{row.fullyAnnotated}</td>
          <td className="num">{row.submittedAnnotations}</td>
        </tr>
      ))}
    </DataTable>
  );
}

/**
 * Progress (role `admin`): per annotator — items done, median active minutes per item, agreement
 * with the others on the calibration items so far — and per stratum, with the burn-down of submitted
 * annotations (today's counts until there are two days to draw); reread every ten seconds while open
 * (the `status` command's numbers, live).
 */
export function ProgressScreen() {
  const { study = '' } = useParams();
  const progress = useQuery(progressQuery(study));
  useDocumentTitle(`Progress · ${study}`);
  return (
    <div className="console-page">
      <PageHeading eyebrow={<>Study console · {study}</>} title="Progress">
        {progress.dataUpdatedAt > 0 && (
          <p className="muted" aria-live="off">
            Updated {formatDateTime(new Date(progress.dataUpdatedAt).toISOString(), new Date())} · every{' '}
            {PROGRESS_REFRESH_MS / 1000} s
          </p>
        )}
      </PageHeading>
      {progress.status === 'pending' ? (
        <Loading>Loading progress…</Loading>
      ) : progress.status === 'error' ? (
        <QueryError error={progress.error} onRetry={() => void progress.refetch()} />
      ) : progress.data.annotators.length === 0 ? (
        <EmptyState>
          <p>Nothing is assigned yet: assign a sample first.</p>
        </EmptyState>
      ) : (
        <>
          <section className="panel" aria-labelledby="burndown-title">
            <h2 id="burndown-title" className="panel-title">
              Burn-down
            </h2>
            <Burndown days={progress.data.burndown} />
          </section>
          <AnnotatorTable progress={progress.data} />
          <StrataTable progress={progress.data} />
        </>
      )}
    </div>
  );
}
