import {
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { FACTORS, type FactorId } from '../../../shared/factors.ts';
import { detectFactorInSelection, suggestMentionStyle } from '../../../shared/mention-style.ts';
import type { MentionStyle, Polarity } from '../../../shared/schemas/annotation.ts';
import { CASES, type CaseId } from '../../../shared/vocabulary.ts';
import { searchFactors } from '../../workspace/factor-search.ts';
import { CASE_KEY, CASE_LABEL } from './case-labels.ts';

export interface MarkValues {
  readonly factor: FactorId | 'unlisted';
  /** The wording of an unlisted factor. */
  readonly unlistedText: string;
  /** The cases the mark names: at least one, several when the text names several ("in both … and TSC1"). */
  readonly cases: readonly CaseId[];
  readonly polarity: Polarity;
  readonly style: MentionStyle;
}

const STYLES: readonly MentionStyle[] = ['code', 'name', 'paraphrase'];
const UNLISTED = 'unlisted' as const;

export interface MarkPaletteProps {
  /** The selected words. */
  readonly selectedText: string;
  /** Present when an existing mark is edited. */
  readonly initial?: MarkValues;
  /** The cases of the last mark made, offered again (the input case for an item's first mark). */
  readonly defaultCases: readonly CaseId[];
  /** Where the selection is, in document coordinates (viewport plus scroll). */
  readonly anchor: { readonly top: number; readonly bottom: number; readonly left: number } | null;
  readonly onConfirm: (values: MarkValues) => void;
  readonly onCancel: () => void;
}

/** One group of radio buttons of the palette, with its key in the legend. */
function ChoiceRow<T extends string>(props: {
  readonly name: string;
  readonly legend: string;
  readonly shortcut?: string;
  readonly options: readonly { value: T; label: ReactNode; className?: string }[];
  readonly value: T;
  readonly onChange: (value: T) => void;
}) {
  return (
    <fieldset className="choice-row">
      <legend>
        {props.legend} {props.shortcut && <kbd>{props.shortcut}</kbd>}
      </legend>
      {props.options.map((option) => (
        <label key={option.value} className={`choice${option.className ? ` ${option.className}` : ''}`}>
          <input
            type="radio"
            name={props.name}
            checked={props.value === option.value}
            onChange={() => props.onChange(option.value)}
          />
          {option.label}
        </label>
      ))}
    </fieldset>
  );
}

/** Scrolls the list, and only the list, so the active option is visible (the page stays put). */
function keepInList(option: HTMLElement): void {
  const list = option.parentElement;
  if (!list) return;
  if (option.offsetTop < list.scrollTop) list.scrollTop = option.offsetTop;
  else if (option.offsetTop + option.offsetHeight > list.scrollTop + list.clientHeight)
    list.scrollTop = option.offsetTop + option.offsetHeight - list.clientHeight;
}

function quote(text: string): string {
  const flat = text.replace(/\s+/gu, ' ').trim();
  return flat.length > 80 ? `${flat.slice(0, 77)}…` : flat;
}

/** The cases of the palette: a checkbox per case, each with its key; `offered` while they are the last mark's. */
function CaseToggles(props: {
  readonly name: string;
  readonly cases: readonly CaseId[];
  readonly offered: boolean;
  readonly missing: boolean;
  readonly onToggle: (caseId: CaseId) => void;
}) {
  return (
    <fieldset
      className={`choice-row${props.offered ? ' is-offered' : ''}`}
      aria-describedby={props.missing ? `${props.name}-missing` : undefined}
    >
      <legend>
        Cases{' '}
        <span className="muted">
          {props.offered
            ? '— as before; type 1, 2, 3 for others (several may be on)'
            : '— each key on or off'}
        </span>
      </legend>
      {CASES.map((caseId) => (
        <label key={caseId} className={`choice choice-${caseId}`}>
          <input
            type="checkbox"
            name={props.name}
            checked={props.cases.includes(caseId)}
            onChange={() => props.onToggle(caseId)}
          />
          {CASE_LABEL[caseId]} <kbd>{CASE_KEY[caseId]}</kbd>
        </label>
      ))}
      {props.missing && (
        <p id={`${props.name}-missing`} className="palette-error" role="alert">
          Choose at least one case: 1, 2 or 3.
        </p>
      )}
    </fieldset>
  );
}

/**
 * The cases after a case key: while the cases are only offered (the last mark's), the first key
 * chooses that case alone — so "1 2" is always the input case and TSC1, "2" always TSC1 alone, and
 * no key keeps what is offered; after it, each key switches its case on or off.
 */
function casesAfterKey(cases: readonly CaseId[], caseId: CaseId, offered: boolean): CaseId[] {
  return offered ? [caseId] : toggled(cases, caseId);
}

/** The cases with `caseId` switched on or off, in the order input case, TSC1, TSC2. */
function toggled(cases: readonly CaseId[], caseId: CaseId): CaseId[] {
  const next = cases.includes(caseId) ? cases.filter((other) => other !== caseId) : [...cases, caseId];
  return CASES.filter((other) => next.includes(other));
}

/** Where the palette goes: beside the selection (document coordinates), kept inside the window; null until measured. */
function usePalettePosition(anchor: MarkPaletteProps['anchor']) {
  const boxRef = useRef<HTMLDivElement>(null);
  const [position, setPosition] = useState<{ top: number; left: number } | null>(null);
  useLayoutEffect(() => {
    // Beside the selection (document coordinates), kept inside the window: below it when there is
    // room, else above.
    const box = boxRef.current;
    if (!box || !anchor) return;
    const margin = 12;
    const { width, height } = box.getBoundingClientRect();
    const viewportBottom = anchor.bottom - window.scrollY;
    const viewportTop = anchor.top - window.scrollY;
    const below = viewportBottom + 8;
    const top =
      below + height + margin <= window.innerHeight ? below : Math.max(margin, viewportTop - height - 8);
    const left = Math.min(Math.max(margin, anchor.left - window.scrollX), window.innerWidth - width - margin);
    setPosition({ top: top + window.scrollY, left: left + window.scrollX });
  }, [anchor]);
  return { boxRef, position };
}

/** The palette's first step: the factor, found by typing its code or name, chosen by Enter or a click. */
function FactorStep(props: {
  readonly id: string;
  readonly inputRef: RefObject<HTMLInputElement | null>;
  readonly query: string;
  readonly options: readonly (FactorId | typeof UNLISTED)[];
  readonly activeIndex: number;
  readonly onQuery: (query: string) => void;
  readonly onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => void;
  readonly onChoose: (option: FactorId | typeof UNLISTED) => void;
}) {
  const { id, inputRef, query, options, activeIndex, onChoose } = props;
  return (
    <div className="palette-step">
      <label htmlFor={`${id}-factor`}>Factor — type a code or name</label>
      <input
        ref={inputRef}
        id={`${id}-factor`}
        type="text"
        role="combobox"
        aria-expanded="true"
        aria-controls={`${id}-options`}
        aria-activedescendant={`${id}-option-${activeIndex}`}
        autoComplete="off"
        spellCheck={false}
        value={query}
        onChange={(event) => props.onQuery(event.target.value)}
        onKeyDown={props.onKeyDown}
      />
      <div id={`${id}-options`} role="listbox" className="palette-options" aria-label="Factors">
        {options.map((option, index) => {
          const factor = FACTORS.find((candidate) => candidate.id === option);
          return (
            // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox input handles the keys
            <div
              key={option}
              id={`${id}-option-${index}`}
              role="option"
              tabIndex={-1}
              aria-selected={index === activeIndex}
              className={index === activeIndex ? 'is-active' : undefined}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => onChoose(option)}
              ref={(element) => {
                if (index === activeIndex && element) keepInList(element);
              }}
            >
              {factor ? (
                <>
                  <span className={`side side-${factor.side}`}>{factor.side}</span>
                  <span className="option-code">{factor.id}</span>
                  <span className="option-name">{factor.name}</span>
                  {index === activeIndex && <span className="option-meaning">{factor.meaning}</span>}
                </>
              ) : (
                <span className="option-name">Unlisted factor — not one of the 26</span>
              )}
            </div>
          );
        })}
      </div>
    </div>
  );
}

