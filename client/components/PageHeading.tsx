import type { ReactNode } from 'react';

/** A screen's heading: where it is (the eyebrow), its h1 (focused on navigation), then `children` beside it. */
export function PageHeading({
  eyebrow,
  title,
  children,
}: {
  readonly eyebrow: ReactNode;
  readonly title: ReactNode;
  readonly children?: ReactNode;
}) {
  return (
    <div className="page-heading">
      <div>
        <p className="eyebrow">{eyebrow}</p>
        <h1 tabIndex={-1}>{title}</h1>
      </div>
      {children}
    </div>
  );
}
