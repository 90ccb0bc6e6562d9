import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { ApiError } from '../api/errors.ts';

/** A polite "loading" line, announced by screen readers. */
export function Loading({ children }: { readonly children: ReactNode }) {
  return (
    <p role="status" className="loading">
      {children}
    </p>
  );
}

/** A failed request: the server's message, and a way to try again. */
export function QueryError({
  error,
  onRetry,
  children,
}: {
  readonly error: ApiError;
  readonly onRetry?: () => void;
  readonly children?: ReactNode;
}) {
  return (
    <div role="alert" className="notice notice-error">
      <p>{error.message}</p>
      {children}
      {onRetry && (
        <button type="button" className="button-secondary" onClick={onRetry}>
          Try again
        </button>
      )}
    </div>
  );
}

/** Nothing to show yet, and what to do about it. */
export function EmptyState({ children }: { readonly children: ReactNode }) {
  return <div className="empty">{children}</div>;
}

/** An item that could not be loaded: the server's message, a retry where one can help, and the way back. */
export function ItemLoadError({
  error,
  onRetry,
  backTo,
  backLabel,
}: {
  readonly error: ApiError;
  readonly onRetry: () => void;
  readonly backTo: string;
  readonly backLabel: string;
}) {
  return (
    <div className="narrow-page">
      <h1 tabIndex={-1}>This item cannot be opened</h1>
      <QueryError error={error} onRetry={error.code === 'not_found' ? undefined : onRetry} />
      <p>
        <Link to={backTo}>{backLabel}</Link>
      </p>
    </div>
  );
}

/**
 * An item screen's query: loading, or why the item cannot be opened (with the way back), else
 * `children` of the loaded item.
 */
export function LoadedItem<Item>({
  item,
  backTo,
  backLabel,
  children,
}: {
  readonly item: UseQueryResult<Item>;
  readonly backTo: string;
  readonly backLabel: string;
  readonly children: (item: Item) => ReactNode;
}) {
  if (item.status === 'pending') return <Loading>Loading the item…</Loading>;
  if (item.status === 'error')
    return (
      <ItemLoadError
        error={item.error}
        onRetry={() => void item.refetch()}
        backTo={backTo}
        backLabel={backLabel}
      />
    );
  return children(item.data);
}
