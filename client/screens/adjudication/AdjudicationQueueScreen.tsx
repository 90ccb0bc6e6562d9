import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import type { AdjudicationQueue } from '../../../shared/adjudication-api.ts';
import { acceptItems, adjudicationQueueKey, adjudicationQueueQuery } from '../../api/adjudication.ts';
import { useDocumentTitle } from '../../components/a11y.ts';
import { DataTable } from '../../components/DataTable.tsx';
import { NumHead } from '../../components/NumHead.tsx';
import { PageHeading } from '../../components/PageHeading.tsx';
import { EmptyState, Loading, QueryError } from '../../components/Status.tsx';
import { adjudicationItemPath } from '../../paths.ts';
import { ContinueButton } from '../queue/ContinueButton.tsx';

type QueueItem = AdjudicationQueue['items'][number];

const STATUS_LABEL: Readonly<Record<QueueItem['status'], string>> = {
  waiting: 'Waiting',
  in_progress: 'In progress',
  fixed: 'Gold fixed',
  accepted: 'Accepted, no disagreement',
  imported: 'Imported gold',
};

/** The first item still to decide: in progress first, then waiting with disagreements. */
function nextItem(items: readonly QueueItem[]): QueueItem | undefined {
  return (
    items.find((item) => item.status === 'in_progress') ??
    items.find((item) => item.status === 'waiting' && item.disagreements > 0)
  );
}

/** Accepting every item the annotators agree on, in one recorded step, after a confirmation. */
function BulkAccept({
  study,
  agreed,
  onAccepted,
}: {
  readonly study: string;
  readonly agreed: readonly QueueItem[];
  /** Where focus goes once accepted (the button that had it is gone). */
  readonly onAccepted: () => void;
}) {
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const accept = useMutation({
    mutationFn: () =>
      acceptItems(
        study,
        agreed.map((item) => item.itemKey),
      ),
    onSuccess: async () => {
      setConfirming(false);
      await queryClient.invalidateQueries({ queryKey: adjudicationQueueKey(study) });
      onAccepted();
    },
  });
  if (agreed.length === 0 && !accept.isSuccess) return null;
  return (
    <div className="panel bulk-accept">
      {accept.isSuccess && (
        <p role="status">
          Accepted {accept.data.accepted.length} item{accept.data.accepted.length === 1 ? '' : 's'} as gold
          {accept.data.skipped.length > 0 &&
            ` (${accept.data.skipped.length} skipped: ${accept.data.skipped[0]?.reason})`}
          .
        </p>
      )}
      {agreed.length > 0 &&
        (confirming ? (
          <p>
            Record the agreed judgement as gold for {agreed.length} item{agreed.length === 1 ? '' : 's'}, as
            “accepted, no disagreement” by you?{' '}
            <button
              type="button"
              className="button-primary"
              disabled={accept.isPending}
              onClick={() => accept.mutate()}
            >
              Accept {agreed.length}
            </button>{' '}
            <button type="button" className="button-secondary" onClick={() => setConfirming(false)}>
              Cancel
            </button>
          </p>
        ) : (
          <p>
            {agreed.length} item{agreed.length === 1 ? ' has' : 's have'} no disagreement.{' '}
            <button type="button" className="button-secondary" onClick={() => setConfirming(true)}>
              Accept them all…
            </button>
          </p>
        ))}
      {accept.isError && (
        <p role="alert" className="form-alert">
          {accept.error.message}
        </p>
      )}
    </div>
  );
}

/**
 * The adjudicator's queue: the arguments whose annotations are all submitted, with how much the
 * annotators disagree; items without disagreement can be accepted in bulk.
 */
export function AdjudicationQueueScreen() {
  const { study = '' } = useParams();
  const queue = useQuery(adjudicationQueueQuery(study));
  const navigate = useNavigate();
  const continueRef = useRef<HTMLButtonElement>(null);
  useDocumentTitle('Adjudication');
  const next = queue.data ? nextItem(queue.data.items) : undefined;

  useEffect(() => {
    if (next) continueRef.current?.focus();
  }, [next]);

  if (queue.status === 'pending') return <Loading>Loading the adjudication queue…</Loading>;
  if (queue.status === 'error')
    return <QueryError error={queue.error} onRetry={() => void queue.refetch()} />;
  const { items, notReady } = queue.data;
  const agreed = items.filter((item) => item.status === 'waiting' && item.disagreements === 0);
  const decided = items.filter((item) => ['fixed', 'accepted', 'imported'].includes(item.status)).length;

  return (
    <div className="queue-page">
      <PageHeading eyebrow={<>Adjudication · {study}</>} title="Adjudication queue">
        {next && (
          <ContinueButton
            ref={continueRef}
            started={next.status === 'in_progress'}
            position={next.position}
            onClick={() => void navigate(adjudicationItemPath(study, next.itemKey))}
          />
        )}
      </PageHeading>
      <p className="muted">
        {items.length} item{items.length === 1 ? '' : 's'} ready · {decided} decided
        {notReady > 0 && ` · ${notReady} still being annotated`}
      </p>
      <BulkAccept study={study} agreed={agreed} onAccepted={() => continueRef.current?.focus()} />
      {items.length === 0 ? (
        <EmptyState>
          <p>
            No item is ready yet: an item comes here once all its annotators have submitted.
            {notReady > 0 && ` ${notReady} are still being annotated.`}
          </p>
        </EmptyState>
      ) : (
        <DataTable
          className="data-table queue-table"
          caption="Items whose annotations are all submitted"
          heads={
            <>
              <th scope="col">Item</th>
              <NumHead>Annotations</NumHead>
              <NumHead>Disagreements</NumHead>
              <th scope="col">Status</th>
            </>
          }
        >
          {items.map((item) => (
            <tr key={item.itemKey} aria-current={item.itemKey === next?.itemKey ? 'step' : undefined}>
              <th scope="row">
                <Link to={adjudicationItemPath(study, item.itemKey)}>Item {item.position}</Link>
              </th>
              <td className="num">{item.annotations}</td>
              <td className="num">{item.disagreements}</td>
              <td>
                <span className={`status status-${item.status}`}>{STATUS_LABEL[item.status]}</span>
              </td>
            </tr>
          ))}
        </DataTable>
      )}
    </div>
  );
}
