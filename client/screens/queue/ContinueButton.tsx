import type { Ref } from 'react';

/**
 * A queue's "Continue (or Start) with item n" button, Enter its shortcut: the queue focuses it, so
 * Enter goes on where the user left off.
 */
export function ContinueButton({
  ref,
  started,
  position,
  onClick,
}: {
  readonly ref: Ref<HTMLButtonElement>;
  /** The item is under way (a draft, or an adjudication in progress): Continue, else Start. */
  readonly started: boolean;
  readonly position: number;
  readonly onClick: () => void;
}) {
  return (
    <button ref={ref} type="button" className="button-primary" onClick={onClick} aria-keyshortcuts="Enter">
      {started ? 'Continue' : 'Start'} with item {position} <kbd>Enter</kbd>
    </button>
  );
}
