import { type KeyboardEvent, useId, useRef, useState } from 'react';
import { decisionHolds } from '../../../shared/adjudication/check-decisions.ts';
import type { Decision, Disagreement, ResolutionChoice } from '../../../shared/adjudication-api.ts';
import type { Judgement } from '../../../shared/schemas/annotation.ts';
import { ariaShortcut } from '../../workspace/key-chords.ts';
import { CHOICES, describeDisagreement, nextUndecided } from './disagreement-words.ts';

interface DisagreementsPanelProps {
  readonly text: string;
  readonly disagreements: readonly Disagreement[];
  readonly decisions: readonly Decision[];
  readonly gold: Judgement;
  readonly readOnly: boolean;
  readonly onChoose: (disagreement: Disagreement, choice: ResolutionChoice) => void;
  readonly onRationale: (disagreement: Disagreement, rationale: string) => void;
  readonly onFocusDisagreement: (disagreement: Disagreement) => void;
  /** Fix the gold, offered once the last disagreement is decided. */
  readonly onFix: () => void;
  readonly listRef: React.RefObject<HTMLOListElement | null>;
}

/**
 * Every point where A and B differ, numbered from 1 (the numbers a refused fix names), each resolved
 * as A, B, both, neither or edited, with an optional rationale. Keys, while the list has the focus:
 * ↑ / ↓ move, A / B / O (both) / N (neither) / E (edited) decide and go on to the next undecided
 * disagreement (wrapping; when none is left, the panel says so and offers the fix), R writes the
 * rationale. Each row is two lines, so a typical item's dozen fits in view at once.
 */
export function DisagreementsPanel(props: DisagreementsPanelProps) {
  const { disagreements, decisions, gold, readOnly } = props;
  const id = useId();
  const decisionOf = new Map(decisions.map((decision) => [decision.disagreementId, decision]));
  const decided = disagreements.filter((disagreement) => decisionOf.has(disagreement.id)).length;
  const rowRefs = useRef(new Map<string, HTMLLIElement>());
  const [allDecided, setAllDecided] = useState(false);

  /** Decides the disagreement at `index`, then goes on to the next undecided one. */
  function choose(index: number, choice: ResolutionChoice): void {
    const current = disagreements[index];
    if (!current || readOnly) return;
    props.onChoose(current, choice);
    const done = new Set([...decisionOf.keys(), current.id]);
    const next = nextUndecided(
      disagreements.map((disagreement) => disagreement.id),
      done,
      index,
    );
    const target = next === null ? undefined : disagreements[next];
    setAllDecided(next === null);
    if (target) {
      const row = rowRefs.current.get(target.id);
      row?.scrollIntoView({ block: 'nearest' });
      row?.focus();
    }
  }

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
      choose(index, option.choice);
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
      <div role="status" className="disagreements-done">
        {allDecided && decided === disagreements.length && !readOnly && (
          <p className="notice notice-info">
            All {disagreements.length} disagreements are decided.{' '}
            <button
              type="button"
              className="link-button"
              onClick={props.onFix}
              aria-keyshortcuts={ariaShortcut('Ctrl+Enter')}
            >
              Fix the gold
            </button>{' '}
            <kbd>Ctrl ↵</kbd>
          </p>
        )}
      </div>
      <ol ref={props.listRef} className="disagreements" onKeyDown={onKeyDown} aria-label="Disagreements">
        {disagreements.map((disagreement, index) => {
          const words = describeDisagreement(disagreement, props.text);
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
              onFocus={(event) => {
                if (event.target === event.currentTarget) props.onFocusDisagreement(disagreement);
              }}
              aria-label={`${index + 1}. ${words.title}: A ${words.a}, B ${words.b}${decision ? `, decided ${decision.choice}` : ', undecided'}`}
            >
              <p className="disagreement-title" title={words.title}>
                <span className="disagreement-number">{index + 1}</span> {words.title}
              </p>
              <div className="disagreement-line">
                <p className="disagreement-sides" title={`A: ${words.a} · B: ${words.b}`}>
                  <span className="side-a">A: {words.a}</span> <span className="side-b">B: {words.b}</span>
                </p>
                {/* Named by aria-label: a visually hidden <legend> in this flex row widened the page. */}
                <fieldset className="choice-row" disabled={readOnly} aria-label={`Resolve ${words.title}`}>
                  {CHOICES.map((option) => (
                    <label
                      key={option.choice}
                      className="choice"
                      title={`${option.label} (key ${option.key.toUpperCase()})`}
                    >
                      <input
                        type="radio"
                        name={`${id}-${index}`}
                        tabIndex={-1}
                        checked={decision?.choice === option.choice}
                        onChange={() => choose(index, option.choice)}
                        aria-keyshortcuts={option.key.toUpperCase()}
                      />
                      {option.label}
                    </label>
                  ))}
                </fieldset>
              </div>
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
                  placeholder="Rationale (optional): R"
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
