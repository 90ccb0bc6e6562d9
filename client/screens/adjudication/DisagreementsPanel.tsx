import { type KeyboardEvent, useId, useRef } from 'react';
import { decisionHolds } from '../../../shared/adjudication/check-decisions.ts';
import type { Decision, Disagreement, ResolutionChoice } from '../../../shared/adjudication-api.ts';
import type { Judgement, Span } from '../../../shared/schemas/annotation.ts';
import { CASE_NAME } from '../../../shared/vocabulary.ts';
import { factorName } from './factor-name.ts';

const FLAG_LABEL = {
  abstained: 'Abstained',
  exact_phrase: 'Exact abstention phrase',
  truncated: 'Truncated',
} as const;

const CHOICES: readonly { choice: ResolutionChoice; label: string; key: string }[] = [
  { choice: 'a', label: 'A', key: 'a' },
  { choice: 'b', label: 'B', key: 'b' },
  { choice: 'both', label: 'Both', key: 'o' },
  { choice: 'neither', label: 'Neither', key: 'n' },
  { choice: 'edited', label: 'Edited', key: 'e' },
];

function spanWords(text: string, span: Span | null): string {
  if (!span) return '—';
  const words = text.slice(span.start, span.end).replace(/\s+/gu, ' ').trim();
  return `“${words.length > 60 ? `${words.slice(0, 57)}…` : words}” (${span.style}${span.polarity === 'negated' ? ', negated' : ''})`;
}

/** What the disagreement is about and what each side says, in words. */
function describe(disagreement: Disagreement, text: string): { title: string; a: string; b: string } {
  const yesNo = (value: boolean, yes: string) => (value ? yes : 'no');
  switch (disagreement.kind) {
    case 'cell':
      return {
        title: `${factorName(disagreement.factor)} · ${CASE_NAME[disagreement.case]}`,
        a: yesNo(disagreement.a, 'ticked'),
        b: yesNo(disagreement.b, 'ticked'),
      };
    case 'unlisted':
      return {
        title: `Unlisted “${disagreement.text}” · ${CASE_NAME[disagreement.case]}`,
        a: yesNo(disagreement.a, 'recorded'),
        b: yesNo(disagreement.b, 'recorded'),
      };
    case 'flag':
      return {
        title: FLAG_LABEL[disagreement.flag],
        a: yesNo(disagreement.a, 'set'),
        b: yesNo(disagreement.b, 'set'),
      };
    case 'span': {
      const span = disagreement.a ?? disagreement.b;
      return {
        title: `Mention of ${span ? `${span.factor === 'unlisted' ? `unlisted “${span.text ?? ''}”` : factorName(span.factor)} · ${CASE_NAME[span.case]}` : 'a factor'}`,
        a: spanWords(text, disagreement.a),
        b: spanWords(text, disagreement.b),
      };
    }
  }
}

interface DisagreementsPanelProps {
  readonly text: string;
  readonly disagreements: readonly Disagreement[];
  readonly decisions: readonly Decision[];
  readonly gold: Judgement;
  readonly readOnly: boolean;
  readonly onChoose: (disagreement: Disagreement, choice: ResolutionChoice) => void;
  readonly onRationale: (disagreement: Disagreement, rationale: string) => void;
  readonly onFocusDisagreement: (disagreement: Disagreement) => void;
  readonly listRef: React.RefObject<HTMLOListElement | null>;
}

/**
 * Every point where A and B differ, numbered from 1 (the numbers a refused fix names), each resolved
 * as A, B, both, neither or edited, with an optional rationale. Keys, while the list has the focus: ↑ / ↓ move, A / B / O (both) / N (neither) /
 * E (edited) decide, R writes the rationale.
 */
