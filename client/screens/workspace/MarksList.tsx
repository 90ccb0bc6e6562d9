import { memo } from 'react';
import { FACTORS } from '../../../shared/factors.ts';
import type { Span } from '../../../shared/schemas/annotation.ts';
import { CASE_SHORT } from './case-labels.ts';

interface MarksListProps {
  readonly text: string;
  readonly spans: readonly Span[];
  readonly selected: ReadonlySet<number>;
  readonly readOnly: boolean;
  readonly onSelect: (index: number) => void;
  readonly onEdit: (index: number) => void;
  readonly onRemove: (index: number) => void;
}

function excerpt(text: string, span: Span): string {
  const words = text.slice(span.start, span.end).replace(/\s+/gu, ' ').trim();
  return words.length > 70 ? `${words.slice(0, 67)}…` : words;
}

/** Every mark in text order, as a list a screen reader can walk; select, edit or remove each. */
export const MarksList = memo(function MarksList({
  text,
  spans,
  selected,
  readOnly,
  onSelect,
  onEdit,
  onRemove,
}: MarksListProps) {
  if (spans.length === 0)
    return (
      <p className="muted marks-empty">
        No marks yet. Select words in the text (mouse, or Shift + arrows) to mark a factor.
      </p>
    );
  return (
    <ol className="marks-list" aria-label="Marks">
      {spans.map((span, index) => {
        const factor = FACTORS.find((candidate) => candidate.id === span.factor);
        return (
          <li
            // biome-ignore lint/suspicious/noArrayIndexKey: spans are addressed by index everywhere
            key={index}
            className={`mark-row mark-row-${span.case}${selected.has(index) ? ' is-selected' : ''}`}
          >
            <button
              type="button"
              className="mark-row-main"
              onClick={() => onSelect(index)}
              aria-pressed={selected.has(index)}
            >
              <span className={`case-chip case-chip-${span.case}`}>{CASE_SHORT[span.case]}</span>
              <strong>{factor ? factor.id : 'Unlisted'}</strong>{' '}
              <span className="mark-row-name">{factor ? factor.name : span.text}</span>
              {span.polarity === 'negated' && <span className="badge badge-negated">negated</span>}
              <span className="mark-row-style">{span.style}</span>
              <span className="mark-row-quote">“{excerpt(text, span)}”</span>
            </button>
            {!readOnly && (
              <span className="mark-row-actions">
                <button type="button" className="link-button" onClick={() => onEdit(index)}>
                  Edit
                </button>
                <button type="button" className="link-button" onClick={() => onRemove(index)}>
                  Remove
                </button>
              </span>
            )}
          </li>
        );
      })}
    </ol>
  );
});
