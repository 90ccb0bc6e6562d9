import type { ReactNode } from 'react';

/** A numeric column's header, right-aligned like its `.num` cells. */
export function NumHead({ children }: { readonly children: ReactNode }) {
  return (
    <th scope="col" className="num">
      {children}
    </th>
  );
}
