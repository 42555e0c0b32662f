import { Switch } from 'radix-ui';
import { useId } from 'react';
import './form-switch.css';

type FormSwitchProps = {
  label: string;
  description?: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  disabled?: boolean;
};

/** A labelled on/off switch (Radix Switch: a button with role switch). */
export function FormSwitch({ label, description, checked, onCheckedChange, disabled = false }: FormSwitchProps) {
  const id = useId();
  return (
    <div className="form-switch">
      <label className="form-switch__text" htmlFor={id}>
        <span className="form-switch__label">{label}</span>
        {description ? <span className="form-switch__description">{description}</span> : null}
      </label>
      <Switch.Root id={id} className="switch" checked={checked} onCheckedChange={onCheckedChange} disabled={disabled}>
        <Switch.Thumb className="switch__thumb" />
      </Switch.Root>
    </div>
  );
}
