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

/** Abstention, the exact phrase and truncation: decisions about the response as a whole. */
export function FlagsPanel({ judgement, readOnly, looksTruncated, onFlag }: FlagsPanelProps) {
  const id = useId();
  return (
    <section className="panel flags-panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="panel-title">
        The response as a whole
      </h2>
      <label className="check">
        <input
          type="checkbox"
          checked={judgement.abstained}
          disabled={readOnly}
          onChange={(event) => onFlag('abstained', event.target.checked)}
        />
        <span>
          Abstained — declines to argue for lack of a common factor <kbd>A</kbd>
        </span>
      </label>
      <label className="check check-nested">
        <input
          type="checkbox"
          checked={judgement.exact_phrase}
          disabled={readOnly || !judgement.abstained}
          onChange={(event) => onFlag('exact_phrase', event.target.checked)}
        />
        <span>
          with the exact phrase <kbd>E</kbd>
          <span className="hint">“{ABSTENTION_PHRASE}”</span>
        </span>
      </label>
      <label className="check">
        <input
          type="checkbox"
          checked={judgement.truncated}
          disabled={readOnly}
          onChange={(event) => onFlag('truncated', event.target.checked)}
        />
        <span>
          Truncated — the response was cut off <kbd>X</kbd>
          {looksTruncated && <span className="hint hint-warn">The model stopped at its output limit.</span>}
        </span>
      </label>
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
