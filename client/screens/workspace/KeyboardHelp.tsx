import { useEffect, useRef } from 'react';

export const SHORTCUTS: readonly (readonly [string, string])[] = [
  ['?', 'Show or hide this list'],
  ['T', 'Go to the text'],
  ['← →', 'In the text: move by word'],
  ['Shift + ← →', 'In the text: select word by word'],
  ['↑ ↓', 'In the text: previous / next paragraph'],
  ['Enter or M', 'Mark the selection (a mouse selection opens the palette by itself)'],
  ['type, then Enter', 'In the palette: find the factor by code or name'],
  ['1 2 3', 'In the palette: input case, TSC1, TSC2'],
  ['N', 'In the palette: negated / asserted'],
  ['S', 'In the palette: mention style (code, name, paraphrase)'],
  ['Esc', 'Close the palette or this list'],
  ['G', 'Go to the factor grid (arrows move, Space ticks)'],
  ['[ ]', 'Previous / next mark'],
  ['Delete', 'Remove the selected mark'],
  ['A', 'Abstained'],
  ['E', 'Exact abstention phrase'],
  ['X', 'Truncated'],
  ['C', 'Write a comment'],
  ['L', 'Show or hide the guidelines'],
  ['Ctrl + Z', 'Undo'],
  ['Ctrl + Shift + Z or Ctrl + Y', 'Redo'],
  ['Ctrl + Enter', 'Submit and go to the next item'],
];

/** Every key of the workspace, as a modal dialog (opened with `?`). */
export function KeyboardHelp({ onClose }: { readonly onClose: () => void }) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);
  return (
    <dialog
      ref={dialogRef}
      className="help-dialog"
      aria-labelledby="keyboard-help-title"
      onClose={onClose}
      onKeyDown={(event) => {
        if (event.key === '?') {
          event.preventDefault();
          onClose();
        }
      }}
    >
      <h2 id="keyboard-help-title">Keyboard</h2>
      <dl className="shortcut-list">
        {SHORTCUTS.map(([keys, action]) => (
          <div key={keys}>
            <dt>
              <kbd>{keys}</kbd>
            </dt>
            <dd>{action}</dd>
          </div>
        ))}
      </dl>
      <form method="dialog">
        <button type="submit" className="button-secondary">
          Close <kbd>Esc</kbd>
        </button>
      </form>
    </dialog>
  );
}
