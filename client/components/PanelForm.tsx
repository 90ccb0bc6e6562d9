import type { FormEvent, ReactNode } from 'react';

/** A form as a console panel, named by its title (`${id}-title`, `id` the form's useId). */
export function PanelForm({
  id,
  title,
  onSubmit,
  children,
}: {
  readonly id: string;
  readonly title: ReactNode;
  readonly onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  readonly children: ReactNode;
}) {
  return (
    <form className="panel" onSubmit={onSubmit} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="panel-title">
        {title}
      </h2>
      {children}
    </form>
  );
}
