import { type KeyboardEvent, useId, useRef, useState } from 'react';
import type { Decision, Disagreement, ResolutionChoice } from '../../../shared/adjudication-api.ts';
import type { Judgement } from '../../../shared/schemas/annotation.ts';
import { ariaShortcut } from '../../workspace/key-chords.ts';
import { DisagreementRow } from './DisagreementRow.tsx';
import { CHOICES, nextUndecided } from './disagreement-words.ts';

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
        {disagreements.map((disagreement, index) => (
          <DisagreementRow
            key={disagreement.id}
            text={props.text}
            disagreement={disagreement}
            index={index}
            decision={decisionOf.get(disagreement.id)}
            gold={gold}
            readOnly={readOnly}
            choiceName={`${id}-${index}`}
            rows={rowRefs.current}
            onChoose={(choice) => choose(index, choice)}
            onRationale={props.onRationale}
            onFocusDisagreement={props.onFocusDisagreement}
          />
        ))}
      </ol>
    </section>
  );
}