/** The palette's second step: the chosen factor, its cases, polarity and style, and the buttons. */
function DetailsStep(props: {
  readonly id: string;
  readonly detailsRef: RefObject<HTMLDivElement | null>;
  /** An existing mark is edited. */
  readonly editing: boolean;
  readonly values: MarkValues;
  readonly casesOffered: boolean;
  readonly missingCase: boolean;
  readonly onKeyDown: (event: KeyboardEvent<HTMLDivElement>) => void;
  readonly onValues: (values: MarkValues) => void;
  readonly onToggleCase: (caseId: CaseId) => void;
  readonly onChangeFactor: () => void;
  readonly onConfirm: () => void;
  readonly onCancel: () => void;
}) {
  const { id, values } = props;
  const chosen =
    values.factor === UNLISTED ? undefined : FACTORS.find((factor) => factor.id === values.factor);
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the step takes the palette's keys
    <div ref={props.detailsRef} className="palette-step" tabIndex={-1} onKeyDown={props.onKeyDown}>
      <p className="palette-factor">
        {chosen ? (
          <>
            <span className={`side side-${chosen.side}`}>{chosen.side}</span> <strong>{chosen.id}</strong>{' '}
            {chosen.name}
          </>
        ) : (
          <strong>Unlisted factor</strong>
        )}{' '}
        <button type="button" className="link-button" onClick={props.onChangeFactor}>
          change <kbd>F</kbd>
        </button>
      </p>
      {values.factor === UNLISTED && (
        <div className="field">
          <label htmlFor={`${id}-unlisted`}>Its wording in the argument</label>
          <input
            id={`${id}-unlisted`}
            type="text"
            maxLength={500}
            value={values.unlistedText}
            onChange={(event) => props.onValues({ ...values, unlistedText: event.target.value })}
          />
        </div>
      )}
      <CaseToggles
        name={`${id}-case`}
        cases={values.cases}
        offered={props.casesOffered}
        missing={props.missingCase}
        onToggle={props.onToggleCase}
      />
      <ChoiceRow
        name={`${id}-polarity`}
        legend="Polarity"
        shortcut="N"
        options={[
          { value: 'asserted' as const, label: 'Asserted present' },
          { value: 'negated' as const, label: 'Negated (not present)' },
        ]}
        value={values.polarity}
        onChange={(polarity) => props.onValues({ ...values, polarity })}
      />
      <ChoiceRow
        name={`${id}-style`}
        legend="Style"
        shortcut="S"
        options={STYLES.map((style) => ({ value: style, label: style }))}
        value={values.style}
        onChange={(style) => props.onValues({ ...values, style })}
      />
      <div className="palette-actions">
        <button type="button" className="button-primary" onClick={props.onConfirm}>
          {props.editing ? 'Save mark' : 'Mark'} <kbd>Enter</kbd>
        </button>
        <button type="button" className="button-secondary" onClick={props.onCancel}>
          Cancel <kbd>Esc</kbd>
        </button>
      </div>
    </div>
  );
}

