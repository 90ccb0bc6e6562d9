import { type Ref, useEffect, useId, useState } from 'react';
import type { Judgement } from '../../../shared/schemas/annotation.ts';
import { ABSTENTION_PHRASE } from '../../../shared/vocabulary.ts';

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
      />
      <span>
        {props.label} <kbd>{props.shortcut}</kbd>
        {props.hint && <span className={`hint${props.warn ? ' hint-warn' : ''}`}>{props.hint}</span>}
      </span>
    </label>
  );
}

/** Abstention, the exact phrase and truncation: decisions about the response as a whole. */
export function FlagsPanel({ judgement, readOnly, looksTruncated, onFlag }: FlagsPanelProps) {
  const id = useId();
  return (
    <section className="panel flags-panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="panel-title">
        The response as a whole
      </h2>
      <FlagCheck
        checked={judgement.abstained}
        disabled={readOnly}
        onChange={(value) => onFlag('abstained', value)}
        label="Abstained — declines to argue for lack of a common factor"
        shortcut="A"
      />
      <FlagCheck
        nested
        checked={judgement.exact_phrase}
        disabled={readOnly || !judgement.abstained}
        onChange={(value) => onFlag('exact_phrase', value)}
        label="with the exact phrase"
        shortcut="E"
        hint={`“${ABSTENTION_PHRASE}”`}
      />
      <FlagCheck
        checked={judgement.truncated}
        disabled={readOnly}
        onChange={(value) => onFlag('truncated', value)}
        label="Truncated — the response was cut off"
        shortcut="X"
        hint={looksTruncated ? 'The model stopped at its output limit.' : undefined}
        warn
      />
    </section>
  );
}

/**
 * A comment for the adjudicator, edited locally and committed after a pause or on leaving the field,
 * so a sentence is one undo step and one save, not one per keystroke.
 */
export function CommentPanel({ comment: saved, readOnly, onComment, commentRef }: CommentPanelProps) {
  const id = useId();
  const [comment, setComment] = useState(saved ?? '');
  useEffect(() => setComment(saved ?? ''), [saved]);
  useEffect(() => {
    if (comment === (saved ?? '')) return;
    const timer = setTimeout(() => onComment(comment), 800);
    return () => clearTimeout(timer);
  }, [comment, saved, onComment]);

  return (
    <section className="panel comment-panel">
      <div className="field">
        <label htmlFor={`${id}-comment`}>
          Comment for the adjudicator <kbd>C</kbd>
        </label>
        <textarea
          ref={commentRef}
          id={`${id}-comment`}
          rows={3}
          maxLength={COMMENT_LIMIT}
          value={comment}
          readOnly={readOnly}
          onChange={(event) => setComment(event.target.value)}
          onBlur={() => {
            if (comment !== (saved ?? '')) onComment(comment);
          }}
          placeholder="Unsure of a reading? Say why."
        />
      </div>
    </section>
  );
}
