/** Previous / next page of a server-paginated list; nothing when it fits on one page. */
export function Pager({
  page,
  pages,
  onPage,
  label,
}: {
  readonly page: number;
  readonly pages: number;
  readonly onPage: (page: number) => void;
  /** What the pages are of, for screen readers: "Import history pages". */
  readonly label: string;
}) {
  if (pages <= 1) return null;
  return (
    <nav className="row-actions pager" aria-label={label}>
      <button
        type="button"
        className="button-secondary"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        Previous page
      </button>
      <span className="muted">
        Page {page} of {pages}
      </span>
      <button
        type="button"
        className="button-secondary"
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        Next page
      </button>
    </nav>
  );
}
