import { useId, useState } from 'react';
import type { AdjudicationItem } from '../../../shared/adjudication-api.ts';
import type { Judgement } from '../../../shared/schemas/annotation.ts';

/** A comment longer than this opens with its first part and "Show all". */
const SHORT_COMMENT = 280;

/** The whole-response flags an annotator set, in words ("Abstained, with the exact phrase"). */
function flagWords(judgement: Judgement): string {
  const set = [
    judgement.abstained ? (judgement.exact_phrase ? 'Abstained, with the exact phrase' : 'Abstained') : '',
    judgement.truncated ? 'Truncated' : '',
  ].filter(Boolean);
  return set.length === 0 ? 'no flag set' : `flags: ${set.join(', ')}`;
}

/** One annotator's comment (quoted, a long one shortened until "Show all") and, after it, their flags. */
function Note({ judgement }: { readonly judgement: Judgement }) {
  const [whole, setWhole] = useState(false);
  const text = judgement.comment ?? '';
  const long = text.length > SHORT_COMMENT;
  return (
    <p className="annotator-comment">
      {text ? `“${long && !whole ? `${text.slice(0, SHORT_COMMENT).trimEnd()}…` : text}”` : 'No comment.'}
      {long && (
        <>
          {' '}
          <button type="button" className="link-button" onClick={() => setWhole(!whole)}>
            {whole ? 'Show less' : 'Show all'}
          </button>
        </>
      )}{' '}
      <span className="annotator-flags">· {flagWords(judgement)}</span>
    </p>
  );
}

/**
 * What A and B wrote for the adjudicator, beside their disagreements: each one's comment (as typed)
 * and the whole-response flags they set, labelled A and B like their marks (with the name only
 * while "Show names" is on). One quiet line when neither wrote anything or set a flag.
 */
export function AnnotatorNotes({
  annotations,
  nameOf,
}: {
  readonly annotations: AdjudicationItem['annotations'];
  readonly nameOf: (label: 'A' | 'B') => string | null;
}) {
  const id = useId();
  const silent = annotations.every(
    ({ judgement }) =>
      !judgement.comment && !judgement.abstained && !judgement.exact_phrase && !judgement.truncated,
  );
  return (
    <section className="panel annotator-notes" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="panel-title">
        The annotators’ comments
      </h2>
      {silent ? (
        <p className="muted">Neither A nor B left a comment or set a flag.</p>
      ) : (
        <dl className="annotator-notes-list">
          {annotations.map(({ label, judgement }) => {
            const name = nameOf(label);
            return (
              <div key={label} className={`annotator-note note-${label.toLowerCase()}`}>
                <dt className={label === 'A' ? 'side-a' : 'side-b'}>
                  {label}
                  {name ? ` (${name})` : ''}
                </dt>
                <dd>
                  <Note judgement={judgement} />
                </dd>
              </div>
            );
          })}
        </dl>
      )}
    </section>
  );
}
