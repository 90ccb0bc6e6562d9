import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { adjudicationItemQuery } from '../../api/adjudication.ts';
import { useDocumentTitle } from '../../components/a11y.ts';
import { LoadedItem } from '../../components/Status.tsx';
import { adjudicationPath } from '../../paths.ts';
import { useSignedInUser } from '../../session.ts';
import { AdjudicationWorkspace } from './AdjudicationWorkspace.tsx';

/** `/studies/:study/adjudication/:itemKey`: loads the item, then its adjudication (a fresh one per item). */
export function AdjudicationScreen() {
  const { study = '', itemKey = '' } = useParams();
  const user = useSignedInUser();
  const item = useQuery(adjudicationItemQuery(study, itemKey, false));
  useDocumentTitle(item.data ? `Adjudicate item ${item.data.position}` : 'Adjudicate');
  return (
    <LoadedItem item={item} backTo={adjudicationPath(study)} backLabel="Back to the adjudication queue">
      {(data) => <AdjudicationWorkspace key={itemKey} study={study} username={user.username} item={data} />}
    </LoadedItem>
  );
}
