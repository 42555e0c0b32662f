import { useTranslation } from 'react-i18next';

type SpinnerProps = { label?: string; size?: 'small' | 'medium' };

/** A loading indicator announced to screen readers. */
export function Spinner({ label, size = 'medium' }: SpinnerProps) {
  const { t } = useTranslation();
  return (
    <span className={`spinner spinner--${size}`} role="status">
      <span className="visually-hidden">{label ?? t('common.loading')}</span>
    </span>
  );
}
