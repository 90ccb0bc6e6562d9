import { memo } from 'react';
import { FACTORS } from '../../../shared/factors.ts';
import type { Mark } from '../../workspace/marks.ts';
import { CASE_SHORT } from './case-labels.ts';

interface MarksListProps {
  readonly text: string;
  readonly marks: readonly Mark[];
  /** Selected span indices; a mark is selected when its spans are. */
  readonly selected: ReadonlySet<number>;
  readonly readOnly: boolean;
  /** Each takes the index of one of the mark's spans. */
  readonly onSelect: (index: number) => void;
  readonly onEdit: (index: number) => void;
  readonly onRemove: (index: number) => void;
}

function excerpt(text: string, mark: Mark): string {
  const words = text.slice(mark.start, mark.end).replace(/\s+/gu, ' ').trim();
  return words.length > 70 ? `${words.slice(0, 67)}…` : words;
}

/**
 * Every mark in text order, as a list a screen reader can walk: one row per mark, with a chip per
 * case it names; select, edit or remove each (Delete on a row removes it).
 */
export const MarksList = memo(function MarksList({
  text,
  marks,
  selected,
  readOnly,
  onSelect,
  onEdit,
  onRemove,
}: MarksListProps) {
  if (marks.length === 0)
    return (
      <p className="muted marks-empty">
        No marks yet. Select words in the text (mouse, or Shift + arrows) to mark a factor.
      </p>
    );
  return (
    <ol className="marks-list" aria-label="Marks">
      {marks.map((mark) => {
        const index = mark.indices[0] ?? 0;
        const factor = FACTORS.find((candidate) => candidate.id === mark.factor);
        const isSelected = mark.indices.every((spanIndex) => selected.has(spanIndex));
        return (
          <li key={mark.indices.join()} className={`mark-row${isSelected ? ' is-selected' : ''}`}>
            <button
              type="button"
              className="mark-row-main"
              onClick={() => onSelect(index)}
              onKeyDown={(event) => {
                if ((event.key === 'Delete' || event.key === 'Backspace') && !readOnly) {
                  event.preventDefault();
                  onRemove(index);
                }
              }}
              aria-pressed={isSelected}
            >
              <span className="case-chips">
                {mark.cases.map((caseId) => (
                  <span key={caseId} className={`case-chip case-chip-${caseId}`}>
                    {CASE_SHORT[caseId]}
                  </span>
                ))}
              </span>
              <strong>{factor ? factor.id : 'Unlisted'}</strong>{' '}
              <span className="mark-row-name">{factor ? factor.name : mark.text}</span>
              {mark.polarity === 'negated' && <span className="badge badge-negated">negated</span>}
              <span className="mark-row-style">{mark.style}</span>
              <span className="mark-row-quote">“{excerpt(text, mark)}”</span>
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
