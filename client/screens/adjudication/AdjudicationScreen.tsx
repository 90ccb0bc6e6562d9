import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { adjudicationItemQuery } from '../../api/adjudication.ts';
import { useDocumentTitle } from '../../components/a11y.ts';
import { ItemLoadError, Loading } from '../../components/Status.tsx';
import { adjudicationPath } from '../../paths.ts';
import { useSignedInUser } from '../../session.ts';
import { AdjudicationWorkspace } from './AdjudicationWorkspace.tsx';

/** `/studies/:study/adjudication/:itemKey`: loads the item, then its adjudication (a fresh one per item). */
export function AdjudicationScreen() {
  const { study = '', itemKey = '' } = useParams();
  const user = useSignedInUser();
  const item = useQuery(adjudicationItemQuery(study, itemKey, false));
  useDocumentTitle(item.data ? `Adjudicate item ${item.data.position}` : 'Adjudicate');

  if (item.status === 'pending') return <Loading>Loading the item…</Loading>;
  if (item.status === 'error')
    return (
      <ItemLoadError
        error={item.error}
        onRetry={() => void item.refetch()}
        backTo={adjudicationPath(study)}
        backLabel="Back to the adjudication queue"
      />
    );
  return <AdjudicationWorkspace key={itemKey} study={study} username={user.username} item={item.data} />;
}
