import { decisionHolds } from '../../../shared/adjudication/check-decisions.ts';
import type { Decision, Disagreement, ResolutionChoice } from '../../../shared/adjudication-api.ts';
import type { Judgement } from '../../../shared/schemas/annotation.ts';
import { CHOICES, describeDisagreement } from './disagreement-words.ts';

interface DisagreementRowProps {
  readonly text: string;
  readonly disagreement: Disagreement;
  /** Its place in the list, from 0; shown from 1 (the number a refused fix names). */
  readonly index: number;
  readonly decision: Decision | undefined;
  readonly gold: Judgement;
  readonly readOnly: boolean;
  /** The name of the row's radio group, unique on the page. */
  readonly choiceName: string;
  /** The list's rows by disagreement id: this row registers itself, and Escape in its rationale returns to it. */
  readonly rows: Map<string, HTMLLIElement>;
  readonly onChoose: (choice: ResolutionChoice) => void;
  readonly onRationale: (disagreement: Disagreement, rationale: string) => void;
  readonly onFocusDisagreement: (disagreement: Disagreement) => void;
}

/**
 * One disagreement of the panel in two lines: its number and title; what A and B say beside the
 * choices. A decision the gold no longer carries out is marked stale; a decided one gets its rationale.
 */
export function DisagreementRow(props: DisagreementRowProps) {
  const { disagreement, index, decision, readOnly, rows } = props;
  const words = describeDisagreement(disagreement, props.text);
  const holds = decision ? decisionHolds(props.gold, disagreement, decision.choice) : true;
  return (
    <li
      data-disagreement={disagreement.id}
      ref={(element) => {
        if (element) rows.set(disagreement.id, element);
        else rows.delete(disagreement.id);
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
                name={props.choiceName}
                tabIndex={-1}
                checked={decision?.choice === option.choice}
                onChange={() => props.onChoose(option.choice)}
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
            if (event.key === 'Escape') rows.get(disagreement.id)?.focus();
          }}
        />
      )}
    </li>
  );
}
