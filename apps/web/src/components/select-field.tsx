import { FieldFrame } from './field-frame.tsx';

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
  return (
    <FieldFrame label={label} error={error} hint={hint}>
      {(control) => (
        <select {...control} className="input select" value={value} disabled={disabled} onChange={(event) => onChange(event.target.value)}>
          {options.map(([optionValue, text]) => (
            <option key={optionValue} value={optionValue}>
              {text}
            </option>
          ))}
        </select>
      )}
    </FieldFrame>
  );
}
