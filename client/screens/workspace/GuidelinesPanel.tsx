import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { guidelinesQuery } from '../../api/annotation.ts';
import { Markdown } from '../../components/Markdown.tsx';
import { Loading, QueryError } from '../../components/Status.tsx';

/**
 * The annotation guidelines, in the version the annotation is saved under, in a drawer over the
 * side of the screen at every width: it takes the focus when it opens (its title), so its content is
 * where the keyboard is, and gives it back on closing (L, Esc or Close) to where it was. The text
 * stays beside it, usable; the drawer is not modal.
 */
export function GuidelinesPanel({ onClose }: { readonly onClose: () => void }) {
  const guidelines = useQuery(guidelinesQuery);
  const titleRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    const before = document.activeElement;
    const drawer = titleRef.current?.closest('.guidelines-panel');
    titleRef.current?.focus();
    return () => {
      // Back where the keyboard was, unless it has moved on out of the drawer meanwhile (T, a click).
      const now = document.activeElement;
      const wasInDrawer = now === null || now === document.body || (drawer?.contains(now) ?? false);
      if (wasInDrawer && before instanceof HTMLElement && before.isConnected)
        before.focus({ preventScroll: true });
    };
  }, []);

  return (
    <div
      className="guidelines-panel"
      role="dialog"
      aria-modal="false"
      aria-labelledby="guidelines-title"
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault();
          onClose();
        }
      }}
    >
      <div className="guidelines-head">
        <h2 id="guidelines-title" tabIndex={-1} ref={titleRef}>
          Guidelines
        </h2>
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
    </div>
  );
}
