import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { itemQuery } from '../../api/annotation.ts';
import { useDocumentTitle } from '../../components/a11y.ts';
import { ItemLoadError, Loading } from '../../components/Status.tsx';
import { queuePath } from '../../paths.ts';
import { useSignedInUser } from '../../session.ts';
import { Workspace } from './Workspace.tsx';

/** `/studies/:study/items/:itemKey`: loads the item, then the workspace for it (a fresh one per item). */
export function WorkspaceScreen() {
  const { study = '', itemKey = '' } = useParams();
  const user = useSignedInUser();
  const item = useQuery(itemQuery(study, itemKey));
  useDocumentTitle(item.data ? `Item ${item.data.position} of ${item.data.queueLength}` : 'Item');

  if (item.status === 'pending') return <Loading>Loading the item…</Loading>;
  if (item.status === 'error')
    return (
      <ItemLoadError
        error={item.error}
        onRetry={() => void item.refetch()}
        backTo={queuePath(study)}
        backLabel="Back to your queue"
      />
    );
  return <Workspace key={itemKey} study={study} username={user.username} item={item.data} />;
}
