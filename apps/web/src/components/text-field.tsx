import { useId, type InputHTMLAttributes } from 'react';
import { FormMessage } from './form-message.tsx';

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className'> & {
  label: string;
  error?: string | null;
  hint?: string;
  /** Marks the field for attention without a message (e.g. a required field left empty). */
  isHighlighted?: boolean;
};

/** A labelled input with its hint and error wired to aria-describedby. */
export function TextField({ label, error, hint, isHighlighted = false, ...inputProps }: TextFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <input
        {...inputProps}
        id={id}
        className={['input', isHighlighted ? 'input--highlighted' : ''].filter(Boolean).join(' ')}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      />
      {hint ? (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      ) : null}
      <FormMessage id={errorId} message={error} />
    </div>
  );
}
