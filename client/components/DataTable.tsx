import type { ReactNode } from 'react';

/**
 * A `.data-table` in its horizontal scroller: caption, one row of column heads, the body's rows
 * (`children`), and what follows the table inside the scroller (`after`, a note on it).
 */
export function DataTable({
  className = 'data-table',
  caption,
  captionClassName,
  heads,
  children,
  after,
}: {
  readonly className?: string;
  readonly caption: ReactNode;
  readonly captionClassName?: string;
  readonly heads: ReactNode;
  readonly children: ReactNode;
  readonly after?: ReactNode;
}) {
  return (
    <div className="table-scroll">
      <table className={className}>
        <caption className={captionClassName}>{caption}</caption>
        <thead>
          <tr>{heads}</tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
      {after}
    </div>
  );
}
