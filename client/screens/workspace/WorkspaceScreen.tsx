import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { itemQuery } from '../../api/annotation.ts';
import { useDocumentTitle } from '../../components/a11y.ts';
import { LoadedItem } from '../../components/Status.tsx';
import { queuePath } from '../../paths.ts';
import { useSignedInUser } from '../../session.ts';
import { Workspace } from './Workspace.tsx';

/** `/studies/:study/items/:itemKey`: loads the item, then the workspace for it (a fresh one per item). */
export function WorkspaceScreen() {
  const { study = '', itemKey = '' } = useParams();
  const user = useSignedInUser();
  const item = useQuery(itemQuery(study, itemKey));
  useDocumentTitle(item.data ? `Item ${item.data.position} of ${item.data.queueLength}` : 'Item');
  return (
    <LoadedItem item={item} backTo={queuePath(study)} backLabel="Back to your queue">
      {(data) => <Workspace key={itemKey} study={study} username={user.username} item={data} />}
    </LoadedItem>
  );
}
