import type { InputHTMLAttributes } from 'react';
import { FieldFrame } from './field-frame.tsx';

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className'> & {
  label: string;
  error?: string | null;
  hint?: string;
  /** Marks the field for attention without a message (e.g. a required field left empty). */
  isHighlighted?: boolean;
};

/** A labelled input with its hint and error wired to aria-describedby. */
export function TextField({ label, error, hint, isHighlighted = false, ...inputProps }: TextFieldProps) {
  return (
    <FieldFrame label={label} error={error} hint={hint}>
      {(control) => <input {...inputProps} {...control} className={['input', isHighlighted ? 'input--highlighted' : ''].filter(Boolean).join(' ')} />}
    </FieldFrame>
  );
}
