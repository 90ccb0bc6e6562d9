import { type KeyboardEvent, useEffect, useId, useRef } from 'react';
import { FIND_QUERY_MAX } from '../../workspace/text-navigation.ts';

export interface FindBarProps {
  readonly query: string;
  /** "2 of 5", "no match", or nothing before typing. */
  readonly status: string;
  readonly onQuery: (query: string) => void;
  /** Enter: select the match shown. */
  readonly onSelect: () => void;
  /** ↓ / ↑: show the next or the previous match. */
  readonly onStep: (direction: 1 | -1) => void;
  /** Esc (back to the text) or leaving the field (the focus stays where it went): close, the selection as it was. */
  readonly onClose: (backToText: boolean) => void;
}

/** Find-to-select over the text (opened with /): type, Enter selects the match; the text shows it meanwhile. */
export function FindBar({ query, status, onQuery, onSelect, onStep, onClose }: FindBarProps) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  useEffect(() => inputRef.current?.focus(), []);

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>): void {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    if (event.key === 'Enter') onSelect();
    else if (event.key === 'Escape') onClose(true);
    else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') onStep(event.key === 'ArrowDown' ? 1 : -1);
    else return;
    event.preventDefault();
    event.stopPropagation();
  }

  return (
    <search className="find-bar">
      <label htmlFor={`${id}-query`}>
        Find <kbd>/</kbd>
      </label>
      <input
        ref={inputRef}
        id={`${id}-query`}
        type="search"
        autoComplete="off"
        spellCheck={false}
        maxLength={FIND_QUERY_MAX}
        value={query}
        aria-describedby={`${id}-status`}
        onChange={(event) => onQuery(event.target.value)}
        onKeyDown={onKeyDown}
        onBlur={() => onClose(false)}
      />
      <span id={`${id}-status`} className="find-status" role="status">
        {status}
      </span>
      <span className="find-hint muted">
        <kbd>Enter</kbd> selects · <kbd>↓</kbd> <kbd>↑</kbd> next, previous · <kbd>Esc</kbd> closes
      </span>
    </search>
  );
}
