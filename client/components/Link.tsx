import type { ComponentProps, MouseEvent } from 'react';
import { navigate } from '../router.ts';

type LinkProps = Omit<ComponentProps<'a'>, 'href'> & {
  /** An in-app path such as `/studies/pilot`. */
  readonly to: string;
};

/** Whether a click on a link should stay in the app (a plain left click, not "open in new tab"). */
function isPlainClick(event: MouseEvent<HTMLAnchorElement>): boolean {
  return (
    !event.defaultPrevented &&
    event.button === 0 &&
    !event.metaKey &&
    !event.ctrlKey &&
    !event.shiftKey &&
    !event.altKey &&
    (event.currentTarget.target === '' || event.currentTarget.target === '_self')
  );
}

/** An in-app link: a real `<a href>` (new tab, copy link work) that navigates without a reload. */
export function Link({ to, children, onClick, ...rest }: LinkProps) {
  return (
    <a
      href={to}
      onClick={(event) => {
        onClick?.(event);
        if (!isPlainClick(event)) return;
        event.preventDefault();
        navigate(to);
      }}
      {...rest}
    >
      {children}
    </a>
  );
}
