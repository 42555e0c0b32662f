import type { ReactNode } from 'react';
import { Icon, type IconName } from '../../../components/icon.tsx';

type FormRowProps = {
  icon: IconName;
  label: string;
  /** What is set now, or the prompt when nothing is. */
  summary: ReactNode;
  onOpen: () => void;
  hasError?: boolean;
  /** Names the row for the form's focus on the first invalid field (data-panel). */
  panel?: string;
};

/** One of the form's rows that open a side panel (date and time, location, attending, settings). */
export function FormRow({ icon, label, summary, onOpen, hasError = false, panel }: FormRowProps) {
  return (
    <button type="button" className={hasError ? 'form-row form-row--error' : 'form-row'} onClick={onOpen} aria-haspopup="dialog" data-panel={panel}>
      <span className="form-row__icon">
        <Icon name={icon} size={22} />
      </span>
      <span className="form-row__text">
        <span className="form-row__label">{label}</span>
        <span className="form-row__summary">{summary}</span>
      </span>
      <Icon name="forward" size={20} className="form-row__chevron" />
    </button>
  );
}
