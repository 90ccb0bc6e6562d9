import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { itemQuery } from '../../api/annotation.ts';
import { useDocumentTitle } from '../../components/a11y.ts';
import { Loading, QueryError } from '../../components/Status.tsx';
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
      <div className="narrow-page">
        <h1 tabIndex={-1}>This item cannot be opened</h1>
        <QueryError
          error={item.error}
          onRetry={item.error.code === 'not_found' ? undefined : () => void item.refetch()}
        />
        <p>
          <Link to={queuePath(study)}>Back to your queue</Link>
        </p>
      </div>
    );
  return <Workspace key={itemKey} study={study} username={user.username} item={item.data} />;
}
