import { useId, type ReactNode } from 'react';
import { FormMessage } from './form-message.tsx';

/** What the control inside a FieldFrame carries: its id (the label's target), its state and what describes it. */
export type FieldControlProps = { id: string; 'aria-invalid': true | undefined; 'aria-describedby': string | undefined };

type FieldFrameProps = {
  label: string;
  error?: string | null | undefined;
  hint?: string | undefined;
  /** The control, given the props that tie it to the label, the hint and the error. */
  children: (control: FieldControlProps) => ReactNode;
};

/** A labelled control with its hint and error wired to aria-describedby (TextField, SelectField). */
export function FieldFrame({ label, error, hint, children }: FieldFrameProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {hint ? (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      ) : null}
      <FormMessage id={errorId} message={error} />
    </div>
  );
}
