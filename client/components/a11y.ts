import { useEffect, useRef } from 'react';

/** The id of the one `<main>`; the skip link and route focus target it. */
export const MAIN_ID = 'main';

/** Sets the tab title to `title — factor-audit`. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} — factor-audit`;
  }, [title]);
}

/**
 * After a route change, moves focus to the new screen's `<h1>` (or `<main>`), so keyboard and
 * screen-reader users start at the top of what changed. Focus a screen has already placed inside
 * `<main>` (the login form's first field, a study picker still in use) is left where it is.
 */
export function useRouteFocus(path: string): void {
  const previous = useRef(path);
  useEffect(() => {
    if (previous.current === path) return;
    previous.current = path;
    const main = document.getElementById(MAIN_ID);
    if (main === null || main.contains(document.activeElement)) return;
    (main.querySelector<HTMLElement>('h1') ?? main).focus();
  }, [path]);
}
