import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import type { Queue } from '../../../shared/annotation-api.ts';
import { queueQuery } from '../../api/annotation.ts';
import { useDocumentTitle } from '../../components/a11y.ts';
import { DataTable } from '../../components/DataTable.tsx';
import { NumHead } from '../../components/NumHead.tsx';
import { PageHeading } from '../../components/PageHeading.tsx';
import { EmptyState, Loading, QueryError } from '../../components/Status.tsx';
import { formatDateTime, formatDuration, percent } from '../../format.ts';
import { itemPath } from '../../paths.ts';
import { submittedPosition } from '../workspace/Workspace.tsx';
import { ContinueButton } from './ContinueButton.tsx';

const STATUS_LABEL = { todo: 'To do', draft: 'Draft', submitted: 'Submitted' } as const;

function ProgressSummary({ queue }: { readonly queue: Queue }) {
  const { total, submitted, drafts, todo, secondsSpent } = queue.progress;
  return (
    <div className="queue-summary panel">
      <div className="progress-line">
        <span>
          <strong>{submitted}</strong> of {total} submitted
        </span>
        <span className="muted">
          {drafts} in draft · {todo} to do · {formatDuration(secondsSpent)} spent
        </span>
      </div>
      <progress className="progress" max={Math.max(total, 1)} value={submitted} aria-label="Items submitted">
        {percent(submitted, total)} %
      </progress>
    </div>
  );
}

/**
 * The annotator's own queue: their items by position (never by an id that could reveal the
 * generating model or the test), with status and time, and "continue where I left off" on Enter.
 */
export function QueueScreen() {
  const { study = '' } = useParams();
  const queue = useQuery(queueQuery(study));
  const navigate = useNavigate();
  const continueRef = useRef<HTMLButtonElement>(null);
  const location = useLocation();
  const [justSubmitted] = useState(() => submittedPosition(location.state));
  useDocumentTitle('My queue');
  const next = queue.data?.next ?? null;

  useEffect(() => {
    if (next !== null) continueRef.current?.focus();
  }, [next]);

  if (queue.status === 'pending') return <Loading>Loading your queue…</Loading>;
  if (queue.status === 'error')
    return <QueryError error={queue.error} onRetry={() => void queue.refetch()} />;
  const { items } = queue.data;
  const nextItem = items.find((item) => item.itemKey === next);

  return (
    <div className="queue-page">
      <PageHeading eyebrow={<>Annotation · {study}</>} title="My queue">
        {nextItem && (
          <ContinueButton
            ref={continueRef}
            started={nextItem.status === 'draft'}
            position={nextItem.position}
            onClick={() => void navigate(itemPath(study, nextItem.itemKey))}
          />
        )}
      </PageHeading>
      {items.length === 0 ? (
        <EmptyState>
          <p>
            No items are assigned to you yet. The study admin assigns them; this page updates when they do.
          </p>
        </EmptyState>
      ) : (
        <>
          <ProgressSummary queue={queue.data} />
          {next === null && (
            <p className="notice notice-info" role="status">
              {justSubmitted !== null && `Item ${justSubmitted} submitted. `}All {items.length} items are
              submitted. Thank you — you can still reopen an item until adjudication of it starts.
            </p>
          )}
          <DataTable
            className="data-table queue-table"
            caption="Your items, in the order to annotate them"
            heads={
              <>
                <th scope="col">Item</th>
                <th scope="col">Status</th>
                <NumHead>Time spent</NumHead>
                <th scope="col">Last saved</th>
              </>
            }
          >
            {items.map((item) => (
              <tr key={item.itemKey} aria-current={item.itemKey === next ? 'step' : undefined}>
                <th scope="row">
                  <Link to={itemPath(study, item.itemKey)}>Item {item.position}</Link>
                  {item.calibration && <span className="badge badge-calibration">calibration</span>}
                </th>
                <td>
                  <span className={`status status-${item.status}`}>{STATUS_LABEL[item.status]}</span>
                </td>
                <td className="num">{item.secondsSpent > 0 ? formatDuration(item.secondsSpent) : '—'}</td>
                <td>{item.updatedAt ? formatDateTime(item.updatedAt) : '—'}</td>
              </tr>
            ))}
          </DataTable>
        </>
      )}
    </div>
  );
}
