import { useQuery } from '@tanstack/react-query';
import { guidelinesQuery } from '../../api/annotation.ts';
import { Markdown } from '../../components/Markdown.tsx';
import { Loading, QueryError } from '../../components/Status.tsx';

/** The annotation guidelines beside the text, in the version the annotation is saved under. */
export function GuidelinesPanel({ onClose }: { readonly onClose: () => void }) {
  const guidelines = useQuery(guidelinesQuery);
  return (
    <aside className="guidelines-panel" aria-labelledby="guidelines-title">
      <div className="guidelines-head">
        <h2 id="guidelines-title">Guidelines</h2>
        <button type="button" className="button-secondary button-small" onClick={onClose}>
          Close <kbd>L</kbd>
        </button>
      </div>
      {guidelines.status === 'pending' && <Loading>Loading the guidelines…</Loading>}
      {guidelines.status === 'error' && (
        <QueryError error={guidelines.error} onRetry={() => void guidelines.refetch()} />
      )}
      {guidelines.status === 'success' && (
        // The document states its own version (the server checks it equals the one saved with annotations).
        <div className="guidelines-body" data-version={guidelines.data.version}>
          <Markdown source={guidelines.data.markdown} headingOffset={2} />
        </div>
      )}
    </aside>
  );
}
