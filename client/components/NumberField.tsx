import type { ReactNode } from 'react';

/** The finest fraction a fractional field takes: a probability to six places is all a design needs. */
const FRACTION_STEP = 0.000001;

/**
 * A labelled number input in a `.field`, with an optional hint it is described by. The value stays
 * the text typed (a form parses it on submit), so an empty or half-typed number is not lost.
 */
export function NumberField({
  id,
  label,
  value,
  onChange,
  min,
  max,
  step,
  fractional = false,
  required = false,
  placeholder,
  disabled,
  invalid,
  hint,
  hintClassName = 'hint',
  className = 'field',
  around,
}: {
  /** The input's id; the hint's is `${id}-hint`. */
  readonly id: string;
  readonly label: ReactNode;
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly min?: number;
  readonly max?: number;
  readonly step?: number;
  /** Fractions down to a millionth are valid values, for probabilities (`FRACTION_STEP`). */
  readonly fractional?: boolean;
  readonly required?: boolean;
  readonly placeholder?: string;
  readonly disabled?: boolean;
  readonly invalid?: boolean;
  readonly hint?: ReactNode;
  /** `hint` on the console, `report-hint` on the report. */
  readonly hintClassName?: string;
  readonly className?: string;
  /** What stands around the input, such as a row with a button beside it. */
  readonly around?: (input: ReactNode) => ReactNode;
}) {
  const hintId = hint === undefined ? undefined : `${id}-hint`;
  const input = (
    <input
      id={id}
      type="number"
      min={min}
      max={max}
      step={fractional ? FRACTION_STEP : step}
      required={required}
      placeholder={placeholder}
      disabled={disabled}
      aria-invalid={invalid}
      aria-describedby={hintId}
      value={value}
      onChange={(event) => onChange(event.target.value)}
    />
  );
  return (
    <div className={className}>
      <label htmlFor={id}>{label}</label>
      {around === undefined ? input : around(input)}
      {hint !== undefined && (
        <span id={hintId} className={hintClassName}>
          {hint}
        </span>
      )}
    </div>
  );
}
