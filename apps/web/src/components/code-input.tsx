import { useId } from 'react';
import { FormMessage } from './form-message.tsx';

type CodeInputProps = {
  label: string;
  length: number;
  value: string;
  /** Receives digits only, at most `length` of them. */
  onValueChange: (digits: string) => void;
  disabled?: boolean;
  autoFocus?: boolean;
  error?: string | null;
};

/** One field for a one-time code: numeric keypad, SMS autofill (one-time-code), digits only. */
export function CodeInput({ label, length, value, onValueChange, disabled, autoFocus, error }: CodeInputProps) {
  const id = useId();
  return (
    <div className="field field--center">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className="input code-input"
        type="text"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]*"
        dir="ltr"
        maxLength={length}
        placeholder={'•'.repeat(length)}
        value={value}
        disabled={disabled}
        autoFocus={autoFocus}
        onChange={(event) => onValueChange(event.target.value.replace(/\D/g, '').slice(0, length))}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        style={{ inlineSize: `${length * 1.6 + 2}ch` }}
      />
      <FormMessage id={`${id}-error`} message={error} />
    </div>
  );
}
