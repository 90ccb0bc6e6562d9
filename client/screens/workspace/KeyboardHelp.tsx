import { useEffect, useId, useRef } from 'react';
import { chordLabel } from '../../workspace/key-chords.ts';
import type { KeyBinding, KeyGroup } from '../../workspace/key-list.ts';

function Keys({ binding }: { readonly binding: KeyBinding }) {
  return (
    <>
      {binding.typed && <span className="muted">type {binding.typed}, then </span>}
      {binding.keys.map((key, index) => (
        <span key={key}>
          {index > 0 && <span className="muted"> or </span>}
          <kbd>{chordLabel(key)}</kbd>
        </span>
      ))}
    </>
  );
}

/**
 * A screen's keys (the list it passes: one source with its page in docs/), as a modal dialog opened
 * with `?`: it opens at its top, with the title and Close in view, and scrolls inside itself.
 */
export function KeyboardHelp({
  keys,
  onClose,
}: {
  readonly keys: readonly KeyGroup[];
  readonly onClose: () => void;
}) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const groupId = useId();
  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
    // The dialog would focus its first control; the title goes first, so it reads from the top.
    titleRef.current?.focus();
    if (dialog) dialog.scrollTop = 0;
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
      <div className="help-head">
        <h2 id="keyboard-help-title" tabIndex={-1} ref={titleRef}>
          Keyboard
        </h2>
        <form method="dialog">
          <button type="submit" className="button-secondary button-small">
            Close <kbd>Esc</kbd>
          </button>
        </form>
      </div>
      {keys.map((group, index) => (
        <section key={group.where} className="shortcut-group" aria-labelledby={`${groupId}-${index}`}>
          <h3 id={`${groupId}-${index}`}>{group.where}</h3>
          <dl className="shortcut-list">
            {group.bindings.map((binding) => (
              <div key={`${binding.typed ?? ''}${binding.keys.join()}${binding.does}`}>
                <dt>
                  <Keys binding={binding} />
                </dt>
                <dd>{binding.does}</dd>
              </div>
            ))}
          </dl>
        </section>
      ))}
    </dialog>
  );
}