/** A new mark's values: the factor the selection names (else the first), the cases offered, asserted. */
function newMarkValues(
  selectedText: string,
  detected: FactorId | undefined,
  defaultCases: readonly CaseId[],
): MarkValues {
  return {
    factor: detected ?? FACTORS[0].id,
    unlistedText: quote(selectedText),
    cases: defaultCases,
    polarity: 'asserted',
    style: detected ? suggestMentionStyle(selectedText, detected) : 'paraphrase',
  };
}

/**
 * The palette that turns a selection into a mark, all by keyboard: type to find the factor (code or
 * name), Enter — skipped when the selection names one factor by code or name, which is then chosen
 * (F changes it); then the cases: those of the last mark are offered, and typing 1 / 2 / 3 chooses
 * others (the first key starts afresh, each later one switches its case on or off — see
 * casesAfterKey); N for negated, S for the style, Enter to mark. Esc cancels; Backspace in the
 * second step goes back to the factor.
 */
export function MarkPalette({
  selectedText,
  initial,
  defaultCases,
  anchor,
  onConfirm,
  onCancel,
}: MarkPaletteProps) {
  const id = useId();
  const detected = initial ? undefined : detectFactorInSelection(selectedText);
  const [step, setStep] = useState<'factor' | 'details'>(initial || detected ? 'details' : 'factor');
  const [missingCase, setMissingCase] = useState(false);
  const [casesOffered, setCasesOffered] = useState(true);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(-1);
  const [values, setValues] = useState<MarkValues>(
    () => initial ?? newMarkValues(selectedText, detected, defaultCases),
  );
  const inputRef = useRef<HTMLInputElement>(null);
  const detailsRef = useRef<HTMLDivElement>(null);
  const { boxRef, position } = usePalettePosition(anchor);

  const matches = searchFactors(query);
  const options: (FactorId | typeof UNLISTED)[] = [...matches.map((match) => match.factor.id), UNLISTED];
  const preferred = query === '' && detected ? options.indexOf(detected) : 0;
  const activeIndex = Math.min(active === -1 ? Math.max(0, preferred) : active, options.length - 1);

  const shown = position !== null;
  useEffect(() => {
    // Only once placed: a hidden element cannot take focus.
    if (!shown) return;
    if (step === 'factor') inputRef.current?.focus();
    else detailsRef.current?.focus();
  }, [step, shown]);

  function choose(option: FactorId | typeof UNLISTED): void {
    setValues((current) => ({
      ...current,
      factor: option,
      style: option === UNLISTED ? current.style : suggestMentionStyle(selectedText, option),
    }));
    setStep('details');
  }

  function onFactorKey(event: KeyboardEvent<HTMLInputElement>): void {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const delta = event.key === 'ArrowDown' ? 1 : -1;
      setActive((activeIndex + delta + options.length) % options.length);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const option = options[activeIndex];
      if (option) choose(option);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      onCancel();
    }
  }

  function onDetailsKey(event: KeyboardEvent<HTMLDivElement>): void {
    const inText = event.target instanceof HTMLInputElement && event.target.type === 'text';
    if (event.key === 'Escape') {
      event.preventDefault();
      onCancel();
      return;
    }
    if (event.key === 'Enter') {
      event.preventDefault();
      confirm();
      return;
    }
    if (inText || event.ctrlKey || event.metaKey || event.altKey) return;
    const caseId = CASES.find((caseId) => CASE_KEY[caseId] === event.key);
    if (caseId) {
      setMissingCase(false);
      setCasesOffered(false);
      setValues((current) => ({ ...current, cases: casesAfterKey(current.cases, caseId, casesOffered) }));
    } else if (event.key === 'n' || event.key === 'N')
      setValues((current) => ({
        ...current,
        polarity: current.polarity === 'negated' ? 'asserted' : 'negated',
      }));
    else if (event.key === 's' || event.key === 'S')
      setValues((current) => ({
        ...current,
        style: STYLES[(STYLES.indexOf(current.style) + 1) % STYLES.length] ?? 'paraphrase',
      }));
    else if (event.key === 'Backspace' || event.key === 'f' || event.key === 'F') setStep('factor');
    else return;
    event.preventDefault();
  }

  /** A click on a case's checkbox: switches it, and what is offered becomes the annotator's choice. */
  function toggleCase(caseId: CaseId): void {
    setMissingCase(false);
    setCasesOffered(false);
    setValues((current) => ({ ...current, cases: toggled(current.cases, caseId) }));
  }

  function confirm(): void {
    if (values.cases.length === 0) setMissingCase(true);
    else onConfirm(values);
  }

  return (
    <div
      ref={boxRef}
      className="palette"
      role="dialog"
      aria-labelledby={`${id}-title`}
      style={
        position ? { top: position.top, left: position.left } : { top: 0, left: 0, visibility: 'hidden' }
      }
    >
      <p id={`${id}-title`} className="palette-title">
        {initial ? 'Edit mark' : 'Mark'} <q>{quote(selectedText)}</q>
      </p>
      {step === 'factor' ? (
        <FactorStep
          id={id}
          inputRef={inputRef}
          query={query}
          options={options}
          activeIndex={activeIndex}
          onQuery={(value) => {
            setQuery(value);
            setActive(0);
          }}
          onKeyDown={onFactorKey}
          onChoose={choose}
        />
      ) : (
        <DetailsStep
          id={id}
          detailsRef={detailsRef}
          editing={initial !== undefined}
          values={values}
          casesOffered={casesOffered}
          missingCase={missingCase}
          onKeyDown={onDetailsKey}
          onValues={setValues}
          onToggleCase={toggleCase}
          onChangeFactor={() => setStep('factor')}
          onConfirm={confirm}
          onCancel={onCancel}
        />
      )}
    </div>
  );
}