export function DisagreementsPanel(props: DisagreementsPanelProps) {
  const { disagreements, decisions, gold, readOnly } = props;
  const id = useId();
  const decisionOf = new Map(decisions.map((decision) => [decision.disagreementId, decision]));
  const decided = disagreements.filter((disagreement) => decisionOf.has(disagreement.id)).length;
  const rowRefs = useRef(new Map<string, HTMLLIElement>());

  function onKeyDown(event: KeyboardEvent<HTMLOListElement>): void {
    if (event.target instanceof HTMLTextAreaElement || event.ctrlKey || event.metaKey || event.altKey) return;
    const row = (event.target as HTMLElement).closest<HTMLLIElement>('[data-disagreement]');
    const index = disagreements.findIndex((disagreement) => disagreement.id === row?.dataset.disagreement);
    const current = disagreements[index];
    if (!current) return;
    const move = event.key === 'ArrowDown' ? 1 : event.key === 'ArrowUp' ? -1 : 0;
    if (move !== 0) {
      const next = disagreements[Math.min(disagreements.length - 1, Math.max(0, index + move))];
      if (next) rowRefs.current.get(next.id)?.focus();
    } else if (event.key.toLowerCase() === 'r') {
      rowRefs.current.get(current.id)?.querySelector('textarea')?.focus();
    } else {
      const option = CHOICES.find((candidate) => candidate.key === event.key.toLowerCase());
      if (!option || readOnly) return;
      props.onChoose(current, option.choice);
    }
    event.preventDefault();
  }

  if (disagreements.length === 0)
    return (
      <section className="panel disagreements-panel" aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`} className="panel-title">
          Disagreements
        </h2>
        <p className="muted">A and B agree on everything: the gold below is what both marked.</p>
      </section>
    );

  return (
    <section className="panel disagreements-panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="panel-title">
        Disagreements{' '}
        <span className="muted">
          ({decided} of {disagreements.length} decided)
        </span>{' '}
        <kbd>D</kbd>
      </h2>
      <ol ref={props.listRef} className="disagreements" onKeyDown={onKeyDown} aria-label="Disagreements">
        {disagreements.map((disagreement, index) => {
          const words = describe(disagreement, props.text);
          const decision = decisionOf.get(disagreement.id);
          const holds = decision ? decisionHolds(gold, disagreement, decision.choice) : true;
          return (
            <li
              key={disagreement.id}
              data-disagreement={disagreement.id}
              ref={(element) => {
                if (element) rowRefs.current.set(disagreement.id, element);
                else rowRefs.current.delete(disagreement.id);
              }}
              tabIndex={index === 0 ? 0 : -1}
              className={`disagreement${decision ? ' is-decided' : ''}${holds ? '' : ' is-stale'}`}
              onFocus={() => props.onFocusDisagreement(disagreement)}
              aria-label={`${index + 1}. ${words.title}: A ${words.a}, B ${words.b}${decision ? `, decided ${decision.choice}` : ', undecided'}`}
            >
              <p className="disagreement-title">
                <span className="disagreement-number">{index + 1}</span> {words.title}
              </p>
              <p className="disagreement-sides">
                <span className="side-a">A: {words.a}</span> <span className="side-b">B: {words.b}</span>
              </p>
              {/* Named by aria-label: a visually hidden <legend> in this flex row widened the page. */}
              <fieldset className="choice-row" disabled={readOnly} aria-label={`Resolve ${words.title}`}>
                {CHOICES.map((option) => (
                  <label key={option.choice} className="choice">
                    <input
                      type="radio"
                      name={`${id}-${index}`}
                      tabIndex={-1}
                      checked={decision?.choice === option.choice}
                      onChange={() => props.onChoose(disagreement, option.choice)}
                    />
                    {option.label} <kbd>{option.key.toUpperCase()}</kbd>
                  </label>
                ))}
              </fieldset>
              {!holds && (
                <p className="hint hint-warn">
                  The gold no longer matches this choice: choose again, or “Edited” to keep your own value.
                </p>
              )}
              {decision && (
                <textarea
                  className="rationale"
                  rows={1}
                  maxLength={2000}
                  tabIndex={-1}
                  aria-label={`Rationale for ${words.title}`}
                  placeholder="Rationale (optional)"
                  readOnly={readOnly}
                  defaultValue={decision.rationale ?? ''}
                  onBlur={(event) => {
                    if (event.target.value !== (decision.rationale ?? ''))
                      props.onRationale(disagreement, event.target.value);
                  }}
                  onKeyDown={(event) => {
                    if (event.key === 'Escape') rowRefs.current.get(disagreement.id)?.focus();
                  }}
                />
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
