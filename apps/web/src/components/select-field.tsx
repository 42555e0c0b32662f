import { useId } from 'react';
import { FormMessage } from './form-message.tsx';

type SelectFieldProps = {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** [value, text] of each choice, in order. */
  options: readonly (readonly [string, string])[];
  error?: string | null;
  hint?: string;
  disabled?: boolean;
};

/** A labelled native select (a phone opens its own picker) with its hint and error wired to aria-describedby, as TextField. */
export function SelectField({ label, value, onChange, options, error, hint, disabled = false }: SelectFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className="input select"
        value={value}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onChange={(event) => onChange(event.target.value)}
      >
        {options.map(([optionValue, text]) => (
          <option key={optionValue} value={optionValue}>
            {text}
          </option>
        ))}
      </select>
      {hint ? (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      ) : null}
      <FormMessage id={errorId} message={error} />
    </div>
  );
}
