import { type KeyboardEvent, type Ref, useEffect, useId, useState } from 'react';
import type { Judgement } from '../../../shared/schemas/annotation.ts';
import { ABSTENTION_PHRASE } from '../../../shared/vocabulary.ts';
import { ariaShortcut } from '../../workspace/key-chords.ts';

export type Flag = 'abstained' | 'exact_phrase' | 'truncated';

interface FlagsPanelProps {
  readonly judgement: Judgement;
  readonly readOnly: boolean;
  /** The response hit its output limit (finish reason), to suggest the truncated flag. */
  readonly looksTruncated: boolean;
  readonly onFlag: (flag: Flag, value: boolean) => void;
}

interface CommentPanelProps {
  readonly comment: string | undefined;
  readonly readOnly: boolean;
  readonly onComment: (comment: string) => void;
  readonly commentRef: Ref<HTMLTextAreaElement>;
}

const COMMENT_LIMIT = 5000;

function FlagCheck(props: {
  readonly checked: boolean;
  readonly disabled: boolean;
  readonly onChange: (value: boolean) => void;
  readonly label: string;
  /** Its key from anywhere, as a chord (`Alt+A`); inside the panel the letter alone does it too. */
  readonly shortcut: string;
  readonly hint?: string | undefined;
  readonly nested?: boolean;
  readonly warn?: boolean;
}) {
  return (
    <label className={`check${props.nested ? ' check-nested' : ''}`}>
      <input
        type="checkbox"
        checked={props.checked}
        disabled={props.disabled}
        onChange={(event) => props.onChange(event.target.checked)}
        aria-keyshortcuts={ariaShortcut(props.shortcut)}
      />
      <span>
        {props.label} <kbd>{props.shortcut}</kbd>
        {props.hint && <span className={`hint${props.warn ? ' hint-warn' : ''}`}>{props.hint}</span>}
      </span>
    </label>
  );
}

/** Inside the panel a flag's letter alone ticks it; anywhere else it takes Alt (workspace-keys.ts). */
const LETTER_OF_FLAG: Readonly<Record<string, Flag>> = { a: 'abstained', e: 'exact_phrase', x: 'truncated' };

/** Abstention, the exact phrase and truncation: decisions about the response as a whole. */
export function FlagsPanel({ judgement, readOnly, looksTruncated, onFlag }: FlagsPanelProps) {
  const id = useId();
  function onKeyDown(event: KeyboardEvent<HTMLElement>): void {
    if (event.ctrlKey || event.metaKey || event.altKey || event.shiftKey || readOnly) return;
    const flag = LETTER_OF_FLAG[event.key.toLowerCase()];
    if (flag === undefined) return;
    event.preventDefault();
    onFlag(flag, !judgement[flag]);
  }
  return (
    <section className="panel flags-panel" aria-labelledby={`${id}-title`} onKeyDown={onKeyDown}>
      <h2 id={`${id}-title`} className="panel-title">
        The response as a whole
      </h2>
      <div className="checks">
        <FlagCheck
          checked={judgement.abstained}
          disabled={readOnly}
          onChange={(value) => onFlag('abstained', value)}
          label="Abstained — declines to argue for lack of a common factor"
          shortcut="Alt+A"
        />
        <FlagCheck
          nested
          checked={judgement.exact_phrase}
          disabled={readOnly || !judgement.abstained}
          onChange={(value) => onFlag('exact_phrase', value)}
          label="with the exact phrase"
          shortcut="Alt+E"
          hint={`“${ABSTENTION_PHRASE}”`}
        />
        <FlagCheck
          checked={judgement.truncated}
          disabled={readOnly}
          onChange={(value) => onFlag('truncated', value)}
          label="Truncated — the response was cut off"
          shortcut="Alt+X"
          hint={looksTruncated ? 'The model stopped at its output limit.' : undefined}
          warn
        />
      </div>
    </section>
  );
}

/**
 * A comment for the adjudicator. What is typed is a draft, committed after a pause, on leaving the
 * field, and before the workspace's undo or Esc act on it — so a sentence is one undo step and one
 * save, not one per keystroke, and Ctrl+Z here undoes what was typed. Without a draft the field shows
 * the committed comment of the same render, so an undo never leaves the old words on screen.
 */
export function CommentPanel({ comment: saved, readOnly, onComment, commentRef }: CommentPanelProps) {
  const id = useId();
  const [draft, setDraft] = useState<string | null>(null);
  useEffect(() => {
    if (draft === null) return;
    const timer = setTimeout(() => {
      onComment(draft);
      setDraft(null);
    }, 800);
    return () => clearTimeout(timer);
  }, [draft, onComment]);
  const commitTyped = () => {
    if (draft === null) return;
    onComment(draft);
    setDraft(null);
  };

  return (
    <section className="panel comment-panel">
      <div className="field">
        <label htmlFor={`${id}-comment`}>
          Comment for the adjudicator <kbd>Alt+C</kbd>
        </label>
        <textarea
          ref={commentRef}
          id={`${id}-comment`}
          // The workspace's undo and Esc work here (useWorkspaceKeys); what is typed is committed first.
          data-workspace-undo=""
          data-escape-to-text=""
          aria-keyshortcuts={ariaShortcut('Alt+C')}
          rows={3}
          maxLength={COMMENT_LIMIT}
          value={draft ?? saved ?? ''}
          readOnly={readOnly}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={(event) => {
            const command = event.ctrlKey || event.metaKey;
            const key = event.key.toLowerCase();
            if ((command && (key === 'z' || key === 'y')) || event.key === 'Escape') commitTyped();
          }}
          onBlur={commitTyped}
          placeholder="Unsure of a reading? Say why."
        />
      </div>
    </section>
  );
}
